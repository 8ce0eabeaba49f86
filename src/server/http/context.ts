import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/auth.js';
import type { StatsSnapshot } from '../records/model-store.js';
import type { Services } from '../ops/services.js';
import type { ViewingAs } from '../../shared/view-as.js';

/**
 * Who may call a route, checked before the handler runs:
 * - public: anyone; setup: only while setup is not completed;
 * - user: signed in (401 otherwise); admin: signed-in admin (401 / 403);
 * - definition: anyone reaches the handler, which grants by the definition's access;
 * - setupOrAdmin: anyone during setup, afterwards admins only.
 * `beforeSetup` marks the few routes that answer while setup is not completed.
 */
export type Access = 'public' | 'setup' | 'user' | 'admin' | 'definition' | 'setupOrAdmin';

export interface RouteAccess {
  access: Access;
  beforeSetup?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whom the request is served as: the signed-in user, or while viewing as (view-as.ts) the viewed one. */
    user: SessionUser | null;
    /** While viewing as: the administrator who is signed in (for the log); null otherwise. */
    viewer: SessionUser | null;
    /** While viewing as: whom (view-as.ts); null otherwise. */
    viewingAs: ViewingAs | null;
    token: string | null;
    /** Every table's stats, read once at the start of an /api/ request (null elsewhere). */
    stats: StatsSnapshot | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    beforeSetup?: boolean;
  }
  interface FastifyInstance {
    services: Services;
    /** Every route with its access level; the permission matrix test reads it. */
    routeTable: { method: string; url: string; access: Access; beforeSetup: boolean }[];
  }
}

export type Req = FastifyRequest;
export type Reply = FastifyReply;

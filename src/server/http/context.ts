import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../core/config.js';
import type { Housekeeping } from '../ops/housekeeping.js';
import type { AccessLog } from '../ops/access-log.js';
import type { Database } from '../db/connect.js';
import type { SessionUser, Sessions } from '../auth/auth.js';
import type { SigninThrottle } from '../auth/signin-throttle.js';
import type { TrustedDevices } from '../auth/trusted-devices.js';
import type { SetupCodes } from '../auth/setup-code.js';
import type { Definitions } from '../definitions/definitions.js';
import type { Generation } from '../records/generation.js';
import type { ModelStore, StatsSnapshot } from '../records/model-store.js';
import type { Settings } from '../core/settings.js';
import type { SiteSettings } from '../core/site-settings.js';
import type { Mail } from '../core/mail.js';
import type { PasswordReset } from '../auth/password-reset.js';

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

export interface Services {
  config: Config;
  database: Database;
  store: ModelStore;
  defs: Definitions;
  sessions: Sessions;
  throttle: SigninThrottle;
  devices: TrustedDevices;
  setupCodes: SetupCodes;
  /** The setup code this process printed at start (null once setup was completed then); tests read it here. */
  setupCode: string | null;
  settings: Settings;
  /** The Settings dialogue's values, cached per process (services/site-settings.ts). */
  site: SiteSettings;
  mail: Mail;
  passwordReset: PasswordReset;
  accessLog: AccessLog;
  /** Purges expired sessions and lost-password tokens, hourly. */
  housekeeping: Housekeeping;
  /** Whether another process restored a backup or deleted a model since this one loaded its models. */
  generation: Generation;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
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

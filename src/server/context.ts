import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Housekeeping } from './services/housekeeping.js';
import type { AccessLog } from './services/access-log.js';
import type { Database } from './db/connect.js';
import type { SessionUser, Sessions } from './services/auth.js';
import type { SigninThrottle } from './services/signin-throttle.js';
import type { TrustedDevices } from './services/trusted-devices.js';
import type { SetupCodes } from './services/setup-code.js';
import type { Definitions } from './services/definitions.js';
import type { Generation } from './services/generation.js';
import type { ModelStore, StatsSnapshot } from './services/model-store.js';
import type { Settings } from './services/settings.js';
import type { SiteSettings } from './services/site-settings.js';
import type { Mail } from './services/mail.js';
import type { PasswordReset } from './services/password-reset.js';

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

import type { Config } from '../core/config.js';
import type { Housekeeping } from './housekeeping.js';
import type { PlannerStats } from './planner-stats.js';
import type { AccessLog } from './access-log.js';
import type { Database } from '../db/connect.js';
import type { Sessions } from '../auth/auth.js';
import type { SigninThrottle } from '../auth/signin-throttle.js';
import type { TrustedDevices } from '../auth/trusted-devices.js';
import type { SetupCodes } from '../auth/setup-code.js';
import type { Definitions } from '../definitions/definitions.js';
import type { Generation } from '../records/generation.js';
import type { ModelStore } from '../records/model-store.js';
import type { Settings } from '../core/settings.js';
import type { SiteSettings } from '../core/site-settings.js';
import type { Mail } from '../core/mail.js';
import type { PasswordReset } from '../auth/password-reset.js';
import type { ImportJobs } from './import/import-jobs.js';
import type { Automations } from './automations/automations.js';

/**
 * The services one server process holds, built once in http/app.ts. The request hooks read them
 * from the Fastify instance (http/context.ts); a backup, a restore and the start-up seeding take
 * them whole, as they act on the whole application.
 */
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
  /** The Settings dialogue's values, cached per process (core/site-settings.ts). */
  site: SiteSettings;
  mail: Mail;
  passwordReset: PasswordReset;
  accessLog: AccessLog;
  /** Purges expired sessions and lost-password tokens, hourly. */
  housekeeping: Housekeeping;
  /** SQLite: analyses the big tables whose planner statistics are missing or drifted, in a thread. */
  plannerStats: PlannerStats;
  /** Whether another process restored a backup or deleted a model since this one loaded its models. */
  generation: Generation;
  /** The CSV and XLSX imports this process runs (docs/import.md). */
  imports: ImportJobs;
  /** The automations: their triggers, queue and runs (docs/automations.md). */
  automations: Automations;
}

import type { Config, EnvValues } from './config.js';
import type { Db } from '../db/connect.js';
import { errors } from './errors.js';
import { apiSchemaId } from '../../shared/contract.js';

/** What the Settings dialogue edits (the `settings` form definition holds a field for each). */
export interface SiteValues {
  ENVIRONMENT_NAME: string;
  TOOLBAR_CLASS: string;
  ENABLE_SECURITY: boolean;
  ENABLE_PREFERENCES_SCREEN: boolean;
  /** How long an unused session lives. */
  SESSION_TTL_HOURS: number;
  /** Where Test SMTP sends its test message; empty sends none. */
  ADMIN_EMAIL: string;
  /** The address people reach this site at (https://admin.example.com), for links in e-mails; empty: no links. */
  PUBLIC_URL: string;
  /** Anyone may create an account through the register form (off: the server refuses it). */
  SELF_REGISTRATION: boolean;
  /** The group a self-registered user joins, when it exists; empty: none. */
  REGISTRATION_GROUP: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  smtp_user: string;
  smtp_password: string;
  smtp_from: string;
}

export type SmtpValues = Pick<SiteValues, 'smtp_host' | 'smtp_port' | 'smtp_secure' | 'smtp_user' | 'smtp_password' | 'smtp_from'>;

/** How the stored SMTP password travels to the browser, and back when it is left alone. */
export const PASSWORD_MASK = '********';

/**
 * A process re-reads the stored settings when its copy is older than this, on the next request
 * that needs them; the process that saves re-reads at once. So another process applies a change
 * within this bound (plus one request), and no request reads the database for settings more
 * often than once per bound per process.
 */
export const SETTINGS_REFRESH_MS = 2000;

/** The row of sys_table_stats whose version moves with every write to sys_settings (migration 0009_workers). */
export const SETTINGS_TABLE = 'sys_settings';

/** The keys of sys_settings that hold the Settings dialogue's record, and setup's SMTP values under it. */
export const SETTINGS_RECORD = 'settings';
export const SETUP_SMTP_RECORD = 'smtp';

export const KEYS: (keyof SiteValues)[] = [
  'ENVIRONMENT_NAME',
  'TOOLBAR_CLASS',
  'ENABLE_SECURITY',
  'ENABLE_PREFERENCES_SCREEN',
  'SESSION_TTL_HOURS',
  'ADMIN_EMAIL',
  'PUBLIC_URL',
  'SELF_REGISTRATION',
  'REGISTRATION_GROUP',
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
];

/** The process-environment name that pins each value (config.pinned lists those set). */
const PIN: Partial<Record<keyof SiteValues, string>> = {
  ENVIRONMENT_NAME: 'ENVIRONMENT_NAME',
  TOOLBAR_CLASS: 'TOOLBAR_CLASS',
  ENABLE_SECURITY: 'ENABLE_SECURITY',
  ENABLE_PREFERENCES_SCREEN: 'ENABLE_PREFERENCES_SCREEN',
  SESSION_TTL_HOURS: 'SESSION_TTL_SECONDS',
  SELF_REGISTRATION: 'SELF_REGISTRATION',
  REGISTRATION_GROUP: 'REGISTRATION_GROUP',
};

const numeric = (max: number, integer: boolean) => ({
  anyOf: [
    { type: integer ? 'integer' : 'number', exclusiveMinimum: 0, maximum: max },
    { type: 'string', pattern: integer ? '^\\s*[0-9]{1,6}\\s*$' : '^\\s*[0-9]{1,6}(\\.[0-9]+)?\\s*$' },
  ],
});
const flag = { anyOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false'] }] };

/** POST /api/settings: any subset of the values; what is left out keeps its stored value. */
export const settingsBody = {
  $id: apiSchemaId('settings'),
  type: 'object',
  properties: {
    ENVIRONMENT_NAME: { type: 'string', minLength: 1, maxLength: 100 },
    TOOLBAR_CLASS: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9 _-]*$' },
    ENABLE_SECURITY: flag,
    ENABLE_PREFERENCES_SCREEN: flag,
    SESSION_TTL_HOURS: numeric(8760, false),
    ADMIN_EMAIL: { anyOf: [{ type: 'string', maxLength: 0 }, { type: 'string', format: 'email', maxLength: 255 }] },
    PUBLIC_URL: { type: 'string', maxLength: 255, pattern: '^(https?://[^\\s/?#]+(/[^\\s?#]*)?)?$' },
    SELF_REGISTRATION: flag,
    REGISTRATION_GROUP: { type: 'string', maxLength: 255 },
    smtp_host: { type: 'string', maxLength: 255, pattern: '^[^\\s]*$' },
    smtp_port: { anyOf: [{ type: 'integer', minimum: 1, maximum: 65535 }, { type: 'string', pattern: '^\\s*[0-9]{0,5}\\s*$' }] },
    smtp_secure: flag,
    smtp_user: { type: 'string', maxLength: 255 },
    smtp_password: { type: 'string', maxLength: 1000 },
    smtp_from: { type: 'string', maxLength: 255 },
  },
  additionalProperties: false,
} as const;

export type SettingsInput = Partial<Record<keyof SiteValues, string | number | boolean>>;

function toFlag(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}

/** A stored or posted record as typed values; unknown keys and empty numbers are left out. */
function normalise(input: Record<string, unknown>): Partial<SiteValues> {
  const out: Partial<Record<keyof SiteValues, unknown>> = {};
  for (const key of KEYS) {
    const v = input[key];
    if (v === undefined || v === null) continue;
    switch (key) {
      case 'ENABLE_SECURITY':
      case 'ENABLE_PREFERENCES_SCREEN':
      case 'SELF_REGISTRATION':
      case 'smtp_secure':
        out[key] = toFlag(v);
        break;
      case 'SESSION_TTL_HOURS':
      case 'smtp_port': {
        if (String(v).trim() === '') break;
        const n = Number(v);
        if (Number.isFinite(n) && n > 0) out[key] = n;
        break;
      }
      default:
        out[key] = String(v).trim();
    }
  }
  // A password keeps its spaces: they may be part of it.
  if (typeof input.smtp_password === 'string') out.smtp_password = input.smtp_password;
  return out as Partial<SiteValues>;
}

/**
 * The settings of the Settings dialogue, kept in sys_settings (key `settings`, seeded from what
 * setup stored under `smtp`), so every server process shares them.
 *
 * Precedence, strongest first: a value pinned by the process environment itself (config.pinned:
 * `ENVIRONMENT_NAME=... npm start`), then the value saved in Settings, then the configuration's
 * default (`.env`, `config.json`, built-in defaults). ENABLE_SECURITY can be turned off from
 * Settings only when the configuration itself has it off (`save` refuses otherwise), and a
 * stored "off" applies only then.
 */
export class SiteSettings {
  private values: SiteValues;
  private loadedAt = 0;
  private loading: Promise<SiteValues> | null = null;
  private loadingVersion: number | undefined;
  private applied = 0;
  private issued = 0;
  /** The version of sys_settings (in sys_table_stats) the values were read at; -1: not known. */
  private version = -1;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly refreshMs = SETTINGS_REFRESH_MS,
  ) {
    this.values = this.effective({});
  }

  /** The configuration's own values: what applies when nothing is saved. */
  defaults(): SiteValues {
    const { env } = this.config;
    return {
      ENVIRONMENT_NAME: env.ENVIRONMENT_NAME,
      TOOLBAR_CLASS: env.TOOLBAR_CLASS,
      ENABLE_SECURITY: env.ENABLE_SECURITY === 1,
      ENABLE_PREFERENCES_SCREEN: env.ENABLE_PREFERENCES_SCREEN === 1,
      SESSION_TTL_HOURS: this.config.sessionTtlSeconds / 3600,
      ADMIN_EMAIL: '',
      PUBLIC_URL: '',
      SELF_REGISTRATION: env.SELF_REGISTRATION === 1,
      REGISTRATION_GROUP: this.config.registrationGroup,
      smtp_host: '',
      smtp_port: 587,
      smtp_secure: false,
      smtp_user: '',
      smtp_password: '',
      smtp_from: '',
    };
  }

  /** Names of the values the process environment pins (saving them changes nothing that applies). */
  pinned(): (keyof SiteValues)[] {
    return KEYS.filter((k) => {
      const name = PIN[k];
      return name !== undefined && this.config.pinned.includes(name);
    });
  }

  private effective(stored: Partial<SiteValues>): SiteValues {
    const defaults = this.defaults();
    const pinned = new Set(this.pinned());
    const out = { ...defaults };
    for (const key of KEYS) {
      if (pinned.has(key) || stored[key] === undefined) continue;
      // Security off comes from the configuration alone: a stored "off" (brought by a restore,
      // or saved by an older release) cannot open the instance to every visitor.
      if (key === 'ENABLE_SECURITY' && stored[key] === false && this.config.env.ENABLE_SECURITY === 1) continue;
      (out as Record<string, unknown>)[key] = stored[key];
    }
    return out;
  }

  /**
   * The values that apply with these records stored (setup's `smtp` record under the
   * `settings` record, each as its JSON value), without storing them: the restore weighs a
   * backup's records with it (ops/backup-settings.ts).
   */
  valuesOf(records: { smtp?: unknown; settings?: unknown }): SiteValues {
    const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
    return this.effective({ ...normalise(record(records.smtp)), ...normalise(record(records.settings)) });
  }

  /** Setup's `smtp` record under the saved `settings` record. */
  private async readStored(): Promise<Partial<SiteValues>> {
    const rows = await this.db
      .selectFrom('sys_settings')
      .select(['key', 'value'])
      .where('key', 'in', [SETUP_SMTP_RECORD, SETTINGS_RECORD])
      .execute();
    const byKey = new Map(rows.map((r) => [String(r.key), JSON.parse(String(r.value)) as Record<string, unknown>]));
    return { ...normalise(byKey.get(SETUP_SMTP_RECORD) ?? {}), ...normalise(byKey.get(SETTINGS_RECORD) ?? {}) };
  }

  /**
   * Reads the stored values now; of overlapping reloads, the newest one issued wins. `version`
   * is sys_settings' version read before (by the caller): the values are at least that new.
   */
  async reload(version = -1): Promise<SiteValues> {
    const ticket = ++this.issued;
    const values = this.effective(await this.readStored());
    if (ticket > this.applied) {
      this.applied = ticket;
      this.values = values;
      this.version = version;
      this.loadedAt = Date.now();
    }
    return this.values;
  }

  /**
   * The effective values. Given sys_settings' current version (every request reads it, with
   * every table's, in one query), they are re-read only when it moved, so a change saved by any
   * process applies at once; without one, when older than the refresh bound. One read is shared
   * by concurrent callers.
   */
  async current(version?: number): Promise<SiteValues> {
    if (version !== undefined && version === this.version) {
      this.loadedAt = Date.now();
      return this.values;
    }
    if (version === undefined && Date.now() - this.loadedAt < this.refreshMs) return this.values;
    // A read begun for an older version may have started before this one's change: not shared.
    if (this.loading && this.loadingVersion === version) return this.loading;
    const loading = this.reload(version).finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    this.loadingVersion = version;
    return loading;
  }

  /** The last values read, without waiting (the request hook keeps them fresh). */
  cached(): SiteValues {
    return this.values;
  }

  /** GET /api/env/: the environment values the client reads at start (EnvValues), with the effective settings. */
  env(values: SiteValues = this.values): EnvValues {
    return {
      ...this.config.env,
      ENVIRONMENT_NAME: values.ENVIRONMENT_NAME,
      TOOLBAR_CLASS: values.TOOLBAR_CLASS,
      ENABLE_SECURITY: values.ENABLE_SECURITY ? 1 : 0,
      ENABLE_PREFERENCES_SCREEN: values.ENABLE_PREFERENCES_SCREEN ? 1 : 0,
      SELF_REGISTRATION: values.SELF_REGISTRATION ? 1 : 0,
    };
  }

  sessionTtlSeconds(): number {
    return Math.max(60, Math.round(this.values.SESSION_TTL_HOURS * 3600));
  }

  /** GET /api/settings: the effective values with the SMTP password masked, never in clear. */
  async forBrowser(): Promise<Omit<SiteValues, 'smtp_password'> & { smtp_password: string; smtp_password_set: boolean; pinned: string[] }> {
    const values = await this.reload();
    const set = values.smtp_password !== '';
    return { ...values, smtp_password: set ? PASSWORD_MASK : '', smtp_password_set: set, pinned: this.pinned() };
  }

  /**
   * The password a posted value stands for: the mask (or nothing) means "the stored one", any
   * other text replaces it, '' removes it.
   */
  async resolvePassword(posted: unknown): Promise<string> {
    if (posted === undefined || posted === PASSWORD_MASK) return (await this.reload()).smtp_password;
    return String(posted);
  }

  /** POST /api/settings: checks, then stores the posted values over the saved ones and applies them at once. */
  async save(input: SettingsInput): Promise<SiteValues> {
    const posted = normalise(input as Record<string, unknown>);
    if (posted.ENABLE_SECURITY === false && this.config.env.ENABLE_SECURITY === 1) {
      throw errors.invalid(
        'Security cannot be turned off from Settings. Only the server configuration can do that (ENABLE_SECURITY=0), since it lets every visitor act as an administrator.',
        [{ pointer: '/ENABLE_SECURITY', message: 'cannot be turned off here' }],
      );
    }
    const stored = await this.readStored();
    const next: Partial<SiteValues> = { ...stored, ...posted, smtp_password: await this.resolvePassword(input.smtp_password) };
    await this.storeRecord(JSON.stringify(next));
    return this.reload();
  }

  /**
   * Stores the Settings record's JSON text as it is, through `db` (a restore's transaction, after
   * backup-settings.ts checked it); the values apply at the next reload.
   */
  async storeRecord(text: string, db: Db = this.db): Promise<void> {
    await db
      .insertInto('sys_settings')
      .values({ key: SETTINGS_RECORD, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute();
  }
}

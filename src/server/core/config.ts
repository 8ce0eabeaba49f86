import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

/** The environment values the client loads at start (GET /api/env/, src/server/routes/settings.ts). */
export interface EnvValues {
  ENVIRONMENT_NAME: string;
  LICENCE_STATUS: string;
  EXPIRED: boolean;
  ENABLE_SECURITY: 0 | 1;
  ENABLE_PREFERENCES_SCREEN: 0 | 1;
  TOOLBAR_CLASS: string;
  /** SELF_REGISTRATION: anyone may create an account through the register form (off by default). */
  SELF_REGISTRATION: 0 | 1;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; absent means SQLite under dataDir. */
  databaseUrl?: string;
  /** Folder of the built client; served with an SPA fallback when it exists. */
  clientDir: string;
  env: EnvValues;
  logLevel: string;
  /**
   * REGISTRATION_GROUP: the group a self-registered user joins (empty: none). Like every
   * signed-in user they also get what `Everyone` is granted.
   */
  registrationGroup: string;
  /** Seconds a session lives without use. */
  sessionTtlSeconds: number;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front (0: none). Only that many hops of
   * X-Forwarded-For / -Proto are believed; a client cannot forge its address past them.
   */
  trustProxy: number;
  /** Versions kept per definition (VERSIONS_KEPT); the oldest beyond this are pruned on save. */
  versionsKept: number;
  /** Minutes a lost-password token stays valid (PASSWORD_TOKEN_MINUTES). */
  passwordTokenMinutes: number;
  /**
   * Names of the Settings values set in the process environment itself: they pin the value,
   * so what is saved in Settings does not apply to them (see core/site-settings.ts).
   */
  pinned: string[];
  /** ACCESS_LOG: every request is written to the access log (off only to measure its cost). */
  accessLog: boolean;
  /** ACCESS_LOG_RETENTION_DAYS: access log entries older than this are pruned. */
  accessLogRetentionDays: number;
  /** RECORD_HISTORY_DAYS: record history entries older than this are pruned (a model's history.days overrides it). */
  recordHistoryDays: number;
  /** The largest backup a restore accepts, in MiB (RESTORE_MAX_MB). */
  restoreMaxMb: number;
  /** The largest file an import accepts, in MiB (IMPORT_MAX_MB; docs/import.md). */
  importMaxMb: number;
  /** IMPORT_FILES_DAYS: uploaded import files and their refused rows are removed after this many days (docs/import.md). */
  importFilesDays: number;
  /**
   * AUTOMATION_ALLOWED_HOSTS: hosts an automation's webhook may call although they are (or resolve
   * to) a loopback, private or link-local address, such as a service on the same network: names or
   * addresses, each optionally with a port (`hooks.internal`, `10.0.0.5:8080`, `[fd00::1]`), lower
   * case. Empty (the default): none (docs/automations.md, "Calling webhooks safely").
   */
  automationAllowedHosts: string[];
  /** AUTOMATION_RUNS_DAYS: how long an ended run stays in the automations' log (docs/automations.md). */
  automationRunsDays: number;
  /**
   * REQUEST_TIMEOUT_SECONDS: a request must arrive whole, headers and body, within this many
   * seconds, or it is answered 408 and its connection closed (so a client sending a byte now
   * and then cannot hold a socket for ever). It bounds the upload of a restore too: the default
   * lets a backup of RESTORE_MAX_MB's default 1 GiB arrive over about 30 Mbit/s.
   */
  requestTimeoutSeconds: number;
  /** A 7-Zip binary to use instead of the one from the 7zip-bin package (SEVEN_ZIP). */
  sevenZip?: string;
  /**
   * SQLITE_SYNCHRONOUS: NORMAL (the default) loses nothing on a process crash and at most the
   * last moments of commits on a power loss; FULL loses none then either, at a cost per commit
   * (docs/durability.md).
   */
  sqliteSynchronous: SqliteSynchronous;
  /**
   * WORKERS: server processes sharing the port (node:cluster); 1 serves from the process
   * itself. Default: the machine's cores (os.availableParallelism()).
   */
  workers: number;
}

export type SqliteSynchronous = 'NORMAL' | 'FULL';

/**
 * How long a request may take to arrive (REQUEST_TIMEOUT_SECONDS), as Node's HTTP server
 * options: past it, the server answers 408 and closes the connection. Fastify turns Node's own
 * limit off unless told, so a client sending its body a byte at a time held its socket for ever.
 * - requestTimeout: the whole request, headers and body (a restore's upload included);
 * - headersTimeout: the headers alone, a few KiB, get a minute at most (Node's default);
 * - connectionsCheckingInterval: Node looks for late requests on this interval (30 s by default,
 *   which would let a short limit run long): a quarter of the limit, between 250 ms and 30 s.
 * Left as they are, on purpose: connectionTimeout (Node's idle-socket timeout, 0) would also
 * cut a request the server is still working on without sending (a backup of a big database
 * takes minutes before its first byte), and keepAliveTimeout (Fastify's 72 s for an idle
 * connection between requests) must outlast a reverse proxy's own idle timeout (60 s for nginx
 * and AWS load balancers) or the proxy meets closed connections.
 */
export function requestTimeouts(requestTimeoutSeconds: number): { requestTimeout: number; http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  const requestMs = requestTimeoutSeconds * 1000;
  return {
    requestTimeout: requestMs,
    http: {
      headersTimeout: Math.min(60_000, requestMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(requestMs / 4))),
    },
  };
}

/** The process-environment names that pin a Settings value when set. */
export const PINNABLE = [
  'ENVIRONMENT_NAME',
  'TOOLBAR_CLASS',
  'ENABLE_SECURITY',
  'ENABLE_PREFERENCES_SCREEN',
  'SESSION_TTL_SECONDS',
  'SELF_REGISTRATION',
  'REGISTRATION_GROUP',
] as const;

type Source = Record<string, string | number | boolean | undefined>;

function flag(value: string | number | boolean | undefined, fallback: 0 | 1): 0 | 1 {
  if (value === undefined || value === '') return fallback;
  return ['0', 'false', 'no', 'off'].includes(String(value).toLowerCase()) ? 0 : 1;
}

/** TRUST_PROXY as a number of hops; true/yes/on mean one proxy, false/no/off none. */
function proxyHops(value: string | number | boolean | undefined): number {
  if (value === undefined || value === '') return 0;
  const text = String(value).trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (['false', 'no', 'off'].includes(text)) return 0;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUST_PROXY must be the number of proxies in front (0 to 10), not '${String(value)}'`);
  return n;
}

/** AUTOMATION_ALLOWED_HOSTS as a list: comma-separated host names or addresses, each optionally with a port. */
function hostList(value: string): string[] {
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const host of hosts) {
    if (!/^[a-z0-9._:[\]-]+$/.test(host)) {
      throw new Error(`AUTOMATION_ALLOWED_HOSTS names hosts, each a name or an address with an optional port (hooks.internal, 10.0.0.5:8080), not '${host}'`);
    }
  }
  return hosts;
}

/**
 * Configuration comes from, strongest first: the process environment, a `.env` file in the
 * working directory, `config.json` in the working directory, then the defaults.
 */
export function loadConfig(overrides: Partial<Config> = {}, cwd = process.cwd()): Config {
  const fromJson: Source = existsSync(resolve(cwd, 'config.json'))
    ? (JSON.parse(readFileSync(resolve(cwd, 'config.json'), 'utf8')) as Source)
    : {};
  const fromDotEnv: Source = {};
  const dotEnvPath = resolve(cwd, '.env');
  if (existsSync(dotEnvPath)) {
    for (const line of readFileSync(dotEnvPath, 'utf8').split(/\r?\n/)) {
      const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (m?.[1] && m[2] !== undefined) fromDotEnv[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  const src: Source = { ...fromJson, ...fromDotEnv, ...process.env };
  const str = (key: string, fallback: string): string =>
    src[key] === undefined || src[key] === '' ? fallback : String(src[key]);
  const dataDir = resolve(cwd, str('DATA_DIR', './data'));
  const config: Config = {
    port: Number(str('PORT', '3333')),
    host: str('HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: src.DATABASE_URL ? String(src.DATABASE_URL) : undefined,
    clientDir: resolve(cwd, str('CLIENT_DIR', './dist/client')),
    env: {
      ENVIRONMENT_NAME: str('ENVIRONMENT_NAME', 'Tessera'),
      LICENCE_STATUS: str('LICENCE_STATUS', 'Registered'),
      EXPIRED: flag(src.EXPIRED, 0) === 1,
      ENABLE_SECURITY: flag(src.ENABLE_SECURITY, 1),
      ENABLE_PREFERENCES_SCREEN: flag(src.ENABLE_PREFERENCES_SCREEN, 1),
      TOOLBAR_CLASS: str('TOOLBAR_CLASS', 'navbar-dark bg-dark'),
      SELF_REGISTRATION: flag(src.SELF_REGISTRATION, 0),
    },
    registrationGroup: str('REGISTRATION_GROUP', '').trim(),
    logLevel: str('LOG_LEVEL', 'info'),
    sessionTtlSeconds: Number(str('SESSION_TTL_SECONDS', String(14 * 24 * 3600))),
    trustProxy: proxyHops(src.TRUST_PROXY),
    versionsKept: Number(str('VERSIONS_KEPT', '100')),
    passwordTokenMinutes: Number(str('PASSWORD_TOKEN_MINUTES', '60')),
    pinned: PINNABLE.filter((name) => process.env[name] !== undefined && process.env[name] !== ''),
    accessLog: flag(src.ACCESS_LOG, 1) === 1,
    accessLogRetentionDays: Number(str('ACCESS_LOG_RETENTION_DAYS', '30')),
    recordHistoryDays: Number(str('RECORD_HISTORY_DAYS', '365')),
    restoreMaxMb: Number(str('RESTORE_MAX_MB', '1024')),
    importMaxMb: Number(str('IMPORT_MAX_MB', '512')),
    importFilesDays: Number(str('IMPORT_FILES_DAYS', '7')),
    automationAllowedHosts: hostList(str('AUTOMATION_ALLOWED_HOSTS', '')),
    automationRunsDays: Number(str('AUTOMATION_RUNS_DAYS', '30')),
    requestTimeoutSeconds: Number(str('REQUEST_TIMEOUT_SECONDS', '300')),
    sevenZip: src.SEVEN_ZIP ? String(src.SEVEN_ZIP) : undefined,
    sqliteSynchronous: str('SQLITE_SYNCHRONOUS', 'NORMAL').toUpperCase() as SqliteSynchronous,
    workers: Number(str('WORKERS', String(availableParallelism()))),
  };
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not '${str('PORT', '')}'`);
  }
  if (!Number.isInteger(config.versionsKept) || config.versionsKept < 1) {
    throw new Error(`VERSIONS_KEPT must be a whole number of at least 1, not '${str('VERSIONS_KEPT', '')}'`);
  }
  if (!(config.passwordTokenMinutes >= 1)) {
    throw new Error(`PASSWORD_TOKEN_MINUTES must be a number of at least 1, not '${str('PASSWORD_TOKEN_MINUTES', '')}'`);
  }
  if (!Number.isInteger(config.recordHistoryDays) || config.recordHistoryDays < 1) {
    throw new Error(`RECORD_HISTORY_DAYS must be a whole number of at least 1, not '${str('RECORD_HISTORY_DAYS', '')}'`);
  }
  if (!Number.isInteger(config.automationRunsDays) || config.automationRunsDays < 1) {
    throw new Error(`AUTOMATION_RUNS_DAYS must be a whole number of days, 1 or more, not '${str('AUTOMATION_RUNS_DAYS', '')}'`);
  }
  if (!Number.isInteger(config.accessLogRetentionDays) || config.accessLogRetentionDays < 1) {
    throw new Error(`ACCESS_LOG_RETENTION_DAYS must be a whole number of at least 1, not '${str('ACCESS_LOG_RETENTION_DAYS', '')}'`);
  }
  if (!Number.isFinite(config.restoreMaxMb) || config.restoreMaxMb <= 0) {
    throw new Error(`RESTORE_MAX_MB must be a positive number of MiB, not '${str('RESTORE_MAX_MB', '')}'`);
  }
  if (!Number.isFinite(config.importMaxMb) || config.importMaxMb <= 0) {
    throw new Error(`IMPORT_MAX_MB must be a positive number of MiB, not '${str('IMPORT_MAX_MB', '')}'`);
  }
  if (!Number.isInteger(config.importFilesDays) || config.importFilesDays < 1 || config.importFilesDays > 3650) {
    throw new Error(`IMPORT_FILES_DAYS must be a whole number of days from 1 to 3650, not '${str('IMPORT_FILES_DAYS', '')}'`);
  }
  if (!Number.isInteger(config.requestTimeoutSeconds) || config.requestTimeoutSeconds < 1 || config.requestTimeoutSeconds > 86_400) {
    throw new Error(`REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 86400, not '${str('REQUEST_TIMEOUT_SECONDS', '')}'`);
  }
  if (!['NORMAL', 'FULL'].includes(config.sqliteSynchronous)) {
    throw new Error(`SQLITE_SYNCHRONOUS must be NORMAL or FULL, not '${str('SQLITE_SYNCHRONOUS', '')}'`);
  }
  if (!Number.isInteger(config.workers) || config.workers < 1 || config.workers > 64) {
    throw new Error(`WORKERS must be a whole number from 1 to 64, not '${str('WORKERS', '')}'`);
  }
  return { ...config, ...overrides, env: { ...config.env, ...overrides.env } };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig, type EnvValues } from '../../src/server/core/config.js';
import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { sessionToken } from './cookies.js';
import { createTestSchema } from './pg.js';

export type Db = 'sqlite' | 'postgres';
export const TEST_DB: Db = process.env.TESSERA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databaseUrl?: string;
  call<T = Record<string, unknown>>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  /** The setup code the server printed at start (read from the app, never over HTTP). */
  setupCode(): string;
  /** Runs the setup wizard's finish call and answers the admin's token. */
  setup(): Promise<string>;
  /** Creates a user through the admin's user form and signs them in; answers their token and id. */
  user(name: string, options?: { admin?: boolean; groups?: string[] }): Promise<{ token: string; id: number }>;
  adminToken: string | null;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
  /** The caller's address as the server sees it (req.ip); 127.0.0.1 otherwise. */
  remoteAddress?: string;
  /**
   * Send the app's X-Requested-With header, as the client does on every call (default): the
   * server refuses a change that carries no proof of origin (src/server/http/origin-check.ts).
   */
  asApp?: boolean;
}

export const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'correct horse battery' };

/**
 * The real server on a fresh database: a temporary SQLite file, or a fresh PostgreSQL schema
 * when the suite runs as api-pg. No mocks of our own code.
 */
export async function startTestApp(options: { env?: Partial<EnvValues>; databaseUrl?: string; clientDir?: string } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const schema = options.databaseUrl || TEST_DB !== 'postgres' ? undefined : await createTestSchema();
  const databaseUrl = options.databaseUrl ?? schema?.url;
  const config = loadConfig({
    dataDir,
    databaseUrl,
    logLevel: 'silent',
    clientDir: options.clientDir ?? join(dataDir, 'no-client'),
    env: options.env as EnvValues | undefined,
  });
  const app = await buildApp(config);
  const t: TestApp = {
    app,
    db: TEST_DB,
    databaseUrl,
    adminToken: null,
    setupCode() {
      const code = app.services.setupCode;
      if (!code) throw new Error('this server printed no setup code: setup was completed before it started');
      return code;
    },
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.asApp === false ? {} : { 'x-requested-with': APP_REQUEST_HEADER }), ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.cookie) headers.cookie = opts.cookie;
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON: keep the text
      }
      return { status: res.statusCode, body: body as never, headers: res.headers };
    },
    async setup() {
      const res = await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, smtp_host: '', setupCode: t.setupCode() } });
      if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
      t.adminToken = sessionToken(res);
      return t.adminToken;
    },
    async user(name, opts = {}) {
      const admin = t.adminToken ?? (await t.setup());
      const password = `${name}-password-1`;
      const add = await t.call<{ id: number }>('POST', '/api/form/user/add', {
        token: admin,
        body: { user: name, email: `${name}@example.com`, password, Admin: opts.admin === true },
      });
      if (add.status !== 200) throw new Error(`user add failed: ${add.status} ${JSON.stringify(add.body)}`);
      if (opts.groups?.length) {
        const items = await t.call<{ id: number; name: string }[]>('GET', `/api/link/User/groups/${add.body.id}`, { token: admin });
        const chosen = items.body.filter((i) => opts.groups?.includes(i.name)).map((i) => ({ id: i.id, selected: true }));
        const saved = await t.call('POST', `/api/link/User/groups/${add.body.id}`, { token: admin, body: chosen });
        if (saved.status !== 200) throw new Error(`groups failed: ${JSON.stringify(saved.body)}`);
      }
      const login = await t.call('POST', '/api/login', { body: { user: name, password } });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return { token: sessionToken(login), id: add.body.id };
    },
    async close() {
      await app.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * The usual shape of an API test file: one app with setup done, started before the file's
 * tests and closed after them. `ready` receives the app and the admin's session token.
 */
export function useTestApp(ready: (app: TestApp, adminToken: string) => void, options?: Parameters<typeof startTestApp>[0]): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    ready(app, await app.setup());
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * A database that outlives one app, for tests that stop a server and start another on the same
 * data: a SQLite file in a scratch folder (`dir`, which the test may use for other files too), or
 * a PostgreSQL schema when the suite runs as api-pg. `dispose` drops and removes it.
 */
export async function lastingDatabase(prefix: string): Promise<{ databaseUrl: string; dir: string; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `tessera-${prefix}-`));
  const schema = TEST_DB === 'postgres' ? await createTestSchema() : undefined;
  return {
    databaseUrl: schema?.url ?? `sqlite:${join(dir, `${prefix}.sqlite`)}`,
    dir,
    async dispose() {
      await schema?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}


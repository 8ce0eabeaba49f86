import { sql } from 'kysely';
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, PG_BASE_URL, type TestSchema } from '../support/pg.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * PostgreSQL going away (a restart, a killed connection, the network) must not end
 * the server. Between the test app and the database sits a TCP relay the test can cut and
 * restore, as a database restart would, without disturbing the other suites on the cluster.
 */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connectTcp(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', ok);
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  /** Every connection dropped and no new one taken: the database is gone. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
    this.server = null;
  }
}

let schema: TestSchema;
let relay: Relay;
let t: TestApp;
let admin: string;
const poolErrors: unknown[] = [];

beforeAll(async () => {
  schema = await createTestSchema();
  const base = new URL(PG_BASE_URL);
  relay = new Relay({ host: base.hostname, port: Number(base.port || 5432) });
  await relay.open();
  const url = new URL(schema.url);
  url.port = String(relay.port);
  t = await startTestApp({ databaseUrl: url.toString() });
  admin = await t.setup();
  const log = t.app.log;
  const error = log.error.bind(log);
  log.error = ((...args: unknown[]) => {
    poolErrors.push(args);
    return (error as (...a: unknown[]) => void)(...args);
  }) as typeof log.error;
});
afterAll(async () => {
  await relay.open();
  await t.close();
  await schema.drop();
});

const usersPage = () => t.call<{ count?: number; code?: string; error?: string }>('GET', '/api/grid/users/data/0/10', { token: admin });

/** The users page once the database answers again (the pool replaces its broken connections first). */
async function usersPageOnceBack() {
  let back = await usersPage();
  for (let i = 0; i < 20 && back.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 250));
    back = await usersPage();
  }
  return back;
}

describe('PostgreSQL going away and coming back', () => {
  it('answers 503 while the database is away, without ending the server, and serves again when it returns', async () => {
    expect((await usersPage()).status).toBe(200);

    await relay.cut();
    // The pool's idle connections fail as the database drops them: logged, not a crash.
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const away = await usersPage();
    expect(away.status).toBe(503);
    expect(away.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(away.body.error).toMatch(/database cannot be reached/);
    expect(away.headers['retry-after']).toBe('5');
    // No hang: refused at once, or given up on within the connection timeout.
    expect(Date.now() - started).toBeLessThan(8_000);
    // A write refused the same way changes nothing.
    const add = await t.call('POST', '/api/form/user/add', { token: admin, body: { user: 'while-away', email: 'away@example.com', password: 'a long password' } });
    expect(add.status).toBe(503);

    await relay.open();
    const back = await usersPageOnceBack();
    expect(back.status).toBe(200);
    expect(back.body.count).toBe(1);
    expect(poolErrors.length).toBeGreaterThan(0);
  });

  it('survives losing a connection a request holds between two statements (found by the kill test)', async () => {
    // A transaction holds its connection between statements; the pool listens for errors on idle
    // connections only, so the database going away here used to emit an 'error' nobody heard,
    // and that ended the whole process (tests/kill/kill-pg.test.ts, a database restart).
    const before = poolErrors.length;
    const held = t.app.services.database.db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await relay.cut();
      await new Promise((r) => setTimeout(r, 300));
      return sql`select 1`.execute(conn);
    });
    await expect(held).rejects.toThrow();
    expect(poolErrors.length).toBeGreaterThan(before);
    await relay.open();
    const back = await usersPageOnceBack();
    expect(back.status).toBe(200);
  });
});

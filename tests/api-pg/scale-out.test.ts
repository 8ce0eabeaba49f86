import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE } from '../../src/server/auth/signin-throttle.js';
import { cookieValue } from '../support/cookies.js';
import { createTestSchema, type TestSchema } from '../support/pg.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Scale-out on PostgreSQL: two server processes on one database share sessions and
 * definitions, because both live in the database, not in a process.
 */
let schema: TestSchema;
let a: ServerProcess;
let b: ServerProcess;

async function call(server: ServerProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-requested-with': 'tessera',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, token: cookieValue(res.headers.getSetCookie(), 'token') };
}

beforeAll(async () => {
  schema = await createTestSchema();
  // Both start at once on an empty database: bootstrapping must not race.
  [a, b] = await Promise.all([
    startServerProcess({ DATABASE_URL: schema.url }),
    startServerProcess({ DATABASE_URL: schema.url }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await schema?.drop();
});

describe('two server processes on one PostgreSQL database', () => {
  it('share setup, sessions and definitions', async () => {
    const setup = await call(a, 'POST', '/api/setup/finish', undefined, { user: 'admin', email: 'admin@example.com', password: 'correct horse battery', setupCode: await a.setupCode() });
    expect(setup.status).toBe(200);
    expect((await call(b, 'GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: false });
    expect((await call(b, 'POST', '/api/setup/finish', undefined, { user: 'x', email: 'x@example.com', password: 'another password', setupCode: await b.setupCode() })).status).toBe(403);

    const login = await call(a, 'POST', '/api/login', undefined, { user: 'admin', password: 'correct horse battery' });
    const token = String(login.token);
    const onB = await call(b, 'GET', '/api/checkuser', token);
    expect(onB.body).toMatchObject({ user: { user: 'admin', Admin: true } });

    const saved = await call(a, 'POST', '/api/definitions/page', token, { name: 'shared', title: 'Saved on A', definition: [] });
    expect(saved.status).toBe(201);
    const served = await call(b, 'GET', '/api/page/shared/definition', token);
    expect(served.body).toMatchObject({ name: 'shared', title: 'Saved on A', version: 1 });

    const changed = await call(b, 'PUT', '/api/definitions/page/shared', token, { ...served.body, title: 'Changed on B' });
    expect(changed.status).toBe(200);
    expect((await call(a, 'GET', '/api/page/shared/definition', token)).body).toMatchObject({ title: 'Changed on B', version: 2 });
    const stale = await call(a, 'PUT', '/api/definitions/page/shared', token, { ...served.body, title: 'Stale write from A' });
    expect(stale.status).toBe(409);

    expect((await call(b, 'GET', '/api/logout', token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/models', token)).status).toBe(401);
  });

  it('sees a model created on one process from the other', async () => {
    const login = await call(b, 'POST', '/api/login', undefined, { user: 'admin', password: 'correct horse battery' });
    const token = String(login.token);
    const model = await call(a, 'POST', '/api/definitions/model', token, { name: 'Note', title: 'Notes', fields: [{ name: 'text', type: 'text', label: 'Text' }] });
    expect(model.status).toBe(201);
    const grid = await call(a, 'POST', '/api/definitions/grid', token, { name: 'notes', title: 'Notes', model: 'Note', definition: [{ name: 'text', label: 'Text', type: 'Text' }] });
    expect(grid.status).toBe(201);
    const form = await call(a, 'POST', '/api/definitions/form', token, {
      name: 'note', title: 'Note', model: 'Note', definition: [{ cols: [{ childType: 'Input', width: 12, name: 'text', label: 'Text' }] }],
    });
    expect(form.status).toBe(201);
    expect((await call(b, 'POST', '/api/form/note/add', token, { text: 'written through B' })).status).toBe(200);
    const rows = await call(a, 'GET', '/api/grid/notes/data/0/10', token);
    expect(rows.body).toMatchObject({ count: 1, rows: [{ text: 'written through B' }] });
  });
  it('never serves a page or grid cached on one process after a write on the other', async () => {
    const login = await call(a, 'POST', '/api/login', undefined, { user: 'admin', password: 'correct horse battery' });
    const token = String(login.token);
    // A reads (and caches) the page and the grid; B writes a row and changes the grid.
    expect((await call(a, 'GET', '/api/grid/notes/data/0/10', token)).body).toMatchObject({ count: 1 });
    expect((await call(b, 'POST', '/api/form/note/add', token, { text: 'second, through B' })).status).toBe(200);
    expect((await call(a, 'GET', '/api/grid/notes/data/0/10', token)).body).toMatchObject({ count: 2 });
    const grid = await call(b, 'GET', '/api/definitions/grid/notes', token);
    const filtered = await call(b, 'PUT', '/api/definitions/grid/notes', token, { ...grid.body, filters: [{ fieldname: 'text', value: 'second, through B' }] });
    expect(filtered.status).toBe(200);
    const after = await call(a, 'GET', '/api/grid/notes/data/0/10', token);
    expect(after.body, JSON.stringify(after.body)).toMatchObject({ count: 1, rows: [{ text: 'second, through B' }] });
  });
});

describe('sign-in delays across two processes', () => {
  it('count one burst of wrong sign-ins spread over both: only the free failures reach the password check', async () => {
    const admin = await call(a, 'POST', '/api/login', undefined, { user: 'admin', password: 'correct horse battery' });
    const adminToken = String(admin.token);
    expect((await call(a, 'POST', '/api/form/user/add', adminToken, { user: 'target', email: 'target@example.com', password: 'target-password-1' })).status).toBe(200);
    const signIn = (server: ServerProcess, password: string, device?: string) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera', ...(device ? { cookie: `device=${device}` } : {}) },
        body: JSON.stringify({ user: 'target', password }),
      });
    const first = await signIn(a, 'target-password-1');
    expect(first.status).toBe(200);
    const device = cookieValue(first.headers.getSetCookie(), 'device');
    expect(device).toBeTruthy();

    const started = Date.now();
    const burst = await Promise.all(Array.from({ length: 400 }, (_, i) => signIn(i % 2 ? a : b, `wrong-${i}`)));
    const elapsed = Date.now() - started;
    const wrong = burst.filter((r) => r.status === 401).length;
    expect(wrong + burst.filter((r) => r.status === 429).length).toBe(400);
    // On a real clock a long burst may outlast the first delays: each one that passed lets one more through.
    expect(wrong).toBeGreaterThanOrEqual(ACCOUNT_RULE.free);
    expect(wrong).toBeLessThanOrEqual(ACCOUNT_RULE.free + Math.floor(Math.log2(elapsed / ACCOUNT_RULE.baseMs + 1)));

    // The owner's browser, trusted through A, gets in through B straight away.
    expect((await signIn(b, 'target-password-1', device)).status).toBe(200);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
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
    const setup = await call(a, 'POST', '/api/setup/finish', undefined, { user: 'admin', email: 'admin@example.com', password: 'correct horse battery' });
    expect(setup.status).toBe(200);
    expect((await call(b, 'GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: false });
    expect((await call(b, 'POST', '/api/setup/finish', undefined, { user: 'x', email: 'x@example.com', password: 'another password' })).status).toBe(403);

    const login = await call(a, 'POST', '/api/login', undefined, { user: 'admin', password: 'correct horse battery' });
    const token = String(login.body.token);
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
    const token = String(login.body.token);
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
    const token = String(login.body.token);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ACCESS_KINDS } from '../../src/shared/access-grants.js';
import type { AccessSaved, PermissionEntry } from '../../src/shared/api-types.js';

/**
 * The Permissions screen's routes (docs/api.md, "Permissions"): GET /api/permissions lists every
 * definition that carries access in one answer, and PUT /api/permissions/{kind}/{id} saves one
 * definition's access alone, checked, versioned and kept in its history as any definition save.
 */
let t: TestApp;
let admin: string;
let plain: string;

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const SALES_READ = { grants: [{ group: 'Sales', actions: ['read'] }] };
const TICKET_FORM = [{ cols: [{ childType: 'Input', width: 4, name: 'title', label: 'Title', fieldtype: 'text' }] }];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  plain = (await t.user('plain')).token;
  await ok('POST', '/api/definitions/model', { name: 'Ticket', fields: [{ name: 'title', type: 'text' }, { name: 'secret', type: 'text' }] });
  await ok('POST', '/api/definitions/grid', { name: 'tickets', title: 'Tickets', model: 'Ticket', definition: [{ name: 'title' }], access: SALES_READ });
  await ok('POST', '/api/definitions/form', { name: 'ticket', title: 'Ticket', model: 'Ticket', definition: TICKET_FORM });
  await ok('POST', '/api/definitions/select', { name: 'ticket_titles', title: 'Ticket titles', model: 'Ticket', valuefield: 'id', labelfield: 'title' });
  await ok('POST', '/api/definitions/select', { name: 'colours', title: 'Colours', items: [{ value: 'r', label: 'Red' }] });
  await ok('POST', '/api/definitions/page', { name: 'welcome', title: 'Welcome', definition: [], access: { public: true } });
});
afterAll(async () => {
  await t?.close();
});

const list = async () => ok<PermissionEntry[]>('GET', '/api/permissions');
const entry = async (kind: string, name: string) => (await list()).find((e) => e.kind === kind && e.name === name);

describe('GET /api/permissions', () => {
  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/permissions')).status).toBe(401);
    const res = await t.call<{ code: string }>('GET', '/api/permissions', { token: plain });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('lists every kind that carries access, by kind then name, each with its access and version', async () => {
    const all = await list();
    expect([...new Set(all.map((e) => e.kind))]).toEqual([...ACCESS_KINDS]);
    for (const kind of ACCESS_KINDS) {
      const names = all.filter((e) => e.kind === kind).map((e) => e.name);
      // By name, case aside (the same order on SQLite and PostgreSQL).
      const lower = names.map((n) => n.toLowerCase());
      expect(lower, kind).toEqual([...lower].sort());
      // Every definition of the kind, as its own list holds them.
      const listed = await ok<{ name: string }[]>('GET', `/api/definitions/${kind}`);
      expect(new Set(names), kind).toEqual(new Set(listed.map((d) => d.name)));
    }
    const tickets = await entry('grid', 'tickets');
    const stored = await ok<{ id: string; version: number }>('GET', '/api/definitions/grid/tickets');
    expect(tickets).toEqual({ kind: 'grid', id: stored.id, name: 'tickets', title: 'Tickets', model: 'Ticket', version: stored.version, access: SALES_READ, adminOnly: false });
    expect(await entry('form', 'ticket')).toMatchObject({ model: 'Ticket', access: null, adminOnly: false });
    expect(await entry('select', 'ticket_titles')).toMatchObject({ model: 'Ticket', access: null });
    expect(await entry('page', 'welcome')).toMatchObject({ title: 'Welcome', access: { public: true } });
    // No model for a page, a menu, or a select of fixed items.
    for (const [kind, name] of [['page', 'welcome'], ['select', 'colours'], ['menu', 'admin']] as const) {
      expect(await entry(kind, name), `${kind} ${name}`).toBeDefined();
      expect(Object.keys((await entry(kind, name))!), `${kind} ${name}`).not.toContain('model');
    }
  });

  it('marks a screen over definitions administrators only, whatever its access', async () => {
    const all = await list();
    const overDefinitions = all.filter((e) => e.adminOnly);
    // The shipped definition lists (the grid of forms, the form of a grid...) work on definitions.
    expect(overDefinitions.length).toBeGreaterThan(0);
    expect(overDefinitions.every((e) => e.kind === 'form' || e.kind === 'grid' || e.kind === 'select')).toBe(true);
    expect(overDefinitions.map((e) => e.model)).not.toContain('Ticket');
    // A form or grid naming no model is over User: not a definition model.
    expect((await entry('form', 'user'))?.adminOnly).toBe(false);
  });
});

describe('PUT /api/permissions/{kind}/{id}', () => {
  const put = (url: string, body: unknown, token: string | null = admin) => t.call<Record<string, unknown>>('PUT', url, { token, body });

  it("saves the access alone as a new version the definition's history shows", async () => {
    const before = await ok<Record<string, unknown> & { id: string; version: number }>('GET', '/api/definitions/form/ticket');
    const access = { grants: [{ group: 'Sales', actions: ['read', 'update'], fields: { secret: 'hidden' } }] };
    const res = await put(`/api/permissions/form/${before.id}`, { version: before.version, access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: before.version + 1, access });
    const after = await ok<Record<string, unknown>>('GET', '/api/definitions/form/ticket');
    // Nothing else changed.
    expect(after).toEqual({ ...before, version: before.version + 1, access });
    const history = await ok<{ version: number; savedBy: string | null; current: boolean }[]>('GET', '/api/definitions/form/ticket/versions');
    expect(history[0]).toMatchObject({ version: before.version + 1, savedBy: 'admin', current: true });
    const kept = await ok<{ document: Record<string, unknown> }>('GET', `/api/definitions/form/ticket/versions/${before.version + 1}`);
    expect(kept.document.access).toEqual(access);
    expect((await entry('form', 'ticket'))).toMatchObject({ version: before.version + 1, access });
  });

  it('takes the access away when it is null or absent, by id or by name', async () => {
    const page = (await entry('page', 'welcome'))!;
    const cleared = await put('/api/permissions/page/welcome', { version: page.version, access: null });
    expect(cleared.body).toEqual({ version: page.version + 1, access: null });
    expect(await ok('GET', '/api/definitions/page/welcome')).not.toHaveProperty('access');
    const granted = await put(`/api/permissions/page/${page.id}`, { version: page.version + 1, access: { public: true } });
    expect(granted.body).toEqual({ version: page.version + 2, access: { public: true } });
    const absent = await put(`/api/permissions/page/${page.id}`, { version: page.version + 2 });
    expect(absent.body).toEqual({ version: page.version + 3, access: null });
    expect((await entry('page', 'welcome'))?.access).toBeNull();
  });

  it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const res = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version - 1 > 0 ? grid.version - 1 : grid.version + 1, access: { public: true } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('STALE_VERSION');
    expect(await entry('grid', 'tickets')).toEqual(grid);
  });

  it('refuses a rule that does not fit the model, naming its place', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const rule = { and: [{ field: 'nosuch', op: 'eq', value: 'x' }] };
    const res = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: { grants: [{ group: 'Sales', actions: ['read'], rules: { read: rule } }] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
    expect(res.body.details).toEqual([{ pointer: '/access/grants/0/rules/read/and/0/field', message: "'nosuch' is not a field of Ticket" }]);
    expect(await entry('grid', 'tickets')).toEqual(grid);
  });

  it('refuses a hidden field the model does not have', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const res = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: { grants: [{ group: 'Sales', actions: ['read'], fields: { nosuch: 'hidden' } }] } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ pointer: '/access/grants/0/fields/nosuch', message: "'nosuch' is not a field of Ticket" }]);
    expect(await entry('grid', 'tickets')).toEqual(grid);
  });

  it('refuses an access the schema refuses, naming its place, before anything is read', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const res = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: { grants: [{ group: 'Sales', actions: ['fly'] }] } });
    expect(res.status).toBe(400);
    // In a definition save's words: once, at its place, nothing about the access being null instead.
    expect(res.body.details).toEqual([{ pointer: '/access/grants/0/actions/0', message: expect.stringMatching(/^must be one of "read", "add"/) }]);
    const badOp = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: { grants: [{ group: 'Sales', actions: ['read'], rules: { read: { and: [{ field: 'title', op: 'near', value: 'x' }] } } }] } });
    expect((badOp.body.details as { pointer: string }[]).map((d) => d.pointer)).toEqual(['/access/grants/0/rules/read/and/0/op']);
    // Only the access changes here: anything else in the body is refused.
    const extra = await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: SALES_READ, title: 'Renamed' });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual([{ pointer: '/title', message: "unknown property 'title'" }]);
    const noVersion = await put(`/api/permissions/grid/${grid.id}`, { access: SALES_READ });
    expect(noVersion.status).toBe(400);
    expect(await entry('grid', 'tickets')).toEqual(grid);
  });

  it('answers 404 for a kind without access and for a definition that does not exist', async () => {
    expect((await put('/api/permissions/model/Ticket', { version: 1, access: { public: true } })).status).toBe(404);
    expect((await put('/api/permissions/grid/no_such_grid', { version: 1, access: { public: true } })).status).toBe(404);
  });

  it('is for administrators only, and a refused caller changes nothing', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const body = { version: grid.version, access: { public: true } };
    expect((await put(`/api/permissions/grid/${grid.id}`, body, null)).status).toBe(401);
    const res = await put(`/api/permissions/grid/${grid.id}`, body, plain);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await entry('grid', 'tickets')).toEqual(grid);
  });

  it('answers with what the listing then shows', async () => {
    const grid = (await entry('grid', 'tickets'))!;
    const saved = (await put(`/api/permissions/grid/${grid.id}`, { version: grid.version, access: { groups: ['Sales'] } })).body as unknown as AccessSaved;
    expect(await entry('grid', 'tickets')).toEqual({ ...grid, version: saved.version, access: saved.access });
  });
});

describe('the OpenAPI document', () => {
  it("describes both routes, the save's access by the definitions' own access schema", async () => {
    type Schema = { properties?: Record<string, { anyOf?: { $ref?: string }[] }> };
    type Op = { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };
    const doc = await ok<{ paths: Record<string, Record<string, Op>> }>('GET', '/api/openapi.json');
    expect(doc.paths['/api/permissions']?.get?.responses).toHaveProperty('200');
    const body = doc.paths['/api/permissions/{kind}/{id}']?.put?.requestBody?.content['application/json']?.schema;
    expect(body?.properties?.access?.anyOf).toEqual([{ $ref: '#/components/schemas/common/$defs/access' }, { type: 'null' }]);
  });
});

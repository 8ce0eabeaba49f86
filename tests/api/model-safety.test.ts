import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelStore } from '../../src/server/records/model-store.js';
import { sessionToken } from '../support/cookies.js';
import { startServerProcess } from '../support/server-process.js';
import { ADMIN, lastingDatabase, startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';
import { isAuditField } from '../../src/shared/audit-fields.js';

/**
 * Never a server that will not start: a model the engine cannot apply is refused
 * before anything is written (400, or 409 for duplicates in a column made unique), its save and
 * its table change commit together or not at all, a stored model that cannot be applied is
 * skipped at start-up with a log line while the rest of the app runs, and a model nothing
 * refers to can be deleted.
 */
let dir = '';
let drop: (() => Promise<void>) | undefined;
let databaseUrl = '';
let t: TestApp;
let admin = '';

type Refusal = { error: string; code: string; details?: { pointer: string; message: string }[] };

async function signIn(): Promise<void> {
  const login = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
  expect(login.status).toBe(200);
  admin = sessionToken(login);
  t.adminToken = admin;
}

/** Stops the running server and starts a new one on the same database. */
async function restart(): Promise<void> {
  await t.close();
  t = await startTestApp({ databaseUrl });
  await signIn();
}

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const db = () => t.app.services.database.db;

/** A model's own field, not one of the audit fields every model has (src/shared/audit-fields.ts). */
const own = (name: string) => !isAuditField(name);

/** The table's columns and indexes as the database reports them, but the audit columns every model table has and their index. */
async function tableShape(table: string): Promise<{ columns: string[]; indexes: string[] }> {
  const shape = (columns: { name: string }[], indexes: { name: string }[]) => ({
    columns: columns.map((r) => r.name).filter(own).sort(),
    indexes: indexes.map((r) => r.name).filter((name) => name !== `${table}___created_by__ix`).sort(),
  });
  if (TEST_DB === 'sqlite') {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db());
    const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db());
    return shape(columns.rows, indexes.rows);
  }
  const columns = await sql<{ name: string }>`
    select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db());
  const indexes = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db());
  return shape(columns.rows, indexes.rows);
}

async function versionRows(name: string): Promise<unknown[]> {
  const def = await db().selectFrom('t_model').select('id').where('name', '=', name).executeTakeFirst();
  if (!def) return [];
  return db().selectFrom('sys_definition_versions').select(['version', 'document']).where('kind', '=', 'model').where('def_id', '=', String(def.id)).orderBy('version').execute();
}

/** Everything a model save could change: the stored definition, its versions, its table. */
async function state(name: string): Promise<unknown> {
  const def = await t.call('GET', `/api/definitions/model/${name}`, { token: admin });
  return { status: def.status, def: def.body, versions: await versionRows(name), table: await tableShape(`t_${name.toLowerCase()}`) };
}

const text = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'text', label: name, ...extra });

beforeAll(async () => {
  const lasting = await lastingDatabase('models');
  ({ databaseUrl, dir } = lasting);
  drop = () => lasting.dispose();
  t = await startTestApp({ databaseUrl });
  admin = await t.setup();
  // A link model over Item and Group, and Item with a few records whose codes repeat.
  await ok('POST', '/api/definitions/model', { name: 'Item', title: 'Items', fields: [text('code'), text('note')] });
  await ok('POST', '/api/definitions/model', {
    name: 'ItemGroup',
    title: 'Item groups',
    fields: [
      { name: 'item', type: 'reference', target: 'Item' },
      { name: 'grp', type: 'reference', target: 'Group' },
    ],
  });
  await ok('POST', '/api/definitions/form', {
    name: 'item',
    title: 'Item',
    model: 'Item',
    url: '/',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'code', label: 'Code' }, { childType: 'Input', width: 6, name: 'note', label: 'Note' }] }],
  });
  for (const code of ['A', 'A', 'B', 'B', 'B', 'C']) await ok('POST', '/api/form/item/add', { code, note: code });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await drop?.();
});

/** Bad field lists and the pointer of the part at fault. */
const badFields: [string, unknown[], string][] = [
  ['a field named twice', [text('title'), text('title')], '/fields/1/name'],
  ['two names that differ only in case (one column on SQLite)', [text('code'), text('Code')], '/fields/1/name'],
  ['a field named like the id column in another case', [text('ID')], '/fields/0/name'],
  ['a link whose through model does not exist', [{ name: 'groups', type: 'link', target: 'Group', through: 'NoSuchModel' }], '/fields/0/through'],
  ['a link whose through model does not refer to the target', [{ name: 'groups', type: 'link', target: 'User', through: 'ItemGroup' }], '/fields/0/through'],
  ['a reference to a model that does not exist', [{ name: 'owner', type: 'reference', target: 'NoSuchModel' }], '/fields/0/target'],
  ['a link to a model that does not exist', [{ name: 'owners', type: 'link', target: 'NoSuchModel', through: 'ItemGroup' }], '/fields/0/target'],
];

describe('a model the engine cannot apply', () => {
  it.each(badFields)('is refused when created with %s, and nothing is stored', async (_what, fields, pointer) => {
    const before = await state('Broken');
    const res = await t.call<Refusal>('POST', '/api/definitions/model', { token: admin, body: { name: 'Broken', title: 'Broken', fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details?.map((d) => d.pointer)).toContain(pointer);
    expect(res.body.error.length).toBeGreaterThan(10);
    expect(await state('Broken')).toEqual(before);
    expect((await ok<string[]>('GET', '/api/models'))).not.toContain('Broken');
  });

  it.each(badFields)('is refused when saved over a good model with %s, and nothing changes', async (_what, fields, pointer) => {
    const current = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Item');
    const before = await state('Item');
    const res = await t.call<Refusal>('PUT', '/api/definitions/model/Item', {
      token: admin,
      body: { ...current, fields: [text('code'), text('note'), ...fields] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    // The bad field comes after the two kept ones.
    const shifted = pointer.replace(/\/fields\/(\d+)/, (_m, i: string) => `/fields/${Number(i) + 2}`);
    expect(res.body.details?.map((d) => d.pointer)).toContain(shifted);
    expect(await state('Item')).toEqual(before);
  });

  it('refuses unique over a column that holds duplicates (409, naming some), and changes nothing', async () => {
    const current = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Item');
    const before = await state('Item');
    const res = await t.call<Refusal>('PUT', '/api/definitions/model/Item', {
      token: admin,
      body: { ...current, fields: [text('code', { unique: true }), text('note')] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatch(/code/);
    expect(res.body.error).toMatch(/'A'/);
    expect(res.body.error).toMatch(/'B'/);
    expect(res.body.error).not.toMatch(/'C'/);
    expect(res.body.details?.map((d) => d.pointer)).toContain('/fields/0/unique');
    expect(await state('Item')).toEqual(before);
  });

  it('is refused in an app file too, at its place', async () => {
    const file = { format: 'tessera-app', formatVersion: 1, definitions: { model: [{ name: 'Imported', title: 'Imported', fields: [text('a'), text('A')] }] } };
    const res = await t.call<Refusal>('POST', '/api/app/import', { token: admin, body: file });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.pointer)).toContain('/definitions/model/0/fields/1/name');
    expect(await ok<string[]>('GET', '/api/models')).not.toContain('Imported');
  });

  it('leaves a server that starts again on the same database, with every model working', async () => {
    await restart();
    expect(await ok<string[]>('GET', '/api/models')).toEqual(expect.arrayContaining(['Item', 'ItemGroup']));
    expect((await ok<{ name: string }[]>('GET', '/api/models/Item')).map((f) => f.name).filter(own)).toEqual(['code', 'note']);
  });
});

describe('a model save and its table change', () => {
  /** Makes the engine's last table step fail once, as a database error would. */
  function failTableStep(): void {
    vi.spyOn(ModelStore.prototype as unknown as { syncStats: () => Promise<void> }, 'syncStats').mockRejectedValueOnce(new Error('the table step failed'));
  }

  it('commit together or not at all, when a model is created', async () => {
    const before = await state('Gadget');
    failTableStep();
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Gadget', title: 'Gadgets', fields: [text('label')] } });
    vi.restoreAllMocks();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await state('Gadget')).toEqual(before);
    expect((await tableShape('t_gadget')).columns).toEqual([]);
    // The name is free: the same save goes through now.
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Gadget', title: 'Gadgets', fields: [text('label')] } })).status).toBe(201);
    expect((await tableShape('t_gadget')).columns).toEqual(['_version', 'id', 'label']);
  });

  it('commit together or not at all, when a model is changed', async () => {
    const current = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Gadget');
    const before = await state('Gadget');
    failTableStep();
    const res = await t.call('PUT', '/api/definitions/model/Gadget', { token: admin, body: { ...current, fields: [text('label', { unique: true }), text('extra')] } });
    vi.restoreAllMocks();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await state('Gadget')).toEqual(before);
    expect((await ok<{ name: string }[]>('GET', '/api/models/Gadget')).map((f) => f.name).filter(own)).toEqual(['label']);
  });
});

describe('a stored model that cannot be applied', () => {
  const brokenFields = [text('title'), text('title')];

  it('is skipped at start-up with a log line; the rest of the app runs; a request on it gets a clear error; saving a corrected definition fixes it', async () => {
    await db()
      .insertInto('t_model')
      .values({ id: 'b'.repeat(32), name: 'Shaky', title: 'Shaky', fields: JSON.stringify(brokenFields), version: 1 })
      .execute();
    await db()
      .insertInto('t_grid')
      .values({ id: 'c'.repeat(32), name: 'shakies', title: 'Shakies', model: 'Shaky', definition: JSON.stringify([{ name: 'title', label: 'Title', type: 'Text' }]), version: 1 })
      .execute();

    // Started as `npm start` does, the server says which model it skipped and why.
    await t.close();
    const server = await startServerProcess({ DATA_DIR: join(dir, 'process'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    try {
      expect((await fetch(`${server.url}/api/checkuser`)).status).toBeLessThan(500);
    } finally {
      await server.stop();
    }
    expect(server.output()).toMatch(/Shaky/);
    expect(server.output()).toMatch(/could not be applied/);
    expect(server.output()).toMatch(/twice/);

    t = await startTestApp({ databaseUrl });
    await signIn();
    // Everything else works.
    expect((await ok<{ name: string }[]>('GET', '/api/models/Item')).map((f) => f.name).filter(own)).toEqual(['code', 'note']);
    expect((await t.call('GET', '/api/grid/users/data/0/10', { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/form/item/definition', { token: admin })).status).toBe(200);
    expect(await ok<string[]>('GET', '/api/models')).toContain('Shaky');
    // Requests on the broken model are refused clearly.
    for (const url of ['/api/models/Shaky', '/api/grid/shakies/data/0/10']) {
      const res = await t.call<Refusal>('GET', url, { token: admin });
      expect({ url, status: res.status }).toEqual({ url, status: 409 });
      expect(res.body.error).toMatch(/^The model 'Shaky' could not be applied: .*twice/);
    }

    // The admin saves a corrected definition: it applies at once, and after a restart.
    const stored = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Shaky');
    await ok('PUT', '/api/definitions/model/Shaky', { ...stored, fields: [text('title')] });
    expect((await ok<{ name: string }[]>('GET', '/api/models/Shaky')).map((f) => f.name).filter(own)).toEqual(['title']);
    expect((await t.call('GET', '/api/grid/shakies/data/0/10', { token: admin })).status).toBe(200);
    await restart();
    expect((await ok<{ name: string }[]>('GET', '/api/models/Shaky')).map((f) => f.name).filter(own)).toEqual(['title']);
  });

  it('is skipped when the database refuses its table change (unique over repeated values), and the models over it with it', async () => {
    const item = await db().selectFrom('t_model').select(['fields']).where('name', '=', 'Item').executeTakeFirstOrThrow();
    await db()
      .updateTable('t_model')
      .set({ fields: JSON.stringify([text('code', { unique: true }), text('note')]) })
      .where('name', '=', 'Item')
      .execute();
    await restart();
    for (const name of ['Item', 'ItemGroup']) {
      const res = await t.call<Refusal>('GET', `/api/models/${name}`, { token: admin });
      expect({ name, status: res.status }).toEqual({ name, status: 409 });
      expect(res.body.error).toMatch(new RegExp(`^The model '${name}' could not be applied: `));
    }
    expect((await ok<{ name: string }[]>('GET', '/api/models/Gadget')).map((f) => f.name).filter(own)).toEqual(['label']);
    // Saving it again as it was applies it, and the model over it works again too.
    const stored = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Item');
    await ok('PUT', '/api/definitions/model/Item', { ...stored, fields: JSON.parse(String(item.fields)) as unknown });
    expect((await ok<{ name: string }[]>('GET', '/api/models/Item')).map((f) => f.name).filter(own)).toEqual(['code', 'note']);
    expect((await ok<{ name: string }[]>('GET', '/api/models/ItemGroup')).map((f) => f.name).filter(own)).toEqual(['item', 'grp']);
  });

  it('takes the models that refer to it out with it, and still starts', async () => {
    await db()
      .insertInto('t_model')
      .values({ id: 'd'.repeat(32), name: 'Wobbly', title: 'Wobbly', fields: JSON.stringify([{ name: 'x', type: 'reference', target: 'Gone' }]), version: 1 })
      .execute();
    await db()
      .insertInto('t_model')
      .values({ id: 'e'.repeat(32), name: 'Leaning', title: 'Leaning', fields: JSON.stringify([{ name: 'w', type: 'reference', target: 'Wobbly' }]), version: 1 })
      .execute();
    await restart();
    for (const name of ['Wobbly', 'Leaning']) {
      const res = await t.call<Refusal>('GET', `/api/models/${name}`, { token: admin });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(new RegExp(`^The model '${name}' could not be applied: `));
    }
    expect((await ok<{ name: string }[]>('GET', '/api/models/Item')).map((f) => f.name).filter(own)).toEqual(['code', 'note']);
    // Both can go: nothing that works refers to them.
    expect((await t.call('DELETE', '/api/definitions/model/Leaning', { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', '/api/definitions/model/Wobbly', { token: admin })).status).toBe(200);
    await restart();
    expect(await ok<string[]>('GET', '/api/models')).not.toContain('Wobbly');
  });
});

describe('deleting a model', () => {
  beforeAll(async () => {
    await ok('POST', '/api/definitions/model', { name: 'Customer', title: 'Customers', fields: [text('name')] });
    await ok('POST', '/api/definitions/model', {
      name: 'Order',
      title: 'Orders',
      fields: [text('label'), { name: 'customer', type: 'reference', target: 'Customer' }, { name: 'me', type: 'reference', target: 'Order' }],
    });
    await ok('POST', '/api/definitions/grid', { name: 'customers', title: 'Customers', model: 'Customer', definition: [{ name: 'name', label: 'Name', type: 'Text' }] });
    await ok('POST', '/api/definitions/form', {
      name: 'customer',
      title: 'Customer',
      model: 'Customer',
      url: '/',
      definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }] }],
    });
    await ok('POST', '/api/form/customer/add', { name: 'Ada' });
  });

  it('is refused for a system model', async () => {
    const res = await t.call<Refusal>('DELETE', '/api/definitions/model/User', { token: admin });
    expect(res.status).toBe(403);
    expect(await ok<string[]>('GET', '/api/models')).toContain('User');
  });

  it('is refused (409) while something refers to it, naming what does', async () => {
    const before = await state('Customer');
    const res = await t.call<Refusal>('DELETE', '/api/definitions/model/Customer', { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("The model 'Customer' is used by: model 'Order' (field 'customer'), grid 'customers', form 'customer'");
    expect(await state('Customer')).toEqual(before);
    // A through model is in use by the link fields that name it.
    await ok('PUT', '/api/definitions/model/Item', {
      ...(await ok<Record<string, unknown>>('GET', '/api/definitions/model/Item')),
      fields: [text('code'), text('note'), { name: 'groups', type: 'link', target: 'Group', through: 'ItemGroup' }],
    });
    const through = await t.call<Refusal>('DELETE', '/api/definitions/model/ItemGroup', { token: admin });
    expect(through.status).toBe(409);
    expect(through.body.error).toBe("The model 'ItemGroup' is used by: model 'Item' (field 'groups')");
  });

  it('drops the table, the definition and its versions when nothing refers to it; the name can be used again', async () => {
    // A model that refers only to itself can go.
    expect((await t.call('DELETE', '/api/definitions/model/Order', { token: admin })).status).toBe(200);
    expect((await tableShape('t_order')).columns).toEqual([]);
    expect((await t.call('DELETE', '/api/definitions/grid/customers', { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', '/api/definitions/form/customer', { token: admin })).status).toBe(200);
    const res = await t.call('DELETE', '/api/definitions/model/Customer', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await state('Customer')).toEqual({ status: 404, def: expect.anything(), versions: [], table: { columns: [], indexes: [] } });
    expect(await db().selectFrom('sys_table_stats').select('tbl').where('tbl', '=', 't_customer').execute()).toEqual([]);
    if (TEST_DB === 'sqlite') {
      // Its search index (an FTS5 table with its shadow tables and triggers) goes with it.
      const left = await sql<{ name: string }>`select name from sqlite_master where name like 't_customer%' or tbl_name like 't_customer%'`.execute(db());
      expect(left.rows.map((r) => r.name)).toEqual([]);
    }
    expect(await ok<string[]>('GET', '/api/models')).not.toContain('Customer');
    // The name is free again, with other fields and no old rows.
    await ok('POST', '/api/definitions/model', { name: 'Customer', title: 'Customers', fields: [text('email')] });
    expect((await tableShape('t_customer')).columns).toEqual(['_version', 'email', 'id']);
    expect(await ok<string[]>('POST', '/api/data/Customer', { name: 'peek', title: 'Peek', model: 'Customer', definition: [{ name: 'email' }] })).toEqual([]);
    await restart();
    expect((await ok<{ name: string }[]>('GET', '/api/models/Customer')).map((f) => f.name).filter(own)).toEqual(['email']);
  });
});

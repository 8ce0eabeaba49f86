import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { editBackup, restoreBackup, setTableRows, tableRows, takeBackup, unpackBackup } from '../support/backup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { tableOf } from '../../src/server/records/model-store.js';

/**
 * Who made and last changed each record, and when (src/shared/audit-fields.ts, docs/api.md
 * "Records: who made them, and when"): four columns every model table has, written by the server
 * on every write and never by a request, read, filtered and sorted like fields, kept by backups.
 * Runs on SQLite and on PostgreSQL.
 */
let t: TestApp;
let admin: string;
let adminId: number;
let ann: { token: string; id: number };
let bob: { token: string; id: number };
const PASSWORD = 'audit backup password';

interface Row {
  id: number;
  title: string;
  _created_by: number | null;
  _created_at: string | null;
  _updated_by: number | null;
  _updated_at: string | null;
  _version?: number;
  _labels?: Record<string, string>;
}

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const AUDIT = ['_created_by', '_created_at', '_updated_by', '_updated_at'];
const input = (name: string) => ({ childType: 'Input', width: 6, name, label: name });
const staff = { groups: ['Staff'] };

/** Rows of the `notes` grid as `token` sees them, with the query given. */
async function notes(token: string, query = ''): Promise<Row[]> {
  return (await ok<{ rows: Row[] }>('GET', `/api/grid/notes/data/0/100${query ? `?${query}` : ''}`, undefined, token)).rows;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  adminId = Number((await t.app.services.store.getRaw('User', { field: 'user', value: 'admin' }))?.id);
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
  ann = await t.user('ann', staff);
  bob = await t.user('bob', staff);
  await ok('POST', '/api/definitions/model', { name: 'Note', fields: [{ name: 'title', type: 'text', label: 'Title' }] });
  // A form that shows the audit fields (a form may, read-only) and one that does not.
  await ok('POST', '/api/definitions/form', {
    name: 'note',
    title: 'Note',
    model: 'Note',
    access: staff,
    definition: [{ cols: [input('title'), ...AUDIT.map(input)] }],
  });
  await ok('POST', '/api/definitions/form', { name: 'note_plain', title: 'Note', model: 'Note', access: staff, definition: [{ cols: [input('title')] }] });
  await ok('POST', '/api/definitions/grid', {
    name: 'notes',
    title: 'Notes',
    model: 'Note',
    paging: 3,
    access: staff,
    definition: [{ name: 'title' }, ...AUDIT.map((name) => ({ name }))],
  });
});
afterAll(async () => {
  await t.close();
});

describe('the server keeps them', () => {
  it('an add through a form names its user as maker and changer, an update its own user, later', async () => {
    const before = new Date().toISOString();
    const added = await ok<{ id: number; _version: number }>('POST', '/api/form/note_plain/add', { title: 'first' }, ann.token);
    const made = await ok<Row>('GET', `/api/form/note/data/${added.id}`, undefined, ann.token);
    expect(made).toMatchObject({ title: 'first', _created_by: ann.id, _updated_by: ann.id });
    expect(made._created_at).toBe(made._updated_at);
    expect(String(made._created_at) >= before && String(made._created_at) <= new Date().toISOString()).toBe(true);

    await pause(5);
    await ok('POST', `/api/form/note_plain/update/${added.id}`, { title: 'first, edited', _version: added._version }, bob.token);
    const changed = await ok<Row>('GET', `/api/form/note/data/${added.id}`, undefined, ann.token);
    expect(changed).toMatchObject({ title: 'first, edited', _created_by: ann.id, _created_at: made._created_at, _updated_by: bob.id, _version: 2 });
    expect(String(changed._updated_at) > String(made._created_at)).toBe(true);
  });

  it('a form that shows them saves what it read back unchanged: the values sent for them are not taken', async () => {
    const added = await ok<{ id: number; _version: number }>('POST', '/api/form/note/add', { title: 'shown', _created_by: bob.id, _created_at: '2000-01-01T00:00:00.000Z', _updated_by: '', _updated_at: '' }, ann.token);
    const read = await ok<Row>('GET', `/api/form/note/data/${added.id}`, undefined, ann.token);
    expect(read).toMatchObject({ _created_by: ann.id, _updated_by: ann.id });
    expect(read._created_at).not.toBe('2000-01-01T00:00:00.000Z');
    // The whole record as read goes back, as the form's Save sends it.
    await ok('POST', `/api/form/note/update/${added.id}`, { ...read, title: 'shown, edited', _created_by: bob.id }, bob.token);
    expect(await ok<Row>('GET', `/api/form/note/data/${added.id}`, undefined, ann.token)).toMatchObject({ title: 'shown, edited', _created_by: ann.id, _created_at: read._created_at, _updated_by: bob.id });
  });

  it('a body naming one a form does not show is refused with 400 naming it, and nothing is written', async () => {
    const count = await t.app.services.store.count('Note');
    const add = await t.call<{ details: { pointer: string; message: string }[]; error: string }>('POST', '/api/form/note_plain/add', {
      token: ann.token,
      body: { title: 'forged', _created_by: bob.id },
    });
    expect(add.status).toBe(400);
    expect(add.body.details).toEqual([{ pointer: '/_created_by', message: 'is kept by the server' }]);
    expect(add.body.error).toContain("'_created_by' is kept by the server");
    expect(await t.app.services.store.count('Note')).toBe(count);

    const id = Number(await t.app.services.store.insert('Note', { title: 'target' }, undefined, ann.id));
    const update = await t.call<{ details: { pointer: string }[] }>('POST', `/api/form/note_plain/update/${id}`, {
      token: bob.token,
      body: { title: 'taken over', _created_by: bob.id, _updated_at: '2000-01-01T00:00:00.000Z', _version: 1 },
    });
    expect(update.status).toBe(400);
    expect(update.body.details.map((d) => d.pointer)).toEqual(['/_created_by', '/_updated_at']);
    expect(await t.app.services.store.get1('Note', id, ['title', '_created_by', '_version'])).toEqual({ id, title: 'target', _created_by: ann.id, _version: 1 });
  });

  it('the model engine refuses them in any write, and stamps a write without a user as nobody', async () => {
    const { store } = t.app.services;
    await expect(store.insert('Note', { title: 'x', _updated_by: 1 })).rejects.toMatchObject({ status: 400 });
    const id = await store.insert('Note', { title: 'by the server' });
    const row = await store.get1('Note', id);
    expect(row).toMatchObject({ title: 'by the server', _created_by: null, _updated_by: null });
    expect(typeof row?._created_at).toBe('string');
    await expect(store.update('Note', id, { _created_at: '2000-01-01T00:00:00.000Z' })).rejects.toMatchObject({ status: 400 });
  });

  it('a user record added by the admin names the admin; links saved on their own name their user', async () => {
    const user = await t.app.services.store.get1('User', ann.id);
    expect(user).toMatchObject({ _created_by: adminId, user: 'ann' });
    // t.user saved ann's groups by POST /api/link as the admin: the record's change is the admin's, and so are the link records.
    expect(user?._updated_by).toBe(adminId);
    const links = await t.app.services.store.list('UserGroup', { fields: ['_created_by', '_updated_by'], filters: [{ field: 'user', value: ann.id }] });
    expect(links).toEqual([{ id: links[0]?.id, _created_by: adminId, _updated_by: adminId }]);
  });
});

describe('with security off', () => {
  it('every caller is an administrator who is no user: a write names nobody', async () => {
    const open = await startTestApp({ env: { ENABLE_SECURITY: 0 } });
    try {
      await open.setup();
      const added = await open.call<{ id: number }>('POST', '/api/form/group/add', { body: { name: 'Open' } });
      expect(added.status).toBe(200);
      expect(await open.app.services.store.get1('Group', added.body.id, ['name', '_created_by', '_updated_by'])).toEqual({ id: added.body.id, name: 'Open', _created_by: null, _updated_by: null });
    } finally {
      await open.close();
    }
  });
});

describe('readers see them as fields', () => {
  it("a grid shows, sorts and filters by them; a user's filter on _created_by = CURRENT_USER.id answers only their own rows", async () => {
    const { store } = t.app.services;
    await store.clear('Note');
    for (const [title, by] of [['ann 1', ann.id], ['bob 1', bob.id], ['ann 2', ann.id]] as const) {
      await ok('POST', '/api/form/note_plain/add', { title }, by === ann.id ? ann.token : bob.token);
      await pause(3);
    }
    const own = `filter=${encodeURIComponent(JSON.stringify({ and: [{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }] }))}`;
    expect((await notes(ann.token, own)).map((r) => r.title).sort()).toEqual(['ann 1', 'ann 2']);
    expect((await notes(bob.token, own)).map((r) => r.title)).toEqual(['bob 1']);
    // A reference column to User: the row names its maker.
    const rows = await notes(ann.token, 'sort=_created_at&dir=desc');
    expect(rows.map((r) => r.title)).toEqual(['ann 2', 'bob 1', 'ann 1']);
    expect(rows[0]?._labels).toMatchObject({ _created_by: 'ann', _updated_by: 'ann' });
    const since = rows[1]?._created_at as string;
    const later = `filter=${encodeURIComponent(JSON.stringify({ and: [{ field: '_updated_at', op: 'gte', value: since }] }))}`;
    expect((await notes(ann.token, later)).map((r) => r.title).sort()).toEqual(['ann 2', 'bob 1']);
  });

  it("a grid's own filter may say 'own records', as a record rule will", async () => {
    await ok('POST', '/api/definitions/grid', {
      name: 'my_notes',
      title: 'My notes',
      model: 'Note',
      paging: 3,
      access: staff,
      definition: [{ name: 'title' }],
      filters: [{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }],
    });
    const mine = await ok<{ rows: Row[] }>('GET', '/api/grid/my_notes/data/0/100', undefined, bob.token);
    expect(mine.rows.map((r) => r.title)).toEqual(['bob 1']);
    // The checker still refuses what does not fit them: a date and time has no equality.
    const bad = await t.call<{ details: { pointer: string; message: string }[] }>('POST', '/api/definitions/grid', {
      token: admin,
      body: { name: 'bad_notes', title: 'Bad', model: 'Note', definition: [{ name: 'title' }], filters: [{ field: '_created_at', op: 'eq', value: '2024-01-01T00:00' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]?.pointer).toBe('/filters/0/op');
  });

  it("the grid's search does not look in them", async () => {
    // Bob changes ann's first note: the grid names him in its _updated_by column, and a search for him still finds his own note only.
    const first = (await notes(ann.token)).find((r) => r.title === 'ann 1') as Row;
    const read = await ok<Row>('GET', `/api/form/note_plain/data/${first.id}`, undefined, bob.token);
    await ok('POST', `/api/form/note_plain/update/${first.id}`, { title: 'ann 1', _version: read._version }, bob.token);
    expect((await notes(ann.token)).find((r) => r.id === first.id)?._labels).toMatchObject({ _created_by: 'ann', _updated_by: 'bob' });
    expect((await notes(ann.token, 'search=bob')).map((r) => r.title)).toEqual(['bob 1']);
    const year = new Date().toISOString().slice(0, 4);
    expect(await notes(ann.token, `search=${year}`)).toEqual([]);
  });
});

describe('tables and rows made before them', () => {
  it('a row written straight into the table reads them as null', async () => {
    const { db } = t.app.services.database;
    await db.insertInto(tableOf('Note')).values({ title: 'direct' }).execute();
    const row = (await notes(ann.token)).find((r) => r.title === 'direct');
    expect(row).toMatchObject({ _created_by: null, _created_at: null, _updated_by: null, _updated_at: null });
  });

  it('a table without them gets them at the next sync, its rows null', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Legacy', fields: [{ name: 'label', type: 'text' }] });
    const { store, database } = t.app.services;
    const table = tableOf('Legacy');
    await sql`drop index ${sql.id(`${table}___created_by__ix`)}`.execute(database.db);
    for (const name of AUDIT) await sql`alter table ${sql.id(table)} drop column ${sql.id(name)}`.execute(database.db);
    await database.db.insertInto(table).values({ label: 'old' }).execute();
    await store.sync([store.definitionOf('Legacy') as never]);
    const rows = await store.list('Legacy', { fields: ['label', ...AUDIT] });
    expect(rows).toEqual([{ id: rows[0]?.id, label: 'old', _created_by: null, _created_at: null, _updated_by: null, _updated_at: null }]);
  });
});

describe('models cannot define them', () => {
  it.each(AUDIT)('a model with a field named %s is refused with 400 at the field', async (name) => {
    const res = await t.call<{ details: { pointer: string }[] }>('POST', '/api/definitions/model', {
      token: admin,
      body: { name: `Clash${name.replace(/_/g, '')}`, fields: [{ name: 'title', type: 'text' }, { name, type: 'text' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.pointer)).toContain('/fields/1/name');
    expect((await t.call('GET', `/api/models/Clash${name.replace(/_/g, '')}`, { token: admin })).status).toBe(404);
  });

  it('nor can a change of a model add one', async () => {
    const stored = await ok<Record<string, unknown> & { fields: unknown[] }>('GET', '/api/definitions/model/Note');
    const res = await t.call<{ details: { pointer: string }[] }>('PUT', `/api/definitions/model/${String(stored.id)}`, {
      token: admin,
      body: { ...stored, fields: [...stored.fields, { name: '_updated_by', type: 'reference', target: 'User' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.pointer)).toContain('/fields/1/name');
  });
});

describe('backups', () => {
  it('carry them, and a restore keeps them', async () => {
    const { store } = t.app.services;
    const before = await store.list('Note', { fields: ['title', ...AUDIT], sorts: [{ field: 'id', dir: 'asc' }] });
    expect(before.some((r) => r._created_by === ann.id)).toBe(true);
    const backup = await takeBackup(t, PASSWORD, admin);
    expect(backup.status).toBe(200);
    const files = unpackBackup(backup.bytes, PASSWORD);
    expect(tableRows(files, 'Note').find((r) => r.title === 'ann 1')).toMatchObject({ _created_by: ann.id, _updated_by: bob.id });
    // No audit columns on the definition tables: their history says who saved what.
    expect(Object.keys(tableRows(files, 'Grid')[0] ?? {})).not.toContain('_created_by');

    // Changed and deleted since: the restore brings back what the backup holds.
    await ok('POST', '/api/form/note_plain/add', { title: 'after the backup' }, bob.token);
    await store.clear('Note');
    const res = await restoreBackup(t, { file: backup.bytes, password: PASSWORD, delete: 'true' }, admin);
    expect(res.status).toBe(200);
    expect(await store.list('Note', { fields: ['title', ...AUDIT], sorts: [{ field: 'id', dir: 'asc' }] })).toEqual(before);
  });

  it('a backup made before them restores its rows with them unknown; a bad value is refused', async () => {
    const { store } = t.app.services;
    const backup = await takeBackup(t, PASSWORD, admin);
    const older = editBackup(backup.bytes, PASSWORD, (files) => {
      setTableRows(
        files,
        'Note',
        tableRows(files, 'Note').map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !AUDIT.includes(k)))),
      );
    });
    expect((await restoreBackup(t, { file: older, password: PASSWORD, delete: 'true' }, admin)).status).toBe(200);
    const rows = await store.list('Note', { fields: ['title', ...AUDIT] });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ _created_by: null, _created_at: null, _updated_by: null, _updated_at: null });

    const bad = editBackup(backup.bytes, PASSWORD, (files) => {
      setTableRows(files, 'Note', tableRows(files, 'Note').map((r) => ({ ...r, _created_by: 'somebody' })));
    });
    const refused = await restoreBackup(t, { file: bad, password: PASSWORD, delete: 'true' }, admin);
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toContain('_created_by must be a whole-number record id or null');
  });
});

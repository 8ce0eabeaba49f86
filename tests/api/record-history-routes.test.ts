import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { restoreBackup, takeBackup } from '../support/backup.js';
import type { HistoryRow } from '../../src/shared/record-history.js';

/**
 * The record history from the route table (docs/history.md): every route that changes something
 * is placed here, either with a case that runs it and checks the entries it left, exactly (the
 * records it changed, the fields, who, the route as source, one request id for the call), or with
 * why it writes no record of a model. A new writing route without a place fails the first test.
 *
 * The automations' record triggers from the same table (docs/automations.md): every model here is
 * watched by an automation after insert, update and delete, and each call checks that the runs its
 * changes started are exactly its entries, one run per record change: a write path that records
 * history without firing the triggers, or fires them twice, fails its case.
 */
let t: TestApp;
let admin: string;
type Entry = Omit<HistoryRow, 'changes'> & { changes: Record<string, unknown> };

/** Runs one call and answers the entries it left. */
async function call(method: string, url: string, body?: unknown, token: string | null = admin, options: { converts?: boolean } = {}): Promise<{ status: number; body: unknown; entries: Entry[] }> {
  // The runs of writes made before this call (a case's own setup) are not this call's.
  await t.app.services.automations.settle();
  const since = await lastId();
  const runsBefore = await watcherRuns();
  const res = await t.call(method, url, { token, body });
  const entries = await entriesAfter(since);
  await t.app.services.automations.settle();
  const started = (await watcherRuns()).filter((r) => !runsBefore.some((b) => b.id === r.id));
  const key = (model: string, id: string, action: string) => `${model} ${id} ${action}`;
  expect(started.map((r) => key(String(r.model), String(r.record_id), String(r.trigger))).sort(), 'one automation run per record change').toEqual(
    // A restore is one entry and starts nothing; a model change's conversions are a change of the
    // table, not of records the automations are told of (docs/automations.md, "Record triggers").
    entries.filter((e) => e.action !== 'restore' && !options.converts).map((e) => key(e.model, e.record_id, e.action)).sort(),
  );
  return { ...res, entries };
}
/** The runs of the automations that watch every model of this test. */
async function watcherRuns(): Promise<{ id: unknown; model: unknown; record_id: unknown; trigger: unknown }[]> {
  return t.app.services.database.db.selectFrom('sys_automation_runs').select(['id', 'model', 'record_id', 'trigger']).where('automation', 'like', 'watch%').execute();
}
async function lastId(): Promise<number> {
  const row = await t.app.services.database.db.selectFrom('sys_record_history').select((eb) => eb.fn.max('id').as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
async function entriesAfter(id: number): Promise<Entry[]> {
  const rows = (await t.app.services.database.db.selectFrom('sys_record_history').selectAll().where('id', '>', id).orderBy('id').execute()) as unknown as HistoryRow[];
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Record<string, unknown> }));
}
/** Every entry of one call: from the route, by the user, one request id. */
function fromOneCall(entries: Entry[], source: string, user: { id: number | null; name: string | null } = { id: 1, name: 'admin' }): void {
  expect(entries.length).toBeGreaterThan(0);
  for (const e of entries) {
    expect(e.source).toBe(source);
    expect([e.user_id === null ? null : Number(e.user_id), e.user_name]).toEqual([user.id, user.name]);
  }
  expect(new Set(entries.map((e) => e.request_id)).size).toBe(1);
  expect(entries[0]?.request_id).toMatch(/^[0-9a-f-]{36}$/);
}
const brief = (entries: Entry[]) => entries.map((e) => [e.model, e.action, e.changes]);

const input = (name: string) => ({ childType: 'Input', width: 3, name, label: name, fieldtype: 'text' });
let tagA = 0;
let tagB = 0;

/** The routes that write, each with its case or why it writes no model record. */
const CASES: Record<string, (() => Promise<void>) | string> = {
  'POST /api/form/:name/add': async () => {
    const { entries } = await call('POST', '/api/form/item/add', { title: 'first', tags: [tagA] });
    fromOneCall(entries, 'POST /api/form/:name/add');
    const id = entries[0]?.record_id;
    expect(brief(entries)).toEqual([
      ['Item', 'insert', { title: [null, 'first'] }],
      ['ItemTag', 'insert', { item: [null, Number(id)], tag: [null, tagA] }],
    ]);
  },
  'POST /api/form/:name/update/:id': async () => {
    const id = await t.app.services.store.insert('Item', { title: 'to change' });
    const { entries } = await call('POST', `/api/form/item/update/${id}`, { title: 'changed', _version: 1 });
    fromOneCall(entries, 'POST /api/form/:name/update/:id');
    expect(brief(entries)).toEqual([['Item', 'update', { title: ['to change', 'changed'] }]]);
  },
  'POST /api/history/:entryId/revert': async () => {
    const id = await t.app.services.store.insert('Item', { title: 'before' });
    const changed = await call('POST', `/api/form/item/update/${id}`, { title: 'after', _version: 1 });
    const entry = changed.entries[0]?.id;
    const { status, entries } = await call('POST', `/api/history/${entry}/revert`, { version: 2, form: 'item' });
    expect(status).toBe(200);
    fromOneCall(entries, 'POST /api/history/:entryId/revert');
    expect(brief(entries)).toEqual([['Item', 'update', { title: ['after', 'before'] }]]);
  },
  'DELETE /api/form/:name/delete/:id': async () => {
    const id = await t.app.services.store.insert('Item', { title: 'to delete' });
    const { entries } = await call('DELETE', `/api/form/item/delete/${id}`);
    fromOneCall(entries, 'DELETE /api/form/:name/delete/:id');
    expect(brief(entries)).toEqual([['Item', 'delete', { title: ['to delete', null] }]]);
  },
  'POST /api/link/:model/:field/:id': async () => {
    const id = Number(await t.app.services.store.insert('Item', { title: 'linked' }));
    const { entries } = await call('POST', `/api/link/Item/tags/${id}`, [{ id: tagB, selected: true }]);
    fromOneCall(entries, 'POST /api/link/:model/:field/:id');
    // The link's rows are recorded under its through model; the record's version moving on is no entry.
    expect(brief(entries)).toEqual([['ItemTag', 'insert', { item: [null, id], tag: [null, tagB] }]]);
  },
  'DELETE /api/grid/:name/clear/': async () => {
    await t.app.services.store.clear('ItemTag');
    await t.app.services.store.insert('Log', { line: 'one' });
    await t.app.services.store.insert('Log', { line: 'two' });
    const { status, entries } = await call('DELETE', '/api/grid/logs/clear/');
    expect(status).toBe(200);
    fromOneCall(entries, 'DELETE /api/grid/:name/clear/');
    expect(brief(entries).sort()).toEqual([
      ['Log', 'delete', { line: ['one', null] }],
      ['Log', 'delete', { line: ['two', null] }],
    ]);
  },
  'POST /api/changeuserpassword': async () => {
    const u = await t.user('pat');
    const { status, entries } = await call('POST', '/api/changeuserpassword', { id: u.id, NewPassword1: 'another long one', NewPassword2: 'another long one' });
    expect(status).toBe(200);
    fromOneCall(entries, 'POST /api/changeuserpassword');
    expect(brief(entries)).toEqual([['User', 'update', { password: 'changed' }]]);
  },
  'POST /api/changemypassword': async () => {
    const u = await t.user('sam');
    const { status, entries } = await call('POST', '/api/changemypassword', { OldPassword: 'sam-password-1', NewPassword1: 'sam-password-2', NewPassword2: 'sam-password-2' }, u.token);
    expect(status).toBe(200);
    fromOneCall(entries, 'POST /api/changemypassword', { id: u.id, name: 'sam' });
    expect(brief(entries)).toEqual([['User', 'update', { password: 'changed' }]]);
  },
  'POST /api/user/change_password': async () => {
    const u = await t.user('lee');
    const token = 'ABCD1234EFGH5678';
    const now = Date.now();
    const hash = createHash('sha256').update(token).digest('hex');
    await t.app.services.database.db.insertInto('sys_password_tokens').values({ token_hash: hash, user_id: String(u.id), created_at: now, expires_at: now + 600_000 }).execute();
    const body = { email: 'lee@example.com', token, NewPassword1: 'lee-password-2', NewPassword2: 'lee-password-2' };
    const res = await call('POST', '/api/user/change_password', body, null);
    const { status, entries } = res;
    expect(status, JSON.stringify(res.body)).toBe(200);
    fromOneCall(entries, 'POST /api/user/change_password', { id: null, name: null });
    expect(brief(entries)).toEqual([['User', 'update', { password: 'changed' }]]);
  },
  'POST /api/setup/finish': async () => {
    // Setup ran before the cases: its first user is the first entry of User.
    const first = (await entriesAfter(0)).find((e) => e.model === 'User');
    expect(first?.source).toBe('POST /api/setup/finish');
    expect(first?.action).toBe('insert');
    expect(first?.changes.password).toBe('changed');
    expect(first?.changes.user).toEqual([null, 'admin']);
  },
  'POST /api/definitions/model/:id/change': async () => {
    await t.app.services.store.insert('Item', { title: 'n1', size: '12' });
    const model = (await t.call<Record<string, unknown> & { fields: { name: string; type: string }[] }>('GET', '/api/definitions/model/Item', { token: admin })).body;
    const fields = model.fields.map((f) => (f.name === 'size' ? { ...f, type: 'number' } : f));
    const { status, body, entries } = await call('POST', '/api/definitions/model/Item/change', { model: { ...model, fields } }, admin, { converts: true });
    expect(status, JSON.stringify(body)).toBe(200);
    fromOneCall(entries, 'POST /api/definitions/model/:id/change');
    expect(brief(entries)).toEqual([['Item', 'update', { size: ['12', 12] }]]);
  },
  'POST /api/backup/restore': async () => {
    const backup = await takeBackup(t, 'backup-password');
    await t.app.services.store.insert('Item', { title: 'after the backup' });
    const since = await lastId();
    const res = await restoreBackup(t, { file: backup.bytes, password: 'backup-password', delete: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = await entriesAfter(since);
    // One entry for the restore: not one per row loaded (bootstrap's own writes after it may follow).
    const restore = entries.filter((e) => e.action === 'restore');
    expect(restore.length).toBe(1);
    expect(restore[0]).toMatchObject({ model: '*', changes: {}, source: 'restore', user_name: 'admin' });
    expect(restore[0]?.record_id).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(entries.filter((e) => e.model === 'Item')).toEqual([]);
  },
  // Definitions have versions of their own (sys_definition_versions), not record history.
  'POST /api/definitions/:kind': 'definitions: kept versions, not record history',
  'PUT /api/definitions/:kind/:id': 'definitions',
  'DELETE /api/definitions/:kind/:id': 'definitions (a model deleted drops its table; its entries stay)',
  'POST /api/definitions/:kind/:id/versions/:version/restore': 'definitions',
  'POST /api/definitions/model/:id/preview': 'writes nothing',
  'POST /api/definitions/model/:id/screens': 'definitions (forms, grids, a menu card)',
  'POST /api/definitions/model/:id/screens/undo': 'definitions',
  'PUT /api/permissions/:kind/:id': 'definitions (their access)',
  'POST /api/app/import': 'definitions only (an app file holds no records)',
  'POST /api/app/export': 'writes nothing',
  'POST /api/grid/:name/views': 'sys_grid_views, a system table',
  'PUT /api/grid/:name/views/:id': 'sys_grid_views',
  'DELETE /api/grid/:name/views/:id': 'sys_grid_views',
  'POST /api/data/:model': 'reads only (a grid preview)',
  'POST /api/settings': 'sys_settings, a system table',
  'POST /api/backup/backup': 'reads only',
  'POST /api/login': 'sys_sessions, sys_signin_attempts',
  'POST /api/log': 'the console log',
  'POST /api/setup/check-code': 'sys_signin_attempts',
  'POST /api/smtp/test': 'writes nothing',
  'POST /api/user/lost_password': 'sys_password_tokens',
  'POST /api/user/validate_token': 'reads only',
  'POST /api/import/:model/files': 'a file in the data folder',
  'POST /api/import/:model/jobs': "sys_import_jobs; the job's thread writes the records later, as source 'import' with the request id import:<job> (tests/api/import.test.ts)",
  'POST /api/import/jobs/:id/cancel': 'sys_import_jobs',
  'POST /api/automations/runs/:id/retry': "sys_automation_runs; the run's record steps write through the forms' routes, recorded there as the automation's (tests/api/automation-runs.test.ts)",
  'POST /api/automations/:name/run': 'sys_automation_runs, as the retry',
  'POST /api/hooks/:name/:token': 'sys_automation_runs, as the retry',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await t.call(method, url, { token: admin, body });
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await ok('POST', '/api/definitions/model', { name: 'Tag', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Item', fields: [{ name: 'title', type: 'text' }, { name: 'size', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'ItemTag', fields: [{ name: 'item', type: 'reference', target: 'Item' }, { name: 'tag', type: 'reference', target: 'Tag' }] });
  const item = (await t.call<Record<string, unknown> & { fields: unknown[] }>('GET', '/api/definitions/model/Item', { token: admin })).body;
  await ok('PUT', '/api/definitions/model/Item', { ...item, fields: [...item.fields, { name: 'tags', type: 'link', target: 'Tag', through: 'ItemTag' }] });
  await ok('POST', '/api/definitions/model', { name: 'Log', fields: [{ name: 'line', type: 'text' }] });
  await ok('POST', '/api/definitions/form', { name: 'item', title: 'Item', model: 'Item', definition: [{ cols: [input('title'), { childType: 'DualList', width: 4, name: 'tags', label: 'Tags', link: 'id', url: '/link/Item/tags' }] }] });
  await ok('POST', '/api/definitions/grid', { name: 'logs', title: 'Logs', model: 'Log', paging: 3, pageSize: 50, definition: [{ name: 'line' }] });
  for (const model of ['Tag', 'Item', 'ItemTag', 'Log', 'User']) {
    await ok('POST', '/api/definitions/automation', { name: `watch${model}`, trigger: { type: 'record', model, on: ['insert', 'update', 'delete'] }, runAs: 'admin', steps: [] });
  }
  tagA = Number(await t.app.services.store.insert('Tag', { name: 'a' }));
  tagB = Number(await t.app.services.store.insert('Tag', { name: 'b' }));
});
afterAll(async () => {
  await t.close();
});

describe('record history, route by route', () => {
  it('places every route that writes', () => {
    const writing = t.app.routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method)).map((r) => `${r.method} ${r.url}`);
    const unplaced = writing.filter((r) => !(r in CASES));
    expect(unplaced, 'each writing route needs a case in CASES').toEqual([]);
    expect(Object.keys(CASES).filter((k) => !writing.includes(k)), 'cases of routes that are gone').toEqual([]);
  });
  for (const [route, run] of Object.entries(CASES)) {
    if (typeof run === 'string') continue;
    it(`${route}: leaves the entries of what it changed`, run);
  }
});

describe('a dual list saved unchanged', () => {
  it('records only the links added or removed: a link kept keeps its row and writes no entry', async () => {
    const id = Number(await t.app.services.store.insert('Item', { title: 'kept links' }));
    await call('POST', `/api/link/Item/tags/${id}`, [{ id: tagA, selected: true }]);
    const rows = async () => (await t.app.services.database.db.selectFrom('t_itemtag').select(['id', 'tag']).where('item', '=', id).orderBy('tag').execute()).map((r) => [Number(r.id), Number(r.tag)]);
    const linked = await rows();
    // The form saved again with the same tags, then once more with one tag added.
    const same = await call('POST', `/api/form/item/update/${id}`, { title: 'kept links', tags: [tagA], _version: 2 });
    expect(same.status).toBe(200);
    expect(same.entries).toEqual([]);
    expect(await rows()).toEqual(linked);
    const more = await call('POST', `/api/link/Item/tags/${id}`, [{ id: tagA, selected: true }, { id: tagB, selected: true }]);
    expect(brief(more.entries)).toEqual([['ItemTag', 'insert', { item: [null, id], tag: [null, tagB] }]]);
    expect((await rows())[0]).toEqual(linked[0]);
  });
});

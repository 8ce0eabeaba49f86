import { describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, useTestApp } from '../support/test-app.js';
import type { HistoryRow } from '../../src/shared/record-history.js';

/**
 * The record history (docs/history.md) as the database writes it: one entry per record and
 * change, only the fields that changed, passwords and kept-out fields as "changed", nothing for a
 * model whose history is off, and nothing of a change that did not happen.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function entries(model: string): Promise<(Omit<HistoryRow, 'changes'> & { changes: unknown })[]> {
  const rows = (await t.app.services.database.db.selectFrom('sys_record_history').selectAll().where('model', '=', model).orderBy('id').execute()) as unknown as HistoryRow[];
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) }));
}

/** A boolean as the column holds it: 0 and 1 on SQLite. */
const stored = (b: boolean) => (TEST_DB === 'sqlite' ? Number(b) : b);
const input = (name: string, fieldtype = 'text') => ({ childType: 'Input', width: 3, name, label: name, fieldtype });

describe('record history', () => {
  it('records a form add, update and delete with the fields that changed, who, from where and one request id each', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Note', fields: [{ name: 'title', type: 'text', unique: true }, { name: 'size', type: 'number' }, { name: 'done', type: 'boolean' }] });
    await ok('POST', '/api/definitions/form', { name: 'note', title: 'Note', model: 'Note', definition: [{ cols: [input('title'), input('size', 'number'), { childType: 'Checkbox', width: 3, name: 'done', label: 'done' }] }] });
    const added = await ok<{ id: number }>('POST', '/api/form/note/add', { title: 'first', size: 3 });
    await ok('POST', `/api/form/note/update/${added.id}`, { title: 'first', size: 4, _version: 1 });
    await ok('DELETE', `/api/form/note/delete/${added.id}`);
    const got = await entries('Note');
    expect(got.map((e) => [e.action, e.record_id, e.changes])).toEqual([
      ['insert', String(added.id), { title: [null, 'first'], size: [null, 3], done: [null, stored(false)] }],
      ['update', String(added.id), { size: [3, 4] }],
      ['delete', String(added.id), { title: ['first', null], size: [4, null], done: [stored(false), null] }],
    ]);
    expect(got.map((e) => e.source)).toEqual(['POST /api/form/:name/add', 'POST /api/form/:name/update/:id', 'DELETE /api/form/:name/delete/:id']);
    for (const e of got) {
      expect(e.user_id).toBe(1);
      expect(e.user_name).toBe('admin');
      expect(e.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(e.address).toBe('127.0.0.1');
    }
    expect(new Set(got.map((e) => e.request_id)).size).toBe(3);
  });
});

describe('record history settings', () => {
  it('keeps the values of excluded fields out, records nothing of a model whose history is off, and refuses an exclude that names no field', async () => {
    const refused = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Bad', fields: [{ name: 'a', type: 'text' }], history: { exclude: ['nope'] } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("the history keeps out 'nope', which is not a field of the model 'Bad'");
    const days = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Bad', fields: [{ name: 'a', type: 'text' }], history: { days: 0 } } });
    expect(days.status).toBe(400);

    await ok('POST', '/api/definitions/model', { name: 'Account', fields: [{ name: 'name', type: 'text' }, { name: 'apiKey', type: 'text' }, { name: 'pin', type: 'password' }], history: { exclude: ['apiKey'] } });
    const { store } = t.app.services;
    const id = await store.insert('Account', { name: 'acme', apiKey: 'SECRET-1', pin: 'hash-1' });
    await store.update('Account', id, { apiKey: 'SECRET-2', pin: 'hash-2' });
    const got = await entries('Account');
    expect(got.map((e) => [e.action, e.changes])).toEqual([
      ['insert', { name: [null, 'acme'], apiKey: 'changed', pin: 'changed' }],
      ['update', { apiKey: 'changed', pin: 'changed' }],
    ]);
    const all = JSON.stringify(await t.app.services.database.db.selectFrom('sys_record_history').selectAll().execute());
    expect(all).not.toContain('SECRET');
    expect(all).not.toContain('hash-');
    // The server's own writes: nobody, from the server.
    expect(got[0]).toMatchObject({ user_id: null, user_name: null, source: 'server', request_id: null });

    // History turned off by a model change: the triggers go, nothing more is recorded.
    const model = await ok<Record<string, unknown>>('GET', '/api/definitions/model/Account');
    await ok('PUT', '/api/definitions/model/Account', { ...model, history: { off: true } });
    await store.update('Account', id, { name: 'acme 2' });
    await store.delete('Account', id);
    expect((await entries('Account')).length).toBe(2);
  });
});

describe('record history in the change transaction', () => {
  it('leaves no entry of a write that failed: a unique value taken, or an update refused after it was written', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Code', fields: [{ name: 'code', type: 'text', unique: true }] });
    await ok('POST', '/api/definitions/form', { name: 'code', title: 'Code', model: 'Code', definition: [{ cols: [input('code')] }] });
    await ok('POST', '/api/form/code/add', { code: 'A' });
    const taken = await t.call('POST', '/api/form/code/add', { token: admin, body: { code: 'A' } });
    expect(taken.status).toBe(409);
    expect((await entries('Code')).length).toBe(1);
    const { store, database } = t.app.services;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await store.update('Code', 1, { code: 'B' }, trx);
        expect((await trx.selectFrom('sys_record_history').select('id').where('model', '=', 'Code').execute()).length).toBe(2);
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    expect((await entries('Code')).map((e) => e.action)).toEqual(['insert']);
  });
});

describe('record history retention', () => {
  it('prunes entries past RECORD_HISTORY_DAYS or the model’s own days, in batches, and keeps the rest', async () => {
    const { database, housekeeping } = t.app.services;
    await ok('POST', '/api/definitions/model', { name: 'Brief', fields: [{ name: 'x', type: 'text' }], history: { days: 7 } });
    const db = database.db;
    await db.deleteFrom('sys_record_history').execute();
    const day = 24 * 3600 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const row = (model: string, daysAgo: number, i: number) => ({ model, record_id: String(i), action: 'update', changes: '{}', at: at(daysAgo) });
    const rows = [
      ...Array.from({ length: 12_000 }, (_, i) => row('Note', 400, i)),
      ...Array.from({ length: 30 }, (_, i) => row('Note', 300, i)),
      ...Array.from({ length: 20 }, (_, i) => row('Brief', 10, i)),
      ...Array.from({ length: 5 }, (_, i) => row('Brief', 3, i)),
    ];
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('sys_record_history').values(rows.slice(i, i + 500)).execute();
    expect((await housekeeping.run()).recordHistory).toBe(12_020);
    const left = await db.selectFrom('sys_record_history').select(['model']).select((eb) => eb.fn.countAll().as('n')).groupBy('model').orderBy('model').execute();
    expect(left.map((r) => [r.model, Number(r.n)])).toEqual([
      ['Brief', 5],
      ['Note', 30],
    ]);
  });
});

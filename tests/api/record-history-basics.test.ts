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

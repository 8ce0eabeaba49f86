import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MAX_VIEWS } from '../../src/server/routes/grid-views.js';
import { restoreBackup, takeBackup } from '../support/backup.js';

/**
 * Saved views of a grid (docs/api.md, "Saved views"): a person's own, seen by nobody else; shared
 * ones an administrator publishes, seen by everyone who may read the grid; each checked against
 * the grid when saved, and changed or removed only by whoever may.
 */
let t: TestApp;
let admin = '';
let ann = '';
let bob = '';

interface View {
  id: string;
  name: string;
  shared: boolean;
  state: Record<string, unknown>;
}
type Views = { shared: View[]; mine: View[] };

const open = { and: [{ field: 'status', op: 'eq', value: 'open' }] };
const views = (token: string) => t.call<Views>('GET', '/api/grid/tasks/views', { token });
const save = (token: string, body: unknown) => t.call<View & { error?: string; details?: { pointer: string }[] }>('POST', '/api/grid/tasks/views', { token, body });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const made = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: admin, body });
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await made('/api/definitions/model', { name: 'Task', title: 'Tasks', fields: [{ name: 'title', type: 'text' }, { name: 'status', type: 'text' }, { name: 'secret', type: 'text' }, { name: 'due', type: 'date' }] });
  await made('/api/form/group/add', { name: 'Team' });
  await made('/api/definitions/grid', {
    name: 'tasks',
    title: 'Tasks',
    model: 'Task',
    access: { groups: ['Team'] },
    definition: [{ name: 'title' }, { name: 'status' }, { name: 'due', type: 'Date' }],
  });
  ann = (await t.user('ann', { groups: ['Team'] })).token;
  bob = (await t.user('bob', { groups: ['Team'] })).token;
});

afterAll(async () => {
  await t?.close();
});

describe('saved views of a grid', () => {
  it("keeps a person's own view for them alone", async () => {
    expect((await views(ann)).body).toEqual({ shared: [], mine: [] });
    const saved = await save(ann, { name: 'Open ones', state: { filter: open, sort: 'due', dir: 'desc', search: 'report' } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Open ones', shared: false, state: { filter: open, sort: 'due', dir: 'desc', search: 'report' } });
    expect((await views(ann)).body.mine.map((v) => v.name)).toEqual(['Open ones']);
    expect((await views(bob)).body).toEqual({ shared: [], mine: [] });
    // The same name twice for one person is refused; another person may use it.
    expect((await save(ann, { name: 'Open ones', state: {} })).status).toBe(409);
    expect((await save(bob, { name: 'Open ones', state: {} })).status).toBe(201);
  });

  it('lets only an administrator share a view, which everyone who may read the grid then sees', async () => {
    const refused = await save(ann, { name: 'For all', shared: true, state: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only administrators may share a view on a grid');
    const shared = await save(admin, { name: 'Due soon', shared: true, state: { sort: 'due' } });
    expect(shared.status).toBe(201);
    for (const token of [ann, bob]) expect((await views(token)).body.shared.map((v) => v.name)).toEqual(['Due soon']);
    // Nobody but an administrator changes or removes it.
    expect((await t.call('DELETE', `/api/grid/tasks/views/${shared.body.id}`, { token: ann })).status).toBe(404);
    expect((await t.call('PUT', `/api/grid/tasks/views/${shared.body.id}`, { token: admin, body: { name: 'Due first', shared: true, state: { sort: 'due' } } })).status).toBe(200);
    expect((await views(bob)).body.shared.map((v) => v.name)).toEqual(['Due first']);
  });

  it('refuses a state the grid cannot show, at its place, and saves nothing', async () => {
    const before = (await views(ann)).body;
    const badSort = await save(ann, { name: 'x', state: { sort: 'secret' } });
    expect(badSort.status).toBe(400);
    expect(badSort.body.details?.[0]?.pointer).toBe('/state/sort');
    const hidden = await save(ann, { name: 'x', state: { filter: { and: [{ field: 'secret', op: 'eq', value: 'a' }] } } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error).toContain("'secret' is not a column this grid shows");
    expect(hidden.body.details?.[0]?.pointer).toBe('/state/filter/and/0/field');
    const badValue = await save(ann, { name: 'x', state: { filter: { and: [{ field: 'due', op: 'eq', value: 'yesterday-ish' }] } } });
    expect(badValue.status).toBe(400);
    expect(badValue.body.details?.[0]?.pointer).toBe('/state/filter/and/0/value');
    expect((await save(ann, { name: '   ', state: {} })).status).toBe(400);
    expect((await save(ann, { name: 'x', state: { colour: 'red' } })).status).toBe(400);
    expect((await views(ann)).body).toEqual(before);
  });

  it("renames and deletes one's own view, and finds no one else's", async () => {
    const mine = (await views(ann)).body.mine[0] as View;
    const renamed = await t.call<View>('PUT', `/api/grid/tasks/views/${mine.id}`, { token: ann, body: { name: 'Still open', state: { filter: open } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: mine.id, name: 'Still open', state: { filter: open } });
    expect((await t.call('PUT', `/api/grid/tasks/views/${mine.id}`, { token: bob, body: { name: 'Mine now', state: {} } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/grid/tasks/views/${mine.id}`, { token: bob })).status).toBe(404);
    expect((await t.call('DELETE', `/api/grid/tasks/views/${mine.id}`, { token: ann })).status).toBe(200);
    expect((await views(ann)).body.mine).toEqual([]);
  });

  it(`keeps at most ${MAX_VIEWS} views a person on a grid`, async () => {
    // Bob keeps one already ('Open ones').
    for (let i = 1; i < MAX_VIEWS; i++) expect((await save(bob, { name: `View ${i}`, state: {} })).status).toBe(201);
    const full = await save(bob, { name: 'One more', state: {} });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(`At most ${MAX_VIEWS} views are kept on a grid for each person: delete one first`);
  });

  it('answers nobody who may not read the grid', async () => {
    const outsider = (await t.user('carl')).token;
    expect((await views(outsider)).status).toBe(403);
    expect((await save(outsider, { name: 'x', state: {} })).status).toBe(403);
    expect((await t.call('GET', '/api/grid/tasks/views')).status).toBe(401);
  });

  it('travel in a backup: a restore brings back a view deleted since', async () => {
    const kept = (await views(admin)).body.shared[0] as View;
    const backup = await takeBackup(t, 'Views-backup-1');
    expect(backup.status).toBe(200);
    expect((await t.call('DELETE', `/api/grid/tasks/views/${kept.id}`, { token: admin })).status).toBe(200);
    expect((await views(admin)).body.shared).toEqual([]);
    const restored = await restoreBackup(t, { file: backup.bytes, password: 'Views-backup-1', delete: 'true' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await views(admin)).body.shared).toEqual([kept]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Link fields in the filter language (docs/filters.md, "Links"): a path may end on a link, and a
 * condition on it holds when one of the linked records is the value (eq), one of the values (in),
 * or when there is any (notEmpty) or none (empty). A record rule says "the tasks of my teams" as
 * `team.members eq CURRENT_USER.id`, and "the documents shared with a group of mine" as
 * `readers in [CURRENT_USER.groups]`.
 */
let t: TestApp;
let admin: string;
const team: Record<string, number> = {};
let ann: { token: string; id: number };
let bob: { token: string; id: number };
let carl: { token: string; id: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
type Page = { rows: { title: string }[]; count: number };
const titles = (page: Page) => page.rows.map((r) => r.title).sort();

async function link(model: string, field: string, id: number, names: string[]): Promise<void> {
  const items = await ok<{ id: number; name: string }[]>('GET', `/api/link/${model}/${field}/${id}`);
  await ok('POST', `/api/link/${model}/${field}/${id}`, items.filter((i) => names.includes(i.name)).map((i) => ({ id: i.id, selected: true })));
}

const grid = (name: string, model: string, rule?: unknown, columns: string[] = ['title']) => ({
  name,
  model,
  title: name,
  paging: 3,
  definition: columns.map((c) => ({ name: c })),
  access: { grants: [{ group: 'Everyone', actions: ['read'], ...(rule ? { rules: { read: rule } } : {}) }] },
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Editors', 'Readers']) await ok('POST', '/api/form/group/add', { name });
  ann = await t.user('ann', { groups: ['Editors'] });
  bob = await t.user('bob');
  carl = await t.user('carl', { groups: ['Readers'] });
  await ok('POST', '/api/definitions/model', { name: 'Team', fields: [{ name: 'title', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'TeamMember', fields: [{ name: 'team', type: 'reference', target: 'Team', required: true }, { name: 'member', type: 'reference', target: 'User', required: true }] });
  const teamModel = await ok<{ fields: unknown[] }>('GET', '/api/definitions/model/Team');
  await ok('PUT', '/api/definitions/model/Team', { ...teamModel, fields: [...teamModel.fields, { name: 'members', type: 'link', target: 'User', through: 'TeamMember' }] });
  await ok('POST', '/api/definitions/model', { name: 'Task', fields: [{ name: 'title', type: 'text' }, { name: 'team', type: 'reference', target: 'Team' }] });
  await ok('POST', '/api/definitions/model', { name: 'Doc', fields: [{ name: 'title', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'DocReader', fields: [{ name: 'doc', type: 'reference', target: 'Doc', required: true }, { name: 'group', type: 'reference', target: 'Group', required: true }] });
  const docModel = await ok<{ fields: unknown[] }>('GET', '/api/definitions/model/Doc');
  await ok('PUT', '/api/definitions/model/Doc', { ...docModel, fields: [...docModel.fields, { name: 'readers', type: 'link', target: 'Group', through: 'DocReader' }] });

  const { store } = t.app.services;
  for (const name of ['Red', 'Blue', 'Empty']) team[name] = Number(await store.insert('Team', { title: name }));
  await link('Team', 'members', team.Red as number, ['ann', 'bob']);
  await link('Team', 'members', team.Blue as number, ['bob']);
  for (const [title, of] of [['paint', 'Red'], ['mop', 'Blue'], ['rest', 'Empty']] as const) await store.insert('Task', { title, team: team[of] });
  await store.insert('Task', { title: 'loose', team: null });
  const doc: Record<string, number> = {};
  for (const title of ['for editors', 'for readers', 'for everyone', 'for nobody']) doc[title] = Number(await store.insert('Doc', { title }));
  await link('Doc', 'readers', doc['for editors'] as number, ['Editors']);
  await link('Doc', 'readers', doc['for readers'] as number, ['Readers', 'Editors']);
  await link('Doc', 'readers', doc['for everyone'] as number, ['Everyone']);

  await ok('POST', '/api/definitions/grid', grid('tasks_mine', 'Task', { and: [{ field: 'team.members', op: 'eq', value: { var: 'CURRENT_USER.id' } }] }));
  await ok('POST', '/api/definitions/grid', grid('teams', 'Team', undefined, ['title', 'members']));
  await ok('POST', '/api/definitions/grid', grid('docs_shared', 'Doc', { and: [{ field: 'readers', op: 'in', value: [{ var: 'CURRENT_USER.groups' }] }] }));
});
afterAll(async () => {
  await t.close();
});

describe('a record rule through a link', () => {
  it("reaches the tasks of the caller's teams, and the count agrees", async () => {
    const page = (token: string) => ok<Page>('GET', '/api/grid/tasks_mine/data/0/50', undefined, token);
    expect(titles(await page(ann.token))).toEqual(['paint']);
    expect(titles(await page(bob.token))).toEqual(['mop', 'paint']);
    expect((await page(bob.token)).count).toBe(2);
    expect(await page(carl.token)).toMatchObject({ rows: [], count: 0 });
  });

  it("reaches the documents shared with a group of the caller's, Everyone included", async () => {
    const page = (token: string) => ok<Page>('GET', '/api/grid/docs_shared/data/0/50', undefined, token);
    expect(titles(await page(ann.token))).toEqual(['for editors', 'for everyone', 'for readers']);
    expect(titles(await page(carl.token))).toEqual(['for everyone', 'for readers']);
    expect(titles(await page(bob.token))).toEqual(['for everyone']);
  });
});

describe('a user filter on a link', () => {
  const filtered = (filter: unknown) => t.call<Page>('GET', `/api/grid/teams/data/0/50?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: ann.token });

  it.each([
    ['includes a user', { and: [{ field: 'members', op: 'eq', value: 3 }] }, ['Blue', 'Red']],
    ['includes one of', { and: [{ field: 'members', op: 'in', value: [2, 999] }] }, ['Red']],
    ['has any', { and: [{ field: 'members', op: 'notEmpty' }] }, ['Blue', 'Red']],
    ['has none', { and: [{ field: 'members', op: 'empty' }] }, ['Empty']],
  ])('%s', async (_what, filter, expected) => {
    // ann is user 2 and bob user 3 (the admin is 1).
    expect([ann.id, bob.id]).toEqual([2, 3]);
    const res = await filtered(filter);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(titles(res.body)).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it('refuses an operator a link does not take, naming those it does', async () => {
    const res = await filtered({ and: [{ field: 'members', op: 'ne', value: 2 }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/ne does not fit a link field \('members'\); it takes eq \(one of the linked records is\), in/);
  });
});

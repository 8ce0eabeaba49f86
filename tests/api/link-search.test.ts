import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { CHOICES_PAGE } from '../../src/server/routes/choices.js';

/**
 * A link's targets searched and paged on the server (docs/api.md, "Link pickers"):
 * GET /api/link/{Model}/{field}/{id}?search=&page= pages the target's records named by its
 * display, marked selected when linked to the record; ?selected=true lists the linked ones; no
 * query answers every target as the dual list always asked. Forms save the picked ids with the
 * record whichever picker (dual list or chips) shows the link.
 */
let t: TestApp;
let admin = '';
type Item = { id: number; name: string; selected: boolean };
type Page = { items: Item[]; more: boolean };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let team = 0;
const people: Record<string, number> = {};
const ask = <T = Page>(query: string, token = admin, id: string | number = team) => t.call<T>('GET', `/api/link/Team/members/${id}${query}`, { token });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Person', title: 'People', display: '{first} {last}', fields: [{ name: 'first', type: 'text' }, { name: 'last', type: 'text' }] });
  const teamFields = [{ name: 'name', type: 'text' }];
  await ok('POST', '/api/definitions/model', { name: 'Team', title: 'Teams', fields: teamFields });
  await ok('POST', '/api/definitions/model', {
    name: 'TeamMember',
    title: 'Team members',
    fields: [
      { name: 'team', type: 'reference', target: 'Team', required: true },
      { name: 'person', type: 'reference', target: 'Person', required: true },
    ],
  });
  const teamModel = await ok('GET', '/api/definitions/model/Team');
  await ok('PUT', '/api/definitions/model/Team', { ...teamModel, fields: [...teamFields, { name: 'members', type: 'link', target: 'Person', through: 'TeamMember', label: 'Members' }] });
  await ok('POST', '/api/definitions/form', {
    name: 'person',
    title: 'Person',
    model: 'Person',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'first' }, { childType: 'Input', width: 6, name: 'last' }] }],
    actions: [],
  });
  for (let i = 0; i < CHOICES_PAGE + 5; i++) {
    const first = `Reader${String(i).padStart(2, '0')}`;
    people[first] = (await ok<{ id: number }>('POST', '/api/form/person/add', { first, last: 'Smith' })).id;
  }
  people.Anna = (await ok<{ id: number }>('POST', '/api/form/person/add', { first: 'Anna', last: 'Rossi' })).id;
  // The chips picker is a DualList column with `picker: "chips"`: the form saves its ids the same way.
  await ok('POST', '/api/definitions/form', {
    name: 'team',
    title: 'Team',
    model: 'Team',
    access: { groups: ['Coaches'] },
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name' }, { childType: 'DualList', width: 6, label: 'Members', link: 'id', url: '/link/Team/members', picker: 'chips' }] }],
    actions: [],
  });
  team = (await ok<{ id: number }>('POST', '/api/form/team/add', { name: 'Blue', members: [people.Reader03, people.Anna] })).id;
  await ok('POST', '/api/form/group/add', { name: 'Coaches' });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/link/{Model}/{field}/{id} searched and paged', () => {
  it('pages the targets by their display, ordered by its first field, each marked selected when linked', async () => {
    const first = await ask('?page=0');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items).toHaveLength(CHOICES_PAGE);
    expect(first.body.items.slice(0, 5)).toEqual([
      { id: people.Anna, name: 'Anna Rossi', selected: true },
      { id: people.Reader00, name: 'Reader00 Smith', selected: false },
      { id: people.Reader01, name: 'Reader01 Smith', selected: false },
      { id: people.Reader02, name: 'Reader02 Smith', selected: false },
      { id: people.Reader03, name: 'Reader03 Smith', selected: true },
    ]);
    expect(first.body.more).toBe(true);
    const second = await ask('?search=&page=1');
    expect(second.body.items.map((i) => i.name)).toEqual(['Reader19 Smith', 'Reader20 Smith', 'Reader21 Smith', 'Reader22 Smith', 'Reader23 Smith', 'Reader24 Smith']);
    expect(second.body.more).toBe(false);
  });

  it('searches the display fields, case aside; a new record has nothing selected', async () => {
    expect((await ask('?search=ROSSI')).body).toEqual({ items: [{ id: people.Anna, name: 'Anna Rossi', selected: true }], more: false });
    expect((await ask('?search=reader1&page=0')).body.items.map((i) => i.name)).toEqual([...Array(10).keys()].map((i) => `Reader1${i} Smith`));
    const fresh = await ask('?search=rossi', admin, 'NEW');
    expect(fresh.body.items).toEqual([{ id: people.Anna, name: 'Anna Rossi', selected: false }]);
    expect((await ask('?search=zzz')).body).toEqual({ items: [], more: false });
  });

  it('lists every linked target with ?selected=true, and none for a new record', async () => {
    expect((await ask('?selected=true')).body).toEqual({
      items: [
        { id: people.Anna, name: 'Anna Rossi', selected: true },
        { id: people.Reader03, name: 'Reader03 Smith', selected: true },
      ],
      more: false,
    });
    expect((await ask('?selected=true', admin, 'NEW')).body).toEqual({ items: [], more: false });
  });

  it('still answers every target as a plain list when asked without a query', async () => {
    const all = await ask<Item[]>('');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(CHOICES_PAGE + 6);
    expect(all.body.filter((i) => i.selected).map((i) => i.name)).toEqual(['Anna Rossi', 'Reader03 Smith']);
  });

  it('refuses bad query values with 400 and names the place', async () => {
    for (const query of ['?page=-1', '?page=x', '?page=1234567', `?search=${'x'.repeat(201)}`, '?selected=yes', '?color=red', '?selected=true&search=a', '?selected=true&page=0']) {
      const res = await ask<{ error: string }>(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).not.toBe('');
    }
    const far = await ask<{ error: string; details: { pointer: string }[] }>('?page=501');
    expect(far.status).toBe(400);
    expect(far.body.details[0]?.pointer).toBe('/page');
    expect((await t.call('GET', '/api/link/Team/name/1?search=a', { token: admin })).status).toBe(400);
  });

  it('answers a user whose group may use a form showing the list, and nobody else', async () => {
    const outsider = await t.user('outsider');
    expect((await ask('?search=anna', outsider.token)).status).toBe(403);
    expect((await ask('?selected=true', outsider.token)).status).toBe(403);
    // The same 403 for a field that does not exist: the answers do not map the schema.
    expect((await t.call('GET', '/api/link/Team/nothing/1?search=a', { token: outsider.token })).status).toBe(403);
    const coach = await t.user('coach', { groups: ['Coaches'] });
    const allowed = await ask('?search=anna', coach.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.items.map((i) => i.name)).toEqual(['Anna Rossi']);
    expect((await t.call('GET', `/api/link/Team/members/${team}?search=a`)).status).toBe(401);
  });

  it("saves a chips picker's ids with the record, as a dual list's", async () => {
    await ok('POST', `/api/form/team/update/${team}`, { name: 'Blue', members: [people.Reader07], _version: (await ok<{ _version: number }>('GET', `/api/form/team/data/${team}`))._version });
    expect((await ask('?selected=true')).body.items.map((i) => i.name)).toEqual(['Reader07 Smith']);
    const version = (await ok<{ _version: number }>('GET', `/api/form/team/data/${team}`))._version;
    const bad = await t.call<{ details: { pointer: string }[] }>('POST', `/api/form/team/update/${team}`, { token: admin, body: { members: [999999], _version: version } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]?.pointer).toBe('/members');
    expect((await ask('?selected=true')).body.items.map((i) => i.name)).toEqual(['Reader07 Smith']);
  });
});

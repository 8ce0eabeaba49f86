import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid's filters in the filter language (docs/filters.md): old-style filters, conditions and
 * groups side by side, through references and with variables, listed in every paging mode and
 * cleared by Clear; a filter that does not fit the model refused at save at its place; a renamed
 * field renamed in the conditions naming it; a cached page that follows a change in a table the
 * filter reaches through a reference.
 */
let t: TestApp;
let admin: string;
let adminId: number;
let ann: { token: string; id: number };
const ids: Record<string, number> = {};

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const grid = (name: string, filters: unknown[], extra: Record<string, unknown> = {}) => ({
  name,
  title: name,
  model: 'Purchase',
  paging: 3,
  definition: [{ name: 'label' }, { name: 'total' }],
  filters,
  access: { groups: ['Staff'] },
  ...extra,
});

async function labels(name: string, query = '', token = admin): Promise<string[]> {
  const page = await ok<{ rows: { label: string }[]; count: number }>('GET', `/api/grid/${name}/data/0/50${query}`, undefined, token);
  expect(page.count).toBe(page.rows.length);
  return page.rows.map((r) => r.label).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
  ann = await t.user('ann', { groups: ['Staff'] });
  adminId = Number((await t.app.services.store.list('User', { fields: ['user'], filters: [{ field: 'user', value: 'admin' }] }))[0]?.id);
  await ok('POST', '/api/definitions/model', { name: 'Buyer', fields: [{ name: 'name', type: 'text' }, { name: 'city', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Purchase',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'due', type: 'date' },
      { name: 'buyer', type: 'reference', target: 'Buyer' },
      { name: 'owner', type: 'reference', target: 'User' },
    ],
  });
  const { store } = t.app.services;
  for (const [name, city] of [['Acme', 'Oslo'], ['Bolt', 'oslo'], ['Cork', null]] as const) ids[name] = Number(await store.insert('Buyer', { name, city }));
  const rows: [string, string | null, number | null, string, string | null, number | null][] = [
    ['p1', 'open', 5, '2024-01-10', 'Acme', adminId],
    ['p2', 'open', 50, '2024-02-10', 'Bolt', ann.id],
    ['p3', 'Open', 500, '2024-03-10', 'Acme', ann.id],
    ['p4', 'closed', 20, '2024-04-10', null, adminId],
    ['p5', null, 30, '2024-05-10', 'Cork', null],
    ['p6', '', null, '2024-06-10', 'Acme', adminId],
  ];
  for (const [label, status, total, due, buyer, owner] of rows) {
    await store.insert('Purchase', { label, status, total, due, buyer: buyer ? ids[buyer] : null, owner });
  }
});
afterAll(async () => {
  await t.close();
});

describe('a grid with filters of the filter language', () => {
  it('lists the rows its old-style filters, conditions and groups (ANDed) all let through, in every paging mode', async () => {
    const filters = [
      { fieldname: 'status', value: 'open' },
      { field: 'total', op: 'gte', value: 10 },
      { or: [{ field: 'buyer.city', op: 'eq', value: 'oslo' }, { field: 'buyer', op: 'empty' }] },
    ];
    await ok('POST', '/api/definitions/grid', grid('open_big', filters));
    expect(await labels('open_big')).toEqual(['p2']);
    await ok('POST', '/api/definitions/grid', grid('searching', [{ field: 'status', op: 'contains', value: 'OPE' }, { field: 'buyer.name', op: 'startsWith', value: 'a' }], { paging: 1 }));
    expect((await ok<{ label: string }[]>('GET', '/api/grid/searching/data')).map((r) => r.label).sort()).toEqual(['p1', 'p3']);
    await ok('POST', '/api/definitions/grid', grid('first', [{ field: 'status', op: 'empty' }], { paging: 2, pageSize: 5 }));
    expect((await ok<{ label: string }[]>('GET', '/api/grid/first/data/5')).map((r) => r.label).sort()).toEqual(['p5', 'p6']);
  });

  it('values CURRENT_USER.id as the caller and RECORD.id as the record named by ?record=', async () => {
    await ok('POST', '/api/definitions/grid', grid('mine', [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }]));
    expect(await labels('mine')).toEqual(['p1', 'p4', 'p6']);
    expect(await labels('mine', '', ann.token)).toEqual(['p2', 'p3']);
    await ok('POST', '/api/definitions/grid', grid('of_buyer', [{ field: 'buyer', op: 'eq', value: { var: 'RECORD.id' } }]));
    expect(await labels('of_buyer', `?record=${ids.Acme}`)).toEqual(['p1', 'p3', 'p6']);
    expect(await labels('of_buyer', `?record=${ids.Bolt}&search=p`)).toEqual(['p2']);
    // Outside a form there is no record: the condition holds for none.
    expect(await labels('of_buyer')).toEqual([]);
  });

  it('follows a change in a table it reaches through a reference, though the grid table did not change', async () => {
    await ok('POST', '/api/definitions/grid', grid('in_oslo', [{ field: 'buyer.city', op: 'eq', value: 'Oslo' }]));
    expect(await labels('in_oslo')).toEqual(['p1', 'p3', 'p6']);
    await t.app.services.store.update('Buyer', ids.Bolt, { city: 'Oslo' });
    expect(await labels('in_oslo')).toEqual(['p1', 'p2', 'p3', 'p6']);
    await t.app.services.store.update('Buyer', ids.Bolt, { city: 'oslo' });
    expect(await labels('in_oslo')).toEqual(['p1', 'p3', 'p6']);
  });

  it('previews a grid being designed with its conditions', async () => {
    const rows = await ok<{ label: string }[]>('POST', '/api/data/Purchase', grid('draft', [{ field: 'due', op: 'between', value: ['2024-02-01', '2024-04-10'] }]));
    expect(rows.map((r) => r.label).sort()).toEqual(['p2', 'p3', 'p4']);
  });
});

describe('a grid whose filters do not fit its model', () => {
  it('is refused at save with 400 at the place of each problem, and nothing is stored', async () => {
    const filters = [{ fieldname: 'status', value: 'open' }, { field: 'total', op: 'gt', value: 1 }, { field: 'total', op: 'gt', value: 'lots' }, { field: 'buyer.town', op: 'empty' }];
    const res = await t.call<{ code: string; error: string; details: unknown[] }>('POST', '/api/definitions/grid', { token: admin, body: grid('bad', filters) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
    expect(res.body.error).toBe("The grid's filters do not fit the model Purchase");
    expect(res.body.details).toEqual([
      { pointer: '/filters/2/value', message: 'must be a number, such as 42 or 9.5 (not in quotes)' },
      { pointer: '/filters/3/field', message: "'town' is not a field of Buyer" },
    ]);
    expect((await t.call('GET', '/api/definitions/grid/bad', { token: admin })).status).toBe(404);
  });

  it('is refused at update too, and the stored grid stays as it was', async () => {
    const stored = await ok<Record<string, unknown>>('GET', '/api/definitions/grid/open_big');
    const res = await t.call<{ details: unknown[] }>('PUT', '/api/definitions/grid/open_big', {
      token: admin,
      body: { ...stored, filters: [{ field: 'due', op: 'lastDays', value: 'a week' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ pointer: '/filters/0/value', message: 'lastDays takes a whole number of days from 1 to 36500 (1 is today)' }]);
    expect(await ok('GET', '/api/definitions/grid/open_big')).toEqual(stored);
  });

  it('is told in the filter checker\'s words when the schema refuses its shape', async () => {
    const res = await t.call<{ details: unknown[] }>('POST', '/api/definitions/grid', {
      token: admin,
      body: grid('deep', [{ or: [{ and: [{ field: 'total', op: 'gt', value: 1 }] }] }, { field: 'total', op: 'gt', value: null }]),
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { pointer: '/filters/0/or/0', message: 'a group cannot hold another group: a filter is a top group whose items are conditions or groups of conditions' },
      { pointer: '/filters/1/value', message: 'must be text, a number, true or false, or a variable such as { "var": "TODAY" }' },
    ]);
  });
});

describe('a model change', () => {
  it('renames a field in the conditions and groups naming it, paths included', async () => {
    await ok('POST', '/api/definitions/grid', grid('renamed', [{ field: 'buyer.city', op: 'eq', value: 'Oslo' }, { or: [{ field: 'buyer', op: 'notEmpty' }] }]));
    const m = await ok<{ fields: { name: string }[] } & Record<string, unknown>>('GET', '/api/definitions/model/Purchase');
    const fields = m.fields.map((f) => (f.name === 'buyer' ? { ...f, name: 'customer' } : f));
    const res = await t.call<{ updated: { kind: string; name: string }[] }>('POST', '/api/definitions/model/Purchase/change', {
      token: admin,
      body: { model: { ...m, fields }, renames: { buyer: 'customer' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toContainEqual({ kind: 'grid', name: 'renamed' });
    const saved = await ok<{ filters: unknown[] }>('GET', '/api/definitions/grid/renamed');
    expect(saved.filters).toEqual([{ field: 'customer.city', op: 'eq', value: 'Oslo' }, { or: [{ field: 'customer', op: 'notEmpty' }] }]);
    expect(await labels('renamed')).toEqual(['p1', 'p3', 'p6']);
  });
});

describe('Clear on a grid with conditions', () => {
  it('deletes only the rows the grid shows', async () => {
    await ok('PUT', '/api/definitions/grid/mine', { ...(await ok('GET', '/api/definitions/grid/mine')), hideClear: false });
    await ok('DELETE', '/api/grid/mine/clear/');
    const left = await t.app.services.store.list('Purchase', { fields: ['label'] });
    expect(left.map((r) => r.label).sort()).toEqual(['p2', 'p3', 'p5']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The filter a user builds on a grid's screen (docs/filters.md, "Filter builder"): `?filter=` on
 * the grid's data routes, ANDed with the grid's own filters in every paging mode, checked against
 * the columns the grid shows before any SQL, and refused with 400 at its place when it does not fit.
 */
let t: TestApp;
let admin: string;
let ann: { token: string; id: number };
const ids: Record<string, number> = {};

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const grid = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  title: name,
  model: 'Order',
  paging: 3,
  definition: [{ name: 'label' }, { name: 'total' }, { name: 'due' }, { name: 'paid' }, { name: 'buyer' }, { name: 'owner' }, { name: 'note', hide: true }],
  access: { groups: ['Staff'] },
  ...extra,
});

const q = (filter: unknown) => `filter=${encodeURIComponent(typeof filter === 'string' ? filter : JSON.stringify(filter))}`;

async function labels(url: string, token = admin): Promise<string[]> {
  const body = await ok<{ rows: { label: string }[] } | { label: string }[]>('GET', url, undefined, token);
  return (Array.isArray(body) ? body : body.rows).map((r) => r.label).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
  ann = await t.user('ann', { groups: ['Staff'] });
  await ok('POST', '/api/definitions/model', { name: 'Buyer', fields: [{ name: 'name', type: 'text' }, { name: 'city', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Order',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'due', type: 'date' },
      { name: 'paid', type: 'boolean' },
      { name: 'note', type: 'text' },
      { name: 'buyer', type: 'reference', target: 'Buyer' },
      { name: 'owner', type: 'reference', target: 'User' },
    ],
  });
  const { store } = t.app.services;
  for (const [name, city] of [['Acme', 'Oslo'], ['Bolt', 'Bergen']] as const) ids[name] = Number(await store.insert('Buyer', { name, city }));
  const rows: [string, number, string, boolean, string, string][] = [
    ['o1', 5, '2024-01-10', true, 'secret-a', 'Acme'],
    ['o2', 50, '2024-02-10', false, 'secret-b', 'Bolt'],
    ['o3', 500, '2024-03-10', true, 'secret-c', 'Acme'],
    ['o4', 20, '2024-04-10', false, 'secret-d', 'Bolt'],
  ];
  for (const [label, total, due, paid, note, buyer] of rows) await store.insert('Order', { label, total, due, paid, note, buyer: ids[buyer], owner: ann.id });
  await ok('POST', '/api/definitions/grid', grid('orders'));
  await ok('POST', '/api/definitions/grid', grid('orders_all', { paging: 1 }));
  await ok('POST', '/api/definitions/grid', grid('orders_first', { paging: 2, pageSize: 10 }));
  await ok('POST', '/api/definitions/grid', grid('orders_big', { filters: [{ field: 'total', op: 'gte', value: 20 }] }));
  // Staff read the buyers too: a path into Buyer follows Buyer's grants (tests/api/reference-path-grants.test.ts).
  await ok('POST', '/api/definitions/grid', { name: 'buyers', title: 'Buyers', model: 'Buyer', definition: [{ name: 'name' }, { name: 'city' }], access: { groups: ['Staff'] } });
});
afterAll(async () => {
  await t.close();
});

describe("a user's filter on a grid's data", () => {
  const filter = { and: [{ field: 'paid', op: 'eq', value: true }, { or: [{ field: 'buyer.city', op: 'eq', value: 'Oslo' }, { field: 'total', op: 'gt', value: 100 }] }] };

  it('narrows the rows in every paging mode, with the search and sort', async () => {
    expect(await labels(`/api/grid/orders/data/0/50?${q(filter)}`)).toEqual(['o1', 'o3']);
    expect(await labels(`/api/grid/orders_all/data?${q(filter)}`)).toEqual(['o1', 'o3']);
    expect(await labels(`/api/grid/orders_first/data/10?${q(filter)}`)).toEqual(['o1', 'o3']);
    const page = await ok<{ rows: { label: string }[]; count: number }>('GET', `/api/grid/orders/data/0/1?${q(filter)}&sort=total&dir=desc`);
    expect(page).toMatchObject({ count: 2, rows: [{ label: 'o3' }] });
    expect(await labels(`/api/grid/orders/data/0/50?${q(filter)}&search=o3`)).toEqual(['o3']);
  });

  it("is ANDed with the grid's own filters, and an OR at its top stays inside it", async () => {
    const any = { or: [{ field: 'total', op: 'lt', value: 10 }, { and: [{ field: 'paid', op: 'eq', value: false }, { field: 'due', op: 'gte', value: '2024-03-01' }] }] };
    expect(await labels(`/api/grid/orders/data/0/50?${q(any)}`)).toEqual(['o1', 'o4']);
    // The grid keeps only totals of 20 and more: o1 (5) stays out whatever the user asks.
    expect(await labels(`/api/grid/orders_big/data/0/50?${q(any)}`)).toEqual(['o4']);
  });

  it('takes dates, between, in, lastDays and empty as the language does, and an empty value as no filter', async () => {
    expect(await labels(`/api/grid/orders/data/0/50?${q({ and: [{ field: 'due', op: 'between', value: ['2024-02-01', '2024-03-31'] }] })}`)).toEqual(['o2', 'o3']);
    expect(await labels(`/api/grid/orders/data/0/50?${q({ and: [{ field: 'buyer', op: 'in', value: [ids.Bolt] }] })}`)).toEqual(['o2', 'o4']);
    expect(await labels(`/api/grid/orders/data/0/50?${q({ and: [{ field: 'due', op: 'lastDays', value: 7 }] })}`)).toEqual([]);
    expect(await labels(`/api/grid/orders/data/0/50?${q({ and: [{ field: 'label', op: 'notEmpty' }] })}`)).toHaveLength(4);
    expect(await labels('/api/grid/orders/data/0/50?filter=')).toHaveLength(4);
  });

  it('answers a Staff member as it answers an admin', async () => {
    expect(await labels(`/api/grid/orders/data/0/50?${q(filter)}`, ann.token)).toEqual(['o1', 'o3']);
  });
});

describe("a user's filter that does not fit", () => {
  async function refusal(filter: unknown, token = admin, url = '/api/grid/orders/data/0/50') {
    const res = await t.call<{ code: string; error: string; details: { pointer: string; message: string }[] }>('GET', `${url}?${q(filter)}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
    return res.body;
  }

  it('is refused when it names a field the grid does not show, hidden or not in the model, naming the field', async () => {
    const hidden = await refusal({ and: [{ field: 'note', op: 'startsWith', value: 'secret-a' }] });
    expect(hidden.details).toEqual([{ pointer: '/filter/and/0/field', message: "'note' is not a column this grid shows: a filter may ask only about its columns" }]);
    expect(hidden.error).toContain("'note'");
    const unknown = await refusal({ or: [{ field: 'label', op: 'eq', value: 'o1' }, { field: 'nope.city', op: 'eq', value: 'x' }] });
    expect(unknown.details).toEqual([{ pointer: '/filter/or/1/field', message: "'nope' is not a column this grid shows: a filter may ask only about its columns" }]);
  });

  it('is refused at its place for a value of the wrong type, an unknown operator, an operator that does not fit', async () => {
    expect((await refusal({ and: [{ field: 'due', op: 'eq', value: 'yesterday-ish' }] })).details[0]?.pointer).toBe('/filter/and/0/value');
    expect((await refusal({ and: [{ field: 'total', op: 'eq', value: '5' }] })).details[0]?.pointer).toBe('/filter/and/0/value');
    const op = await refusal({ and: [{ field: 'total', op: 'around', value: 5 }] });
    expect(op.details[0]).toMatchObject({ pointer: '/filter/and/0/op' });
    expect((await refusal({ and: [{ field: 'total', op: 'contains', value: '5' }] })).details[0]?.pointer).toBe('/filter/and/0/op');
    expect((await refusal({ and: [{ or: [{ and: [] }] }] })).details[0]?.pointer).toBe('/filter/and/0/or/0');
  });

  it('is refused when it is not JSON, not a group, or longer than the bound', async () => {
    expect((await refusal('{"and":[')).details).toEqual([{ pointer: '/filter', message: expect.stringContaining('is not JSON') }]);
    expect((await refusal('[1,2]')).details[0]?.pointer).toBe('/filter');
    expect((await refusal({ and: [{ field: 'label', op: 'eq', value: 'x'.repeat(9000) }] })).details[0]).toBeDefined();
  });

  it('refuses a path into a system model to anyone but an administrator', async () => {
    const through = { and: [{ field: 'owner.user', op: 'eq', value: 'ann' }] };
    const staff = await refusal(through, ann.token);
    expect(staff.details[0]?.message).toContain('system model');
    expect(await labels(`/api/grid/orders/data/0/50?${q(through)}`)).toHaveLength(4);
  });

  it('is refused in modes 1 and 2 as in mode 3', async () => {
    await refusal({ and: [{ field: 'note', op: 'notEmpty' }] }, admin, '/api/grid/orders_all/data');
    await refusal({ and: [{ field: 'note', op: 'notEmpty' }] }, admin, '/api/grid/orders_first/data/10');
  });
});

describe("the grid's definition answer", () => {
  it('tells the model type of each visible column, and the ids a reference takes', async () => {
    const def = await ok<{ fields: Record<string, string>; targets: Record<string, unknown> }>('GET', '/api/grid/orders/definition', undefined, ann.token);
    expect(def.fields).toEqual({ label: 'text', total: 'number', due: 'date', paid: 'boolean', buyer: 'reference', owner: 'reference' });
    expect(def.targets).toEqual({ buyer: { model: 'Buyer', idtype: 'integer' }, owner: { model: 'User', idtype: 'integer' } });
  });
});

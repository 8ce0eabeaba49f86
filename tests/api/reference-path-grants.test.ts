import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A user's filter through a reference follows the target model's grants, not the grid's
 * (docs/security.md, "Grants"): a seller who reads every order but only their region's customers
 * (and every customer's email hidden) may not filter orders by `customer.email`, which would
 * answer whether a guessed address is right, nor look into a model no definition lets them read;
 * a path reaches only the customers (and regions) they may read, while an administrator's reaches
 * every record. The builder's paths offer what the data routes take, and a saved view is checked
 * as they check it.
 */
let t: TestApp;
let admin: string;
let seller: string;
const region: Record<string, number> = {};

type OrderRow = { id: number; title: string };
type Page = { rows: OrderRow[]; count: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const where = (field: string, op: string, value?: unknown) => ({ and: [{ field, op, ...(value === undefined ? {} : { value }) }] });
const query = (filter: unknown) => `?sort=title&filter=${encodeURIComponent(JSON.stringify(filter))}`;
const page = (token: string, filter: unknown) => t.call<Page>('GET', `/api/grid/orders/data/0/50${query(filter)}`, { token });
/** The titles of the orders a filter finds, checking that the page's count agrees with its rows. */
async function titles(token: string, filter: unknown): Promise<string[]> {
  const res = await page(token, filter);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.count).toBe(res.body.rows.length);
  // Every record at once (paging mode 1) finds the same.
  const all = await t.call<OrderRow[]>('GET', `/api/grid/allorders/data${query(filter)}`, { token });
  expect(all.body.map((r) => r.title)).toEqual(res.body.rows.map((r) => r.title));
  return res.body.rows.map((r) => r.title);
}

/** Sellers read their region's customers, and the customer Dan wherever he is. */
const customerRule = { or: [{ field: 'region', op: 'eq', value: { var: 'CURRENT_USER.region' } }, { field: 'name', op: 'eq', value: 'Dan' }] };
const ordersGrid = (name: string, paging: number) => ({
  name,
  title: name,
  model: 'Order',
  paging,
  pageSize: 50,
  definition: [{ name: 'title' }, { name: 'customer' }],
  access: { grants: [{ group: 'Sales', actions: ['read'] }] },
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Sales' });
  await ok('POST', '/api/definitions/model', { name: 'Region', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Customer',
    fields: [{ name: 'name', type: 'text' }, { name: 'email', type: 'text' }, { name: 'region', type: 'reference', target: 'Region' }],
  });
  await ok('POST', '/api/definitions/model', { name: 'Order', fields: [{ name: 'title', type: 'text' }, { name: 'customer', type: 'reference', target: 'Customer' }] });
  const { store } = t.app.services;
  // As in grants.test.ts: the deployment's User model has a `region`, added in this process.
  const user = store.get('User');
  await store.sync([{ ...user, fields: [...user.fields, { name: 'region', type: 'reference', target: 'Region' }] }]);
  for (const name of ['North', 'South', 'East']) region[name] = Number(await store.insert('Region', { name }));
  const customer: Record<string, number> = {};
  for (const [name, r] of [['Ann', 'North'], ['Bob', 'South'], ['Cat', 'North'], ['Dan', 'East']] as const) {
    customer[name] = Number(await store.insert('Customer', { name, email: `${name.toLowerCase()}@example.com`, region: region[r] }));
  }
  for (const [title, c] of [['O1', 'Ann'], ['O2', 'Bob'], ['O3', 'Cat'], ['O4', null], ['O5', 'Dan']] as const) {
    await store.insert('Order', { title, customer: c === null ? null : customer[c] });
  }
  const s = await t.user('seller', { groups: ['Sales'] });
  await store.update('User', s.id, { region: region.North });
  seller = s.token;

  await ok('POST', '/api/definitions/grid', ordersGrid('orders', 3));
  await ok('POST', '/api/definitions/grid', ordersGrid('allorders', 1));
  // The one definition over Customer: its rule, and every customer's email hidden from sellers.
  await ok('POST', '/api/definitions/grid', {
    name: 'customers',
    title: 'Customers',
    model: 'Customer',
    definition: [{ name: 'name' }, { name: 'email' }, { name: 'region' }],
    access: { grants: [{ group: 'Sales', actions: ['read'], rules: { read: customerRule }, fields: { email: 'hidden' } }] },
  });
});
afterAll(async () => {
  await t.close();
});

describe("a user's filter through a reference follows the target's grants", () => {
  it('refuses a field of the target hidden from the caller as one the target has not', async () => {
    const hidden = await page(seller, where('customer.email', 'startsWith', 'a'));
    expect(hidden.status).toBe(400);
    const unknown = await page(seller, where('customer.nosuch', 'startsWith', 'a'));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(hidden.body)).toContain("'email' is not a field of Customer");
    // The same answer as a field Customer has not: nothing tells that it exists.
    expect(JSON.stringify(hidden.body).replaceAll('email', 'nosuch')).toBe(JSON.stringify(unknown.body));
    // Inside a group, and however the condition asks (empty says whether it is set).
    expect((await page(seller, { and: [{ or: [{ field: 'title', op: 'eq', value: 'O1' }, { field: 'customer.email', op: 'empty' }] }] })).status).toBe(400);
    // An administrator filters by it.
    expect(await titles(admin, where('customer.email', 'startsWith', 'a'))).toEqual(['O1']);
  });

  it('reaches only the customers the caller may read; an administrator every one', async () => {
    // Bob (South) is outside the seller's reach: his order is not found by his name...
    expect(await titles(seller, where('customer.name', 'startsWith', 'b'))).toEqual([]);
    expect(await titles(admin, where('customer.name', 'startsWith', 'b'))).toEqual(['O2']);
    // ...nor by a test every customer passes, nor by his region.
    expect(await titles(seller, where('customer.name', 'ne', 'Nobody'))).toEqual(['O1', 'O3', 'O5']);
    expect(await titles(admin, where('customer.name', 'ne', 'Nobody'))).toEqual(['O1', 'O2', 'O3', 'O5']);
    expect(await titles(seller, where('customer.region', 'eq', region.South))).toEqual([]);
    expect(await titles(admin, where('customer.region', 'eq', region.South))).toEqual(['O2']);
    // The order's own reference is the order's: filtering by it is not a path into Customer.
    expect(await titles(seller, where('customer', 'notEmpty'))).toEqual(['O1', 'O2', 'O3', 'O5']);
  });

  it('refuses a path into a model the caller may not read at all, until a definition lets them', async () => {
    const res = await page(seller, where('customer.region.name', 'eq', 'North'));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('whose records you may not read');
    expect(await titles(admin, where('customer.region.name', 'eq', 'North'))).toEqual(['O1', 'O3']);

    // Sellers now read the North region only: both hops reach only what the seller may read.
    await ok('POST', '/api/definitions/grid', {
      name: 'regions',
      title: 'Regions',
      model: 'Region',
      definition: [{ name: 'name' }],
      access: { grants: [{ group: 'Sales', actions: ['read'], rules: { read: where('name', 'eq', 'North') } }] },
    });
    // Dan is readable, his region (East) is not; Bob's region is, Bob is not.
    expect(await titles(seller, where('customer.region.name', 'notEmpty'))).toEqual(['O1', 'O3']);
    expect(await titles(admin, where('customer.region.name', 'notEmpty'))).toEqual(['O1', 'O2', 'O3', 'O5']);
    expect(await titles(seller, where('customer.region.name', 'eq', 'East'))).toEqual([]);
    await ok('DELETE', '/api/definitions/grid/regions');
    expect((await page(seller, where('customer.region.name', 'eq', 'North'))).status).toBe(400);
  });

  it("offers in the builder's paths only what the caller may filter by", async () => {
    // The audit fields (_created_at...) are left aside: no grant here hides them.
    const paths = async (token: string) => Object.keys((await ok<{ paths: Record<string, unknown> }>('GET', '/api/grid/orders/definition', undefined, token)).paths).filter((p) => !p.startsWith('customer._')).sort();
    expect(await paths(seller)).toEqual(['customer.name', 'customer.region']);
    expect(await paths(admin)).toEqual(['customer.email', 'customer.name', 'customer.region']);
  });

  it('refuses a saved view filtering by a hidden field of the target, as the data routes do', async () => {
    const view = (filter: unknown) => ({ name: 'by email', state: { filter } });
    const res = await t.call('POST', '/api/grid/orders/views', { token: seller, body: view(where('customer.email', 'eq', 'ann@example.com')) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("'email' is not a field of Customer");
    expect((await t.call('POST', '/api/grid/orders/views', { token: seller, body: view(where('customer.name', 'eq', 'Ann')) })).status).toBe(201);
    expect((await t.call('POST', '/api/grid/orders/views', { token: admin, body: view(where('customer.email', 'eq', 'ann@example.com')) })).status).toBe(201);
  });
});

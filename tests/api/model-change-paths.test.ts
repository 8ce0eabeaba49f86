import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A model change followed through paths (docs/filters.md, "In a grid"; docs/api.md, "Changing a
 * model that holds data"): renaming a field of Customer renames it in the grids of other models
 * that show it (`shows`) or filter by it through a reference, one hop or two, and in the saved
 * views of those grids, each grid saved as a new version; the grids' data still names the
 * customers and still filters by them. Deleting a field a grid of another model walks through is
 * named in the preview and refused; one only a saved view names is dropped from the view.
 */
let t: TestApp;
let admin = '';

type Use = { kind: string; name: string; places: string[] };
type Plan = {
  renamed: { from: string; to: string; uses: Use[]; views?: number }[];
  deleted: { field: string; uses: Use[]; views?: number }[];
  problems: { status: number; pointer: string; message: string }[];
};
type Model = { fields: { name: string; type: string }[]; version: number } & Record<string, unknown>;
type Grid = { definition: { name: string; shows?: string }[]; filters: unknown[]; version: number };
type View = { id: string; name: string; state: Record<string, unknown> };
type Page = { rows: { label?: string; qty?: number; customer?: number; order?: number; _labels: Record<string, string> }[]; count: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const model = (name: string) => ok<Model>('GET', `/api/definitions/model/${name}`);
const grid = (name: string) => ok<Grid>('GET', `/api/definitions/grid/${name}`);
const page = (name: string, query = '') => ok<Page>('GET', `/api/grid/${name}/data/0/50${query}`);
const views = async () => (await ok<{ mine: View[] }>('GET', '/api/grid/orders/views')).mine;

/** Customer with `from` renamed to `to`, as the model designer sends it. */
async function renamed(from: string, to: string): Promise<{ model: Model; renames: Record<string, string> }> {
  const m = await model('Customer');
  return { model: { ...m, fields: m.fields.map((f) => (f.name === from ? { ...f, name: to } : f)) }, renames: { [from]: to } };
}

/** Customer without `field`. */
async function without(field: string): Promise<{ model: Model }> {
  const m = await model('Customer');
  return { model: { ...m, fields: m.fields.filter((f) => f.name !== field) } };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Region', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Customer',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'city', type: 'text' },
      { name: 'phone', type: 'text' },
      { name: 'vip', type: 'boolean' },
      { name: 'region', type: 'reference', target: 'Region' },
    ],
  });
  await ok('POST', '/api/definitions/model', {
    name: 'Order',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'customer', type: 'reference', target: 'Customer' },
    ],
  });
  await ok('POST', '/api/definitions/model', { name: 'Line', fields: [{ name: 'qty', type: 'number' }, { name: 'order', type: 'reference', target: 'Order' }] });
  const { store } = t.app.services;
  const north = await store.insert('Region', { name: 'North' });
  const customers: Record<string, unknown> = {};
  for (const [name, city, phone] of [['Acme', 'Oslo', '555'], ['Bolt', 'Rome', null], ['Apex', 'Oslo', null]] as const) {
    customers[name] = await store.insert('Customer', { name, city, phone, region: north });
  }
  const orders: Record<string, unknown> = {};
  for (const [label, total, customer] of [['o1', 10, 'Acme'], ['o2', 20, 'Bolt'], ['o3', 30, 'Apex'], ['o4', 40, null]] as const) {
    orders[label] = await store.insert('Order', { label, total, customer: customer ? customers[customer] : null });
  }
  for (const [qty, order] of [[1, 'o1'], [2, 'o2'], [3, 'o3']] as const) await store.insert('Line', { qty, order: orders[order] });
  // The Order grid shows each customer's name and lists only customers whose name starts with A.
  await ok('POST', '/api/definitions/grid', {
    name: 'orders',
    title: 'Orders',
    model: 'Order',
    paging: 3,
    definition: [{ name: 'label' }, { name: 'total', type: 'Number' }, { name: 'customer', type: 'Reference', shows: 'name' }],
    filters: [{ field: 'customer.name', op: 'startsWith', value: 'A' }],
    sorts: [{ fieldname: 'label', sorttype: 'ASC' }],
  });
  // Two hops: a Line grid shows its order's customer's name and filters by it in a group.
  await ok('POST', '/api/definitions/grid', {
    name: 'lines',
    title: 'Lines',
    model: 'Line',
    paging: 3,
    definition: [{ name: 'qty', type: 'Number' }, { name: 'order', type: 'Reference', shows: 'customer.name' }],
    filters: [{ or: [{ field: 'order.customer.name', op: 'eq', value: 'Bolt' }, { field: 'order.customer.name', op: 'eq', value: 'Apex' }] }],
  });
  await ok('POST', '/api/grid/orders/views', {
    name: 'Acme by label',
    state: { sort: 'label', dir: 'desc', filter: { and: [{ field: 'customer.name', op: 'eq', value: 'Acme' }, { field: 'total', op: 'gt', value: 1 }] } },
  });
  await ok('POST', '/api/grid/orders/views', {
    name: 'With a phone',
    state: { filter: { and: [{ field: 'customer.phone', op: 'notEmpty' }, { field: 'total', op: 'lt', value: 100 }] } },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('renaming a field that grids of other models walk through', () => {
  it('is previewed with the grids and saved views that follow it', async () => {
    const res = await t.call<Plan>('POST', '/api/definitions/model/Customer/preview', { token: admin, body: await renamed('name', 'full_name') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.problems).toEqual([]);
    expect(res.body.renamed).toEqual([
      {
        from: 'name',
        to: 'full_name',
        uses: [
          { kind: 'grid', name: 'lines', places: ['column 2 (shows)', 'filter 1, condition 1', 'filter 1, condition 2'] },
          { kind: 'grid', name: 'orders', places: ['column 3 (shows)', 'filter 1'] },
        ],
        views: 1,
      },
    ]);
    // The preview writes nothing.
    expect((await grid('orders')).definition[2]?.shows).toBe('name');
  });

  it("renames it in the grids' shows and filters and in the saved views, each grid as a new version, and the data still follows", async () => {
    const before = await grid('orders');
    const res = await t.call<{ updated: { kind: string; name: string }[] }>('POST', '/api/definitions/model/Customer/change', { token: admin, body: await renamed('name', 'full_name') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toEqual(expect.arrayContaining([{ kind: 'grid', name: 'orders' }, { kind: 'grid', name: 'lines' }]));

    const orders = await grid('orders');
    expect(orders.definition[2]).toEqual({ name: 'customer', type: 'Reference', shows: 'full_name' });
    expect(orders.filters).toEqual([{ field: 'customer.full_name', op: 'startsWith', value: 'A' }]);
    expect(orders.version).toBe(before.version + 1);
    const versions = await ok<{ version: number; current: boolean }[]>('GET', '/api/definitions/grid/orders/versions');
    expect(versions.map((v) => v.version)).toEqual([before.version + 1, before.version]);
    const kept = await ok<{ document: Grid }>('GET', `/api/definitions/grid/orders/versions/${before.version}`);
    expect(kept.document.filters).toEqual([{ field: 'customer.name', op: 'startsWith', value: 'A' }]);

    const lines = await grid('lines');
    expect(lines.definition[1]?.shows).toBe('customer.full_name');
    expect(lines.filters).toEqual([{ or: [{ field: 'order.customer.full_name', op: 'eq', value: 'Bolt' }, { field: 'order.customer.full_name', op: 'eq', value: 'Apex' }] }]);

    // The grids' data: the names shown, the filters applied.
    const orderPage = await page('orders');
    expect(orderPage.rows.map((r) => `${r.label}:${r._labels.customer ?? '-'}`)).toEqual(['o1:Acme', 'o3:Apex']);
    const linePage = await page('lines');
    expect(linePage.rows.map((r) => `${r.qty}:${r._labels.order ?? '-'}`).sort()).toEqual(['2:Bolt', '3:Apex']);

    // The saved view follows, and its filter still runs as the grid's user filter.
    const view = (await views()).find((v) => v.name === 'Acme by label');
    expect(view?.state).toEqual({ sort: 'label', dir: 'desc', filter: { and: [{ field: 'customer.full_name', op: 'eq', value: 'Acme' }, { field: 'total', op: 'gt', value: 1 }] } });
    const viewed = await page('orders', `?filter=${encodeURIComponent(JSON.stringify(view?.state.filter))}`);
    expect(viewed.rows.map((r) => r.label)).toEqual(['o1']);
  });

  it("renames a field of the grid's own model in its saved views' sort and filter", async () => {
    const m = await model('Order');
    const body = { model: { ...m, fields: m.fields.map((f) => (f.name === 'label' ? { ...f, name: 'title' } : f)) }, renames: { label: 'title' } };
    const preview = await ok<Plan>('POST', '/api/definitions/model/Order/preview', body);
    expect(preview.renamed[0]?.views).toBe(1);
    await ok('POST', '/api/definitions/model/Order/change', body);
    expect((await views()).find((v) => v.name === 'Acme by label')?.state.sort).toBe('title');
    expect((await grid('orders')).definition[0]).toEqual({ name: 'title' });
    expect((await page('orders', '?sort=title&dir=desc')).rows.map((r) => r._labels.customer)).toEqual(['Apex', 'Acme']);
  });
});

describe('deleting a field', () => {
  it('that a grid of another model shows is named in the preview, and the change is refused', async () => {
    await ok('PUT', '/api/definitions/grid/lines', { ...(await grid('lines')), filters: [], definition: [{ name: 'qty', type: 'Number' }, { name: 'order', type: 'Reference', shows: 'customer.city' }] });
    const preview = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await without('city'));
    expect(preview.deleted).toEqual([expect.objectContaining({ field: 'city', uses: [{ kind: 'grid', name: 'lines', places: ['column 2 (shows)'] }] })]);
    expect(preview.problems).toEqual([{ status: 409, pointer: '/model/fields', message: "the field 'city' is still used by grid 'lines'" }]);
    const res = await t.call<{ code: string }>('POST', '/api/definitions/model/Customer/change', { token: admin, body: await without('city') });
    expect(res.status).toBe(409);
    expect((await model('Customer')).fields.map((f) => f.name)).toContain('city');
    expect((await page('lines')).rows.map((r) => r._labels.order).sort()).toEqual(['Oslo', 'Oslo', 'Rome']);
  });

  it('that a grid of another model filters by is named in the preview, and the change is refused', async () => {
    await ok('PUT', '/api/definitions/grid/orders', { ...(await grid('orders')), filters: [{ and: [{ field: 'customer.vip', op: 'eq', value: false }] }] });
    const preview = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await without('vip'));
    expect(preview.deleted[0]?.uses).toEqual([{ kind: 'grid', name: 'orders', places: ['filter 1, condition 1'] }]);
    expect(preview.problems[0]?.message).toBe("the field 'vip' is still used by grid 'orders'");
    expect((await t.call('POST', '/api/definitions/model/Customer/change', { token: admin, body: await without('vip') })).status).toBe(409);
  });

  it('that only a saved view filters by is dropped from the view, which keeps the rest', async () => {
    const preview = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await without('phone'));
    expect(preview.deleted).toEqual([expect.objectContaining({ field: 'phone', uses: [], views: 1 })]);
    expect(preview.problems).toEqual([]);
    await ok('POST', '/api/definitions/model/Customer/change', await without('phone'));
    const view = (await views()).find((v) => v.name === 'With a phone');
    expect(view?.state).toEqual({ filter: { and: [{ field: 'total', op: 'lt', value: 100 }] } });
    // The view's filter still runs on the grid (its own filter cleared): every order is under 100.
    await ok('PUT', '/api/definitions/grid/orders', { ...(await grid('orders')), filters: [] });
    const viewed = await page('orders', `?filter=${encodeURIComponent(JSON.stringify(view?.state.filter))}`);
    expect(viewed.rows.map((r) => r._labels.customer ?? '-')).toEqual(['Acme', 'Bolt', 'Apex', '-']);
  });
});

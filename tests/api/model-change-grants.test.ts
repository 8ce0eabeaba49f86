import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/server/records/model-store.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A model change followed through definitions' grants (docs/security.md, "Grants"; docs/api.md,
 * "Changing a model that holds data"): renaming Customer's `name` renames it in the grants' rules
 * (an Order grid's path rule `customer.name` too), `fields` and `presets` of a grid and a form,
 * each saved as a new version, and the grants still work for a member of the group; deleting a
 * field a grant names is named in the preview and refused.
 */
let t: TestApp;
let admin = '';
let sales: { token: string; id: number };

type Use = { kind: string; name: string; places: string[] };
type Plan = {
  renamed: { from: string; to: string; uses: Use[] }[];
  deleted: { field: string; uses: Use[] }[];
  problems: { status: number; pointer: string; message: string }[];
};
type Model = { fields: { name: string; type: string }[]; version: number } & Record<string, unknown>;
type Grant = { group: string; rules?: Record<string, unknown>; fields?: Record<string, string>; presets?: Record<string, unknown> };
type Def = { access: { grants: Grant[] }; version: number } & Record<string, unknown>;
type Page = { rows: Record<string, unknown>[]; count: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const model = (name: string) => ok<Model>('GET', `/api/definitions/model/${name}`);
const def = (kind: string, name: string) => ok<Def>('GET', `/api/definitions/${kind}/${name}`);

/** Customer with `name` renamed to `full_name`, as the model designer sends it. */
async function renamed(): Promise<{ model: Model; renames: Record<string, string> }> {
  const m = await model('Customer');
  return { model: { ...m, fields: m.fields.map((f) => (f.name === 'name' ? { ...f, name: 'full_name' } : f)) }, renames: { name: 'full_name' } };
}

/** Customer without `field`. */
async function without(field: string): Promise<{ model: Model }> {
  const m = await model('Customer');
  return { model: { ...m, fields: m.fields.filter((f) => f.name !== field) } };
}

const startsWithA = (field: string) => ({ field, op: 'startsWith', value: 'A' });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Sales' });
  sales = await t.user('seller', { groups: ['Sales'] });
  await ok('POST', '/api/definitions/model', { name: 'Customer', fields: [{ name: 'name', type: 'text' }, { name: 'city', type: 'text' }, { name: 'notes', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Order', fields: [{ name: 'label', type: 'text' }, { name: 'customer', type: 'reference', target: 'Customer' }] });
  const { store } = t.app.services;
  const customers: Record<string, unknown> = {};
  for (const [name, city] of [['Acme', 'Oslo'], ['Bolt', 'Oslo'], ['Apex', 'Rome']] as const) customers[name] = await store.insert('Customer', { name, city });
  for (const [label, customer] of [['o1', 'Acme'], ['o2', 'Bolt'], ['o3', 'Apex']] as const) await store.insert('Order', { label, customer: customers[customer] });

  // Sales list the customers of Oslo whose name starts with A, without seeing the name.
  await ok('POST', '/api/definitions/grid', {
    name: 'customers',
    title: 'Customers',
    model: 'Customer',
    paging: 3,
    definition: [{ name: 'city' }],
    access: {
      grants: [
        { group: 'Sales', actions: ['read'], rules: { read: { and: [{ field: 'city', op: 'eq', value: 'Oslo' }, startsWithA('name')] } }, fields: { name: 'hidden' } },
      ],
    },
  });
  // Sales add customers named Draft, and update only those whose name starts with A.
  await ok('POST', '/api/definitions/form', {
    name: 'customer',
    title: 'Customer',
    model: 'Customer',
    definition: [{ cols: [{ childType: 'Input', width: 4, name: 'city', label: 'City', fieldtype: 'text' }] }],
    access: {
      grants: [
        { group: 'Sales', actions: ['read', 'add', 'update'], rules: { update: { and: [{ or: [startsWithA('name'), { field: 'city', op: 'eq', value: 'Rome' }] }] } }, fields: { name: 'readonly' }, presets: { name: 'Draft' } },
      ],
    },
  });
  // Sales list the orders of customers whose name starts with A: a rule through a path.
  await ok('POST', '/api/definitions/grid', {
    name: 'orders',
    title: 'Orders',
    model: 'Order',
    paging: 3,
    definition: [{ name: 'label' }, { name: 'customer' }],
    sorts: [{ fieldname: 'label', sorttype: 'ASC' }],
    access: { grants: [{ group: 'Sales', actions: ['read'], rules: { read: { and: [startsWithA('customer.name')] } } }] },
  });
});

afterAll(async () => {
  await t?.close();
});

describe("renaming a field that definitions' grants name", () => {
  it('is previewed with every grant place that follows it', async () => {
    const plan = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await renamed());
    expect(plan.problems).toEqual([]);
    expect(plan.renamed).toEqual([
      {
        from: 'name',
        to: 'full_name',
        uses: [
          { kind: 'form', name: 'customer', places: ['grant 1 (Sales), update rule, group 1, condition 1', 'grant 1 (Sales), fields', 'grant 1 (Sales), presets'] },
          { kind: 'grid', name: 'customers', places: ['grant 1 (Sales), read rule, condition 2', 'grant 1 (Sales), fields'] },
          { kind: 'grid', name: 'orders', places: ['grant 1 (Sales), read rule, condition 1'] },
        ],
      },
    ]);
    // The preview writes nothing.
    expect((await def('grid', 'customers')).access.grants[0]?.fields).toEqual({ name: 'hidden' });
  });

  it('rewrites the rules, fields and presets as new kept versions, and the grants still work for the group', async () => {
    const before = { customers: await def('grid', 'customers'), customer: await def('form', 'customer'), orders: await def('grid', 'orders') };
    const res = await t.call<{ updated: { kind: string; name: string }[] }>('POST', '/api/definitions/model/Customer/change', { token: admin, body: await renamed() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toEqual(
      expect.arrayContaining([
        { kind: 'grid', name: 'customers' },
        { kind: 'form', name: 'customer' },
        { kind: 'grid', name: 'orders' },
      ]),
    );

    const customers = await def('grid', 'customers');
    expect(customers.access.grants).toEqual([
      { group: 'Sales', actions: ['read'], rules: { read: { and: [{ field: 'city', op: 'eq', value: 'Oslo' }, startsWithA('full_name')] } }, fields: { full_name: 'hidden' } },
    ]);
    const customer = await def('form', 'customer');
    expect(customer.access.grants[0]).toEqual({
      group: 'Sales',
      actions: ['read', 'add', 'update'],
      rules: { update: { and: [{ or: [startsWithA('full_name'), { field: 'city', op: 'eq', value: 'Rome' }] }] } },
      fields: { full_name: 'readonly' },
      presets: { full_name: 'Draft' },
    });
    expect((await def('grid', 'orders')).access.grants[0]?.rules).toEqual({ read: { and: [startsWithA('customer.full_name')] } });

    // Each saved once more, the version before kept as it was.
    for (const [kind, name, was] of [['grid', 'customers', before.customers], ['form', 'customer', before.customer], ['grid', 'orders', before.orders]] as const) {
      expect((await def(kind, name)).version, name).toBe(was.version + 1);
      const versions = await ok<{ version: number }[]>('GET', `/api/definitions/${kind}/${name}/versions`);
      expect(versions.map((v) => v.version)).toEqual([was.version + 1, was.version]);
      const kept = await ok<{ document: Def }>('GET', `/api/definitions/${kind}/${name}/versions/${was.version}`);
      expect(kept.document.access).toEqual(was.access);
    }

    // The member: Acme only (Oslo, starting with A), its name still hidden.
    const page = await ok<Page>('GET', '/api/grid/customers/data/0/50', undefined, sales.token);
    expect(page.count).toBe(1);
    expect(page.rows[0]).toMatchObject({ city: 'Oslo' });
    expect(page.rows[0]).not.toHaveProperty('full_name');
    expect(page.rows[0]).not.toHaveProperty('name');
    // Through the path: the orders of Acme and Apex.
    const orders = await ok<Page>('GET', '/api/grid/orders/data/0/50', undefined, sales.token);
    expect(orders.rows.map((r) => r.label)).toEqual(['o1', 'o3']);
    // The preset names what they add, whatever they send.
    const added = await ok<{ id: number }>('POST', '/api/form/customer/add', { city: 'Bergen', full_name: 'Sneaky' }, sales.token);
    const { db } = t.app.services.store;
    const stored = await db.selectFrom(tableOf('Customer')).select(['full_name', 'city']).where('id', '=', added.id).executeTakeFirst();
    expect(stored).toEqual({ full_name: 'Draft', city: 'Bergen' });
  });
});

describe("deleting a field that definitions' grants name", () => {
  it('is named in the preview, and the change is refused with 409 naming the definition', async () => {
    const plan = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await without('full_name'));
    expect(plan.deleted).toEqual([
      expect.objectContaining({
        field: 'full_name',
        uses: [
          { kind: 'form', name: 'customer', places: ['grant 1 (Sales), update rule, group 1, condition 1', 'grant 1 (Sales), fields', 'grant 1 (Sales), presets'] },
          { kind: 'grid', name: 'customers', places: ['grant 1 (Sales), read rule, condition 2', 'grant 1 (Sales), fields'] },
          { kind: 'grid', name: 'orders', places: ['grant 1 (Sales), read rule, condition 1'] },
        ],
      }),
    ]);
    expect(plan.problems).toEqual([
      { status: 409, pointer: '/model/fields', message: "the field 'full_name' is still used by form 'customer', grid 'customers', grid 'orders'" },
    ]);
    const res = await t.call<{ code: string; error: string }>('POST', '/api/definitions/model/Customer/change', { token: admin, body: await without('full_name') });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MODEL_CHANGE_BLOCKED', error: expect.stringContaining("form 'customer'") });
    expect((await model('Customer')).fields.map((f) => f.name)).toContain('full_name');
  });

  it('named only in the fields of a grant is refused too', async () => {
    const grid = await def('grid', 'customers');
    const grants = [{ group: 'Sales', actions: ['read'], fields: { notes: 'hidden' } }];
    await ok('PUT', '/api/definitions/grid/customers', { ...grid, access: { grants } });
    const plan = await ok<Plan>('POST', '/api/definitions/model/Customer/preview', await without('notes'));
    expect(plan.deleted[0]?.uses).toEqual([{ kind: 'grid', name: 'customers', places: ['grant 1 (Sales), fields'] }]);
    expect((await t.call('POST', '/api/definitions/model/Customer/change', { token: admin, body: await without('notes') })).status).toBe(409);
    // Once the grant names it no more, the delete goes through.
    await ok('PUT', '/api/definitions/grid/customers', { ...(await def('grid', 'customers')), access: { grants: [{ group: 'Sales', actions: ['read'] }] } });
    await ok('POST', '/api/definitions/model/Customer/change', await without('notes'));
    expect((await model('Customer')).fields.map((f) => f.name)).not.toContain('notes');
  });
});

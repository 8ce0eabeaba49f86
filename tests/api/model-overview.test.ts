import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelOverview } from '../../src/shared/api-types.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/definitions/model-overview (the /models screen): every model with its field count,
 * its rows from the counts the server keeps (right after inserts and deletes), what names it
 * (other models' references and links, forms, grids, selects, pages, menus), system models
 * flagged, and Delete offered exactly when the server would accept it. Runs on SQLite and on
 * PostgreSQL (api-pg).
 */
let t: TestApp;
let admin = '';
let user = '';

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const overview = async () => ok<ModelOverview[]>('GET', '/api/definitions/model-overview');
const entry = async (name: string) => (await overview()).find((m) => m.name === name);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  user = (await t.user('plain')).token;
  await ok('POST', '/api/definitions/model', {
    name: 'Customer',
    title: 'Customers',
    fields: [
      { name: 'name', type: 'text', label: 'Name' },
      { name: 'city', type: 'text', label: 'City' },
    ],
  });
  await ok('POST', '/api/definitions/model', {
    name: 'Order',
    title: 'Orders',
    fields: [
      { name: 'customer', type: 'reference', target: 'Customer', label: 'Customer' },
      { name: 'parent', type: 'reference', target: 'Order', label: 'Parent order' },
    ],
  });
  await ok('POST', '/api/definitions/model', { name: 'Lonely', title: 'Nobody uses it', fields: [{ name: 'x', type: 'number' }] });
  await ok('POST', '/api/definitions/form', {
    name: 'customer',
    title: 'Customer',
    model: 'Customer',
    url: '/',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }] }],
  });
  await ok('POST', '/api/definitions/grid', { name: 'customers', title: 'Customers', model: 'Customer', definition: [{ name: 'name', label: 'Name' }] });
  await ok('POST', '/api/definitions/select', { name: 'customer_names', title: 'Customers', model: 'Customer', valuefield: 'id', labelfield: 'name' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/definitions/model-overview', () => {
  it('lists every model, system models flagged and not deletable', async () => {
    const all = await overview();
    expect(all.map((m) => m.name)).toEqual(expect.arrayContaining(['Customer', 'Order', 'Lonely', 'User', 'Group', 'Form', 'Model']));
    const users = all.find((m) => m.name === 'User')!;
    expect(users).toMatchObject({ system: true, deletable: false, title: 'Users', fields: 6, rows: 2 });
    expect(users.uses).toEqual(expect.arrayContaining([{ kind: 'form', name: 'user' }]));
    expect(all.find((m) => m.name === 'Customer')).toMatchObject({ system: false, fields: 2, rows: 0, title: 'Customers' });
    for (const m of all) expect(m.deletable).toBe(!m.system && m.uses.length === 0);
  });

  it('counts rows right after they are inserted and deleted', async () => {
    for (const name of ['Ada', 'Grace', 'Edsger']) await ok('POST', '/api/form/customer/add', { name });
    expect((await entry('Customer'))?.rows).toBe(3);
    const page = await ok<{ rows: { id: number }[] }>('GET', '/api/grid/customers/data/0/10');
    await ok('DELETE', `/api/form/customer/delete/${page.rows[0]!.id}`);
    expect((await entry('Customer'))?.rows).toBe(2);
    expect((await entry('Lonely'))?.rows).toBe(0);
  });

  it('lists what names a model: other models by field, forms, grids and selects; a self-reference does not count', async () => {
    const customer = await entry('Customer');
    expect(customer?.uses).toEqual([
      { kind: 'model', name: 'Order', field: 'customer' },
      { kind: 'grid', name: 'customers' },
      { kind: 'form', name: 'customer' },
      { kind: 'select', name: 'customer_names' },
    ]);
    expect(customer?.deletable).toBe(false);
    expect((await entry('Order'))?.uses).toEqual([]);
    expect(await entry('Lonely')).toMatchObject({ uses: [], deletable: true, fields: 1 });
  });

  it('says deletable exactly when DELETE is accepted, and the refusal names the same uses', async () => {
    const refused = await t.call<{ error: string }>('DELETE', '/api/definitions/model/Customer', { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("The model 'Customer' is used by: model 'Order' (field 'customer'), grid 'customers', form 'customer', select 'customer_names'");
    expect((await t.call('DELETE', '/api/definitions/model/Lonely', { token: admin })).status).toBe(200);
    expect(await entry('Lonely')).toBeUndefined();
  });

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/definitions/model-overview', { token: user })).status).toBe(403);
    expect((await t.call('GET', '/api/definitions/model-overview')).status).toBe(401);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestSchema, type TestSchema } from '../support/pg.js';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';

/**
 * The index of forms, grids and selects by model (src/server/definitions/reader-index.ts) that the
 * grant checks read is kept per server process: a grant changed through another process on the
 * same database is followed at once by this one's picker, as every other cached definition is.
 */
const dir = mkdtempSync(join(tmpdir(), 'tessera-readers-'));
let schema: TestSchema | undefined;
let a: TestApp;
let b: TestApp;
let admin: string;
let seller: string;

async function ok<T = Record<string, unknown>>(t: TestApp, method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const readOnly = (name: string) => ({ group: 'Sales', actions: ['read'], rules: { read: { and: [{ field: 'name', op: 'eq', value: name }] } } });
/** The names the seller's picker offers, asked of the second process. */
const picked = async () => (await b.call<{ items: { label: string }[] }>('GET', '/api/choices/Order/customer', { token: seller })).body.items.map((i) => i.label);

beforeAll(async () => {
  schema = TEST_DB === 'postgres' ? await createTestSchema() : undefined;
  const databaseUrl = schema?.url ?? `sqlite:${join(dir, 'readers.sqlite')}`;
  a = await startTestApp({ databaseUrl });
  admin = await a.setup();
  await ok(a, 'POST', '/api/form/group/add', { name: 'Sales' });
  await ok(a, 'POST', '/api/definitions/model', { name: 'Customer', fields: [{ name: 'name', type: 'text' }] });
  await ok(a, 'POST', '/api/definitions/model', { name: 'Order', fields: [{ name: 'title', type: 'text' }, { name: 'customer', type: 'reference', target: 'Customer' }] });
  for (const name of ['Ann', 'Bob']) await a.app.services.store.insert('Customer', { name });
  await ok(a, 'POST', '/api/definitions/form', {
    name: 'orders',
    title: 'Orders',
    model: 'Order',
    definition: [{ cols: [{ childType: 'Reference', width: 4, name: 'customer', label: 'Customer' }] }],
    access: { grants: [{ group: 'Sales', actions: ['read'] }] },
  });
  await ok(a, 'POST', '/api/definitions/grid', { name: 'customers', title: 'Customers', model: 'Customer', definition: [{ name: 'name' }], access: { grants: [readOnly('Ann')] } });
  seller = (await a.user('seller', { groups: ['Sales'] })).token;
  // The second process starts on the database as it now is; the grants change after.
  b = await startTestApp({ databaseUrl });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await schema?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it("follows a grant changed through another process at the next request", async () => {
  expect(await picked()).toEqual(['Ann']);
  const grid = await ok<Record<string, unknown>>(a, 'GET', '/api/definitions/grid/customers');
  await ok(a, 'PUT', '/api/definitions/grid/customers', { ...grid, access: { grants: [readOnly('Bob')] } });
  expect(await picked()).toEqual(['Bob']);
  await ok(a, 'DELETE', '/api/definitions/grid/customers');
  expect(await picked()).toEqual([]);
});

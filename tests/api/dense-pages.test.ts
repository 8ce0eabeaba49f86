import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/server/records/model-registry.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Pages of a filter through a reference that many rows match (more than SPARSE_ROWS): on SQLite
 * they are read in the sort's order with each row tested (filter-sql.ts, scanOrder), near the
 * start of the order and, read backwards, near its end. Every page must hold exactly the rows the
 * filter keeps, in order, whichever way it was read.
 */
const ITEMS = 30_000;
let t: TestApp;
let admin: string;
const city: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const ok = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: admin, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  };
  await ok('/api/definitions/model', { name: 'DCity', fields: [{ name: 'name', type: 'text' }] });
  await ok('/api/definitions/model', { name: 'DItem', fields: [{ name: 'n', type: 'number' }, { name: 'city', type: 'reference', target: 'DCity' }] });
  await ok('/api/definitions/grid', { name: 'ditems', title: 'Items', model: 'DItem', paging: 3, definition: [{ name: 'n' }, { name: 'city' }] });
  const { store, database } = t.app.services;
  for (const name of ['A', 'B', 'C']) city.push(Number(await store.insert('DCity', { name })));
  // In bulk, as an import would: a row at a time through the API would take minutes.
  await database.db.transaction().execute(async (trx) => {
    for (let from = 0; from < ITEMS; from += 1000) {
      const rows = Array.from({ length: 1000 }, (_, k) => ({ n: from + k, city: (from + k) % 7 === 0 ? null : city[(from + k) % 3] }));
      await trx.insertInto(tableOf('DItem')).values(rows).execute();
    }
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a page of many matches through a reference', () => {
  // Cities A and B, and a row in every seventh without a city.
  const expected = Array.from({ length: ITEMS }, (_, n) => n).filter((n) => n % 7 !== 0 && n % 3 !== 2);
  const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'city.name', op: 'in', value: ['A', 'B'] }] }));

  it.each([
    ['the first page', 0, 'asc'],
    ['a page early on', 3, 'asc'],
    ['a page just before the middle', Math.floor(expected.length / 100 / 2) - 1, 'asc'],
    ['a page past the middle (read backwards)', Math.floor(expected.length / 100) - 5, 'asc'],
    ['the last page', Math.floor((expected.length - 1) / 100), 'asc'],
    ['the first page, newest first', 0, 'desc'],
  ] as const)('%s holds exactly the matching rows in order', async (_what, page, dir) => {
    const res = await t.call<{ rows: { n: number }[]; count: number }>('GET', `/api/grid/ditems/data/${page}/100?filter=${filter}&sort=n&dir=${dir}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(expected.length);
    const order = dir === 'asc' ? expected : [...expected].reverse();
    expect(res.body.rows.map((r) => r.n)).toEqual(order.slice(page * 100, page * 100 + 100));
  });
});

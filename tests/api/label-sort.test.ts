import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid sorted by a reference column's name walks the target's index in order
 * (record-queries.ts, sortedByLabel): the whole order, read page by page in both directions,
 * with a filter and a search, must be the order the rule says: rows without a name where the
 * database puts NULL (first ascending on SQLite, last on PostgreSQL), then by the name (a NULL
 * name likewise), equal names by the target record, then by the row. Data made to cross every
 * boundary: duplicate names, targets without a name, rows without a target, a shows path of two
 * hops whose middle record has no reference.
 */
let t: TestApp;
let admin: string;

interface OrderRow {
  id: number;
  n: number;
  buyer: number | null;
}

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

// Buyers with names that repeat and one without; each buyer in a town or none.
const BUYERS: [string | null, number | null][] = [
  ['Kim', 0],
  ['Ada', 1],
  ['Kim', null],
  [null, 0],
  ['Bea', 1],
  ['Ada', 2],
  ['Zed', null],
];
const TOWNS = ['Oslo', 'Bergen', 'Oslo'];
const buyerIds: number[] = [];
const townIds: number[] = [];
const rows: { id: number; n: number; buyer: number | null }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Town', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Buyer', fields: [{ name: 'name', type: 'text' }, { name: 'town', type: 'reference', target: 'Town' }] });
  await ok('POST', '/api/definitions/model', { name: 'Sale', fields: [{ name: 'n', type: 'number' }, { name: 'buyer', type: 'reference', target: 'Buyer' }] });
  const { store } = t.app.services;
  for (const name of TOWNS) townIds.push(Number(await store.insert('Town', { name })));
  for (const [name, town] of BUYERS) buyerIds.push(Number(await store.insert('Buyer', { name, town: town === null ? null : townIds[town] })));
  // 41 sales: buyer by a fixed stride, every sixth without one.
  for (let n = 0; n < 41; n++) {
    const buyer = n % 6 === 5 ? null : (buyerIds[(n * 5) % buyerIds.length] as number);
    rows.push({ id: Number(await store.insert('Sale', { n, buyer })), n, buyer });
  }
  const columns = [{ name: 'n', type: 'Number' }];
  await ok('POST', '/api/definitions/grid', { name: 'sales_by_buyer', model: 'Sale', paging: 3, pageSize: 50, definition: [...columns, { name: 'buyer', type: 'Reference' }] });
  await ok('POST', '/api/definitions/grid', { name: 'sales_by_town', model: 'Sale', paging: 3, pageSize: 50, definition: [...columns, { name: 'buyer', type: 'Reference', shows: 'town.name' }] });
});
afterAll(async () => {
  await t.close();
});

/** The order the rule gives, from the data as inserted. */
function expected(dir: 'asc' | 'desc', key: (buyer: number) => { name: string | null; path: number[] } | null, keep: (r: (typeof rows)[number]) => boolean): number[] {
  const sqlite = t.app.services.store.dialect === 'sqlite';
  // NULL is the smallest value on SQLite, the largest on PostgreSQL.
  const nullRank = sqlite ? -1 : 1;
  const cmpNullable = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? nullRank : b === null ? -nullRank : a < b ? -1 : 1);
  const sign = dir === 'asc' ? 1 : -1;
  const keyed = rows.filter(keep).map((r) => ({ r, k: r.buyer === null ? null : key(r.buyer) }));
  keyed.sort((x, y) => {
    // No name at all (no target on the way): placed as NULL, before even a NULL name's rows.
    if ((x.k === null) !== (y.k === null)) return sign * (x.k === null ? nullRank : -nullRank);
    if (x.k && y.k) {
      const c = cmpNullable(x.k.name, y.k.name);
      if (c !== 0) return sign * c;
      for (let i = 0; i < x.k.path.length; i++) if (x.k.path[i] !== y.k.path[i]) return sign * ((x.k.path[i] as number) - (y.k.path[i] as number));
    }
    return sign * (x.r.id - y.r.id);
  });
  return keyed.map((x) => x.r.n);
}

async function allPages(grid: string, query: string, size: number): Promise<{ ns: number[]; count: number }> {
  const first = await ok<{ rows: OrderRow[]; count: number }>('GET', `/api/grid/${grid}/data/0/${size}${query}`);
  const ns = first.rows.map((r) => r.n);
  for (let p = 1; p * size < first.count; p++) ns.push(...(await ok<{ rows: OrderRow[] }>('GET', `/api/grid/${grid}/data/${p}/${size}${query}`)).rows.map((r) => r.n));
  return { ns, count: first.count };
}

const byBuyer = (buyer: number) => {
  const i = buyerIds.indexOf(buyer);
  return { name: (BUYERS[i] as [string | null, number | null])[0], path: [buyer] };
};
const byTown = (buyer: number) => {
  const town = (BUYERS[buyerIds.indexOf(buyer)] as [string | null, number | null])[1];
  if (town === null) return null;
  return { name: TOWNS[town] as string, path: [townIds[town] as number, buyer] };
};

describe('a grid sorted by a reference column\'s name', () => {
  it('has the field its names sort by indexed when the grid is saved: the target\'s, or the end of the shows path', async () => {
    const { store } = t.app.services;
    const indexes = async (table: string) =>
      store.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(store.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(store.db)).rows.map((r) => r.name);
    expect(await indexes('t_buyer')).toContain('t_buyer__name__sx');
    expect(await indexes('t_town')).toContain('t_town__name__sx');
  });

  for (const dir of ['asc', 'desc'] as const) {
    it(`pages through every row once, in the rule's order (${dir})`, async () => {
      for (const size of [4, 7, 50]) {
        const { ns, count } = await allPages('sales_by_buyer', `?sort=buyer&dir=${dir}`, size);
        expect(count).toBe(rows.length);
        expect(ns).toEqual(expected(dir, byBuyer, () => true));
      }
    });

    it(`follows a shows path of two hops, a middle record without a reference counting as no name (${dir})`, async () => {
      const { ns } = await allPages('sales_by_town', `?sort=buyer&dir=${dir}`, 5);
      expect(ns).toEqual(expected(dir, byTown, () => true));
    });

    it(`keeps to a user's filter and to the search while sorting by the name (${dir})`, async () => {
      const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'n', op: 'between', value: [3, 30] }] }));
      const filtered = await allPages('sales_by_buyer', `?sort=buyer&dir=${dir}&filter=${filter}`, 4);
      expect(filtered.ns).toEqual(expected(dir, byBuyer, (r) => r.n >= 3 && r.n <= 30));
      expect(filtered.count).toBe(filtered.ns.length);
      const searched = await allPages('sales_by_buyer', `?sort=buyer&dir=${dir}&search=Ada`, 3);
      const adas = new Set(buyerIds.filter((_, i) => BUYERS[i]?.[0] === 'Ada'));
      expect(searched.ns).toEqual(expected(dir, byBuyer, (r) => r.buyer !== null && adas.has(r.buyer)));
    });
  }
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterProblems, recordFilter, type FilterContext, type FilterRecord, type ModelDefinition } from '../../src/shared/filter/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One filter language, two answers that must be one: random filter trees over random rows give
 * the same records from the SQL the server compiles (src/server/records/filter-sql.ts) as from the
 * in-memory evaluator (src/shared/filter/evaluate.ts), on SQLite and on PostgreSQL. The rows hold
 * what trips databases up: NULLs, empty text, text differing only in case (ASCII and not), dates
 * and dates and times written in several ways, references to nothing, and two hops of references
 * (Item -> City -> Region, City's ids hex).
 */
const NUM_RUNS = 100;
const ITEMS = 240;
const NOW = new Date('2024-05-31T12:00:00.000Z');

const regionModel = { name: 'FRegion', idtype: 'integer', fields: [{ name: 'name', type: 'text' }] };
const cityModel = {
  name: 'FCity',
  idtype: 'hex',
  fields: [
    { name: 'name', type: 'text' },
    { name: 'size', type: 'number' },
    { name: 'region', type: 'reference', target: 'FRegion' },
  ],
};
const itemModel = {
  name: 'FItem',
  idtype: 'integer',
  fields: [
    { name: 't', type: 'text' },
    { name: 'n', type: 'number' },
    { name: 'b', type: 'boolean' },
    { name: 'd', type: 'date' },
    { name: 'dt', type: 'datetime' },
    { name: 'city', type: 'reference', target: 'FCity' },
    { name: 'owner', type: 'reference', target: 'User' },
  ],
};

const TEXTS = ['Oslo', 'oslo', 'OSLO', 'Ärger', 'ärger', 'ÄRGER', '', 'straße', 'STRASSE', 'a_b%c', 'x', 'Berlin', 'ber', '😀 smile', 'İstanbul', 'ı'];
const NUMBERS = [-5, -1.5, 0, 0.1, 1, 2, 2.5, 10, 1e6];
const DATES = ['2023-12-31', '2024-01-01', '2024-05-01', '2024-05-25', '2024-05-30', '2024-05-31', '2024-06-01', '2024-02-29'];
const DATETIMES = ['2024-05-31T12:00', '2024-05-31T11:59:59', '2024-05-31T12:00:00Z', '2024-05-30T12:00:00.000Z', '2024-05-24T12:01', '2024-01-01T00:00', '2024-06-01T00:00'];

let t: TestApp;
let adminId = 0;
let models: ModelDefinition[] = [];
let items: FilterRecord[] = [];
const cityIds: string[] = [];
const byModel = new Map<string, Map<string, FilterRecord>>();

const orNull = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.setup();
  for (const body of [regionModel, cityModel, itemModel]) {
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body });
    if (res.status !== 201) throw new Error(`${body.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const { store } = t.app.services;
  adminId = Number((await store.list('User', { fields: ['user'] }))[0]?.id);
  const regions = [];
  for (const name of ['North', 'north', '']) regions.push(await store.insert('FRegion', { name }));
  const rows = fc.sample(
    fc.record({
      t: orNull(fc.constantFrom(...TEXTS)),
      n: orNull(fc.constantFrom(...NUMBERS)),
      b: orNull(fc.boolean()),
      d: orNull(fc.constantFrom(...DATES)),
      dt: orNull(fc.constantFrom(...DATETIMES)),
      city: fc.nat(14),
      owner: fc.boolean(),
    }),
    { numRuns: ITEMS, seed: 42 },
  );
  for (const [i, name] of ['Oslo', 'oslo', 'Bergen', 'ÄRGER', '', 'x', 'Berlin', 'ber', 'Oslo', 'İstanbul', 'straße', 'STRASSE'].entries()) {
    cityIds.push(String(await store.insert('FCity', { name, size: NUMBERS[i % NUMBERS.length], region: i % 4 === 3 ? null : regions[i % 3] })));
  }
  for (const row of rows) {
    // 12 cities, and 13 and 14 mean none.
    await store.insert('FItem', { ...row, city: cityIds[row.city] ?? null, owner: row.owner ? adminId : null });
  }
  models = ['FRegion', 'FCity', 'FItem', 'User'].map((n) => store.get(n));
  for (const [name, fields] of [['FRegion', ['name']], ['FCity', ['name', 'size', 'region']], ['FItem', ['t', 'n', 'b', 'd', 'dt', 'city', 'owner']]] as const) {
    const all = await store.list(name, { fields: [...fields] });
    byModel.set(name, new Map(all.map((r) => [String(r.id), r])));
    if (name === 'FItem') items = all;
  }
});
afterAll(async () => {
  await t.close();
});

const lookup = (model: string, id: unknown) => byModel.get(model)?.get(String(id));

/** A condition of each kind, with values drawn from what the rows hold (so they often match), case changed for the searches. */
const caseOf = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.toLowerCase());
const someText = fc.constantFrom(...TEXTS.filter((x) => x !== ''));
const piece = someText.chain((s) => fc.tuple(fc.nat(s.length), fc.nat(s.length)).map(([a, b]) => s.slice(Math.min(a, b), Math.max(a, b) + 1))).filter((s) => s !== '');
const textCondition = (field: string) =>
  fc.oneof(
    fc.record({ field: fc.constant(field), op: fc.constantFrom('eq', 'ne'), value: fc.constantFrom(...TEXTS) }),
    fc.record({ field: fc.constant(field), op: fc.constantFrom('contains', 'startsWith'), value: piece.chain(caseOf) }),
    fc.record({ field: fc.constant(field), op: fc.constantFrom('empty', 'notEmpty') }),
    fc.record({ field: fc.constant(field), op: fc.constant('in'), value: fc.uniqueArray(fc.constantFrom(...TEXTS), { minLength: 1, maxLength: 3 }) }),
  );
const ordered = <T extends string | number>(field: string, pool: readonly T[], variable?: string) => {
  const one = variable ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.constant({ var: variable }) }) : fc.constantFrom(...pool);
  return fc.oneof(
    fc.record({ field: fc.constant(field), op: fc.constantFrom('gt', 'gte', 'lt', 'lte'), value: one }),
    fc.record({ field: fc.constant(field), op: fc.constant('between'), value: fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...pool)).map(([a, b]) => (a <= b ? [a, b] : [b, a])) }),
    fc.record({ field: fc.constant(field), op: fc.constantFrom('empty', 'notEmpty') }),
  );
};
// Text, where the databases differ most, comes up most often.
const conditionArb = fc.oneof(
  { weight: 4, arbitrary: textCondition('t') },
  { weight: 2, arbitrary: textCondition('city.name') },
  textCondition('city.region.name'),
  ordered('n', NUMBERS),
  fc.record({ field: fc.constant('n'), op: fc.constantFrom('eq', 'ne'), value: fc.constantFrom(...NUMBERS) }),
  fc.record({ field: fc.constant('n'), op: fc.constant('in'), value: fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 3 }) }),
  ordered('city.size', NUMBERS),
  fc.record({ field: fc.constant('b'), op: fc.constantFrom('eq', 'ne'), value: fc.boolean() }),
  fc.record({ field: fc.constant('b'), op: fc.constantFrom('empty', 'notEmpty') }),
  ordered('d', DATES, 'TODAY'),
  fc.record({ field: fc.constant('d'), op: fc.constantFrom('eq', 'ne'), value: fc.oneof(fc.constantFrom(...DATES), fc.constant({ var: 'TODAY' })) }),
  fc.record({ field: fc.constant('d'), op: fc.constant('lastDays'), value: fc.constantFrom(1, 2, 7, 31, 200) }),
  ordered('dt', DATETIMES, 'NOW'),
  fc.record({ field: fc.constant('dt'), op: fc.constant('lastDays'), value: fc.constantFrom(1, 7, 365) }),
  fc.record({ field: fc.constant('city'), op: fc.constantFrom('eq', 'ne'), value: fc.oneof(fc.nat(11).map((i) => ({ id: i })), fc.constant({ var: 'RECORD.id' })) }),
  fc.record({ field: fc.constant('city'), op: fc.constant('in'), value: fc.uniqueArray(fc.nat(11).map((i) => ({ id: i })), { minLength: 1, maxLength: 3 }) }),
  fc.record({ field: fc.constantFrom('city', 'owner', 'city.region'), op: fc.constantFrom('empty', 'notEmpty') }),
  fc.record({ field: fc.constant('owner'), op: fc.constantFrom('eq', 'ne'), value: fc.constant({ var: 'CURRENT_USER.id' }) }),
  fc.record({ field: fc.constant('id'), op: fc.constant('in'), value: fc.uniqueArray(fc.integer({ min: 1, max: ITEMS }), { minLength: 1, maxLength: 4 }) }),
);
const groupArb = fc.record({ join: fc.constantFrom('and', 'or'), items: fc.array(conditionArb, { maxLength: 3 }) }).map((g) => ({ [g.join]: g.items }));
const treeArb = fc
  .record({ join: fc.constantFrom('and', 'or'), items: fc.array(fc.oneof({ weight: 3, arbitrary: conditionArb }, { weight: 1, arbitrary: groupArb }), { maxLength: 4 }) })
  .map((g) => ({ [g.join]: g.items }));
const contextArb = fc.record({ user: fc.boolean(), record: fc.option(fc.nat(11), { nil: undefined }) });

/** The generators name cities by their place in the list: their hex ids are only known once stored. */
function withCityIds(tree: unknown): unknown {
  return JSON.parse(JSON.stringify(tree), (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && 'id' in value ? cityIds[(value as { id: number }).id] : value,
  );
}

describe('a filter gives the same records from SQL as from the evaluator', () => {
  it('over random trees and rows, through references, with variables', async () => {
    const itemModel = models.find((m) => m.name === 'FItem') as ModelDefinition;
    const { store } = t.app.services;
    await fc.assert(
      fc.asyncProperty(treeArb, contextArb, async (raw, c) => {
        const tree = withCityIds(raw);
        expect(filterProblems(tree, itemModel, models)).toEqual([]);
        const context: FilterContext = { now: NOW, userId: c.user ? adminId : null, recordId: c.record === undefined ? null : cityIds[c.record] };
        const expected = items.filter(recordFilter(tree, { model: itemModel, models, lookup, context })).map((r) => Number(r.id));
        const rows = await store.list('FItem', { fields: [], where: tree as never, context });
        expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        expect(await store.count('FItem', { where: tree as never, context })).toBe(expected.length);
      }),
      { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}) },
    );
  });
});

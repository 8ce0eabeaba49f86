import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFilter, type FilterRecord, type FilterTree, type ModelDefinition } from '../../src/shared/filter/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grant's record rule means what the filter language says: for random rules of two groups over
 * random rows, the rows (and the count) a grid gives a member of both groups are those the
 * in-memory evaluator (src/shared/filter/evaluate.ts) lets through one rule or the other, with
 * CURRENT_USER.id and CURRENT_USER.<field> valued from the caller's own record.
 */
const NUM_RUNS = 30;
const ITEMS = 80;

const branchModel = { name: 'PBranch', idtype: 'integer', fields: [{ name: 'name', type: 'text' }] };
const itemModel = {
  name: 'PItem',
  idtype: 'integer',
  fields: [
    { name: 't', type: 'text' },
    { name: 'n', type: 'number' },
    { name: 'b', type: 'boolean' },
    { name: 'branch', type: 'reference', target: 'PBranch' },
    { name: 'owner', type: 'reference', target: 'User' },
  ],
};
const TEXTS = ['Oslo', 'oslo', 'Bergen', '', 'Ärger', 'x'];
const NUMBERS = [-2, 0, 1, 2.5, 10];

let t: TestApp;
let admin = '';
let caller: { token: string; id: number };
let callerRecord: FilterRecord = {};
let models: ModelDefinition[] = [];
let items: FilterRecord[] = [];
const branchIds: number[] = [];
let grids = 0;

const orNull = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['G1', 'G2']) await t.call('POST', '/api/form/group/add', { token: admin, body: { name } });
  for (const body of [branchModel, itemModel]) {
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  const { store } = t.app.services;
  // The caller's own fields the rules may name (the system model User takes no change through the API).
  const user = store.get('User');
  await store.sync([{ ...user, fields: [...user.fields, { name: 'home', type: 'reference', target: 'PBranch' }, { name: 'level', type: 'number' }] }]);
  for (const name of ['A', 'B', 'C']) branchIds.push(Number(await store.insert('PBranch', { name })));
  caller = await t.user('both', { groups: ['G1', 'G2'] });
  await store.update('User', caller.id, { home: branchIds[1], level: 1 });
  callerRecord = { home: branchIds[1], level: 1 };
  const row = fc.record({
    t: orNull(fc.constantFrom(...TEXTS)),
    n: orNull(fc.constantFrom(...NUMBERS)),
    b: fc.boolean(),
    branch: orNull(fc.constantFrom(...branchIds)),
    owner: orNull(fc.constant(caller.id)),
  });
  for (const values of fc.sample(row, { numRuns: ITEMS, seed: 7 })) await store.insert('PItem', values);
  items = await store.list('PItem', { fields: ['t', 'n', 'b', 'branch', 'owner'] });
  models = [store.get('User'), store.get('PBranch'), store.get('PItem')];
});
afterAll(async () => {
  await t.close();
});

const condition: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ field: fc.constant('t'), op: fc.constantFrom('eq', 'ne', 'contains', 'startsWith'), value: fc.constantFrom('Oslo', 'os', 'x', 'Ärger') }),
  fc.record({ field: fc.constant('t'), op: fc.constantFrom('empty', 'notEmpty') }),
  fc.record({ field: fc.constant('n'), op: fc.constantFrom('eq', 'ne', 'gt', 'lte'), value: fc.constantFrom(...NUMBERS) }),
  fc.record({ field: fc.constant('n'), op: fc.constantFrom('eq', 'gte', 'lt'), value: fc.constant({ var: 'CURRENT_USER.level' }) }),
  fc.record({ field: fc.constant('b'), op: fc.constant('eq'), value: fc.boolean() }),
  fc.record({ field: fc.constant('branch'), op: fc.constantFrom('eq', 'ne'), value: fc.constant({ var: 'CURRENT_USER.home' }) }),
  fc.record({ field: fc.constant('branch'), op: fc.constant('empty') }),
  fc.record({ field: fc.constant('branch.name'), op: fc.constant('eq'), value: fc.constantFrom('A', 'C') }),
  fc.record({ field: fc.constant('owner'), op: fc.constant('eq'), value: fc.constant({ var: 'CURRENT_USER.id' }) }),
);
const group = fc.record({ join: fc.constantFrom('and', 'or'), items: fc.array(condition, { maxLength: 3 }) }).map(({ join, items: list }) => ({ [join]: list }));
const rule: fc.Arbitrary<FilterTree> = fc
  .record({ join: fc.constantFrom('and', 'or'), items: fc.array(fc.oneof({ weight: 3, arbitrary: condition }, { weight: 1, arbitrary: group }), { maxLength: 3 }) })
  .map(({ join, items: list }) => ({ [join]: list }) as unknown as FilterTree);
/** A group's grant: none, read of every record, or read of its rule's records. */
const grant = fc.oneof(fc.constant<'none'>('none'), fc.constant<'all'>('all'), rule);

describe('grant rules in a grid', () => {
  it('give the rows the evaluator lets through either rule, and count them', async () => {
    await fc.assert(
      fc.asyncProperty(grant, grant, async (g1, g2) => {
        const grants = [g1, g2].flatMap((g, i) => (g === 'none' ? [] : [{ group: `G${i + 1}`, actions: ['read'], ...(g === 'all' ? {} : { rules: { read: g } }) }]));
        const name = `pg_${++grids}`;
        const saved = await t.call('POST', '/api/definitions/grid', {
          token: admin,
          body: { name, title: name, model: 'PItem', paging: 3, definition: [{ name: 't' }, { name: 'n' }, { name: 'branch' }], access: { grants } },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        const res = await t.call<{ rows: { id: number }[]; count: number }>('GET', `/api/grid/${name}/data/0/1000`, { token: caller.token });
        if (grants.length === 0) {
          expect(res.status).toBe(403);
          return;
        }
        const lookup = (model: string, id: unknown) => (model === 'PBranch' ? { id, name: ['A', 'B', 'C'][branchIds.indexOf(Number(id))] } : undefined);
        const context = { userId: caller.id, user: callerRecord };
        const tests = grants.map((g) => (g.rules ? recordFilter(g.rules.read, { model: models[2] as ModelDefinition, models, lookup, context }) : () => true));
        const expected = items.filter((r) => tests.some((test) => test(r))).map((r) => Number(r.id)).sort((a, b) => a - b);
        expect(res.status).toBe(200);
        expect(res.body.rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(expected);
        expect(res.body.count).toBe(expected.length);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDefinition, type DefinitionKind } from '../../src/shared/schema-registry.js';
import { arbitraries, columnsOf, mutations, type DefinitionArbitraryKind, type Mutated } from '../support/arbitraries.js';

/**
 * Generated definitions of every kind are accepted; each mutation breaks one known place and is
 * refused with an error whose pointer names exactly that place.
 */

const NUM_RUNS = 200;
const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];

function refusedAt(kind: DefinitionKind, mutated: Mutated): void {
  const result = validateDefinition(kind, mutated.value);
  expect(result.ok, mutated.description).toBe(false);
  if (result.ok) return;
  expect(result.errors.map((e) => e.pointer), mutated.description).toContain(mutated.pointer);
  // Nothing else is wrong, so nothing else may be reported.
  expect(result.errors.map((e) => e.pointer), mutated.description).toEqual([mutated.pointer]);
  for (const e of result.errors) expect(e.message.length).toBeGreaterThan(0);
}

describe.each(kinds)('%s definitions', (kind) => {
  const arb = arbitraries[kind] as fc.Arbitrary<object>;

  it('generated ones are valid, JSON-serialisable, named, and carry no id or version', () => {
    fc.assert(
      fc.property(arb, (definition) => {
        const result = validateDefinition(kind, definition);
        expect(result.ok ? [] : result.errors).toEqual([]);
        expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
        expect(definition).toHaveProperty('name');
        expect(definition).not.toHaveProperty('id');
        expect(definition).not.toHaveProperty('version');
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('an unknown top-level key is refused at that key', () => {
    fc.assert(fc.property(arb, (d) => refusedAt(kind, mutations.extraTopLevelKey(d))), { numRuns: NUM_RUNS });
  });

  it('an invalid name is refused at /name', () => {
    fc.assert(fc.property(arb, (d) => refusedAt(kind, mutations.badName(d))), { numRuns: NUM_RUNS });
  });

  // A menu has no enumerated property to break; for it the mutation must find nothing.
  it(kind === 'menu' ? 'has no enumerated property to break' : 'a wrong enum value is refused where it is', () => {
    if (kind === 'menu') {
      fc.assert(fc.property(arb, fc.nat(), (d, seed) => mutations.wrongEnum(d, seed) === undefined), { numRuns: NUM_RUNS });
      return;
    }
    fc.assert(
      fc.property(arb, fc.nat(), (d, seed) => {
        const mutated = mutations.wrongEnum(d, seed);
        fc.pre(mutated !== undefined);
        if (mutated) refusedAt(kind, mutated);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe.each(['form', 'page'] as const)('%s columns', (kind) => {
  const arb = arbitraries[kind] as fc.Arbitrary<object>;
  const withColumns = arb.filter((d) => columnsOf(JSON.parse(JSON.stringify(d)) as Parameters<typeof columnsOf>[0]).length > 0);

  it('width 13 anywhere in the tree is refused at that width', () => {
    fc.assert(
      fc.property(withColumns, fc.nat(), (d, seed) => {
        const mutated = mutations.widthThirteen(d, seed);
        if (mutated) refusedAt(kind, mutated);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('a column missing its childType is refused at its childType', () => {
    fc.assert(
      fc.property(withColumns, fc.nat(), (d, seed) => {
        const mutated = mutations.missingChildType(d, seed);
        if (mutated) refusedAt(kind, mutated);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

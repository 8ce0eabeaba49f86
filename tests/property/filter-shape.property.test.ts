import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsShapeProblems, treeShapeProblems } from '../../src/shared/filter/index.js';
import { getValidator, validateDefinition, validateWith } from '../../src/shared/schema-registry.js';

/**
 * The filter checker's words for a filter's shape (src/shared/filter/shape.ts) and
 * schemas/filter.json say the same thing: over random values near the language (conditions,
 * old-style filters, groups nested too deep, stray keys, nulls, lists where a value goes), the
 * schema accepts exactly what the checker finds no shape problem in, alone and as a grid's filters.
 */
const junk = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.constantFrom('x', '', 'eq', 'and'),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.dictionary(fc.constantFrom('field', 'op', 'value', 'var', 'and', 'or', 'fieldname', 'zz'), fc.constantFrom(1, 'a', null, true), { maxKeys: 3 }),
);
const literal = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const variable = fc.oneof(
  fc.record({ var: fc.constantFrom('NOW', 'TODAY', 'CURRENT_USER.id', 'RECORD.id', 'YESTERDAY', '') }),
  fc.record({ var: fc.constant('NOW'), extra: fc.constant(1) }),
);
const value = fc.oneof({ weight: 3, arbitrary: literal }, { weight: 2, arbitrary: variable }, { weight: 1, arbitrary: junk });
const operand = fc.oneof(value, fc.array(value, { maxLength: 3 }));
const condition = fc.record(
  {
    field: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('a', 'a.b', 'x.y.z', 'é'.repeat(150)) }, { weight: 1, arbitrary: fc.oneof(fc.constant(''), fc.constant(3), fc.constant('é'.repeat(201))) }),
    op: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('eq', 'in', 'between', 'empty', 'lastDays') }, { weight: 1, arbitrary: fc.constantFrom('like', 7) }),
    value: operand,
    stray: fc.constant(true),
  },
  { requiredKeys: [] },
);
const legacy = fc.record({ fieldname: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(1)), value: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(2)), op: fc.constant('eq') }, { requiredKeys: ['fieldname'] });

const { tree } = fc.letrec((tie) => ({
  item: fc.oneof({ weight: 4, arbitrary: condition }, { weight: 2, arbitrary: legacy }, { weight: 2, arbitrary: tie('group') }, { weight: 1, arbitrary: junk }),
  group: fc.oneof(
    fc.record({ and: fc.array(tie('item'), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie('item'), { maxLength: 3 }) }),
    fc.record({ and: fc.array(tie('item'), { maxLength: 2 }), or: fc.constant([]) }),
    fc.record({ or: junk }),
  ),
  tree: fc.oneof({ weight: 5, arbitrary: tie('group') }, { weight: 1, arbitrary: junk }),
}));
const items = fc.array(fc.oneof(condition, legacy, tree), { maxLength: 4 });

const filterSchema = getValidator('https://tessera.dev/schemas/filter.json');

describe('the filter checker and schemas/filter.json', () => {
  it('agree on every shape of a whole filter', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const schema = validateWith(filterSchema, t);
        const problems = treeShapeProblems(t);
        expect({ schema: schema.ok, problems }).toEqual({ schema: problems.length === 0, problems });
      }),
      { numRuns: 500 },
    );
  });

  it("agree on every shape of a grid's filters, and the checker points where the schema does", () => {
    fc.assert(
      fc.property(items, (filters) => {
        const schema = validateDefinition('grid', { name: 'g', filters });
        const problems = itemsShapeProblems(filters, '/filters');
        expect({ schema: schema.ok, problems }).toEqual({ schema: problems.length === 0, problems });
        if (!schema.ok) {
          // Every place the schema names lies within, or is, a place the checker names.
          const places = problems.map((p) => p.pointer);
          for (const e of schema.errors) expect(places.some((p) => e.pointer === p || e.pointer.startsWith(`${p}/`) || p.startsWith(`${e.pointer}/`)), e.pointer).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

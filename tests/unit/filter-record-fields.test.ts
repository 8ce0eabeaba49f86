import { describe, expect, it } from 'vitest';
import { filterProblems, recordFilter } from '../../src/shared/filter/index.js';
import { models, Order } from '../support/filter-models.js';

/**
 * RECORD.<field> (docs/filters.md, "Values and variables"): in an automation's conditions, a
 * field of the record the automation runs on, so one field can be compared with another ("due
 * after placed"). Known only where the checker is told the record's model.
 */
const lookup = () => undefined;

describe('RECORD.<field>', () => {
  it('is accepted against a field of the same kind when the record model is given, and refused elsewhere', () => {
    const tree = { and: [{ field: 'due', op: 'gt', value: { var: 'RECORD.due' } }] };
    expect(filterProblems(tree, Order, models, { recordModel: Order })).toEqual([]);
    expect(filterProblems(tree, Order, models)).toEqual([
      { pointer: '/and/0/value', message: "RECORD.due names a field of the record an automation runs on: only an automation's conditions know it" },
    ]);
  });

  it('names a missing field and a field of another kind', () => {
    expect(filterProblems({ and: [{ field: 'due', op: 'gt', value: { var: 'RECORD.colour' } }] }, Order, models, { recordModel: Order })).toEqual([
      { pointer: '/and/0/value', message: "RECORD.colour: 'colour' is not a field of Order" },
    ]);
    const [problem] = filterProblems({ and: [{ field: 'due', op: 'gt', value: { var: 'RECORD.total' } }] }, Order, models, { recordModel: Order });
    expect(problem?.message).toBe('RECORD.total is a number field of Order: it does not fit a date field');
  });

  it('compares with the record given when the filter runs; an unset field holds for nothing', () => {
    const dueAfterPlaced = recordFilter(
      { and: [{ field: 'due', op: 'lte', value: { var: 'RECORD.due' } }] },
      { model: Order, models, lookup, recordModel: Order, context: { record: { due: '2024-05-10' } } },
    );
    expect(dueAfterPlaced({ due: '2024-05-09' })).toBe(true);
    expect(dueAfterPlaced({ due: '2024-05-11' })).toBe(false);
    const unset = recordFilter({ and: [{ field: 'due', op: 'lte', value: { var: 'RECORD.due' } }] }, { model: Order, models, lookup, recordModel: Order, context: { record: { due: null } } });
    expect(unset({ due: '2024-05-09' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { renameInView, trimView } from '../../src/server/definitions/view-renames.js';
import { models, Order } from '../support/filter-models.js';

/**
 * A saved view's state through a model change (src/server/definitions/view-renames.ts): a renamed
 * field renamed in its sort and filter paths, a deleted one dropped with no more of the filter
 * than names it, and a view that names neither left alone.
 */
const find = (name: string) => models.find((m) => m.name === name);

describe('renameInView', () => {
  it("renames the sort on the grid's model and the filter's paths, keeping the rest", () => {
    const state = { search: 'x', sort: 'status', dir: 'desc' as const, filter: { and: [{ field: 'customer.city', op: 'eq', value: 'Oslo' }] } };
    expect(renameInView(state, Order, [{ model: 'Order', from: 'status', to: 'state' }], find)).toEqual({ ...state, sort: 'state' });
    expect(renameInView(state, Order, [{ model: 'Customer', from: 'city', to: 'town' }], find)).toEqual({
      ...state,
      filter: { and: [{ field: 'customer.town', op: 'eq', value: 'Oslo' }] },
    });
  });

  it('leaves a view alone that names neither, a sort of the same name on another model included', () => {
    expect(renameInView({ sort: 'city', filter: { and: [{ field: 'customer.name', op: 'empty' }] } }, Order, [{ model: 'Customer', from: 'city', to: 'town' }], find)).toBeUndefined();
  });
});

describe('trimView', () => {
  it("drops the sort and its direction, and the top items of an and that walk through the field", () => {
    const state = {
      sort: 'status',
      dir: 'asc' as const,
      filter: { and: [{ field: 'total', op: 'gt', value: 1 }, { or: [{ field: 'status', op: 'empty' }, { field: 'paid', op: 'eq', value: true }] }] },
    };
    expect(trimView(state, Order, 'Order', 'status', find)).toEqual({ filter: { and: [{ field: 'total', op: 'gt', value: 1 }] } });
  });

  it('drops the whole filter when its top is an or, or nothing of it is left', () => {
    expect(trimView({ filter: { or: [{ field: 'customer.city', op: 'empty' }, { field: 'total', op: 'gt', value: 1 }] } }, Order, 'Customer', 'city', find)).toEqual({});
    expect(trimView({ search: 'a', filter: { and: [{ field: 'customer.city', op: 'empty' }] } }, Order, 'Customer', 'city', find)).toEqual({ search: 'a' });
  });

  it('leaves a view alone that does not name the field', () => {
    expect(trimView({ sort: 'total', filter: { and: [{ field: 'customer.name', op: 'empty' }] } }, Order, 'Customer', 'city', find)).toBeUndefined();
  });
});

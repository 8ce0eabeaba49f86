import { describe, expect, it } from 'vitest';
import { filterProblems, renameFilterPaths, renamePath, type FieldRename, type ModelDefinition } from '../../src/shared/filter/index.js';
import { Customer, Line, models, Order } from '../support/filter-models.js';

/**
 * A renamed field followed through filter paths (src/shared/filter/rename.ts): the part of a
 * path that names the field of that model is renamed, wherever in the path the model is reached,
 * and no other part.
 */
const city: FieldRename = { model: 'Customer', from: 'city', to: 'town' };

/** The models as they are after `renames`: what a renamed path must fit. */
function renamedModels(renames: readonly FieldRename[]): ModelDefinition[] {
  return models.map((m) => ({
    ...m,
    fields: m.fields.map((f) => ({ ...f, name: renames.find((r) => r.model === m.name && r.from === f.name)?.to ?? f.name })),
  }));
}

describe('renamePath', () => {
  it.each([
    ['the first field, from its own model', 'city', Customer, [city], 'town'],
    ['the field after one hop', 'customer.city', Order, [city], 'customer.town'],
    ['the field after two hops', 'order.customer.city', Line, [city], 'order.customer.town'],
    ['a hop renamed, the rest kept', 'order.customer.city', Line, [{ model: 'Order', from: 'customer', to: 'client' }], 'order.client.city'],
    ['several renames of several models at once', 'order.customer.city', Line, [city, { model: 'Order', from: 'customer', to: 'client' }, { model: 'Line', from: 'order', to: 'purchase' }], 'purchase.client.town'],
  ])('renames %s', (_, path, root, renames, expected) => {
    expect(renamePath(path, root, models, renames)).toBe(expected);
  });

  it.each([
    ['a field of the same name in another model', 'city', Order, [city]],
    ['a path that reaches the model at another field', 'customer.name', Order, [city]],
    ['a path through a field that is not there', 'buyer.city', Order, [city]],
    ['a path on past a field that is no reference', 'status.city', Order, [city]],
    ['a path whose reference leads to an unknown model', 'customer.city', { name: 'X', fields: [{ name: 'customer', type: 'reference', target: 'Nobody' }] } as ModelDefinition, [city]],
  ])('leaves alone %s', (_, path, root, renames) => {
    expect(renamePath(path, root, models, renames)).toBeUndefined();
  });

  it('finds a path through a field when the field keeps its name', () => {
    expect(renamePath('order.customer.city', Line, models, [{ model: 'Customer', from: 'city', to: 'city' }])).toBe('order.customer.city');
  });

  it('reads every part by the names as they were, so renames of a model referring to itself do not hide each other', () => {
    const Person: ModelDefinition = {
      name: 'Person',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'parent', type: 'reference', target: 'Person' },
      ],
    };
    const renames = [
      { model: 'Person', from: 'parent', to: 'mother' },
      { model: 'Person', from: 'name', to: 'called' },
    ];
    expect(renamePath('parent.parent.name', Person, [Person], renames)).toBe('mother.mother.called');
    expect(renamePath('name', Person, [Person], renames)).toBe('called');
  });

  it('takes the models as a look-up too', () => {
    const byName = (name: string) => models.find((m) => m.name === name);
    expect(renamePath('customer.city', Order, byName, [city])).toBe('customer.town');
  });
});

describe('renameFilterPaths', () => {
  it("renames a top group's conditions, those in groups included, and says where", () => {
    const filter = {
      and: [
        { field: 'customer.city', op: 'eq', value: 'Oslo' },
        { field: 'status', op: 'eq', value: 'open' },
        { or: [{ field: 'customer.name', op: 'startsWith', value: 'A' }, { field: 'customer.city', op: 'empty' }] },
      ],
    };
    const before = structuredClone(filter);
    const out = renameFilterPaths(filter, Order, models, [city]);
    expect(out.filter).toEqual({
      and: [
        { field: 'customer.town', op: 'eq', value: 'Oslo' },
        { field: 'status', op: 'eq', value: 'open' },
        { or: [{ field: 'customer.name', op: 'startsWith', value: 'A' }, { field: 'customer.town', op: 'empty' }] },
      ],
    });
    expect(out.places).toEqual(['/and/0', '/and/2/or/1']);
    // The input is not changed.
    expect(filter).toEqual(before);
    // The renamed filter fits the renamed models, as the old one fitted the old ones.
    expect(filterProblems(before, Order, models)).toEqual([]);
    const after = renamedModels([city]);
    expect(filterProblems(out.filter, after.find((m) => m.name === 'Order') as ModelDefinition, after)).toEqual([]);
  });

  it("renames a grid's list of items, old-style ones by their field of the grid's model only", () => {
    const filters = [
      { fieldname: 'city', value: 'Oslo' },
      { fieldname: 'customer.city', value: 'Oslo' },
      { or: [{ fieldname: 'city', value: 'Bergen' }, { field: 'owner', op: 'empty' }] },
      { field: 'city', op: 'in', value: ['Oslo', 'Bergen'] },
    ];
    const out = renameFilterPaths(filters, Customer, models, [city]);
    expect(out.filter).toEqual([
      { fieldname: 'town', value: 'Oslo' },
      { fieldname: 'customer.city', value: 'Oslo' },
      { or: [{ fieldname: 'town', value: 'Bergen' }, { field: 'owner', op: 'empty' }] },
      { field: 'town', op: 'in', value: ['Oslo', 'Bergen'] },
    ]);
    expect(out.places).toEqual(['/0', '/2/or/0', '/3']);
  });

  it('renames an or at the top, and passes over what is no filter', () => {
    expect(renameFilterPaths({ or: [{ field: 'customer.city', op: 'empty' }, null, 'x'] }, Order, models, [city])).toEqual({
      filter: { or: [{ field: 'customer.town', op: 'empty' }, null, 'x'] },
      places: ['/or/0'],
    });
    expect(renameFilterPaths(undefined, Order, models, [city])).toEqual({ filter: undefined, places: [] });
    expect(renameFilterPaths({ and: 'nothing' }, Order, models, [city])).toEqual({ filter: { and: 'nothing' }, places: [] });
  });

  it('changes nothing and finds nothing when no path reaches the field', () => {
    const filter = { and: [{ field: 'customer.name', op: 'eq', value: 'Acme' }, { field: 'total', op: 'gt', value: 1 }] };
    expect(renameFilterPaths(filter, Order, models, [city])).toEqual({ filter, places: [] });
  });
});

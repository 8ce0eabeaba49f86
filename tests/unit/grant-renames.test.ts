import { describe, expect, it } from 'vitest';
import { renameInGrants } from '../../src/server/definitions/grant-renames.js';
import type { ModelDefinition } from '../../src/server/records/model-types.js';

/** Grants through a field rename (src/server/definitions/grant-renames.ts), pure. */
const customer = { name: 'Customer', fields: [{ name: 'name', type: 'text' }, { name: 'city', type: 'text' }] } as ModelDefinition;
const order = { name: 'Order', fields: [{ name: 'name', type: 'text' }, { name: 'customer', type: 'reference', target: 'Customer' }] } as ModelDefinition;
const find = (n: string) => [customer, order].find((m) => m.name === n);
const rename = [{ model: 'Customer', from: 'name', to: 'full_name' }];

describe('renameInGrants', () => {
  it("renames a path rule in an or-group, and leaves the other model's own field of that name and its fields and presets alone", () => {
    const access = {
      grants: [
        { group: 'Sales', actions: ['read'], rules: { read: { or: [{ field: 'name', op: 'eq', value: 'x' }, { field: 'customer.name', op: 'eq', value: 'A' }] } }, fields: { name: 'hidden' }, presets: { name: 'x' } },
      ],
    };
    const places = renameInGrants(access, order, rename, find);
    expect(places).toEqual(['grant 1 (Sales), read rule, condition 2']);
    expect(access.grants[0]).toEqual({
      group: 'Sales',
      actions: ['read'],
      rules: { read: { or: [{ field: 'name', op: 'eq', value: 'x' }, { field: 'customer.full_name', op: 'eq', value: 'A' }] } },
      fields: { name: 'hidden' },
      presets: { name: 'x' },
    });
  });

  it("renames the model's own keys in place of order, and finds them without renaming when the name stays", () => {
    const access = { grants: [{ group: 'A', actions: ['read'] }, { group: 'B', actions: ['add'], fields: { name: 'readonly', city: 'hidden' }, presets: { city: 'Oslo' } }] };
    expect(renameInGrants(structuredClone(access), customer, [{ model: 'Customer', from: 'name', to: 'name' }], find)).toEqual(['grant 2 (B), fields']);
    expect(renameInGrants(access, customer, rename, find)).toEqual(['grant 2 (B), fields']);
    expect(Object.keys(access.grants[1]?.fields ?? {})).toEqual(['full_name', 'city']);
    expect(access.grants[1]?.presets).toEqual({ city: 'Oslo' });
  });

  it('finds nothing in a definition without records or grants', () => {
    expect(renameInGrants({ grants: [{ group: 'A', actions: ['read'] }] }, undefined, rename, find)).toEqual([]);
    expect(renameInGrants(undefined, customer, rename, find)).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as precompiled from '../../src/shared/precompiled-validators.js';
import { definitionSchemaId, getValidator, pluginSchemas, registeredSchemas, SCHEMA_BASE, schemaPartIds } from '../../src/shared/schema-registry.js';
import { validatorsById } from '../../src/generated/validators.js';
import { arbitraries, mutations, type DefinitionArbitraryKind } from '../support/arbitraries.js';

/**
 * The browser runs validators precompiled by gen:types (no 'unsafe-eval' in the CSP); the server
 * compiles the same schemas with ajv at run time. Both must accept, refuse and word errors alike,
 * or the raw editor and the designer's panel would tell an admin something the server does not.
 */

const NUM_RUNS = 100;
const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];

function sameVerdict(schemaId: string, value: unknown): void {
  const server = getValidator(schemaId);
  const browser = precompiled.getValidator(schemaId);
  const serverOk = server(value);
  const serverErrors = structuredClone(server.errors ?? []);
  expect(browser(value)).toBe(serverOk);
  expect(browser.errors ?? []).toEqual(serverErrors);
}

describe('precompiled validators', () => {
  it('exist for every registered schema but the hints vocabulary, and for the parts the designers check', () => {
    const ids = registeredSchemas.map((s) => String(s.$id)).filter((id) => id !== `${SCHEMA_BASE}plugin-hints.json`);
    ids.push(...Object.values(schemaPartIds));
    expect(Object.keys(validatorsById).sort()).toEqual([...ids].sort());
  });

  it.each(kinds)('judge %s definitions, valid and broken, as the server does', (kind) => {
    const broken = fc.tuple(arbitraries[kind] as fc.Arbitrary<object>, fc.constantFrom(...Object.values(mutations)), fc.nat()).map(
      ([definition, mutate, seed]) => mutate(definition, seed)?.value ?? definition,
    );
    fc.assert(
      fc.property(fc.oneof(arbitraries[kind] as fc.Arbitrary<object>, broken, fc.anything()), (value) => {
        sameVerdict(definitionSchemaId(kind), value);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('judge columns of every type as the server does', () => {
    const ids = Object.values(pluginSchemas).map((s) => String(s.$id));
    const column = fc.record(
      {
        childType: fc.constantFrom(...Object.keys(pluginSchemas), 'NoSuchType'),
        name: fc.oneof(fc.constant('field1'), fc.string()),
        width: fc.oneof(fc.integer({ min: -1, max: 14 }), fc.string()),
        label: fc.oneof(fc.string(), fc.integer()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...ids, `${SCHEMA_BASE}column.json`), column, (id, value) => sameVerdict(id, value)),
      { numRuns: NUM_RUNS * 5 },
    );
  });

  it.each(Object.entries(schemaPartIds))('judge a %s on its own as the server does', (_, id) => {
    const part = fc.record(
      { name: fc.oneof(fc.constant('name'), fc.string()), fieldname: fc.oneof(fc.constant('name'), fc.integer()), sorttype: fc.constantFrom('ASC', 'DESC', 'UP'), type: fc.constantFrom('Text', 'Image', 'Blob'), url: fc.string(), extra: fc.anything() },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(fc.oneof(part, fc.anything()), (value) => sameVerdict(id, value)), { numRuns: NUM_RUNS });
  });

  it('give the raw editor the server\'s own messages', () => {
    const value = { name: 'x', title: 3, notAProperty: 1 };
    expect(precompiled.validateDefinition('form', value)).toEqual({
      ok: false,
      errors: expect.arrayContaining([{ pointer: '/notAProperty', message: "unknown property 'notAProperty'" }]),
    });
  });
});

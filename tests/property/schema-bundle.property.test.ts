import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { bundledSchema } from '../../src/shared/schema-bundle.js';
import { validateDefinition } from '../../src/shared/schema-registry.js';
import { arbitraries, mutations, type DefinitionArbitraryKind } from '../support/arbitraries.js';

/**
 * The raw editors' completion and hover read one self-contained schema per kind. It must say
 * what the server's schemas say: compiled on its own (no other schema loaded), it accepts every
 * valid definition and refuses every broken one exactly as the registry does.
 */
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;

const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];

describe.each(kinds)('the bundled %s schema', (kind) => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(bundledSchema(kind));

  it('has no reference left outside itself', () => {
    expect(JSON.stringify(bundledSchema(kind))).not.toMatch(/"\$ref":"https?:/);
  });

  it('accepts what the server accepts and refuses what it refuses', () => {
    fc.assert(
      fc.property(arbitraries[kind], fc.constantFrom(...Object.values(mutations)), fc.nat(), (doc, mutate, seed) => {
        expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
        const broken = mutate(doc, seed);
        if (!broken) return;
        expect(validate(broken.value), broken.description).toBe(validateDefinition(kind, broken.value).ok);
      }),
      { numRuns: 100 },
    );
  });
});

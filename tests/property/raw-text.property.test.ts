import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkText, textOf } from '../../src/app/screens/raw/raw-check.js';
import { arbitraries, mutations, type DefinitionArbitraryKind } from '../support/arbitraries.js';

/**
 * The raw editor's text of any valid definition reads back as exactly that definition with no
 * problem, and formatting it again gives the same bytes; a broken one is refused naming the
 * place the server would name. (The designers leave a stored definition as it is until edited,
 * tested with the designer column; the API round trip is in tests/api.)
 */
const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe.each(kinds)('the raw text of a %s', (kind) => {
  it('reads back unchanged and formats to the same bytes', () => {
    fc.assert(
      fc.property(arbitraries[kind] as fc.Arbitrary<object>, (doc) => {
        const stored = { ...asJson(doc), id: 'a'.repeat(32), version: 7 };
        const text = textOf(stored);
        const checked = checkText(kind, text);
        expect(checked.problems).toEqual([]);
        expect(checked.value).toEqual(asJson(doc));
        expect(textOf(checked.value as Record<string, unknown>)).toBe(text);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a broken one at the place the schema names', () => {
    fc.assert(
      fc.property(arbitraries[kind] as fc.Arbitrary<object>, fc.constantFrom(...Object.values(mutations)), fc.nat(), (doc, mutate, seed) => {
        const broken = mutate(doc, seed);
        if (!broken) return;
        const { problems } = checkText(kind, textOf(broken.value));
        expect(problems.map((p) => p.pointer).some((p) => p.startsWith(broken.pointer) || broken.pointer.startsWith(p)), `${broken.description}: ${JSON.stringify(problems)}`).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

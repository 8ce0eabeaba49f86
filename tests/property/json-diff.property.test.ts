import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiff, jsonDiff, type JsonValue } from '../../src/shared/json-diff.js';

describe('jsonDiff', () => {
  it('names each added, removed and changed property by its JSON pointer', () => {
    const before: JsonValue = { name: 'customer', title: 'Customer', definition: [{ cols: [{ childType: 'Input', 'a/b': 1 }] }], hidetoolbar: true };
    const after: JsonValue = { name: 'customer', title: 'Clients', definition: [{ cols: [{ childType: 'Input', 'a/b': 2 }, { childType: 'Text' }] }], url: '/x' };
    expect(jsonDiff(before, after)).toEqual([
      { op: 'change', pointer: '/title', before: 'Customer', after: 'Clients' },
      { op: 'change', pointer: '/definition/0/cols/0/a~1b', before: 1, after: 2 },
      { op: 'add', pointer: '/definition/0/cols/1', after: { childType: 'Text' } },
      { op: 'remove', pointer: '/hidetoolbar', before: true },
      { op: 'add', pointer: '/url', after: '/x' },
    ]);
    expect(jsonDiff(before, structuredClone(before))).toEqual([]);
  });

  it('is complete: applying the diff of any two documents to the first gives the second', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const before = a as JsonValue;
        const after = b as JsonValue;
        expect(applyDiff(before, jsonDiff(before, after))).toEqual(after);
        expect(jsonDiff(before, before)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

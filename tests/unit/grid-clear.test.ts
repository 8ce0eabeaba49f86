import { describe, expect, it } from 'vitest';
import { clearQuestion, loadedTally } from '../../src/runtime/views/grid-clear';

describe("Clear grid's question", () => {
  it("starts with the spec's 'Clear grid?' and says how many rows go", () => {
    expect(clearQuestion({ count: 1234, exact: true })).toBe('Clear grid? This deletes all 1,234 rows.');
    expect(clearQuestion({ count: 1, exact: true })).toBe('Clear grid? This deletes its 1 row.');
    expect(clearQuestion({ count: 0, exact: true })).toBe('Clear grid? It has no rows.');
    expect(clearQuestion({ count: 100000, exact: false })).toBe('Clear grid? This deletes all of its rows: 100,000 or more.');
  });

  it('counts from what is loaded where that is the whole grid', () => {
    const rows = [1, 2, 3];
    expect(loadedTally(3, { rows, count: 70, truncated: false }, 50, false)).toEqual({ count: 70, exact: true });
    expect(loadedTally(3, { rows, count: 3, truncated: false }, 50, true)).toBeNull();
    expect(loadedTally(1, { rows, count: 3, truncated: false }, 50, true)).toEqual({ count: 3, exact: true });
    expect(loadedTally(1, { rows, count: 3, truncated: true }, 50, false)).toEqual({ count: 3, exact: false });
    expect(loadedTally(2, { rows, count: 3, truncated: false }, 50, false)).toEqual({ count: 3, exact: true });
    expect(loadedTally(2, { rows, count: 3, truncated: false }, 3, false)).toEqual({ count: 3, exact: false });
  });
});

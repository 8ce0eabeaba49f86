/** What Clear grid asks before it deletes every row of a grid (the spec's 'Clear grid?', then how many rows go). */

/** How many rows a clear deletes, as far as the grid knows: `exact` false when there may be more than `count`. */
export interface RowTally {
  count: number;
  exact: boolean;
}

const number = (n: number) => n.toLocaleString('en-US');

export function clearQuestion({ count, exact }: RowTally): string {
  if (!exact) return `Clear grid? This deletes all of its rows: ${number(count)} or more.`;
  if (count === 0) return 'Clear grid? It has no rows.';
  if (count === 1) return 'Clear grid? This deletes its 1 row.';
  return `Clear grid? This deletes all ${number(count)} rows.`;
}

/**
 * The tally from what a grid has loaded, when that is enough: mode 3 knows its count (unless a
 * search narrowed it), mode 1 has every row (unless the server cut the answer short), mode 2
 * has at most its first `pageSize`. Null when the count must be asked for (a searched mode 3).
 */
export function loadedTally(paging: number, loaded: { rows: readonly unknown[]; count: number; truncated: boolean }, pageSize: number, searched: boolean): RowTally | null {
  if (paging === 3) return searched ? null : { count: loaded.count, exact: true };
  if (paging === 1) return { count: loaded.rows.length, exact: !loaded.truncated };
  return { count: loaded.rows.length, exact: loaded.rows.length < pageSize };
}

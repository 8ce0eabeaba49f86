/**
 * The client side of grid paging modes 1 and 2: sort, search and cell text over rows already
 * loaded. Mode 1 holds up to 100,000 rows, so the work that does not depend on the user's input
 * (sort keys, sort orders, lowercase search text) is done once per rows array and cached in
 * WeakMaps: a new answer from the server is a new array and drops its cache with it.
 */

export type GridRow = Readonly<Record<string, unknown>>;
export type SortDir = 'asc' | 'desc';
/** A searched column: its name, and its type so the search sees what the cell shows. */
export interface SearchField {
  name: string;
  type?: string;
}

const collator = new Intl.Collator();

/** Spec 3.2 field types: what a cell shows for a value. */
export function formatCell(type: string | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (type === 'Date') return (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
  if (type === 'Number') {
    const n = typeof value === 'number' ? value : Number(value);
    return value !== '' && Number.isFinite(n) ? String(n) : String(value);
  }
  return String(value);
}

/** null, undefined and '' hold nothing and sort after every value, in both directions. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

// ---- Fast string order -------------------------------------------------------------------
// Sorting 100,000 strings with collator.compare alone takes several hundred ms. For strings of
// printable ASCII the collator's first-level order is plain lexicographic order over each
// character's rank (case aside), so such strings get a key of ranks compared with `<`, and only
// ties (which differ by case alone) go to the collator. The rank table is read from the running
// collator, and checked on all two-character strings so a locale with contractions (Czech 'ch',
// Danish 'aa') turns the fast path off instead of sorting wrongly.

/** Rank (from 0x21) of each printable ASCII character, 0 for any other; null when unsafe. */
let rankTable: Uint8Array | null | undefined;

function ranks(): Uint8Array | null {
  if (rankTable !== undefined) return rankTable;
  const chars: string[] = [];
  for (let c = 0x20; c < 0x7f; c++) {
    const ch = String.fromCharCode(c);
    if (ch < 'A' || ch > 'Z') chars.push(ch);
  }
  chars.sort(collator.compare);
  const table = new Uint8Array(128);
  chars.forEach((ch, i) => (table[ch.charCodeAt(0)] = 0x21 + i));
  const pairs: string[] = [];
  for (const a of chars) for (const b of chars) pairs.push(a + b);
  const keyed = pairs.map((p) => ({ p, k: rankKey(p, table) as string }));
  keyed.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0));
  let consistent = chars.every((ch, i) => i === 0 || collator.compare(chars[i - 1] as string, ch) < 0);
  for (let i = 1; consistent && i < keyed.length; i++) consistent = collator.compare((keyed[i - 1] as { p: string }).p, (keyed[i] as { p: string }).p) < 0;
  rankTable = consistent ? table : null;
  return rankTable;
}

/** Longer text is compared by the collator: the key would cost more than it saves. */
const MAX_KEYED = 200;

/**
 * The rank key of a text (one byte per character, so comparing keys is cheap), or undefined
 * when it holds a character outside the table.
 */
function rankKey(text: string, table: Uint8Array): string | undefined {
  if (text.length > MAX_KEYED) return undefined;
  const lower = text.toLowerCase();
  const codes = new Array<number>(lower.length);
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    const r = c < 128 ? (table[c] as number) : 0;
    if (!r) return undefined;
    codes[i] = r;
  }
  return String.fromCharCode(...codes);
}

/** The same sign as collator.compare(a, b), faster when both have a rank key. */
function compareText(a: string, ka: string | undefined, b: string, kb: string | undefined): number {
  if (ka !== undefined && kb !== undefined) {
    if (ka < kb) return -1;
    if (ka > kb) return 1;
  }
  return collator.compare(a, b);
}

/** Exported for the test that holds compareText to the collator. */
export function textOrder(a: string, b: string): number {
  const table = ranks();
  return Math.sign(compareText(a, table ? rankKey(a, table) : undefined, b, table ? rankKey(b, table) : undefined));
}

// ---- Sorting ------------------------------------------------------------------------------

/**
 * A column's values compare as numbers when every non-empty one is a number (or boolean or
 * Date), otherwise as text in the user's locale.
 */
function ascendingOrder(rows: readonly GridRow[], field: string): { order: number[]; filled: number; same: (a: number, b: number) => boolean } {
  const filled: number[] = [];
  const empty: number[] = [];
  let numeric = true;
  for (let i = 0; i < rows.length; i++) {
    const v = (rows[i] as GridRow)[field];
    if (isEmpty(v)) empty.push(i);
    else {
      filled.push(i);
      if (typeof v !== 'number' && typeof v !== 'boolean' && !(v instanceof Date)) numeric = false;
    }
  }
  if (numeric) {
    const keys = new Float64Array(rows.length);
    for (const i of filled) keys[i] = Number((rows[i] as GridRow)[field]);
    // The index tie-break keeps the sort stable whatever the engine does.
    filled.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
    return { order: filled.concat(empty), filled: filled.length, same: (a, b) => keys[a] === keys[b] };
  }
  const table = ranks();
  const texts: string[] = new Array<string>(rows.length);
  const fast: (string | undefined)[] = new Array<string | undefined>(rows.length);
  for (const i of filled) {
    const v = (rows[i] as GridRow)[field];
    const text = v instanceof Date ? v.toISOString() : String(v);
    texts[i] = text;
    fast[i] = table ? rankKey(text, table) : undefined;
  }
  const cmp = (a: number, b: number) => compareText(texts[a] as string, fast[a], texts[b] as string, fast[b]);
  filled.sort((a, b) => cmp(a, b) || a - b);
  return { order: filled.concat(empty), filled: filled.length, same: (a, b) => cmp(a, b) === 0 };
}

/**
 * Descending order from the ascending one: runs of equal values swap places as blocks but keep
 * their inner (original) order, so both directions are stable; empty values stay last.
 */
function descendingFrom(asc: number[], filled: number, same: (a: number, b: number) => boolean): number[] {
  const out: number[] = [];
  let end = filled;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && same(asc[start - 1] as number, asc[start] as number)) start--;
    for (let i = start; i < end; i++) out.push(asc[i] as number);
    end = start;
  }
  for (let i = filled; i < asc.length; i++) out.push(asc[i] as number);
  return out;
}

interface Sorted {
  order: number[];
  rows: readonly GridRow[] | null;
}

/** Sort orders (row indexes) and the sorted arrays, per rows array and `dir:field`. */
const sorts = new WeakMap<readonly GridRow[], Map<string, Sorted>>();

/** Sorted arrays made here remember their source, so a search over them reuses its text. */
const sortedFrom = new WeakMap<readonly GridRow[], { rows: readonly GridRow[]; order: number[] }>();

/**
 * The rows sorted by one field: numbers numerically, anything else as text in the user's locale
 * (dates are ISO text, which sorts by time); stable; empty values last in both directions.
 * The same input gives the same (cached) array back, so React memos stay valid.
 */
export function clientSort<R extends GridRow>(rows: readonly R[], field: string, dir: SortDir): readonly R[] {
  let perRows = sorts.get(rows);
  if (!perRows) sorts.set(rows, (perRows = new Map()));
  let entry = perRows.get(`${dir}:${field}`);
  if (!entry) {
    const { order, filled, same } = ascendingOrder(rows, field);
    // Both directions at once: the second is one linear pass while `same` is at hand.
    perRows.set(`asc:${field}`, { order, rows: null });
    perRows.set(`desc:${field}`, { order: descendingFrom(order, filled, same), rows: null });
    entry = perRows.get(`${dir}:${field}`) as Sorted;
  }
  if (!entry.rows) {
    const order = entry.order;
    const sorted = order.map((i) => rows[i] as R);
    sortedFrom.set(sorted, { rows, order });
    entry.rows = sorted;
  }
  return entry.rows as readonly R[];
}

// ---- Searching ----------------------------------------------------------------------------

/** Lowercase text of each row's searched cells, cached per rows array and field list. */
const haystacks = new WeakMap<readonly GridRow[], Map<string, string[]>>();

function fieldOf(f: string | SearchField): SearchField {
  return typeof f === 'string' ? { name: f } : f;
}

function haystack(rows: readonly GridRow[], fields: readonly SearchField[]): string[] {
  const key = fields.map((f) => `${f.name}:${f.type ?? ''}`).join('|');
  let perRows = haystacks.get(rows);
  if (!perRows) haystacks.set(rows, (perRows = new Map()));
  let texts = perRows.get(key);
  if (texts) return texts;
  const source = sortedFrom.get(rows);
  if (source) {
    // A sorted copy: its text is the source's text in the sorted order, no re-formatting.
    const base = haystack(source.rows, fields);
    texts = source.order.map((i) => base[i] as string);
  } else {
    // \u0000 between cells: a search term cannot match across two cells.
    texts = rows.map((row) => fields.map((f) => formatCell(f.type, row[f.name]).toLowerCase()).join('\u0000'));
  }
  perRows.set(key, texts);
  return texts;
}

/**
 * The rows with the term (case-insensitive, as a substring) in any of the fields, as the cells
 * show them. An empty term returns the same array.
 */
export function clientSearch<R extends GridRow>(rows: readonly R[], fields: readonly (string | SearchField)[], term: string): readonly R[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return rows;
  const texts = haystack(rows, fields.map(fieldOf));
  const out: R[] = [];
  for (let i = 0; i < rows.length; i++) if ((texts[i] as string).includes(needle)) out.push(rows[i] as R);
  return out;
}

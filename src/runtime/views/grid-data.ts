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

/** A grid field's `type` (schemas/grid.json: Text, Number, Date...): what a cell shows for a value. */
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

/**
 * The name the server gave a reference column's target in the row's `_labels` (docs/api.md,
 * "Grid data"), or undefined: a row whose target is gone, or a column that is no reference.
 */
export function rowLabel(row: GridRow, field: string): string | undefined {
  const labels = row._labels;
  if (!labels || typeof labels !== 'object' || !Object.hasOwn(labels, field)) return undefined;
  const label = (labels as Record<string, unknown>)[field];
  return typeof label === 'string' ? label : undefined;
}

/** What a cell shows for a field, so sorting and searching loaded rows see it too: a reference's name, else the value. */
export function shownValue(row: GridRow, field: string): unknown {
  return rowLabel(row, field) ?? row[field];
}

/**
 * A row action's label with each `:field` filled by what the row's cell shows for it, a
 * reference's name rather than its id ("Return :book" reads "Return Dune"); a placeholder that
 * names no field of the row stays as written, and an empty value leaves nothing.
 */
export function rowActionLabel(label: string, row: GridRow): string {
  return label.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    if (!Object.hasOwn(row, name)) return whole;
    const value = shownValue(row, name);
    return value === null || value === undefined ? '' : String(value);
  });
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
 * Both sort orders (row indexes) of one field. A column's values compare as numbers when every
 * non-empty one is a number (or boolean or Date), otherwise as text in the user's locale.
 *
 * Only the distinct values are sorted (a city or date column holds few of them); each row then
 * gets its value's rank, and a counting sort over the ranks places the rows: linear, stable by
 * construction, and it gives the descending order (runs of equal values keep their original
 * order) from the same buckets. Empty values stay last in both directions.
 */
function sortOrders(rows: readonly GridRow[], field: string): { asc: number[]; desc: number[] } {
  let numeric = true;
  let emptyCount = 0;
  const values = rows.map((row) => shownValue(row, field));
  for (let i = 0; i < rows.length; i++) {
    const v = values[i];
    if (isEmpty(v)) emptyCount++;
    else if (typeof v !== 'number' && typeof v !== 'boolean' && !(v instanceof Date)) numeric = false;
  }
  // rank[i]: the place of row i's value among the sorted distinct values (-1 when empty).
  const rank = new Int32Array(rows.length).fill(-1);
  let buckets: number;
  if (numeric) {
    // Numbers sort natively (no comparator); each row finds its value's first place by binary search.
    const keys = new Float64Array(rows.length);
    const present: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const v = values[i];
      if (isEmpty(v)) continue;
      keys[i] = v instanceof Date ? v.getTime() : Number(v);
      present.push(keys[i] as number);
    }
    const sorted = Float64Array.from(present).sort();
    buckets = sorted.length;
    for (let i = 0; i < rows.length; i++) {
      if (isEmpty(values[i])) continue;
      const v = keys[i] as number;
      let lo = 0;
      let hi = sorted.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((sorted[mid] as number) < v) lo = mid + 1;
        else hi = mid;
      }
      rank[i] = lo;
    }
  } else {
    // Text: only the distinct values are compared (a city or date column holds few of them).
    const distinct = new Map<string, number>();
    const texts: string[] = [];
    const ids = new Int32Array(rows.length).fill(-1);
    for (let i = 0; i < rows.length; i++) {
      const v = values[i];
      if (isEmpty(v)) continue;
      const text = v instanceof Date ? v.toISOString() : String(v);
      let id = distinct.get(text);
      if (id === undefined) {
        id = texts.length;
        distinct.set(text, id);
        texts.push(text);
      }
      ids[i] = id;
    }
    const table = ranks();
    const fast = table ? texts.map((t) => rankKey(t, table)) : [];
    const byText = texts.map((_, id) => id);
    byText.sort((a, b) => compareText(texts[a] as string, fast[a], texts[b] as string, fast[b]));
    const rankOf = new Int32Array(texts.length);
    byText.forEach((id, r) => (rankOf[id] = r));
    for (let i = 0; i < rows.length; i++) if ((ids[i] as number) >= 0) rank[i] = rankOf[ids[i] as number] as number;
    buckets = texts.length;
  }
  // Counting sort over the ranks: bucket starts, then rows in their original order (stable).
  const starts = new Int32Array(buckets + 1);
  for (let i = 0; i < rows.length; i++) if ((rank[i] as number) >= 0) (starts[(rank[i] as number) + 1] as number)++;
  for (let r = 0; r < buckets; r++) starts[r + 1] = (starts[r + 1] as number) + (starts[r] as number);
  const filled = rows.length - emptyCount;
  const asc = new Array<number>(filled);
  const empty: number[] = [];
  const next = starts.slice(0, buckets);
  for (let i = 0; i < rows.length; i++) {
    const r = rank[i] as number;
    if (r < 0) empty.push(i);
    else asc[(next[r] as number)++] = i;
  }
  // Descending: the same buckets from the highest rank down, each in its original order.
  const desc = new Array<number>(filled);
  let k = 0;
  for (let r = buckets - 1; r >= 0; r--) {
    for (let j = starts[r] as number; j < (starts[r + 1] as number); j++) desc[k++] = asc[j] as number;
  }
  return { asc: asc.concat(empty), desc: desc.concat(empty) };
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
    // Both directions at once: the second costs one linear pass over the same buckets.
    const { asc, desc } = sortOrders(rows, field);
    perRows.set(`asc:${field}`, { order: asc, rows: null });
    perRows.set(`desc:${field}`, { order: desc, rows: null });
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

function fieldOf(f: string | SearchField): SearchField {
  return typeof f === 'string' ? { name: f } : f;
}

/** Each searched column's cell text as shown, cached per rows array and `name:type`. */
const columnTexts = new WeakMap<readonly GridRow[], Map<string, string[]>>();

function cellTexts(rows: readonly GridRow[], field: SearchField): string[] {
  const key = `${field.name}:${field.type ?? ''}`;
  let perRows = columnTexts.get(rows);
  if (!perRows) columnTexts.set(rows, (perRows = new Map()));
  let texts = perRows.get(key);
  if (texts) return texts;
  const source = sortedFrom.get(rows);
  if (source) {
    // A sorted copy: its text is the source's text in the sorted order, no re-formatting.
    const base = cellTexts(source.rows, field);
    texts = source.order.map((i) => base[i] as string);
  } else {
    texts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = shownValue(rows[i] as GridRow, field.name);
      texts[i] = typeof v === 'string' && field.type !== 'Date' ? v : formatCell(field.type, v);
    }
  }
  perRows.set(key, texts);
  return texts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The rows with the term (case-insensitive, as a substring) in any of the fields, as the cells
 * show them. An empty term returns the same array. A case-insensitive regular expression tests
 * each cell as it is, so no lowercased copy of 100,000 rows has to be built first.
 */
export function clientSearch<R extends GridRow>(rows: readonly R[], fields: readonly (string | SearchField)[], term: string): readonly R[] {
  const needle = term.trim();
  if (!needle) return rows;
  const pattern = new RegExp(escapeRegExp(needle), 'i');
  const columns = fields.map((f) => cellTexts(rows, fieldOf(f)));
  const out: R[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (let c = 0; c < columns.length; c++) {
      if (pattern.test((columns[c] as string[])[i] as string)) {
        out.push(rows[i] as R);
        break;
      }
    }
  }
  return out;
}

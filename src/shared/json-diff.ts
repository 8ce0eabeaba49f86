/**
 * A structural diff of two JSON documents, by JSON pointer (RFC 6901): what was added, what was
 * removed and what changed. Objects are compared key by key; arrays index by index (a list that
 * grew shows its new tail as added, one that shrank its old tail as removed). Used by the
 * versions panel (compare two versions) and by the import preview (what an import would change).
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface DiffEntry {
  op: 'add' | 'remove' | 'change';
  /** Where, as a JSON pointer ('' is the whole document). */
  pointer: string;
  /** The value before (absent for 'add'). */
  before?: JsonValue;
  /** The value after (absent for 'remove'). */
  after?: JsonValue;
}

/** One pointer segment: '~' and '/' escaped as RFC 6901 says. */
export function escapePointer(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

const isObject = (v: unknown): v is Record<string, JsonValue> => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(a: JsonValue | undefined, b: JsonValue | undefined, pointer: string, out: DiffEntry[]): void {
  if (a === b) return;
  if (a === undefined) {
    out.push({ op: 'add', pointer, after: b as JsonValue });
    return;
  }
  if (b === undefined) {
    out.push({ op: 'remove', pointer, before: a });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${pointer}/${i}`, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      walk(Object.hasOwn(a, key) ? a[key] : undefined, Object.hasOwn(b, key) ? b[key] : undefined, `${pointer}/${escapePointer(key)}`, out);
    }
    return;
  }
  out.push({ op: 'change', pointer, before: a, after: b });
}

/** The differences from `before` to `after`, in document order; empty when they are equal. */
export function jsonDiff(before: JsonValue, after: JsonValue): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before, after, '', out);
  return out;
}

/** Applies a diff made by jsonDiff to `before` (a copy), giving `after`: the diff is complete. */
export function applyDiff(before: JsonValue, diff: readonly DiffEntry[]): JsonValue {
  let doc = structuredClone(before);
  // Removals from the end first, so array indexes of earlier removals stay right.
  const ordered = [...diff.filter((d) => d.op !== 'remove'), ...diff.filter((d) => d.op === 'remove').reverse()];
  for (const d of ordered) {
    if (d.pointer === '') {
      doc = d.op === 'remove' ? null : structuredClone(d.after as JsonValue);
      continue;
    }
    const parts = d.pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop() as string;
    let at: JsonValue = doc;
    for (const p of parts) at = (Array.isArray(at) ? at[Number(p)] : (at as Record<string, JsonValue>)[p]) as JsonValue;
    if (Array.isArray(at)) {
      if (d.op === 'remove') at.splice(Number(last), 1);
      else at[Number(last)] = structuredClone(d.after as JsonValue);
    } else if (isObject(at)) {
      if (d.op === 'remove') delete at[last];
      // Defined, not assigned: a key such as '__proto__' stays a plain property.
      else Object.defineProperty(at, last, { value: structuredClone(d.after as JsonValue), writable: true, enumerable: true, configurable: true });
    }
  }
  return doc;
}

/**
 * Addresses inside a definition document. A path is the list of keys from the document's root,
 * e.g. ['definition', 0, 'cols', 1, 'tabs', 0, 'rows', 2, 'cols', 0] for a column inside a tab
 * of a card. Paths are plain data, so the UI can keep one as its selection and a drag can name
 * its source and target.
 */
export type Path = readonly (string | number)[];

/** Keys that would reach an object's prototype: never part of a definition. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export function isSafeKey(key: string | number): boolean {
  return typeof key === 'number' ? Number.isInteger(key) && key >= 0 : !UNSAFE_KEYS.has(key);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One step down: an own property of an object, or an existing index of an array. */
function child(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) {
    return typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < value.length ? value[key] : undefined;
  }
  if (isPlainObject(value) && typeof key === 'string' && isSafeKey(key) && Object.hasOwn(value, key)) return value[key];
  return undefined;
}

/** The value at `path`, or undefined when the path does not resolve. Reads only along the path. */
export function getAt(doc: unknown, path: Path): unknown {
  let value = doc;
  for (const key of path) {
    value = child(value, key);
    if (value === undefined) return undefined;
  }
  return value;
}

/** The path of the array holding the item at `path`, or null when `path` does not end in an index. */
export function parentArray(path: Path): Path | null {
  return path.length > 0 && typeof path.at(-1) === 'number' ? path.slice(0, -1) : null;
}

/** Whether `path` names a column of a row (by its shape: `..., 'cols', index`). */
export function isColumnPath(path: Path): boolean {
  return path.length >= 2 && path.at(-2) === 'cols' && typeof path.at(-1) === 'number';
}

export function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((key, i) => path[i] === key);
}

export function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && startsWith(a, b);
}

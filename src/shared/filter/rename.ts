/**
 * Renamed fields followed through paths (docs/filters.md, "Fields and paths"): a path names fields
 * of several models (`customer.city` is Order's `customer`, then Customer's `city`), so renaming
 * Customer's `city` renames the second part of that path, and only in paths that reach Customer
 * there. Pure: a model change (src/server/definitions/model-uses.ts) calls it on grids' filters
 * and `shows`, and on saved views' filters.
 */
import { finder } from './check.js';
import { isObject, itemKind, segment } from './shape.js';
import type { ModelDefinition, ModelField, Models } from './types.js';

/** Field `from` of the model `model` is now called `to` (`to` equal to `from` only finds it). */
export interface FieldRename {
  model: string;
  from: string;
  to: string;
}

/**
 * `path` walked from `root` (its first field is root's), each part read with the names as they
 * were, with every renamed field's part renamed; undefined when the path walks through none of
 * them. A walk stops where the path leads nowhere (a field that does not exist, a field that is
 * not a reference before the end): what follows names no model.
 */
export function renamePath(path: string, root: ModelDefinition, models: Models, renames: readonly FieldRename[]): string | undefined {
  const find = finder(models);
  const parts = path.split('.');
  let model: ModelDefinition | undefined = root;
  let hit = false;
  for (const [i, name] of parts.entries()) {
    if (!model) break;
    const here: ModelDefinition = model;
    const rename = renames.find((r) => r.model === here.name && r.from === name);
    if (rename) {
      parts[i] = rename.to;
      hit = true;
    }
    const field: ModelField | undefined = here.fields.find((f) => f.name === name);
    model = field?.type === 'reference' && field.target ? find(field.target) : undefined;
  }
  return hit ? parts.join('.') : undefined;
}

/** A filter's conditions and old-style items, wherever they stand, with each one's pointer. */
interface Named {
  item: Record<string, unknown>;
  pointer: string;
}

function conditionsOf(items: unknown[], at: string, out: Named[]): void {
  items.forEach((item, i) => {
    if (!isObject(item)) return;
    const here = `${at}/${i}`;
    const kind = itemKind(item);
    if (kind === 'and' || kind === 'or') {
      const inner = item[kind];
      if (Array.isArray(inner)) conditionsOf(inner, `${here}/${kind}`, out);
    } else out.push({ item, pointer: here });
  });
}

/**
 * `filter` with every path renamed (renamePath, from `root`), and the JSON pointers of the
 * conditions that named a renamed field (`/and/0`, `/and/1/or/0`; for a list, `/2`, `/2/or/0`).
 * `filter` is a top group (`{ "and": [...] }`, a saved view's or a user's filter) or a list of
 * items (a grid's `filters`); it is not changed. An old-style item's `fieldname` is a field of
 * `root` only, never a path.
 */
export function renameFilterPaths<T>(filter: T, root: ModelDefinition, models: Models, renames: readonly FieldRename[]): { filter: T; places: string[] } {
  const copy = structuredClone(filter);
  const named: Named[] = [];
  if (Array.isArray(copy)) conditionsOf(copy, '', named);
  else if (isObject(copy)) {
    const join = 'and' in copy ? 'and' : 'or';
    const items = copy[join];
    if (Array.isArray(items)) conditionsOf(items, `/${segment(join)}`, named);
  }
  const places: string[] = [];
  for (const { item, pointer } of named) {
    const key = itemKind(item) === 'legacy' ? 'fieldname' : 'field';
    const path = item[key];
    if (typeof path !== 'string' || (key === 'fieldname' && path.includes('.'))) continue;
    const renamed = renamePath(path, root, models, renames);
    if (renamed === undefined) continue;
    item[key] = renamed;
    places.push(pointer);
  }
  return { filter: copy, places };
}

import { modelOf } from '../../shared/contract.js';
import { walkColumns, type WalkRow } from '../../shared/definition-walk.js';
import { pluginHints } from '../../shared/plugin-hints.js';
import type { Row } from '../db/connect.js';
import type { DefinitionUse, UsingKind } from '../../shared/model-change-plan.js';

/**
 * Where a form, grid or select names a field of its model, and the same definition with the
 * field renamed: a form's columns bound to it (their plugins' `binds` properties, so a new
 * column type is covered with no change here), a grid's columns, filters (old-style ones by their
 * fieldname, conditions and those in groups by the first field of their path) and sorts, a
 * select's value and label fields, filters and sorts.
 */

export type { DefinitionUse, UsingKind };
export const USING_KINDS: readonly UsingKind[] = ['form', 'grid', 'select'];

interface Named {
  fieldname?: string;
  name?: string;
}

/**
 * `doc` with `from` renamed to `to` wherever it names the field `from` of `model`, and the
 * places it did; `to` equal to `from` only finds them. `doc` itself is not changed.
 */
export function renameFieldIn(kind: UsingKind, doc: Row, model: string, from: string, to: string): { doc: Row; places: string[] } {
  const places: string[] = [];
  if (modelOf(doc) !== model) return { doc, places };
  const copy = structuredClone(doc);
  const inList = (list: unknown, key: 'fieldname' | 'name', what: string) => {
    if (!Array.isArray(list)) return;
    (list as Named[]).forEach((item, i) => {
      if (item?.[key] !== from) return;
      item[key] = to;
      places.push(`${what} ${i + 1}`);
    });
  };
  if (kind === 'form') {
    walkColumns(copy.definition as WalkRow[] | undefined, (col) => {
      for (const property of pluginHints(col.childType)?.binds ?? []) {
        if (col[property] !== from) continue;
        col[property] = to;
        places.push(`${col.childType} column '${String(col.label ?? from)}' (${property})`);
      }
    });
  } else if (kind === 'grid') {
    inList(copy.definition, 'name', 'column');
    inList(copy.filters, 'fieldname', 'filter');
    renameInConditions(copy.filters, from, to, places);
    inList(copy.sorts, 'fieldname', 'sort');
  } else {
    for (const key of ['valuefield', 'labelfield'] as const) {
      if (copy[key] !== from) continue;
      copy[key] = to;
      places.push(key);
    }
    inList(copy.filters, 'fieldname', 'filter');
    inList(copy.sorts, 'fieldname', 'sort');
  }
  return { doc: copy, places };
}

interface Condition {
  field?: unknown;
  and?: unknown;
  or?: unknown;
}

/**
 * A grid's conditions (docs/filters.md) whose path starts at the field: `from` or `from.city`.
 * A path's later fields belong to other models; renaming one of those is not seen here.
 */
function renameInConditions(filters: unknown, from: string, to: string, places: string[]): void {
  if (!Array.isArray(filters)) return;
  const rename = (item: Condition, place: string) => {
    if (typeof item?.field !== 'string') return;
    const [first, ...rest] = item.field.split('.');
    if (first !== from) return;
    item.field = [to, ...rest].join('.');
    places.push(place);
  };
  (filters as Condition[]).forEach((item, i) => {
    const group = item?.and ?? item?.or;
    if (Array.isArray(group)) (group as Condition[]).forEach((inner, j) => rename(inner, `filter ${i + 1}, condition ${j + 1}`));
    else rename(item, `filter ${i + 1}`);
  });
}

import { modelOf } from '../../shared/contract.js';
import { walkColumns, type WalkRow } from '../../shared/definition-walk.js';
import { pluginHints } from '../../shared/plugin-hints.js';
import { renameFilterPaths, renamePath, type FieldRename } from '../../shared/filter/index.js';
import type { ModelDefinition } from '../records/model-types.js';
import type { Row } from '../db/connect.js';
import type { DefinitionUse, UsingKind } from '../../shared/model-change-plan.js';
import { renameInGrants } from './grant-renames.js';

/**
 * Where a form, grid or select names a field, and the same definition with fields renamed: a
 * form's columns bound to one of its model's fields (their plugins' `binds` properties, so a new
 * column type is covered with no change here), a select's value and label fields, filters and
 * sorts; a grid's columns and sorts of its model, and, from a grid of any model, the paths that
 * walk through the field: its filters (old-style ones by their fieldname, conditions wherever
 * they stand by every part of their path) and what its reference columns show (`shows`, a path
 * from the column's target); and in the grants of a form, grid or select of any model, the
 * paths of their rules and, over the model, their `fields` and `presets` (grant-renames.ts).
 */

export type { DefinitionUse, UsingKind };
export const USING_KINDS: readonly UsingKind[] = ['form', 'grid', 'select'];

/** The models as they are before the change, by name. */
export type FindModel = (name: string) => ModelDefinition | undefined;

interface Named {
  fieldname?: string;
  name?: string;
}

interface GridColumn {
  name?: unknown;
  shows?: unknown;
}

/** A filter's place in words: `/3` is 'filter 4', `/3/or/1` 'filter 4, condition 2'. */
function filterPlace(pointer: string): string {
  const [item, , inner] = pointer.split('/').slice(1).map(Number);
  return inner === undefined ? `filter ${(item ?? 0) + 1}` : `filter ${(item ?? 0) + 1}, condition ${inner + 1}`;
}

/**
 * `doc` with the fields of `renames` (all of one model, the one changed) renamed wherever it
 * names them, and the places it did; a rename to the same name only finds them. Paths are read
 * with the names as they were (`find` answers the models before the change). `doc` itself is
 * not changed.
 */
export function renameFieldIn(kind: UsingKind, doc: Row, renames: readonly FieldRename[], find: FindModel): { doc: Row; places: string[] } {
  const places: string[] = [];
  const model = renames[0]?.model;
  if (model === undefined) return { doc, places };
  const own = modelOf(doc) === model;
  const copy = structuredClone(doc);
  if (own || kind === 'grid') renameInBody(kind, copy, renames, find, own, places);
  places.push(...renameInGrants(copy.access, recordsModel(kind, copy, find), renames, find));
  return places.length ? { doc: copy, places } : { doc, places };
}

/**
 * The model whose records a definition reads, as its grants are checked against it at save
 * (Definitions.checkGrants): a form's or grid's, a select's when it names one.
 */
function recordsModel(kind: UsingKind, doc: Row, find: FindModel): ModelDefinition | undefined {
  if (kind === 'select' && typeof doc.model !== 'string') return undefined;
  return find(modelOf(doc));
}

/** renameFieldIn's part outside the grants: `copy` (a definition of the model, or a grid of any) changed in place. */
function renameInBody(kind: UsingKind, copy: Row, renames: readonly FieldRename[], find: FindModel, own: boolean, places: string[]): void {
  const renamed = (name: unknown) => (typeof name === 'string' ? renames.find((r) => r.from === name)?.to : undefined);
  const inList = (list: unknown, key: 'fieldname' | 'name', what: string) => {
    if (!Array.isArray(list)) return;
    (list as Named[]).forEach((item, i) => {
      const to = renamed(item?.[key]);
      if (to === undefined) return;
      item[key] = to;
      places.push(`${what} ${i + 1}`);
    });
  };
  if (kind === 'form') {
    walkColumns(copy.definition as WalkRow[] | undefined, (col) => {
      for (const property of pluginHints(col.childType)?.binds ?? []) {
        const to = renamed(col[property]);
        if (to === undefined) continue;
        places.push(`${col.childType} column '${String(col.label ?? col[property])}' (${property})`);
        col[property] = to;
      }
    });
  } else if (kind === 'grid') {
    const root = find(modelOf(copy));
    if (Array.isArray(copy.definition)) {
      (copy.definition as GridColumn[]).forEach((col, i) => {
        // Read before the column's own name is renamed: the field as it was leads to the target.
        const field = root?.fields.find((f) => f.name === col?.name);
        const target = field?.type === 'reference' && field.target ? find(field.target) : undefined;
        if (target === undefined || typeof col.shows !== 'string' || col.shows === '') return;
        const shows = renamePath(col.shows, target, find, renames);
        if (shows === undefined) return;
        col.shows = shows;
        places.push(`column ${i + 1} (shows)`);
      });
    }
    if (own) inList(copy.definition, 'name', 'column');
    if (root) {
      const filters = renameFilterPaths(copy.filters, root, find, renames);
      if (filters.places.length) copy.filters = filters.filter;
      places.push(...filters.places.map(filterPlace));
    }
    if (own) inList(copy.sorts, 'fieldname', 'sort');
  } else {
    for (const key of ['valuefield', 'labelfield'] as const) {
      const to = renamed(copy[key]);
      if (to === undefined) continue;
      copy[key] = to;
      places.push(key);
    }
    inList(copy.filters, 'fieldname', 'filter');
    inList(copy.sorts, 'fieldname', 'sort');
  }
}

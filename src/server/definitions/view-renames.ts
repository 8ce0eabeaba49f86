import { isObject, renameFilterPaths, type FieldRename } from '../../shared/filter/index.js';
import type { Db } from '../db/connect.js';
import type { ModelDefinition } from '../records/model-types.js';
import type { FindModel } from './model-uses.js';

/**
 * Saved grid views (src/server/routes/grid-views.ts) through a model change: a view keeps a sort
 * (a column of its grid's model) and a filter whose paths start there, so a renamed field is
 * renamed in them as in the grids (model-uses.ts), and a deleted one drops what names it: a view
 * is a person's bookmark, which no administrator can edit, so it cannot hold a change back.
 */

/** What a view keeps, as far as a model change reads it. */
export interface ViewState {
  search?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  filter?: Record<string, unknown>;
}

export interface StoredView {
  id: string;
  grid: string;
  state: ViewState;
}

/** Grid names in one `IN` list. */
const BATCH = 500;

/** The saved views of the grids, read through `db` (the change's transaction, or the database for a preview). */
export async function viewsOfGrids(db: Db, grids: readonly string[]): Promise<StoredView[]> {
  const out: StoredView[] = [];
  for (let i = 0; i < grids.length; i += BATCH) {
    const rows = await db.selectFrom('sys_grid_views').select(['id', 'grid', 'state']).where('grid', 'in', grids.slice(i, i + BATCH)).orderBy('id').execute();
    for (const row of rows) {
      let state: unknown;
      try {
        state = JSON.parse(String(row.state));
      } catch {
        continue; // Not written by the views' routes: nothing to follow in it.
      }
      if (isObject(state)) out.push({ id: String(row.id), grid: String(row.grid), state: state as ViewState });
    }
  }
  return out;
}

/** The view's state with the fields renamed (`renames` all of one model); undefined when it names none of them. */
export function renameInView(state: ViewState, grid: ModelDefinition, renames: readonly FieldRename[], find: FindModel): ViewState | undefined {
  const out: ViewState = { ...state };
  let changed = false;
  const sort = grid.name === renames[0]?.model ? renames.find((r) => r.from === state.sort) : undefined;
  if (sort) {
    out.sort = sort.to;
    changed = true;
  }
  if (state.filter !== undefined) {
    const renamed = renameFilterPaths(state.filter, grid, find, renames);
    if (renamed.places.length) {
      out.filter = renamed.filter;
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/**
 * The view's state without what names the deleted field `field` of `model`: its sort (and
 * direction), and its filter's top items that walk through it; when the top is an `or`, the
 * whole filter, as dropping one alternative would narrow it. Undefined when it names nothing.
 */
export function trimView(state: ViewState, grid: ModelDefinition, model: string, field: string, find: FindModel): ViewState | undefined {
  const out: ViewState = { ...state };
  let changed = false;
  if (grid.name === model && state.sort === field) {
    delete out.sort;
    delete out.dir;
    changed = true;
  }
  const filter = state.filter;
  if (filter !== undefined) {
    const { places } = renameFilterPaths(filter, grid, find, [{ model, from: field, to: field }]);
    if (places.length) {
      changed = true;
      const items = filter.and;
      const dropped = new Set(places.map((p) => Number(p.split('/')[2])));
      const kept = Array.isArray(items) ? items.filter((_, i) => !dropped.has(i)) : [];
      if (kept.length) out.filter = { and: kept };
      else delete out.filter;
    }
  }
  return changed ? out : undefined;
}

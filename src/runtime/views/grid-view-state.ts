/**
 * What a grid view shows (search, sort, page, the user's filter), kept in the page url's query
 * for a grid that is the page (`/grid/loans?q=dune&sort=due&dir=desc&page=2&filter=...`), so a
 * view can be bookmarked and sent and Back and Forward move through it; kept in the component for
 * a grid embedded in a page or form, which must not write the page's url.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isObject, type FilterTree } from '../../shared/filter';
import type { SortState } from './grid-load';

export interface GridViewState {
  /** The search the data was asked with (mode 3) or is narrowed by (modes 1 and 2). */
  search: string;
  sort: SortState | null;
  /** From 0 (the url counts from 1). */
  page: number;
  filter: FilterTree | null;
}
export type SetGridView = (patch: Partial<GridViewState>, options?: { replace?: boolean }) => void;

const EMPTY: GridViewState = { search: '', sort: null, page: 0, filter: null };

/** The view a url query says; what it says wrongly (a page of -3, a filter that is not JSON) is left out. */
export function viewOfQuery(params: URLSearchParams): GridViewState {
  const sortField = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  let filter: FilterTree | null = null;
  const filterText = params.get('filter');
  if (filterText) {
    try {
      const parsed: unknown = JSON.parse(filterText);
      if (isObject(parsed) && (Array.isArray(parsed.and) || Array.isArray(parsed.or))) filter = parsed as unknown as FilterTree;
    } catch {
      // A hand-edited url with a broken filter shows the grid unfiltered.
    }
  }
  return {
    search: params.get('q') ?? '',
    sort: sortField ? { field: sortField, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0,
    filter,
  };
}

/** The url query of a view, the page's other query keys kept; defaults are left out so a plain grid's url stays plain. */
export function queryOfView(view: GridViewState, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['q', 'sort', 'dir', 'page', 'filter']) params.delete(key);
  if (view.search.trim()) params.set('q', view.search.trim());
  if (view.sort) {
    params.set('sort', view.sort.field);
    params.set('dir', view.sort.dir);
  }
  if (view.page > 0) params.set('page', String(view.page + 1));
  if (view.filter) params.set('filter', JSON.stringify(view.filter));
  return params;
}

/** A grid that is the page: its view in the url; every change is a history entry unless `replace`. */
export function useUrlGridView(): [GridViewState, SetGridView] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const view = useMemo(() => viewOfQuery(new URLSearchParams(query)), [query]);
  const set = useCallback<SetGridView>(
    (patch, options) => setParams((current) => queryOfView({ ...viewOfQuery(current), ...patch }, current), { replace: options?.replace === true }),
    [setParams],
  );
  return [view, set];
}

/** An embedded grid: its view in the component, the page's url left alone. */
export function useLocalGridView(): [GridViewState, SetGridView] {
  const [view, setView] = useState<GridViewState>(EMPTY);
  const set = useCallback<SetGridView>((patch) => setView((v) => ({ ...v, ...patch })), []);
  return [view, set];
}

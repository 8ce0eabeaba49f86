/** What a grid view loads: its definition, its rows by paging mode, and the sorts it prepares while idle. */
import { useEffect, useState } from 'react';
import type { GridDefinition, GridField } from '../../generated/definitions';
import { api } from '../api/http';
import type { FilterTree } from '../../shared/filter';
import { clientSort, type GridRow, type SortDir } from './grid-data';

/** Below this many rows a sort costs too little to prepare ahead. */
const WARM_SORT_MIN_ROWS = 5000;

/** The definition as GET /api/grid/:name/definition answers it: plus whether this caller may clear. */
export type GridAnswer = GridDefinition & {
  canClear?: boolean;
  /** Whether this caller may export the grid (an admin, or a grant naming export). */
  mayExport?: boolean;
  /** The model's type of each visible column, and what a reference column's ids are (for the filter builder). */
  fields?: Record<string, string>;
  targets?: Record<string, { model: string; idtype: 'integer' | 'hex' }>;
};

export interface SortState {
  field: string;
  dir: SortDir;
}
interface PageAnswer {
  rows: GridRow[];
  count: number;
}
interface RowsState {
  /** null until the first answer. */
  rows: GridRow[] | null;
  count: number;
  /** Mode 1: the server left rows out (its answer stops at MAX_ALL_ROWS and says so with x-truncated). */
  truncated: boolean;
  error: string;
}

export const enc = encodeURIComponent;

export function useGridDefinition(name: string): { definition: GridAnswer | null; error: string; forbidden: boolean } {
  const [state, setState] = useState({ name: '', definition: null as GridAnswer | null, error: '', forbidden: false });
  useEffect(() => {
    let live = true;
    void api<GridAnswer>('GET', `/api/grid/${enc(name)}/definition`).then((answer) => {
      if (live) setState({ name, definition: answer.ok ? answer.data : null, error: answer.ok ? '' : answer.error, forbidden: !answer.ok && answer.status === 403 });
    });
    return () => {
      live = false;
    };
  }, [name]);
  // A previous grid's definition is never shown while the next one loads.
  return state.name === name ? state : { definition: null, error: '', forbidden: false };
}

/**
 * The url of one paging mode's data call (src/server/routes/grids.ts): 1 every row, 2 the first
 * pageSize rows, 3 one page, searched and sorted by the server.
 */
export function dataUrl(name: string, paging: number, pageSize: number, page: number, search: string, sort: SortState | null, filter: FilterTree | null = null): string {
  // The user's filter (?filter=) is applied by the server in every mode.
  const filterQuery = filter ? `?filter=${enc(JSON.stringify(filter))}` : '';
  if (paging === 1) return `/api/grid/${enc(name)}/data${filterQuery}`;
  if (paging === 2) return `/api/grid/${enc(name)}/data/${pageSize}${filterQuery}`;
  const query = new URLSearchParams();
  if (filter) query.set('filter', JSON.stringify(filter));
  if (search.trim()) query.set('search', search.trim());
  if (sort) {
    query.set('sort', sort.field);
    query.set('dir', sort.dir);
  }
  const qs = query.toString();
  return `/api/grid/${enc(name)}/data/${page}/${pageSize}${qs ? `?${qs}` : ''}`;
}

/** Loads the rows for a url; the previous rows stay shown while the next answer is on its way. */
export function useRows(url: string, reload: number): RowsState {
  const [state, setState] = useState<RowsState>({ rows: null, count: 0, truncated: false, error: '' });
  useEffect(() => {
    let live = true;
    void api<GridRow[] | PageAnswer>('GET', url).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setState({ rows: null, count: 0, truncated: false, error: answer.error });
      const data = answer.data;
      const rows = Array.isArray(data) ? data : (data?.rows ?? []);
      // Exactly MAX_ALL_ROWS rows may be all there are: only the server's header says more were left out.
      const truncated = answer.headers?.get('x-truncated') === 'true';
      setState({ rows, count: Array.isArray(data) ? rows.length : (data?.count ?? rows.length), truncated, error: '' });
    });
    return () => {
      live = false;
    };
  }, [url, reload]);
  return state;
}

/**
 * Sorting 100,000 rows by a text column the first time takes a noticeable moment; doing it for
 * each visible column while the browser is idle makes the user's first click instant.
 */
export function useWarmSorts(rows: readonly GridRow[] | null, fields: readonly GridField[]): void {
  useEffect(() => {
    if (!rows || rows.length < WARM_SORT_MIN_ROWS || typeof window.requestIdleCallback !== 'function') return;
    const queue = fields.map((f) => f.name);
    let handle = 0;
    const step = () => {
      const field = queue.shift();
      if (field === undefined) return;
      clientSort(rows, field, 'asc');
      handle = window.requestIdleCallback(step);
    };
    handle = window.requestIdleCallback(step);
    return () => window.cancelIdleCallback(handle);
  }, [rows, fields]);
}

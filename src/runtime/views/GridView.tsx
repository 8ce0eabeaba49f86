import { PageHead } from './PageHead';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { GridDefinition, GridField, RowAction } from '../../generated/definitions';
import { pageCount, pageWindow } from '../../shared/paging';
import { MAX_ALL_ROWS, MAX_PAGE_SIZE } from '../../shared/contract';
import { fillUrl } from '../../shared/url-template';
import { api } from '../api/http';
import { ActionIcon, ActionLinks, LinkTo } from '../../ui/ActionLinks';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session';
import { clientSearch, clientSort, formatCell, type GridRow, type SortDir } from './grid-data';
import { isSafeImageUrl } from '../../shared/safe-url';
import './grid.css';

/** Mode 3 (server-side search) asks the server once the user stops typing for this long; client modes filter at once. */
const SEARCH_DEBOUNCE_MS = 250;
/** Height of one Bootstrap table row (1.5 line height + 2 x 0.5rem padding + border); grid.css keeps rows on one line. */
const ROW_HEIGHT = 41;
/** Below this many rows a sort costs too little to prepare ahead. */
const WARM_SORT_MIN_ROWS = 5000;

/** The definition as GET /api/grid/:name/definition answers it: plus whether this caller may clear. */
type GridAnswer = GridDefinition & { canClear?: boolean };

interface SortState {
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

const enc = encodeURIComponent;

function useGridDefinition(name: string): { definition: GridAnswer | null; error: string } {
  const [state, setState] = useState({ name: '', definition: null as GridAnswer | null, error: '' });
  useEffect(() => {
    let live = true;
    void api<GridAnswer>('GET', `/api/grid/${enc(name)}/definition`).then((answer) => {
      if (live) setState({ name, definition: answer.ok ? answer.data : null, error: answer.ok ? '' : answer.error });
    });
    return () => {
      live = false;
    };
  }, [name]);
  // A previous grid's definition is never shown while the next one loads.
  return state.name === name ? state : { definition: null, error: '' };
}

/** The url of one paging mode's data call (spec 7). */
function dataUrl(name: string, paging: number, pageSize: number, page: number, search: string, sort: SortState | null): string {
  if (paging === 1) return `/api/grid/${enc(name)}/data`;
  if (paging === 2) return `/api/grid/${enc(name)}/data/${pageSize}`;
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  if (sort) {
    query.set('sort', sort.field);
    query.set('dir', sort.dir);
  }
  const qs = query.toString();
  return `/api/grid/${enc(name)}/data/${page}/${pageSize}${qs ? `?${qs}` : ''}`;
}

/** Loads the rows for a url; the previous rows stay shown while the next answer is on its way. */
function useRows(url: string, reload: number): RowsState {
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
function useWarmSorts(rows: readonly GridRow[] | null, fields: readonly GridField[]): void {
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

function RowActionLink({ action, row }: { action: RowAction; row: GridRow }) {
  const url = fillUrl(action.url, row);
  // The hint shows only when the action says so (row-action.json: hint is enabled by showhintchecked).
  const title = action.showhintchecked && action.hint ? action.hint : undefined;
  const content = (
    <>
      {action.iconchecked ? <ActionIcon name={action.icon} /> : null} {action.label || 'Action'}
    </>
  );
  const className = 'btn btn-link btn-sm py-0';
  if (url === null) {
    // A value of this row is missing or would walk the url up ('..'): src/shared/url-template.ts.
    return (
      <span className={`${className} disabled`} aria-disabled="true" title="This row has no value for a part of this action's url">
        {content}
      </span>
    );
  }
  return (
    <LinkTo url={url} className={className} title={title}>
      {content}
    </LinkTo>
  );
}

function Cell({ field, value }: { field: GridField; value: unknown }) {
  if (field.type === 'Image') {
    // A record's url is shown only when it is a picture outside the API (never /api/logout).
    const src = value ? String(value) : '';
    return <td>{src && isSafeImageUrl(src, window.location.origin) ? <img className="grid-image" src={src} alt={field.label || field.name} /> : null}</td>;
  }
  return <td className={field.type === 'Number' ? 'text-end' : undefined}>{formatCell(field.type, value)}</td>;
}

/** One row; memoised so scrolling a virtual list re-renders only the rows that come into view. */
const Row = memo(function Row({ row, fields, actions }: { row: GridRow; fields: readonly GridField[]; actions: readonly RowAction[] }) {
  return (
    <tr>
      {fields.map((f) => (
        <Cell key={f.name} field={f} value={row[f.name]} />
      ))}
      {actions.length ? (
        <td className="grid-row-actions">
          {actions.map((a, i) => (
            <RowActionLink key={i} action={a} row={row} />
          ))}
        </td>
      ) : null}
    </tr>
  );
});

const rowKey = (row: GridRow, index: number) => (typeof row.id === 'string' || typeof row.id === 'number' ? row.id : index);

interface BodyProps {
  rows: readonly GridRow[];
  fields: readonly GridField[];
  actions: readonly RowAction[];
  columns: number;
}

function PlainRows({ rows, fields, actions }: BodyProps) {
  return (
    <>
      {rows.map((row, i) => (
        <Row key={rowKey(row, i)} row={row} fields={fields} actions={actions} />
      ))}
    </>
  );
}

/**
 * The scroll container's size, or 70% of the window while it has none (hidden in a closed tab,
 * or no layout at all as in jsdom): a zero height would render no rows until the next resize.
 */
function observeRectOrWindow(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: Math.round(window.innerHeight * 0.7) }));
}

/**
 * Only the rows in view (plus overscan) are in the DOM; two spacer rows stand for the rest, so
 * the rows stay real <tr> of one table and the header cells keep their columns.
 */
function VirtualRows({ rows, fields, actions, columns, scrollRef }: BodyProps & { scrollRef: RefObject<HTMLDivElement | null> }) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeRectOrWindow,
    // A few rows either side hide the swap while scrolling; the DOM stays near twice the rows in view.
    overscan: 5,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      {before > 0 ? (
        <tr className="grid-spacer" aria-hidden="true">
          <td colSpan={columns} style={{ height: before }} />
        </tr>
      ) : null}
      {items.map((item) => {
        const row = rows[item.index] as GridRow;
        return <Row key={rowKey(row, item.index)} row={row} fields={fields} actions={actions} />;
      })}
      {after > 0 ? (
        <tr className="grid-spacer" aria-hidden="true">
          <td colSpan={columns} style={{ height: after }} />
        </tr>
      ) : null}
    </>
  );
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const button = (label: string, target: number, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" disabled={disabled} onClick={() => onPage(target)}>
        {label}
      </button>
    </li>
  );
  const first = page === 0;
  const last = page >= pages - 1;
  return (
    <nav aria-label="Pagination">
      <ul className="pagination pagination-sm flex-wrap mb-0">
        {button('First', 0, first)}
        {button('Previous', page - 1, first)}
        {pageWindow(page, pages).map((p) => (
          <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
            <button type="button" className="page-link" aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p + 1}
            </button>
          </li>
        ))}
        {button('Next', page + 1, last)}
        {button('Last', pages - 1, last)}
      </ul>
    </nav>
  );
}

function SortHeader({ field, sort, onSort }: { field: GridField; sort: SortState | null; onSort(field: string): void }) {
  const dir = sort?.field === field.name ? sort.dir : null;
  return (
    // The whole cell sorts: a click on the button (or Enter/Space on it) bubbles up to here.
    <th scope="col" className="grid-sortable" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'} onClick={() => onSort(field.name)}>
      <button type="button" className="grid-sort">
        {field.label || field.name}
        <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

function GridBody({ definition, name, embedded }: { definition: GridAnswer; name: string; embedded: boolean }) {
  const isAdmin = useSession((s) => s.user?.Admin === true);
  const paging = definition.paging ?? 3;
  const serverPaged = paging === 3;
  const pageSize = Math.min(Math.max(1, definition.pageSize ?? 50), serverPaged ? MAX_PAGE_SIZE : MAX_ALL_ROWS);
  const fields = useMemo(() => (definition.definition ?? []).filter((f) => !f.hide), [definition]);
  const actions = useMemo(() => definition.rowactions ?? [], [definition]);

  const [term, setTerm] = useState('');
  // Mode 3: the term the server was last asked for, set once typing pauses.
  const [serverTerm, setServerTerm] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [reload, setReload] = useState(0);
  const [clearError, setClearError] = useState('');

  useEffect(() => {
    if (!serverPaged || term === serverTerm) return;
    const timer = setTimeout(() => {
      setServerTerm(term);
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, serverTerm, serverPaged]);

  // Client modes sort and search locally, so only mode 3 puts them in the url.
  const url = dataUrl(name, paging, pageSize, page, serverPaged ? serverTerm : '', serverPaged ? sort : null);
  const data = useRows(url, reload);

  // A page past the end (after a clear or a shrinking search) moves to the last page.
  const pages = pageCount(data.count, pageSize);
  useEffect(() => {
    if (serverPaged && data.rows && page > pages - 1) setPage(pages - 1);
  }, [serverPaged, data.rows, page, pages]);

  useWarmSorts(serverPaged ? null : data.rows, fields);
  const shown = useMemo(() => {
    if (!data.rows || serverPaged) return data.rows;
    const sorted = sort ? clientSort(data.rows, sort.field, sort.dir) : data.rows;
    // Client modes filter on every keystroke: a filter of 100,000 cached cell texts costs well
    // under a frame, so neither a debounce nor a deferred value is needed (only mode 3 waits).
    return clientSearch(sorted, fields, term);
  }, [data.rows, serverPaged, sort, fields, term]);

  const onSort = useCallback(
    (field: string) => {
      setSort((s) => ({ field, dir: s?.field === field && s.dir === 'asc' ? 'desc' : 'asc' }));
      setPage(0);
    },
    [],
  );

  const clearGrid = async () => {
    // Spec 4 and 8: clearing asks first.
    if (!window.confirm('Clear grid?')) return;
    const answer = await api('DELETE', `/api/grid/${enc(name)}/clear/`);
    setClearError(answer.ok ? '' : answer.error);
    if (answer.ok) {
      setPage(0);
      setReload((n) => n + 1);
    }
  };

  const clearSearch = () => {
    setTerm('');
    setServerTerm('');
    setPage(0);
  };

  const searchId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = !serverPaged;
  const columns = fields.length + (actions.length ? 1 : 0);
  const Heading = embedded ? 'h2' : 'h1';
  const count = serverPaged ? data.count : (shown?.length ?? 0);
  const title = definition.title || definition.name;
  // Clear only where the server would clear (routes/grids.ts clearRefusal: an admin, the grid's
  // hideClear off, not a system model), which the definition answer tells as `canClear`.
  const canClear = definition.canClear === true && definition.hideClear !== true;

  return (
    <section className={`tessera-grid${embedded ? ' tessera-grid-embedded' : ''}`} aria-label={title}>
      {embedded ? null : <PageHead title={title} />}
      <div className="d-flex flex-wrap align-items-center gap-2 py-2 mb-2 border-bottom">
        {definition.hideToolbar ? null : <Heading className={`${embedded ? 'h5' : 'h4'} mb-0 me-auto`}>{title}</Heading>}
        <ActionLinks actions={definition.actions} align="left" />
        {definition.hideSearchBox ? null : (
          <div className="input-group input-group-sm grid-search" role="search">
            <label className="visually-hidden" htmlFor={searchId}>
              Search
            </label>
            <input id={searchId} type="search" className="form-control" placeholder="Input search string..." value={term} onChange={(e) => setTerm(e.target.value)} />
            <button type="button" className="btn btn-outline-secondary" aria-label="Clear search" onClick={clearSearch}>
              Clear
            </button>
          </div>
        )}
        {canClear ? (
          <button type="button" className="btn btn-outline-danger btn-sm" aria-label="Clear grid" title="Clear grid" onClick={() => void clearGrid()}>
            Clear
          </button>
        ) : null}
        {isAdmin && definition.id ? (
          <Link className="btn btn-outline-secondary btn-sm" to={`/griddesigner/edit/${enc(definition.id)}`} aria-label="Edit grid" title="Edit grid">
            <ActionIcon name="pencil" /> Edit
          </Link>
        ) : null}
        <ActionLinks actions={definition.actions} align="right" />
      </div>
      <ErrorBanner message={clearError || data.error} />
      {data.error ? null : (
        <>
          <div
            ref={scrollRef}
            className={`grid-scroll${virtual ? ' grid-virtual' : ''}`}
            // A definite height (not only max-height) so the virtualizer can measure it before any row is in.
            style={virtual ? { height: `min(70vh, ${((shown?.length ?? 0) + 1) * ROW_HEIGHT + 2}px)` } : undefined}
          >
            <table className="table table-striped table-hover grid-table">
              <thead>
                <tr>
                  {fields.map((f) => (
                    <SortHeader key={f.name} field={f} sort={sort} onSort={onSort} />
                  ))}
                  {actions.length ? (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {!shown ? (
                  <tr>
                    <td colSpan={columns}>
                      <Loading />
                    </td>
                  </tr>
                ) : !shown.length ? (
                  <tr>
                    <td colSpan={columns} className="text-center text-muted">
                      No records
                    </td>
                  </tr>
                ) : virtual ? (
                  <VirtualRows rows={shown} fields={fields} actions={actions} columns={columns} scrollRef={scrollRef} />
                ) : (
                  <PlainRows rows={shown} fields={fields} actions={actions} columns={columns} />
                )}
              </tbody>
            </table>
          </div>
          <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
            {serverPaged ? <Pagination page={Math.min(page, pages - 1)} pages={pages} onPage={setPage} /> : null}
            {shown ? (
              <span className="text-muted small" aria-live="polite">
                {count} {count === 1 ? 'record' : 'records'}
              </span>
            ) : null}
            {paging === 1 && data.rows && data.truncated ? (
              <span className="text-warning small">Only the first {MAX_ALL_ROWS.toLocaleString()} records are loaded; use paging to see all.</span>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * A grid definition shown at run time (spec 2.9): loads the definition, then its rows by the
 * definition's paging mode. `embedded` when it sits inside a page or form (Grid column).
 */
export function GridView({ name, embedded = false }: { name: string; embedded?: boolean }) {
  const { definition, error } = useGridDefinition(name);
  if (error) return <ErrorBanner message={error} />;
  if (!definition) return <Loading />;
  return <GridBody key={name} definition={definition} name={name} embedded={embedded} />;
}

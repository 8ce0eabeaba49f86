import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageCount } from '../../shared/paging';
import { MAX_ALL_ROWS, MAX_PAGE_SIZE } from '../../shared/contract';
import { api } from '../api/http';
import { ActionIcon, ActionLinks, ReturnTo } from '../../ui/ActionLinks';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session';
import { PageHead } from './PageHead';
import { clientSearch, clientSort } from './grid-data';
import { clearQuestion, loadedTally } from './grid-clear';
import { dataUrl, enc, useGridDefinition, useRows, useWarmSorts, type GridAnswer } from './grid-load';
import { PlainRows, ROW_HEIGHT, VirtualRows } from './GridRows';
import { Pagination, SortHeader } from './GridControls';
import { useLocalGridView, useUrlGridView, type GridViewState, type SetGridView } from './grid-view-state';
import { useFilterColumns, useGridFilter } from './filter-builder/GridFilter';
import { recordActions, usesRecord, withRecord } from './grid-record';
import { GridViews } from './GridViews';
import { GridExport } from './GridExport';
import { GridImport } from './GridImport';
import { useAutomationButtons } from './AutomationButtons';
import './grid.css';

/** Mode 3 (server-side search) asks the server once the user stops typing for this long; client modes filter at once. */
const SEARCH_DEBOUNCE_MS = 250;

interface GridBodyProps {
  definition: GridAnswer;
  name: string;
  embedded: boolean;
  view: GridViewState;
  setView: SetGridView;
  /** The id of the stored record whose form embeds the grid, sent with each data request. */
  record?: string | null;
}

function GridBody({ definition, name, embedded, view, setView, record }: GridBodyProps) {
  const isAdmin = useSession((s) => s.user?.Admin === true);
  const paging = definition.paging ?? 3;
  const serverPaged = paging === 3;
  const pageSize = Math.min(Math.max(1, definition.pageSize ?? 50), serverPaged ? MAX_PAGE_SIZE : MAX_ALL_ROWS);
  const fields = useMemo(() => (definition.definition ?? []).filter((f) => !f.hide), [definition]);
  const actions = useMemo(() => definition.rowactions ?? [], [definition]);
  // The model's button automations this caller may run: one button per row each (docs/automations.md).
  const buttons = useAutomationButtons(definition.model ?? 'User');
  const toolbar = useMemo(() => recordActions(definition.actions, record), [definition, record]);

  // What the box holds; the view's search (the url's q) follows once typing pauses.
  const [term, setTerm] = useState(view.search);
  // Mode 3: the term the server was last asked for.
  const serverTerm = view.search;
  const { sort, page } = view;
  // A grid with its filter builder off (hideFilters) sends no filter: its server would refuse one.
  const filter = definition.hideFilters ? null : view.filter;
  const setPage = useCallback((p: number) => setView({ page: p }), [setView]);
  const [reload, setReload] = useState(0);
  const [clearError, setClearError] = useState('');

  // Back and Forward bring another search: the box shows it.
  useEffect(() => setTerm(view.search), [view.search]);
  useEffect(() => {
    if (term === serverTerm) return;
    // Client modes search at once (below); every mode keeps the term in the view once typing pauses.
    const timer = setTimeout(() => setView({ search: term, page: 0 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, serverTerm, setView]);

  const filterColumns = useFilterColumns(definition);
  const gridFilter = useGridFilter(filterColumns, filter, (tree) => setView({ filter: tree, page: 0 }));

  // Client modes sort and search locally, so only mode 3 puts them in the url; a user's filter is applied by the server in every mode.
  const url = withRecord(dataUrl(name, paging, pageSize, page, serverPaged ? serverTerm : '', serverPaged ? sort : null, filter), record);
  const data = useRows(url, reload);

  // A page past the end (after a clear or a shrinking search) moves to the last page.
  const pages = pageCount(data.count, pageSize);
  useEffect(() => {
    if (serverPaged && data.rows && page > pages - 1) setView({ page: pages - 1 }, { replace: true });
  }, [serverPaged, data.rows, page, pages, setView]);

  useWarmSorts(serverPaged ? null : data.rows, fields);
  const shown = useMemo(() => {
    if (!data.rows || serverPaged) return data.rows;
    const sorted = sort ? clientSort(data.rows, sort.field, sort.dir) : data.rows;
    // Client modes filter on every keystroke: a filter of 100,000 cached cell texts costs well
    // under a frame, so neither a debounce nor a deferred value is needed (only mode 3 waits).
    return clientSearch(sorted, fields, term);
  }, [data.rows, serverPaged, sort, fields, term]);

  const onSort = useCallback(
    (field: string) => setView({ sort: { field, dir: sort?.field === field && sort.dir === 'asc' ? 'desc' : 'asc' }, page: 0 }),
    [setView, sort],
  );

  const clearGrid = async () => {
    // Clearing deletes every row of the grid, so it asks first, saying how many go. A search
    // narrows only what is shown: a searched mode 3 asks the server for the whole count.
    let tally = data.rows && !filter ? loadedTally(paging, { rows: data.rows, count: data.count, truncated: data.truncated }, pageSize, serverTerm !== '') : null;
    if (!tally) {
      const whole = await api<{ count?: number }>('GET', dataUrl(name, 3, 1, 0, '', null));
      tally = whole.ok && typeof whole.data?.count === 'number' ? { count: whole.data.count, exact: true } : { count: data.count, exact: false };
    }
    if (!window.confirm(clearQuestion(tally))) return;
    const answer = await api('DELETE', `/api/grid/${enc(name)}/clear/`);
    setClearError(answer.ok ? '' : answer.error);
    if (answer.ok) {
      setPage(0);
      setReload((n) => n + 1);
    }
  };

  const clearSearch = () => {
    setTerm('');
    setView({ search: '', page: 0 });
  };

  const searchId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = !serverPaged;
  const columns = fields.length + (actions.length || buttons.length ? 1 : 0);
  const onRan = useCallback(() => setReload((n) => n + 1), []);
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
        <ActionLinks actions={toolbar} align="left" />
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
        {definition.hideFilters ? null : gridFilter.button}
        {embedded || definition.hideFilters ? null : <GridViews name={name} view={view} setView={setView} />}
        {isAdmin && definition.id ? (
          <Link className="btn btn-outline-secondary btn-sm" to={`/griddesigner/edit/${enc(definition.id)}`} aria-label="Edit grid" title="Edit grid">
            <ActionIcon name="pencil" /> Edit
          </Link>
        ) : null}
        <ActionLinks actions={toolbar} align="right" />
        {/* Export only where the server would answer it (the definition answer's mayExport: an admin, or an export grant). */}
        {/* Import for administrators (the server refuses anyone else), not inside a record's form: its rows would not be the record's. */}
        {isAdmin && record === undefined ? <GridImport model={definition.model ?? 'User'} onImported={() => setReload((n) => n + 1)} /> : null}
        {definition.mayExport === true ? <GridExport name={name} search={term} sort={sort} filter={filter} record={record} /> : null}
        {canClear ? (
          // Last in the toolbar, apart from the search box's own Clear: this one deletes rows.
          <button type="button" className="btn btn-outline-danger btn-sm grid-clear" onClick={() => void clearGrid()}>
            Clear grid
          </button>
        ) : null}
      </div>
      {definition.hideFilters ? null : gridFilter.area}
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
                  {actions.length || buttons.length ? (
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
                  <VirtualRows rows={shown} fields={fields} actions={actions} buttons={buttons} onRan={onRan} columns={columns} scrollRef={scrollRef} />
                ) : (
                  <PlainRows rows={shown} fields={fields} actions={actions} buttons={buttons} onRan={onRan} columns={columns} />
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

export interface GridViewProps {
  name: string;
  /** Inside a page or form (a Grid column). */
  embedded?: boolean;
  /**
   * Inside a record form: the record's id, or null while the form adds a record (no id yet).
   * Undefined elsewhere. A grid whose filters name RECORD.id loads only with an id.
   */
  record?: string | null;
  /** What the form's record is called ('book'), for the note shown while it is being added. */
  recordNoun?: string;
}

/**
 * A grid definition shown at run time: loads the definition, then its rows by the
 * definition's paging mode.
 */
export function GridView({ name, embedded = false, record, recordNoun = 'record' }: GridViewProps) {
  const { definition, error, forbidden } = useGridDefinition(name);
  // Links from a stored record's grid (New, Edit) come back to the record's form (see ReturnTo).
  const location = useLocation();
  const back = typeof record === 'string' ? location.pathname + location.search : null;
  // A grid set in a form that the caller may not use is not theirs to see: the form shows without it.
  if (forbidden && embedded) return null;
  if (error) return <ErrorBanner message={error} />;
  if (!definition) return <Loading />;
  if (record === null && usesRecord(definition.filters)) {
    // Its rows are the record's, and the record is not stored yet: nothing to list or add to.
    const title = definition.title || definition.name;
    return (
      <section className="tessera-grid tessera-grid-embedded" aria-label={title}>
        <p className="text-muted mb-0" role="note">
          Save the {recordNoun} first to add its {title.charAt(0).toLowerCase() + title.slice(1)}.
        </p>
      </section>
    );
  }
  return (
    <ReturnTo.Provider value={back}>
      {embedded ? <LocalGridBody key={name} definition={definition} name={name} record={record} /> : <UrlGridBody key={name} definition={definition} name={name} />}
    </ReturnTo.Provider>
  );
}

/** A grid that is the page keeps its view in the url (grid-view-state.ts). */
function UrlGridBody({ definition, name }: { definition: GridAnswer; name: string }) {
  const [view, setView] = useUrlGridView();
  return <GridBody definition={definition} name={name} embedded={false} view={view} setView={setView} />;
}

/** An embedded grid keeps its view to itself: the page's url is not its to write. */
function LocalGridBody({ definition, name, record }: { definition: GridAnswer; name: string; record?: string | null }) {
  const [view, setView] = useLocalGridView();
  return <GridBody definition={definition} name={name} embedded view={view} setView={setView} record={record} />;
}

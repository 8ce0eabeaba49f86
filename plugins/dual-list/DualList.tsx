import { useEffect, useState, type ReactNode } from 'react';
import { matchesFilter, moveItems, parseItems, searchesServer, type DualListItem } from './dual-list-items';
import { useLinked, useLinkSave, useLinkSearch, useListKey } from './use-link-data';
import { type DualListColumn, api, keyOf, lazyColumn, type RenderProps } from '../../src/plugin-kit';

/** A dual list shows 8 rows. */
export const DUAL_LIST_ROWS = 8;

type Load = { state: 'loading' } | { state: 'loaded'; items: DualListItem[] } | { state: 'failed'; error: string };

// The chips picker's code (and downshift) loads with the first form that shows one.
const LinkChips = lazyColumn<DualListColumn>(() => import('./LinkChips').then((m) => m.LinkChips));

function ListSide({
  id,
  title,
  items,
  filter,
  filterLabel,
  onFilter,
  highlighted,
  onHighlight,
  onMove,
  locked,
  after,
}: {
  id: string;
  title: string;
  /** The items shown, filtered already. */
  items: DualListItem[];
  filter: string;
  filterLabel: string;
  onFilter(text: string): void;
  highlighted: string[];
  onHighlight(ids: string[]): void;
  onMove(ids: string[]): void;
  locked: boolean;
  after?: ReactNode;
}) {
  return (
    <div className="col">
      <label className="form-label" htmlFor={id}>
        {title}
      </label>
      <input
        type="search"
        className="form-control form-control-sm mb-1"
        placeholder={filterLabel.split(' ')[0]}
        aria-label={filterLabel}
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
      />
      <select
        id={id}
        multiple
        size={DUAL_LIST_ROWS}
        className="form-select"
        value={highlighted}
        // Locked lists stay enabled so their content can still be scrolled and read.
        aria-readonly={locked || undefined}
        onChange={(e) => onHighlight([...e.target.selectedOptions].map((o) => o.value))}
      >
        {items.map((item) => (
          <option key={keyOf(item.id)} value={keyOf(item.id)} onDoubleClick={() => onMove([keyOf(item.id)])}>
            {item.name}
          </option>
        ))}
      </select>
      {after}
    </div>
  );
}

interface Sides {
  id: string;
  locked: boolean;
  available: DualListItem[];
  selected: DualListItem[];
  /** The Available side's search: its text, and its own label (a filter here, or a search on the server). */
  availableFilter: string;
  availableFilterLabel: string;
  onAvailableFilter(text: string): void;
  /** Under the Available list: the server's paging and status. */
  availableAfter?: ReactNode;
  /** Moves the items of these keys to the Selected side (true) or back (false). */
  move(keys: string[], selected: boolean): void;
}

/** The two lists with Add and Remove between them; the Selected side filters what it has. */
function TwoLists({ id, locked, available, selected, availableFilter, availableFilterLabel, onAvailableFilter, availableAfter, move }: Sides) {
  const [selectedFilter, setSelectedFilter] = useState('');
  const [highlighted, setHighlighted] = useState<{ available: string[]; selected: string[] }>({ available: [], selected: [] });
  const moveAndClear = (keys: string[], toSelected: boolean) => {
    if (locked || keys.length === 0) return;
    move(keys, toSelected);
    setHighlighted({ available: [], selected: [] });
  };
  return (
    // Both lists line up at the top whatever shows under the Available one; the buttons sit between them.
    <div className="row g-2 align-items-start">
      <ListSide
        id={`${id}-available`}
        title="Available"
        items={available}
        filter={availableFilter}
        filterLabel={availableFilterLabel}
        onFilter={(text) => {
          // A highlighted option the filter hides must not be moved by Add unseen.
          onAvailableFilter(text);
          setHighlighted((h) => ({ ...h, available: [] }));
        }}
        highlighted={highlighted.available}
        onHighlight={(ids) => setHighlighted((h) => ({ ...h, available: ids }))}
        onMove={(ids) => moveAndClear(ids, true)}
        locked={locked}
        after={availableAfter}
      />
      <div className="col-auto align-self-center d-flex flex-column gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={locked || highlighted.available.length === 0} onClick={() => moveAndClear(highlighted.available, true)}>
          Add
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={locked || highlighted.selected.length === 0} onClick={() => moveAndClear(highlighted.selected, false)}>
          Remove
        </button>
      </div>
      <ListSide
        id={`${id}-selected`}
        title="Selected"
        items={selected.filter((i) => matchesFilter(i, selectedFilter))}
        filter={selectedFilter}
        filterLabel="Filter selected"
        onFilter={(text) => {
          setSelectedFilter(text);
          setHighlighted((h) => ({ ...h, selected: [] }));
        }}
        highlighted={highlighted.selected}
        onHighlight={(ids) => setHighlighted((h) => ({ ...h, selected: ids }))}
        onMove={(ids) => moveAndClear(ids, false)}
        locked={locked}
      />
    </div>
  );
}

function Frame({ column, children }: { column: DualListColumn; children: ReactNode }) {
  return (
    <fieldset className="mb-1">
      <legend className={column.showlabelchecked === false ? 'visually-hidden' : 'form-label fs-6 mb-1'}>{column.label || column.name || ''}</legend>
      {children}
      {column.showhintchecked && column.hint ? <div className="form-text">{column.hint}</div> : null}
    </fieldset>
  );
}

/** Whether the column shows its items but moves none. */
function isLocked({ column, mode, disabled }: RenderProps<DualListColumn>): boolean {
  // The interpreter passes only the form's read-only flag to non-field plugins.
  return disabled || column.disabled === true || mode === 'delete' || mode === 'design';
}

/** Any other url: every item at once, each side filtered where it is. */
function LoadedDualList(props: RenderProps<DualListColumn>) {
  const { column, id } = props;
  const key = useListKey(column);
  const url = column.url ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [filter, setFilter] = useState('');
  const locked = isLocked(props);

  useEffect(() => {
    if (!url) return;
    let current = true;
    setLoad({ state: 'loading' });
    api<unknown>('GET', `/api${url}/${encodeURIComponent(key)}`).then((answer) => {
      if (!current) return;
      if (!answer.ok) return setLoad({ state: 'failed', error: answer.error });
      const items = parseItems(answer.data);
      setLoad(items ? { state: 'loaded', items } : { state: 'failed', error: 'The data url did not answer a list of items' });
    });
    return () => {
      current = false;
    };
  }, [url, key]);

  // Every item with its flag: a url of its own replaces the record's list with the selected ones.
  useLinkSave(column, () => (load.state === 'loaded' ? load.items : undefined));

  let body;
  if (!url) body = <div className="text-body-secondary small">No data url</div>;
  else if (load.state === 'loading') body = <div role="status">Loading...</div>;
  else if (load.state === 'failed') body = <div className="alert alert-danger py-1 px-2 mb-0" role="alert">{load.error}</div>;
  else {
    const { items } = load;
    body = (
      <TwoLists
        id={id}
        locked={locked}
        available={items.filter((i) => !i.selected && matchesFilter(i, filter))}
        selected={items.filter((i) => i.selected)}
        availableFilter={filter}
        availableFilterLabel="Filter available"
        onAvailableFilter={setFilter}
        move={(keys, selected) => setLoad({ state: 'loaded', items: moveItems(items, new Set(keys), selected) })}
      />
    );
  }
  return <Frame column={column}>{body}</Frame>;
}

/**
 * A link's own route (`/link/{Model}/{field}`): the Selected side holds the record's links
 * (asked once), the Available side a page of the target's records the server searched for what is
 * typed, so a target of any size works; Show more adds the next page.
 */
function SearchedDualList(props: RenderProps<DualListColumn>) {
  const { column, id } = props;
  const base = `/api${column.url ?? ''}/${encodeURIComponent(useListKey(column))}`;
  const [linked, setLinked] = useLinked(base);
  const [term, setTerm] = useState('');
  const { found, more } = useLinkSearch(base, term, linked.state === 'loaded');
  const locked = isLocked(props);
  useLinkSave(column, () => (linked.state === 'loaded' ? linked.items : undefined));

  let body;
  if (linked.state === 'loading') body = <div role="status">Loading...</div>;
  else if (linked.state === 'failed') body = <div className="alert alert-danger py-1 px-2 mb-0" role="alert">{linked.error}</div>;
  else {
    const selected = linked.items;
    const chosen = new Set(selected.map((i) => keyOf(i.id)));
    const results = found.state === 'loaded' || found.state === 'loading' ? found.items : [];
    const available = results.filter((i) => !chosen.has(keyOf(i.id)));
    let status = '';
    if (found.state === 'failed') status = found.error;
    else if (found.state === 'loaded' && results.length === 0) status = term.trim() ? `No records match '${term.trim()}'.` : 'There are no records to add.';
    else if (found.state === 'loaded' && available.length === 0) status = 'Every record found is selected.';
    else if (found.state === 'loading') status = 'Searching…';
    body = (
      <TwoLists
        id={id}
        locked={locked}
        available={available}
        selected={selected}
        availableFilter={term}
        availableFilterLabel="Search available"
        onAvailableFilter={setTerm}
        availableAfter={
          <div className={`d-flex align-items-center gap-2${status || (found.state === 'loaded' && found.more) ? ' mt-1' : ''}`}>
            <span className={`form-text mt-0${found.state === 'failed' ? ' text-danger' : ''}`} role="status">
              {status}
            </span>
            {found.state === 'loaded' && found.more ? (
              <button type="button" className="btn btn-sm btn-link ms-auto" onClick={more}>
                Show more
              </button>
            ) : null}
          </div>
        }
        move={(keys, toSelected) => {
          const picked = new Set(keys);
          if (toSelected) setLinked([...selected, ...available.filter((i) => picked.has(keyOf(i.id))).map((i) => ({ ...i, selected: true }))]);
          else setLinked(selected.filter((i) => !picked.has(keyOf(i.id))));
        }}
      />
    );
  }
  return <Frame column={column}>{body}</Frame>;
}

/**
 * A link's records picked as two lists (Available and Selected) or, with `picker: "chips"`, as
 * chips typed into a search (LinkChips). A list of a link of the form's own record is sent with
 * the form's save (saved with the record, in one transaction); any other list is saved by a
 * second call after the form's main save.
 */
export function DualList(props: RenderProps<DualListColumn>) {
  if (props.column.picker === 'chips') return <LinkChips {...props} />;
  return searchesServer(props.column.url ?? '') ? <SearchedDualList {...props} /> : <LoadedDualList {...props} />;
}

import { useEffect, useState } from 'react';
import { matchesFilter, moveItems, parseItems, type DualListItem } from './dual-list-items';
import { type DualListColumn, api, type ApiAnswer, type RenderProps, useAfterSave, useFormModel, useFormValues, useRecord, useRecordId, useSaveWith } from '../../src/plugin-kit';

/** A dual list shows 8 rows. */
export const DUAL_LIST_ROWS = 8;

type Load = { state: 'loading' } | { state: 'loaded'; items: DualListItem[] } | { state: 'failed'; error: string };

const NOTHING_TO_SAVE: ApiAnswer<unknown> = { ok: true, status: 200, data: null, error: '' };

function ListSide({
  id,
  title,
  items,
  filter,
  onFilter,
  highlighted,
  onHighlight,
  onMove,
  locked,
}: {
  id: string;
  title: string;
  items: DualListItem[];
  filter: string;
  onFilter(text: string): void;
  highlighted: string[];
  onHighlight(ids: string[]): void;
  onMove(ids: string[]): void;
  locked: boolean;
}) {
  const shown = items.filter((item) => matchesFilter(item, filter));
  return (
    <div className="col">
      <label className="form-label" htmlFor={id}>
        {title}
      </label>
      <input
        type="search"
        className="form-control form-control-sm mb-1"
        placeholder="Filter"
        aria-label={`Filter ${title.toLowerCase()}`}
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
        {shown.map((item) => (
          <option key={String(item.id)} value={String(item.id)} onDoubleClick={() => onMove([String(item.id)])}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The link field of the form's own model this list edits, when its url is that link's dual-list
 * route keyed by the record id (`/link/{Model}/{field}`): its selection then travels in the
 * form's save request and is written with the record, in one transaction. Null otherwise.
 */
export function formLinkField(url: string, link: string, model: string | undefined): string | null {
  const m = /^\/link\/([A-Za-z0-9_]+)\/([A-Za-z0-9_]+)$/.exec(url);
  if (!m || model === undefined || m[1] !== model || (link !== '' && link !== 'id')) return null;
  return m[2] ?? null;
}

/** A link field's value as a list key: '' when it holds nothing usable. */
function keyOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * A dual list loads its items for the record and lets the user move them between the
 * available and selected sides. A list of a link of the form's own record is sent with the
 * form's save (saved with the record, in one transaction); any other list is saved by a second
 * call after the form's main save.
 */
export function DualList({ column, id, mode, disabled }: RenderProps<DualListColumn>) {
  const recordId = useRecordId();
  const record = useRecord();
  // `link` (schema.json) names the form field whose value keys the list; the record id when
  // there is no link, or while the field is still empty.
  const link = column.link ?? '';
  const linked = useFormValues((values) => (link ? keyOf(values[link]) : ''));
  const key = linked || recordId;
  const url = column.url ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [filters, setFilters] = useState({ available: '', selected: '' });
  const [highlighted, setHighlighted] = useState<{ available: string[]; selected: string[] }>({ available: [], selected: [] });
  // The interpreter passes only the form's read-only flag to non-field plugins.
  const locked = disabled || column.disabled === true || mode === 'delete' || mode === 'design';

  useEffect(() => {
    if (!url) return;
    let current = true;
    setLoad({ state: 'loading' });
    api<unknown>('GET', `/api${url}/${encodeURIComponent(key ?? 'NEW')}`).then((answer) => {
      if (!current) return;
      if (!answer.ok) return setLoad({ state: 'failed', error: answer.error });
      const items = parseItems(answer.data);
      setLoad(items ? { state: 'loaded', items } : { state: 'failed', error: 'The data url did not answer a list of items' });
    });
    return () => {
      current = false;
    };
  }, [url, key]);

  const linkField = formLinkField(url, link, useFormModel());
  // Sending nothing before the items arrived, or after they failed to, keeps the stored links.
  const withForm = useSaveWith(linkField, () => (load.state === 'loaded' ? load.items.filter((i) => i.selected).map((i) => i.id) : undefined));

  useAfterSave((savedId) => {
    // Posting before the items arrived, or after they failed to, would clear the record's list.
    if (!url || load.state !== 'loaded' || (withForm && linkField !== null)) return Promise.resolve(NOTHING_TO_SAVE);
    // The link field as saved (read now, not as first drawn), else the saved record's id.
    const savedKey = (link ? keyOf(record.read()[link]) : '') || String(savedId);
    return api('POST', `/api${url}/${encodeURIComponent(savedKey)}`, load.items);
  });

  const label = column.label || column.name || '';
  const move = (ids: string[], selected: boolean) => {
    if (locked || load.state !== 'loaded' || ids.length === 0) return;
    setLoad({ state: 'loaded', items: moveItems(load.items, new Set(ids), selected) });
    setHighlighted({ available: [], selected: [] });
  };

  let body;
  if (!url) body = <div className="text-body-secondary small">No data url</div>;
  else if (load.state === 'loading') body = <div role="status">Loading...</div>;
  else if (load.state === 'failed') body = <div className="alert alert-danger py-1 px-2 mb-0" role="alert">{load.error}</div>;
  else {
    const available = load.items.filter((i) => !i.selected);
    const selected = load.items.filter((i) => i.selected);
    body = (
      <div className="row g-2 align-items-center">
        <ListSide
          id={`${id}-available`}
          title="Available"
          items={available}
          filter={filters.available}
          onFilter={(text) => {
            // A highlighted option the filter hides must not be moved by Add unseen.
            setFilters((f) => ({ ...f, available: text }));
            setHighlighted((h) => ({ ...h, available: [] }));
          }}
          highlighted={highlighted.available}
          onHighlight={(ids) => setHighlighted((h) => ({ ...h, available: ids }))}
          onMove={(ids) => move(ids, true)}
          locked={locked}
        />
        <div className="col-auto d-flex flex-column gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={locked || highlighted.available.length === 0} onClick={() => move(highlighted.available, true)}>
            Add
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={locked || highlighted.selected.length === 0} onClick={() => move(highlighted.selected, false)}>
            Remove
          </button>
        </div>
        <ListSide
          id={`${id}-selected`}
          title="Selected"
          items={selected}
          filter={filters.selected}
          onFilter={(text) => {
            setFilters((f) => ({ ...f, selected: text }));
            setHighlighted((h) => ({ ...h, selected: [] }));
          }}
          highlighted={highlighted.selected}
          onHighlight={(ids) => setHighlighted((h) => ({ ...h, selected: ids }))}
          onMove={(ids) => move(ids, false)}
          locked={locked}
        />
      </div>
    );
  }

  return (
    <fieldset className="mb-1">
      <legend className={column.showlabelchecked === false ? 'visually-hidden' : 'form-label fs-6 mb-1'}>{label}</legend>
      {body}
      {column.showhintchecked && column.hint ? <div className="form-text">{column.hint}</div> : null}
    </fieldset>
  );
}

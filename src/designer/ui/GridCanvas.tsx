import { rowLabel } from '../../runtime/views/grid-data';
import { memo, useEffect, useMemo, useState } from 'react';
import type { Path } from '../path';
import { useDesigner, useDesignerStore, type Doc } from './context';
import { DesignDnd } from './dnd';
import { useListItem } from './list-item';
import { useDesignerServices } from '../services';
import { describeFilterItem } from '../../shared/filter/describe';
import { isObject, itemKind } from '../../shared/filter/shape';
import { newCondition } from './filters/filter-edit';

/** What a list's add buttons put at its end; by default one "Add <noun>" of the list's new item. */
interface Adder {
  label: string;
  item(): Doc;
}

/** Data Filters add conditions and groups of the filter language; old-style filters already there stay editable. */
const FILTER_ADDERS: readonly Adder[] = [
  { label: 'Add condition', item: newCondition },
  { label: 'Add group', item: () => ({ or: [newCondition()] }) },
];

/** The grid's lists the designer edits, with how an item is named on the canvas. */
export const GRID_LISTS = [
  { list: 'definition', title: 'Grid fields', noun: 'field', name: (i: Doc) => `${String(i.label || i.name || '(no field)')}${i.hide ? ' (hidden)' : ''}` },
  { list: 'rowactions', title: 'Row Actions', noun: 'row action', name: (i: Doc) => String(i.label || i.url || '(no label)') },
  { list: 'filters', title: 'Data Filters', noun: 'filter', name: (i: Doc) => describeFilterItem(i), adders: FILTER_ADDERS },
  { list: 'sorts', title: 'Data Sorts', noun: 'sort', name: (i: Doc) => `${String(i.fieldname || '(no field)')} ${String(i.sorttype ?? 'ASC')}` },
] as const;

/**
 * A grid's design area: its fields, row actions, filters and sorts as lists whose items are
 * selected to edit and dragged (pointer or keyboard) onto another of their list to swap; below,
 * a live preview of real rows from the server that follows every edit.
 */
export function GridCanvas({ label, onDragging }: { label: string; onDragging(active: boolean): void }) {
  return (
    <div className="dz-canvas" role="region" aria-label={label}>
      <DesignDnd onActive={onDragging}>
        {GRID_LISTS.map((l) => (
          <GridList key={l.list} list={l.list} title={l.title} noun={l.noun} name={l.name} adders={'adders' in l ? l.adders : undefined} />
        ))}
      </DesignDnd>
      <GridPreview />
    </div>
  );
}

function GridList({ list, title, noun, name, adders }: { list: string; title: string; noun: string; name: (i: Doc) => string; adders?: readonly Adder[] }) {
  const store = useDesignerStore();
  const count = useDesigner((s) => (Array.isArray(s.doc[list]) ? (s.doc[list] as unknown[]).length : 0));
  const headingId = `dz-grid-${list}`;
  return (
    <section className="dz-grid-list mb-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id={headingId} className="h6 mb-0">
          {title} <span className="badge text-bg-secondary">{count}</span>
        </h3>
        <div className="btn-group btn-group-sm ms-auto" role="group" aria-label={title}>
          {adders ? (
            adders.map((a) => (
              <button
                key={a.label}
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => {
                  // Selected at once: its panel is where it gets its field.
                  if (store.getState().dispatch({ type: 'addItem', list: [list], item: a.item() })) store.getState().select([list, count]);
                }}
              >
                {a.label}
              </button>
            ))
          ) : (
            <button type="button" className="btn btn-outline-secondary" onClick={() => store.getState().dispatch({ type: 'addItem', list: [list] })}>
              Add {noun}
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary" disabled={count === 0} onClick={() => store.getState().dispatch({ type: 'deleteLastItem', list: [list] })}>
            Delete last {noun}
          </button>
        </div>
      </div>
      <ol className="dz-chips">
        {Array.from({ length: count }, (_, i) => (
          <GridItem key={i} list={list} index={i} name={name} />
        ))}
      </ol>
    </section>
  );
}

const GridItem = memo(function GridItem({ list, index, name }: { list: string; index: number; name: (i: Doc) => string }) {
  const path = useMemo<Path>(() => [list, index], [list, index]);
  const { item, selected, drag, select, style, state, ref } = useListItem(path);
  if (!item) return null;
  return (
    <li ref={ref} className={`dz-chip ${state}`.trim()} style={style}>
      <button type="button" className="dz-chip-button" {...drag.attributes} {...drag.listeners} aria-pressed={selected} onClick={select}>
        {name(item)}
      </button>
    </li>
  );
});

const named = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** The items of one of the grid's lists that name their field: a field just added names none yet. */
function namedItems(doc: Doc, list: string, key: string): Doc[] {
  const items = Array.isArray(doc[list]) ? (doc[list] as Doc[]) : [];
  if (list !== 'filters') return items.filter((item) => named(item[key]));
  return items.flatMap((item) => {
    if (!isObject(item)) return [];
    const kind = itemKind(item);
    if (kind === 'legacy') return named(item.fieldname) ? [item] : [];
    if (kind === 'condition') return named(item.field) ? [item] : [];
    // A group keeps the conditions that name a field; an old-style one inside keeps its own rule.
    const inner = Array.isArray(item[kind]) ? (item[kind] as Doc[]) : [];
    return [{ [kind]: inner.filter((c) => isObject(c) && (named(c.field) || named(c.fieldname))) }];
  });
}

/**
 * What the preview sends: the grid as it stands, with a name the schema accepts while the real one
 * is still empty, and without the fields, filters and sorts that name no field yet (the server
 * would refuse the whole grid for one of them; the preview shows them as incomplete instead).
 */
function previewBody(doc: Doc): Doc {
  const { id: _id, version: _version, ...rest } = doc;
  const name = typeof rest.name === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(rest.name) ? rest.name : 'preview';
  const body: Doc = { ...rest, name };
  for (const [list, key] of [['definition', 'name'], ['filters', 'fieldname'], ['sorts', 'fieldname']] as const) {
    if (Array.isArray(rest[list])) body[list] = namedItems(rest, list, key);
  }
  return body;
}

/** A few real rows through POST /api/data/{model}, re-asked 300 ms after the last edit. */
function GridPreview() {
  const doc = useDesigner((s) => s.doc);
  const { api } = useDesignerServices();
  const [answer, setAnswer] = useState<{ rows: Doc[]; error: string; loading: boolean }>({ rows: [], error: '', loading: true });
  const model = typeof doc.model === 'string' && doc.model ? doc.model : 'User';
  // Asked again only when what is sent changes: naming nothing yet changes nothing the server sees.
  const body = useMemo(() => JSON.stringify({ ...previewBody(doc), pageSize: 10 }), [doc]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void api<Doc[]>('POST', `/api/data/${encodeURIComponent(model)}`, JSON.parse(body) as Doc).then((a) => {
        if (!live) return;
        setAnswer({ rows: a.ok && Array.isArray(a.data) ? a.data : [], error: a.ok ? '' : a.error, loading: false });
      });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body, model, api]);
  const fields = (Array.isArray(doc.definition) ? (doc.definition as Doc[]) : []).filter((f) => !f.hide);
  return (
    <section className="dz-grid-preview" aria-labelledby="dz-grid-preview-title" aria-busy={answer.loading}>
      <h3 id="dz-grid-preview-title" className="h6">
        Preview <small className="text-body-secondary">(first rows of {model})</small>
      </h3>
      {answer.error ? <div className="alert alert-danger py-1 small">{answer.error}</div> : null}
      <div className="table-responsive">
        <table className="table table-sm table-striped mb-0">
          <thead>
            <tr>
              {fields.map((f, i) =>
                named(f.name) ? (
                  <th key={i} scope="col">
                    {String(f.label || f.name)}
                  </th>
                ) : (
                  // A field just added: incomplete until it names a field, not an error.
                  <th key={i} scope="col" className="dz-incomplete">
                    (choose a field)
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row, r) => (
              <tr key={r}>
                {fields.map((f, i) => (
                  // A reference shows its record's name, as the grid itself will (the row's `_labels`).
                  <td key={i}>{named(f.name) ? (rowLabel(row, String(f.name)) ?? formatCell(row[String(f.name)])) : ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!answer.loading && !answer.error && answer.rows.length === 0 ? <p className="dz-empty small">No rows to show.</p> : null}
    </section>
  );
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

import { useMemo } from 'react';
import { documentEditors, editorShown, folderOfType, propertyEditors } from '../../shared/plugin-hints';
import type { DesignAction, DesignerKind } from '../actions';
import { getAt, isColumnPath, type Path } from '../path';
import { useDesigner, useDesignerStore, type Doc } from './context';
import { useDesignerGet } from '../services';
import { columnName } from './column-name';
import { PropertyPanel, type ModelField } from './PropertyPanel';
import { pluginSchemaId, schemaErrors, TAB_SCHEMA_ID } from './schema-errors';
import { SCHEMA_BASE, schemaPartIds } from '../../shared/schema-catalog';
import { isObject, itemKind } from '../../shared/filter';
import { FilterItemPanel } from './filters/FilterItemPanel';
import { ModelCacheContext, type ModelCache } from './model-graph';
import { AccessPanel } from './access/AccessPanel';
import { HistorySettings } from './HistorySettings';

const NO_FIELDS: readonly ModelField[] = [];

/** The model's fields for the field pickers (GET /api/models/{model}); none while loading or without a model. */
function useModelFields(model: unknown): readonly ModelField[] | undefined {
  const name = typeof model === 'string' && model !== '' ? model : null;
  const loaded = useDesignerGet<ModelField[]>(name ? `/api/models/${encodeURIComponent(name)}` : null);
  return name ? (loaded.data ?? (loaded.loading ? NO_FIELDS : undefined)) : undefined;
}

/**
 * The side panel: the selected column's (or tab's) properties, or with nothing selected the
 * document's own properties and its toolbar actions. Every change is one `set` action; typing
 * in one property merges into one undo step until the editor loses focus.
 */
export function Inspector({ kind, idPrefix }: { kind: DesignerKind; idPrefix: string }) {
  const selection = useDesigner((s) => s.selection);
  const model = useDesigner((s) => s.doc.model);
  const fields = useModelFields(kind === 'form' || kind === 'grid' ? model : null);
  // A grid's data filter of the filter language has its own panel; an old-style one the plain one.
  const languageFilter = useDesigner((s) => {
    if (kind !== 'grid' || s.selection?.length !== 2 || s.selection[0] !== 'filters') return false;
    const item = getAt(s.doc, s.selection);
    return isObject(item) && itemKind(item) !== 'legacy';
  });
  // The models the grid's pickers read, once per designer (model-graph.ts).
  const models = useMemo<ModelCache>(() => new Map(), []);
  return (
    <ModelCacheContext.Provider value={models}>
      {selection ? (
        languageFilter ? (
          <FilterItemPanel key={selection.join('/')} path={selection} idPrefix={`${idPrefix}-filter`} />
        ) : (
          <ItemPanel kind={kind} path={selection} fields={fields} idPrefix={`${idPrefix}-item`} />
        )
      ) : (
        <DocumentPanel kind={kind} idPrefix={`${idPrefix}-doc`} />
      )}
    </ModelCacheContext.Provider>
  );
}

function useEdit(base: Path) {
  const store = useDesignerStore();
  return useMemo(
    () => ({
      onChange: (property: string, value: unknown, merge?: string) =>
        store.getState().dispatch({ type: 'set', path: [...base, property], value }, merge ? { merge: `${base.join('/')}/${merge}` } : {}),
      onCommit: () => store.getState().seal(),
    }),
    [store, base],
  );
}

/** Items of a menu's or a grid's own lists (no childType): their editors, schema and name. */
const LIST_ITEMS: Record<string, Record<string, { editors: Parameters<typeof documentEditors>[0]; schema: string; noun: string }>> = {
  menu: { definition: { editors: 'menuItem', schema: schemaPartIds.menuItem, noun: 'Work-flow row' } },
  grid: {
    definition: { editors: 'gridField', schema: schemaPartIds.gridField, noun: 'Grid field' },
    rowactions: { editors: 'rowAction', schema: `${SCHEMA_BASE}row-action.json`, noun: 'Row action' },
    filters: { editors: 'filter', schema: schemaPartIds.filter, noun: 'Data filter' },
    sorts: { editors: 'sort', schema: schemaPartIds.sort, noun: 'Data sort' },
  },
  model: { fields: { editors: 'modelField', schema: schemaPartIds.modelField, noun: 'Field' } },
};

function ItemPanel({ kind, path, fields, idPrefix }: { kind: DesignerKind; path: Path; fields?: readonly ModelField[]; idPrefix: string }) {
  const item = useDesigner((s) => getAt(s.doc, path)) as Doc | undefined;
  const edit = useEdit(path);
  const listItem = path.length === 2 ? LIST_ITEMS[kind]?.[String(path[0])] : undefined;
  const childType = listItem ? '' : typeof item?.childType === 'string' ? item.childType : '';
  const editors = listItem ? documentEditors(listItem.editors) : childType ? propertyEditors(childType) : [];
  const folder = folderOfType(childType);
  const schemaId = listItem ? listItem.schema : childType === 'Tab' ? TAB_SCHEMA_ID : folder ? pluginSchemaId(folder) : '';
  const errors = useMemo(() => (item && schemaId ? schemaErrors(schemaId, item) : {}), [item, schemaId]);
  if (!item) return null;
  return (
    <>
    <PropertyPanel
      key={path.join('/')}
      editors={editors}
      value={item}
      fields={isColumnPath(path) || listItem ? fields : undefined}
      errors={errors}
      idPrefix={idPrefix}
      title={listItem ? `${listItem.noun} ${String((path[1] as number) + 1)}` : columnName(item)}
      onChange={edit.onChange}
      onCommit={edit.onCommit}
    />
    {/* Only what the container shows now: a card holds rows or tabs by its content type. */}
    {editors
      .filter((e) => e.children && editorShown(e, item))
      .map((e) => (
        <ContainerSection key={e.property} path={path} property={e.property} holds={e.children!} idPrefix={`${idPrefix}-${e.property}`} />
      ))}
    </>
  );
}

/**
 * What a container (Rows, Card, Tabs, Tab) holds, edited from the panel: its rows (add or
 * delete the last, so an empty card gets a row to drop columns on) or its tabs (each selectable
 * to edit its title and icon; add or remove the last).
 */
function ContainerSection({ path, property, holds, idPrefix }: { path: Path; property: string; holds: 'rows' | 'tabs'; idPrefix: string }) {
  const store = useDesignerStore();
  const list = useDesigner((s) => getAt(s.doc, [...path, property])) as Doc[] | undefined;
  const items = Array.isArray(list) ? list : [];
  const at: Path = [...path, property];
  const dispatch = (action: DesignAction) => store.getState().dispatch(action);
  const noun = holds === 'rows' ? 'row' : 'tab';
  return (
    <section className="dz-container mt-3" aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`} className="h6">
        {holds === 'rows' ? 'Rows' : 'Tabs'} <span className="badge text-bg-secondary">{items.length}</span>
      </h3>
      {holds === 'tabs' ? (
        <ul className="list-unstyled mb-2">
          {items.map((tab, i) => (
            <li key={i}>
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => store.getState().select([...at, i])}>
                Edit {typeof tab.tabtitle === 'string' && tab.tabtitle ? tab.tabtitle : `Tab-${i + 1}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="btn-group btn-group-sm" role="group" aria-label={holds === 'rows' ? 'Rows' : 'Tabs'}>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => dispatch(holds === 'rows' ? { type: 'addRow', rows: at } : { type: 'addItem', list: at })}
        >
          Add {noun}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={items.length === 0}
          onClick={() => dispatch(holds === 'rows' ? { type: 'deleteLastRow', rows: at } : { type: 'deleteLastItem', list: at })}
        >
          Delete last {noun}
        </button>
      </div>
    </section>
  );
}

const ROOT: Path = [];

function DocumentPanel({ kind, idPrefix }: { kind: DesignerKind; idPrefix: string }) {
  const doc = useDesigner((s) => s.doc);
  const edit = useEdit(ROOT);
  const store = useDesignerStore();
  const name = kind;
  const errors = useMemo(() => (name ? schemaErrors(`${SCHEMA_BASE}${name}.json`, doc) : {}), [doc, name]);
  const actions = Array.isArray(doc.actions) ? doc.actions.length : 0;
  return (
    <>
      <PropertyPanel
        editors={documentEditors(name)}
        value={doc}
        errors={errors}
        idPrefix={idPrefix}
        title={{ form: 'Form', page: 'Page', menu: 'Menu', grid: 'Grid', model: 'Model' }[name]}
        onChange={edit.onChange}
        onCommit={edit.onCommit}
      />
      {kind === 'model' ? <HistorySettings idPrefix={`${idPrefix}-history`} /> : null}
      {/* A model has no toolbar: its screens have. */}
      {kind === 'model' ? null : (
      <section className="dz-actions" aria-labelledby={`${idPrefix}-actions`}>
        <h3 id={`${idPrefix}-actions`} className="h6">
          Toolbar actions <span className="badge text-bg-secondary">{actions}</span>
        </h3>
        <div className="btn-group btn-group-sm" role="group" aria-label="Toolbar actions">
          <button type="button" className="btn btn-outline-secondary" onClick={() => store.getState().dispatch({ type: 'addItem', list: ['actions'] })}>
            Add action
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={actions === 0}
            onClick={() => store.getState().dispatch({ type: 'deleteLastItem', list: ['actions'] })}
          >
            Remove last action
          </button>
        </div>
        {Array.from({ length: actions }, (_, i) => (
          <ActionPanel key={i} index={i} idPrefix={`${idPrefix}-action${i}`} />
        ))}
      </section>
      )}
      {/* A model is used through its screens: access is theirs. */}
      {kind === 'model' ? null : <AccessPanel kind={kind} idPrefix={`${idPrefix}-access`} />}
    </>
  );
}

function ActionPanel({ index, idPrefix }: { index: number; idPrefix: string }) {
  const path = useMemo<Path>(() => ['actions', index], [index]);
  const action = useDesigner((s) => getAt(s.doc, path)) as Doc | undefined;
  const edit = useEdit(path);
  const errors = useMemo(() => (action ? schemaErrors(`${SCHEMA_BASE}action.json`, action) : {}), [action]);
  if (!action) return null;
  return (
    <div className="dz-action mt-2">
      <PropertyPanel
        editors={documentEditors('action')}
        value={action}
        errors={errors}
        idPrefix={idPrefix}
        title={`Action ${index + 1}${typeof action.label === 'string' && action.label ? `: ${action.label}` : ''}`}
        onChange={edit.onChange}
        onCommit={edit.onCommit}
      />
    </div>
  );
}

import { memo, useMemo, useState } from 'react';
import type { ModelField } from '../../generated/definitions';
import type { Path } from '../path';
import { useDesigner, useDesignerStore, type Doc } from './context';
import { DesignDnd } from './dnd';
import { useListItem } from './list-item';
import { RelationPanel } from './RelationPanel';
import { fieldInWords, TYPE_WORDS } from '../models/words';

/**
 * A model's design area: its fields as a list, each selected to edit in the side panel and
 * dragged (pointer, or keyboard: Space, arrows, Space) onto another to swap places, with what
 * each field is in words ("Each Loan belongs to one Book"). Fields are added blank or as a
 * relation told in words, and the selected one is removed.
 */
export function ModelCanvas({ label, onDragging }: { label: string; onDragging(active: boolean): void }) {
  const store = useDesignerStore();
  const count = useDesigner((s) => (Array.isArray(s.doc.fields) ? s.doc.fields.length : 0));
  const selected = useDesigner((s) => (s.selection?.length === 2 && s.selection[0] === 'fields' ? (s.selection[1] as number) : null));
  const [relating, setRelating] = useState(false);
  const add = () => {
    const state = store.getState();
    if (state.dispatch({ type: 'addItem', list: ['fields'] })) store.getState().select(['fields', count]);
  };
  const remove = () => {
    if (selected !== null) store.getState().dispatch({ type: 'removeItem', item: ['fields', selected] });
  };
  return (
    <div className="dz-canvas" role="region" aria-label={label}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id="dz-model-fields" className="h6 mb-0">
          Fields <span className="badge text-bg-secondary">{count}</span>
        </h3>
        <div className="btn-group btn-group-sm ms-auto" role="group" aria-label="Fields">
          <button type="button" className="btn btn-outline-secondary" onClick={add}>
            Add field
          </button>
          <button type="button" className="btn btn-outline-secondary" aria-expanded={relating} onClick={() => setRelating((r) => !r)}>
            Add relation
          </button>
          <button type="button" className="btn btn-outline-danger" disabled={selected === null} onClick={remove}>
            Remove field
          </button>
        </div>
      </div>
      {relating ? <RelationPanel onDone={() => setRelating(false)} /> : null}
      <DesignDnd onActive={onDragging}>
        {count === 0 ? (
          <p className="dz-empty">No fields yet: add one, or a relation to another model.</p>
        ) : (
          <ol className="list-unstyled dz-model-fields mb-0" aria-labelledby="dz-model-fields">
            {Array.from({ length: count }, (_, i) => (
              <FieldItem key={i} index={i} />
            ))}
          </ol>
        )}
      </DesignDnd>
    </div>
  );
}

const FieldItem = memo(function FieldItem({ index }: { index: number }) {
  const path = useMemo<Path>(() => ['fields', index], [index]);
  const { item, selected, drag, select, style, state, ref } = useListItem<ModelField>(path);
  const model = useDesigner((s) => s.doc as Doc);
  if (!item) return null;
  const words = fieldInWords(model, item);
  return (
    <li ref={ref} className={`dz-model-field ${state}`.trim()} style={style} onClick={select}>
      <button type="button" className="dz-handle" {...drag.attributes} {...drag.listeners} aria-pressed={selected} onClick={select}>
        <span className="fw-semibold">{item.name || '(no name)'}</span>
        {item.label ? <span className="text-body-secondary"> · {item.label}</span> : null}
      </button>
      <span className="dz-model-type">{TYPE_WORDS[item.type] ?? item.type}</span>
      {item.required ? <span className="badge text-bg-warning">required</span> : null}
      {item.unique ? <span className="badge text-bg-info">unique</span> : null}
      {item.default !== undefined && item.default !== null ? (
        <span className="small text-body-secondary">default {JSON.stringify(item.default)}</span>
      ) : null}
      {words ? <span className="dz-model-words small">{words}</span> : null}
    </li>
  );
});

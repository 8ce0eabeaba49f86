import { useId, useState } from 'react';
import type { ModelField } from '../../generated/definitions';
import { useDesigner, useDesignerStore } from './context';
import { useDesignerGet } from '../services';
import { fieldInWords, fieldNameFor, freeName, linkModelName } from '../models/words';

type Kind = 'reference' | 'link';

/**
 * A relation told in words: "Each Loan belongs to one Book" adds a reference field, "Books and
 * Authors have many of each other" a link field and names the link model, which the save makes
 * (both references) when it does not exist yet. The admin never writes the link model by hand.
 */
export function RelationPanel({ onDone }: { onDone(): void }) {
  const store = useDesignerStore();
  const id = useId();
  const name = useDesigner((s) => (typeof s.doc.name === 'string' ? s.doc.name : ''));
  const fields = useDesigner((s) => (Array.isArray(s.doc.fields) ? (s.doc.fields as ModelField[]) : []));
  const models = useDesignerGet<string[]>('/api/models');
  const [kind, setKind] = useState<Kind>('reference');
  const [target, setTarget] = useState('');
  const choices = [...new Set([...(models.data ?? []), ...(name ? [name] : [])])].sort();
  const self = name || 'this model';
  const other = target || '…';
  const add = () => {
    if (!target) return;
    const taken = fields.map((f) => f.name);
    const base = kind === 'reference' ? fieldNameFor(target) : `${fieldNameFor(target)}s`;
    const field: ModelField = { name: freeName(base, taken), label: kind === 'reference' ? target : `${target} records`, type: kind, target };
    if (kind === 'link') field.through = linkModelName(name, target, models.data ?? []);
    const state = store.getState();
    if (state.dispatch({ type: 'addItem', list: ['fields'], item: field })) store.getState().select(['fields', fields.length]);
    onDone();
  };
  return (
    <fieldset className="dz-relation border rounded p-2 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-1">Add a relation</legend>
      <div className="form-check">
        <input className="form-check-input" type="radio" id={`${id}-ref`} checked={kind === 'reference'} onChange={() => setKind('reference')} />
        <label className="form-check-label" htmlFor={`${id}-ref`}>
          Each {self} belongs to one {other} (many {self} records to one {other})
        </label>
      </div>
      <div className="form-check">
        <input className="form-check-input" type="radio" id={`${id}-link`} checked={kind === 'link'} onChange={() => setKind('link')} />
        <label className="form-check-label" htmlFor={`${id}-link`}>
          Each {self} has many {other} records and each {other} many {self} records
        </label>
      </div>
      <label className="form-label mt-2 mb-1" htmlFor={`${id}-target`}>
        The other model
      </label>
      <select id={`${id}-target`} className="form-select form-select-sm" value={target} aria-busy={models.loading || undefined} onChange={(e) => setTarget(e.target.value)}>
        <option value="">{models.loading ? 'Loading…' : '(choose a model)'}</option>
        {choices.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      {kind === 'link' && !name ? <div className="form-text text-danger">Name this model first: the link model is named after both.</div> : null}
      {target ? <p className="form-text mb-0">{fieldInWords({ name }, { type: kind, target, ...(kind === 'link' ? { through: linkModelName(name, target, models.data ?? []) } : {}) })}</p> : null}
      <div className="d-flex gap-2 mt-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={!target || (kind === 'link' && !name)} onClick={add}>
          Add relation
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/**
 * A step's `values` (field → template or literal): one row per field set, its value a template
 * input (a yes-or-no field offers Yes and No too), Remove; and Add a field, offering the fields
 * `keys` lists that are not set yet. Without keys (no form chosen, a webhook's body) a field's name
 * is typed.
 */
import { useState } from 'react';
import { getAt, isPlainObject, type Path } from '../path';
import { EditorError } from '../ui/editors/EditorFrame';
import { Help } from './BoundInputs';
import { useAutomation, useEdit, useProblem } from './context';
import { TemplateInput } from './TemplateInput';
import type { ValueKey } from './value-keys';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function ValuesEditor({ id, label, help, path, step, keys, loading, error }: { id: string; label: string; help?: string; path: Path; step: Path; keys: ValueKey[] | null; loading: boolean; error?: string }) {
  const raw = useAutomation((s) => getAt(s.doc, path));
  const values = isPlainObject(raw) ? raw : {};
  const edit = useEdit();
  const problem = useProblem(path);
  const [typed, setTyped] = useState('');
  const set = Object.keys(values);
  const offered = (keys ?? []).filter((k) => !set.includes(k.field));
  const add = (field: string) => {
    if (!FIELD_NAME.test(field) || field in values) return;
    const key = keys?.find((k) => k.field === field);
    edit.set(path, { ...values, [field]: key?.type === 'boolean' ? true : '' });
  };
  const remove = (field: string) => {
    const { [field]: _gone, ...rest } = values;
    edit.set(path, rest);
  };
  return (
    <fieldset className="dz-group mb-3" aria-describedby={help ? `${id}-help` : undefined}>
      <legend className="dz-group-legend">{label}</legend>
      <Help id={id} text={help} />
      {error ? <p className="small text-danger mb-1">{error}</p> : null}
      {set.length === 0 ? <p className="small text-body-secondary mb-1">No fields set.</p> : null}
      {set.map((field) => {
        const key = keys?.find((k) => k.field === field);
        const name = key ? `${key.label} (${field})` : keys ? `${field} (not in the form)` : field;
        return (
          <div key={field} className="dz-value-row">
            {key?.type === 'boolean' ? (
              <BooleanValue id={`${id}-${field}`} label={name} path={[...path, field]} step={step} />
            ) : (
              <TemplateInput id={`${id}-${field}`} label={name} path={[...path, field]} step={step} keepEmpty />
            )}
            <button type="button" className="btn btn-sm btn-outline-secondary mb-2" onClick={() => remove(field)}>
              {`Remove ${field}`}
            </button>
          </div>
        );
      })}
      {keys ? (
        <select id={`${id}-add`} className="form-select form-select-sm" aria-label={`Add a field to ${label}`} value="" disabled={loading || offered.length === 0} onChange={(e) => add(e.target.value)}>
          <option value="">{loading ? 'Loading the fields…' : offered.length === 0 ? 'Every field is set' : 'Add a field…'}</option>
          {offered.map((k) => (
            <option key={k.field} value={k.field}>
              {`${k.label} (${k.field})`}
            </option>
          ))}
        </select>
      ) : (
        <div className="input-group input-group-sm">
          <input
            id={`${id}-add`}
            type="text"
            className="form-control"
            aria-label={`Name of a field to add to ${label}`}
            placeholder={loading ? 'Loading…' : 'field_name'}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(typed.trim());
                setTyped('');
              }
            }}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!FIELD_NAME.test(typed.trim())}
            onClick={() => {
              add(typed.trim());
              setTyped('');
            }}
          >
            Add field
          </button>
        </div>
      )}
      <EditorError id={id} error={problem} />
    </fieldset>
  );
}

/** A yes-or-no field's value: Yes, No, or a template. */
function BooleanValue({ id, label, path, step }: { id: string; label: string; path: Path; step: Path }) {
  const value = useAutomation((s) => getAt(s.doc, path));
  const edit = useEdit();
  const mode = value === true ? 'true' : value === false ? 'false' : 'template';
  return (
    <div className="mb-1">
      <label htmlFor={`${id}-mode`} className="form-label dz-prop-label mb-1">
        {label}
      </label>
      <select id={`${id}-mode`} className="form-select form-select-sm mb-1" value={mode} onChange={(e) => edit.set(path, e.target.value === 'true' ? true : e.target.value === 'false' ? false : '')}>
        <option value="true">Yes</option>
        <option value="false">No</option>
        <option value="template">A template…</option>
      </select>
      {mode === 'template' ? <TemplateInput id={id} label={`${label}: template`} path={path} step={step} keepEmpty /> : null}
    </div>
  );
}

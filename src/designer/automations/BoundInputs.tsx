/**
 * The automation designer's plain inputs, each bound to one place of the document through the
 * store: a text, a number, a switch, a choice. Each reads only its own value, so a keystroke
 * re-renders the input typed in; its problem (a check's or the server's) shows under it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { getAt, type Path } from '../path';
import { EditorError, EditorFrame, errorAria } from '../ui/editors/EditorFrame';
import { useAutomation, useEdit, useProblem } from './context';

export interface BoundProps {
  id: string;
  label: string;
  path: Path;
  /** One line under the input: what the property is for. */
  help?: string;
}

/** The value at `path` in the designed automation. */
export function useValueAt(path: Path): unknown {
  return useAutomation((s) => getAt(s.doc, path));
}

export function Help({ id, text }: { id: string; text?: string }) {
  return text ? (
    <div id={`${id}-help`} className="form-text mt-0 mb-1">
      {text}
    </div>
  ) : null;
}

/** The ids an input is described by: its help, and its problem when it has one. */
export function describedBy(id: string, help: string | undefined, problem: string | undefined) {
  const ids = [help ? `${id}-help` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...errorAria(id, problem), ...(ids ? { 'aria-describedby': ids } : {}) };
}

/** A text; emptied, an optional property is removed (`keepEmpty` keeps '' for a required one). */
export function TextInput({ id, label, path, help, keepEmpty = false, placeholder, multiline = false, mono = false }: BoundProps & { keepEmpty?: boolean; placeholder?: string; multiline?: boolean; mono?: boolean }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const props = {
    id,
    className: `form-control form-control-sm${mono ? ' font-monospace' : ''}${problem ? ' is-invalid' : ''}`,
    value: text,
    placeholder,
    onChange: (e: { target: { value: string } }) => edit.type(path, e.target.value === '' && !keepEmpty ? undefined : e.target.value),
    onBlur: edit.seal,
    ...describedBy(id, help, problem),
  };
  return (
    <EditorFrame id={id} label={label} error={problem}>
      <Help id={id} text={help} />
      {multiline ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
    </EditorFrame>
  );
}

/** A whole number; emptied, the property is removed (its default applies). */
export function NumberInput({ id, label, path, help, min, max, placeholder }: BoundProps & { min?: number; max?: number; placeholder?: string }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  const [draft, setDraft] = useState(() => (typeof value === 'number' ? String(value) : ''));
  useEffect(() => {
    setDraft((d) => (d.trim() === '' ? value === undefined : Number(d) === value) ? d : typeof value === 'number' ? String(value) : '');
  }, [value]);
  return (
    <EditorFrame id={id} label={label} error={problem}>
      <Help id={id} text={help} />
      <input
        id={id}
        type="number"
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        value={draft}
        min={min}
        max={max}
        placeholder={placeholder}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim() === '') edit.type(path, undefined);
          else if (Number.isFinite(Number(e.target.value))) edit.type(path, Number(e.target.value));
        }}
        onBlur={edit.seal}
        {...describedBy(id, help, problem)}
      />
    </EditorFrame>
  );
}

/** A switch; `absent` is what a left-out property means. */
export function SwitchInput({ id, label, path, help, absent = false }: BoundProps & { absent?: boolean }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  return (
    <div className="form-check form-switch mb-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={`form-check-input${problem ? ' is-invalid' : ''}`}
        checked={value === undefined ? absent : value === true}
        onChange={(e) => edit.set(path, e.target.checked)}
        {...describedBy(id, help, problem)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <Help id={id} text={help} />
      <EditorError id={id} error={problem} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * One of `choices`; '' (the `none` entry) removes the property. A stored value not among the
 * choices stays shown, flagged, rather than silently replaced.
 */
export function ChoiceInput({ id, label, path, help, choices, none, loading = false, aside }: BoundProps & { choices: readonly Choice[]; none?: string; loading?: boolean; aside?: ReactNode }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  const current = typeof value === 'string' ? value : '';
  const known = choices.some((c) => c.value === current);
  return (
    <EditorFrame id={id} label={label} error={problem} aside={aside}>
      <Help id={id} text={help} />
      <select
        id={id}
        className={`form-select form-select-sm${problem ? ' is-invalid' : ''}`}
        value={current}
        aria-busy={loading || undefined}
        onChange={(e) => edit.set(path, e.target.value === '' ? undefined : e.target.value)}
        {...describedBy(id, help, problem)}
      >
        {none !== undefined || current === '' ? <option value="">{loading ? 'Loading…' : (none ?? '(choose)')}</option> : null}
        {current !== '' && !known ? <option value={current}>{loading ? current : `${current} (not found)`}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </EditorFrame>
  );
}

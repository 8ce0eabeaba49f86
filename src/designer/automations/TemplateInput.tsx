/**
 * A template setting ({{record.title}}): the text, and an Insert list of the values the step may
 * read, which puts the chosen one where the cursor is (one undo step) and gives the focus back.
 */
import { useRef } from 'react';
import type { Path } from '../path';
import { EditorFrame } from '../ui/editors/EditorFrame';
import { describedBy, Help, useValueAt } from './BoundInputs';
import { useEdit, useProblem } from './context';
import { useTemplateValues } from './template-values';

export function TemplateInput({ id, label, path, help, step, keepEmpty, multiline = false }: { id: string; label: string; path: Path; help?: string; step: Path; keepEmpty: boolean; multiline?: boolean }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  const values = useTemplateValues(step);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const insert = (template: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    edit.seal();
    edit.set(path, text.slice(0, at) + template + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + template.length, at + template.length);
    });
  };
  const groups = [...new Set(values.map((v) => v.group))];
  const props = {
    id,
    ref: input,
    className: `form-control form-control-sm font-monospace${problem ? ' is-invalid' : ''}`,
    value: text,
    spellCheck: false,
    onChange: (e: { target: { value: string } }) => edit.type(path, e.target.value === '' && !keepEmpty ? undefined : e.target.value),
    onBlur: edit.seal,
    ...describedBy(id, help, problem),
  };
  return (
    <EditorFrame id={id} label={label} error={problem}>
      <Help id={id} text={help} />
      {multiline ? <textarea rows={5} {...props} /> : <input type="text" {...props} />}
      <select
        className="form-select form-select-sm mt-1 dz-insert"
        aria-label={`Insert a value into ${label}`}
        value=""
        onChange={(e) => {
          if (e.target.value) insert(e.target.value);
        }}
      >
        <option value="">Insert a value…</option>
        {groups.map((g) => (
          <optgroup key={g} label={g}>
            {values
              .filter((v) => v.group === g)
              .map((v) => (
                <option key={v.template} value={v.template}>
                  {`${v.label}  ${v.template}`}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </EditorFrame>
  );
}

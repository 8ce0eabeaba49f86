import { useEffect, useState } from 'react';
import { asText, EditorFrame, errorAria, typingKey, type EditorProps } from './EditorFrame';

/** The input type a default of each field type is typed in; json is a text area of JSON. */
const INPUT_TYPES: Record<string, string> = { text: 'text', number: 'number', date: 'date', datetime: 'datetime-local' };

/** A datetime default as the datetime-local input shows it (to the minute, no zone). */
function localText(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 16) : '';
}

function jsonText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/**
 * A model field's default, edited as a value of the field's type (`fieldType`): a switch for yes
 * or no (with "no default" apart from false), a number, a date, a date and time, text, or JSON
 * checked as it is typed. An empty box removes the default.
 */
export function DefaultEditor({ editor, id, value, disabled, error, onChange, onCommit, fieldType }: EditorProps & { fieldType: string }) {
  const [json, setJson] = useState(() => jsonText(value));
  const [jsonError, setJsonError] = useState('');
  useEffect(() => {
    if (fieldType === 'json') setJson((text) => (safeParse(text) === JSON.stringify(value) ? text : jsonText(value)));
  }, [value, fieldType]);
  const set = (v: unknown, typing = false) => onChange(editor.property, v, typing ? typingKey(editor.property) : undefined);

  if (fieldType === 'boolean') {
    const current = value === true ? 'true' : value === false ? 'false' : '';
    return (
      <EditorFrame id={id} label={editor.label} error={error}>
        <select id={id} className="form-select form-select-sm" value={current} disabled={disabled} onChange={(e) => set(e.target.value === '' ? undefined : e.target.value === 'true')} {...errorAria(id, error)}>
          <option value="">(no default)</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      </EditorFrame>
    );
  }
  if (fieldType === 'json') {
    return (
      <EditorFrame id={id} label={editor.label} error={jsonError || error}>
        <textarea
          id={id}
          rows={3}
          className={`form-control form-control-sm font-monospace${jsonError || error ? ' is-invalid' : ''}`}
          value={json}
          disabled={disabled}
          onChange={(e) => {
            const text = e.target.value;
            setJson(text);
            if (text.trim() === '') {
              setJsonError('');
              set(undefined, true);
              return;
            }
            try {
              set(JSON.parse(text) as unknown, true);
              setJsonError('');
            } catch {
              setJsonError('Not JSON yet: the default stays as it was');
            }
          }}
          onBlur={onCommit}
          {...errorAria(id, jsonError || error)}
        />
      </EditorFrame>
    );
  }
  const type = INPUT_TYPES[fieldType] ?? 'text';
  const shown = type === 'datetime-local' ? localText(value) : asText(value);
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <input
        id={id}
        type={type}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={shown}
        disabled={disabled}
        onChange={(e) => {
          const text = e.target.value;
          if (text === '') set(undefined, true);
          else if (type === 'number') {
            if (Number.isFinite(Number(text))) set(Number(text), true);
          } else set(text, true);
        }}
        onBlur={onCommit}
        {...errorAria(id, error)}
      />
    </EditorFrame>
  );
}

function safeParse(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return '';
  }
}

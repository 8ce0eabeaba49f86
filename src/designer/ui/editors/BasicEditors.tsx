import { useEffect, useState, type ChangeEvent } from 'react';
import { asText, EditorError, EditorFrame, errorAria, typingKey, type EditorProps } from './EditorFrame';

/** A one-line text, stored as typed; every keystroke is part of one typing burst. */
export function TextEditor({ editor, id, value, disabled, error, onChange, onCommit }: EditorProps) {
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <input
        id={id}
        type="text"
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={asText(value)}
        placeholder={editor.placeholder}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, e.target.value, typingKey(editor.property))}
        onBlur={onCommit}
        {...errorAria(id, error)}
      />
    </EditorFrame>
  );
}

/**
 * Multi-line text: plain textareas, `lines` (one entry per line, stored as the newline-separated
 * text the Select column reads) and `html` / `code` (monospace; the designers' full code editor
 * is elsewhere, so this panel stays light).
 */
export function TextAreaEditor({ editor, id, value, disabled, error, onChange, onCommit }: EditorProps) {
  const mono = editor.editor === 'html' || editor.editor === 'code' || editor.editor === 'lines';
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <textarea
        id={id}
        className={`form-control form-control-sm${mono ? ' font-monospace dz-code' : ''}${error ? ' is-invalid' : ''}`}
        rows={editor.editor === 'textarea' ? 3 : 5}
        spellCheck={!mono}
        value={asText(value)}
        placeholder={editor.placeholder}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, e.target.value, typingKey(editor.property))}
        onBlur={onCommit}
        {...errorAria(id, error)}
      />
    </EditorFrame>
  );
}

function numberText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * A number, stored as a number; emptied, the property is removed. The typed text is kept
 * locally so an intermediate entry such as "1." or "-" is not overwritten while typing.
 */
export function NumberEditor({ editor, id, value, disabled, error, onChange, onCommit }: EditorProps) {
  const [draft, setDraft] = useState(() => numberText(value));
  useEffect(() => {
    // Follow outside changes (undo, another editor) unless the draft already means this value.
    setDraft((d) => (d.trim() === '' ? value === undefined : Number(d) === value) ? d : numberText(value));
  }, [value]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    setDraft(text);
    if (text.trim() === '') onChange(editor.property, undefined, typingKey(editor.property));
    else if (Number.isFinite(Number(text))) onChange(editor.property, Number(text), typingKey(editor.property));
  };
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <input
        id={id}
        type="number"
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={draft}
        min={editor.minimum}
        max={editor.maximum}
        placeholder={editor.placeholder ?? (editor.default !== undefined ? String(editor.default) : undefined)}
        disabled={disabled}
        onChange={change}
        onBlur={onCommit}
        {...errorAria(id, error)}
      />
    </EditorFrame>
  );
}

/** A switch, stored as true or false; one click is one undo step. */
export function BooleanEditor({ editor, id, value, disabled, error, onChange }: EditorProps) {
  const checked = value === undefined ? editor.default === true : value === true;
  return (
    <div className="dz-prop form-check form-switch mb-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, e.target.checked)}
        {...errorAria(id, error)}
      />
      <label htmlFor={id} className="form-check-label">
        {editor.label}
      </label>
      <EditorError id={id} error={error} />
    </div>
  );
}

/**
 * One of the schema's values, shown by its label. A property the object leaves out shows its
 * schema default; an unknown stored value stays visible so it is not silently replaced.
 */
export function EnumEditor({ editor, id, value, disabled, error, onChange }: EditorProps) {
  const options = editor.options ?? [];
  const shown = value === undefined ? editor.default : value;
  const index = options.findIndex((o) => o.value === shown);
  const selected = index >= 0 ? String(index) : shown === undefined ? '' : 'unknown';
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={selected}
        disabled={disabled}
        onChange={(e) => {
          const option = options[Number(e.target.value)];
          onChange(editor.property, option ? option.value : undefined);
        }}
        {...errorAria(id, error)}
      >
        {selected === '' && <option value="">(none)</option>}
        {selected === 'unknown' && <option value="unknown">{`${asText(shown)} (not allowed)`}</option>}
        {options.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    </EditorFrame>
  );
}

const WIDTHS = Array.from({ length: 13 }, (_, i) => i);

/** Grid units 0 to 12, 0 meaning automatic; stored as a number. */
export function WidthEditor({ editor, id, value, disabled, error, onChange }: EditorProps) {
  const current = typeof value === 'number' ? value : typeof editor.default === 'number' ? editor.default : 0;
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={String(current)}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, Number(e.target.value))}
        {...errorAria(id, error)}
      >
        {!WIDTHS.includes(current) && <option value={String(current)}>{`${current} (out of range)`}</option>}
        {WIDTHS.map((w) => (
          <option key={w} value={String(w)}>
            {w === 0 ? 'Auto' : String(w)}
          </option>
        ))}
      </select>
    </EditorFrame>
  );
}

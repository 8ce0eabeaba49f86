import { asText, EditorFrame, errorAria, type EditorProps } from './EditorFrame';
import { TextEditor } from './BasicEditors';

export interface ModelField {
  name: string;
  type: string;
  label?: string;
  /** The model a reference field refers to. */
  target?: string;
}

/**
 * A field of the form's model. A stored name the model does not have stays selectable and is
 * flagged, so a renamed or removed field is visible instead of silently dropped. Without a
 * known model the name is typed.
 */
export function FieldPicker(props: EditorProps & { fields?: readonly ModelField[] }) {
  const { editor, id, value, disabled, error, onChange, fields } = props;
  if (!fields) return <TextEditor {...props} />;
  const current = asText(value);
  const unknown = current !== '' && !fields.some((f) => f.name === current);
  return (
    <EditorFrame
      id={id}
      label={editor.label}
      error={error}
      aside={
        unknown ? (
          // Inside the label, so the flag is part of the select's accessible name.
          <span className="badge text-bg-warning ms-2 dz-flag">
            not in the model
          </span>
        ) : null
      }
    >
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={current}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, e.target.value === '' ? undefined : e.target.value)}
        {...errorAria(id, error)}
      >
        <option value="">(choose a field)</option>
        {unknown && <option value={current}>{`${current} (not in the model)`}</option>}
        {fields.map((f) => (
          <option key={f.name} value={f.name}>
            {f.label && f.label !== f.name ? `${f.label} (${f.name})` : f.name}
          </option>
        ))}
      </select>
    </EditorFrame>
  );
}

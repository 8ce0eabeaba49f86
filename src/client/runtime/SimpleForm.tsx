import { useId } from 'react';
import { walkColumns, type WalkColumn, type WalkRow } from '../../core/definition-walk';
import { validateField } from '../../core/field-validation';

/**
 * A deliberately small form renderer for the screens that exist before the plugin
 * interpreter (login, setup). It handles Input and Checkbox columns, skips Hidden, and shows
 * a visible note for any other column type. The interpreter replaces it; keep it this small.
 */

export interface FormDefinition {
  title?: string;
  definition?: WalkRow[];
}

export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string>;

const INPUT_TYPES = new Set([
  'text', 'number', 'password', 'email', 'tel', 'hidden', 'date',
  'datetime-local', 'time', 'month', 'week', 'url', 'color',
]);

function isField(col: WalkColumn): col is WalkColumn & { name: string } {
  return (col.childType === 'Input' || col.childType === 'Checkbox') && typeof col.name === 'string' && col.name !== '';
}

/** The fields this form edits, in order (nested Rows, Card and Tabs included). */
export function formFields(def: FormDefinition | null): (WalkColumn & { name: string })[] {
  const out: (WalkColumn & { name: string })[] = [];
  walkColumns(def?.definition, (col) => {
    if (isField(col)) out.push(col);
  });
  return out;
}

/** Spec 4: a field starts with its default when hasdefault is set, otherwise empty; checkboxes false. */
export function initialValues(def: FormDefinition | null): FormValues {
  const values: FormValues = {};
  for (const col of formFields(def)) {
    if (col.childType === 'Checkbox') values[col.name] = col.hasdefault === true && String(col.default) === 'true';
    else values[col.name] = col.hasdefault === true && col.default !== undefined ? String(col.default) : '';
  }
  return values;
}

/** Spec 5 messages, from the shared core validator; an empty object means valid. */
export function validateForm(def: FormDefinition | null, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const col of formFields(def)) {
    const check = validateField(col, values[col.name]);
    if (!check.valid) errors[col.name] = check.message || String(col.errormessage ?? '') || 'Validation Failed';
  }
  return errors;
}

/** Only the values of this form's own fields, so two forms' values can be merged cleanly. */
export function pickValues(def: FormDefinition | null, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const col of formFields(def)) {
    const v = values[col.name];
    if (v !== undefined) out[col.name] = v;
  }
  return out;
}

interface SimpleFormProps {
  definition: FormDefinition;
  values: FormValues;
  errors: FormErrors;
  onChange(name: string, value: string | boolean): void;
}

export function SimpleForm({ definition, values, errors, onChange }: SimpleFormProps) {
  return (
    <div className="form-rows">
      {(definition.definition ?? []).map((row, r) => (
        <Row key={r} row={row} values={values} errors={errors} onChange={onChange} />
      ))}
    </div>
  );
}

function Row({ row, ...rest }: { row: WalkRow } & Omit<SimpleFormProps, 'definition'>) {
  return (
    <div className="form-row">
      {(row.cols ?? []).map((col, c) => {
        const width = typeof col.width === 'number' && col.width > 0 ? col.width : 0;
        return (
          <div key={c} className={width ? `col col-${width}` : 'col'}>
            <Column col={col} {...rest} />
          </div>
        );
      })}
    </div>
  );
}

function Column({ col, values, errors, onChange }: { col: WalkColumn } & Omit<SimpleFormProps, 'definition'>) {
  const id = useId();
  switch (col.childType) {
    case 'None':
    case 'Hidden':
      return null;
    case 'Rows':
      return (
        <>
          {(col.rows ?? []).map((row, r) => (
            <Row key={r} row={row} values={values} errors={errors} onChange={onChange} />
          ))}
        </>
      );
    case 'Text':
      return <p>{String(col.text ?? '')}</p>;
    case 'Input':
    case 'Checkbox': {
      if (!isField(col)) return null;
      const label = String(col.label || col.name);
      const error = errors[col.name];
      const errorId = `${id}-error`;
      const hint = col.showhintchecked && col.hint ? String(col.hint) : '';
      if (col.childType === 'Checkbox') {
        return (
          <div className="field field-check">
            <input
              id={id}
              type="checkbox"
              name={col.name}
              checked={values[col.name] === true}
              disabled={col.disabled === true}
              onChange={(e) => onChange(col.name, e.target.checked)}
            />
            <label htmlFor={id}>{label}</label>
          </div>
        );
      }
      const type = typeof col.fieldtype === 'string' && INPUT_TYPES.has(col.fieldtype) ? col.fieldtype : 'text';
      return (
        <div className="field">
          {/* The required marker is CSS, so the label's text is exactly the field's label. */}
          <label htmlFor={id} className={col.required === true ? 'required' : undefined}>
            {label}
          </label>
          <input
            id={id}
            className={error ? 'input invalid' : 'input'}
            type={type}
            name={col.name}
            value={String(values[col.name] ?? '')}
            placeholder={col.placeholderchecked && col.placeholder ? String(col.placeholder) : undefined}
            required={col.required === true}
            disabled={col.disabled === true}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(col.name, e.target.value)}
          />
          {hint ? <small className="hint">{hint}</small> : null}
          {error ? (
            <div id={errorId} className="field-error">
              {error}
            </div>
          ) : null}
        </div>
      );
    }
    default:
      return <div className="placeholder-col">Column type {col.childType} arrives with the runtime</div>;
  }
}

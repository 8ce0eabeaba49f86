import { type InputColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

/** Spec 5 display rule: a date shows the first 10 characters of its value, datetime-local the first 16. */
export function displayValue(fieldtype: string | undefined, value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (fieldtype === 'date') return text.slice(0, 10);
  if (fieldtype === 'datetime-local') return text.slice(0, 16);
  return text;
}

export function Input({ column, id, value, onChange, error, invalid, disabled }: RenderProps<InputColumn>) {
  const type = column.fieldtype ?? 'text';
  if (type === 'hidden') return <input type="hidden" id={id} name={column.name} value={displayValue(type, value)} />;
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      <input
        id={id}
        name={column.name}
        type={type}
        className={`${type === 'color' ? 'form-control form-control-color' : 'form-control'}${invalid ? ' is-invalid' : ''}`}
        value={displayValue(type, value)}
        placeholder={column.placeholderchecked ? column.placeholder : undefined}
        disabled={disabled}
        required={column.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(column, id, invalid, error)}
        autoComplete={type === 'password' ? 'current-password' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

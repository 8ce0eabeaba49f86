import { type CheckboxColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

/**
 * Checkbox values are stored as true or false, but a record loaded from the server may
 * carry 'true', 1 or 'on' from older data; all of those read as checked.
 */
export function isChecked(value: unknown): boolean {
  if (typeof value === 'string') return ['true', '1', 'on', 'yes'].includes(value.toLowerCase());
  return value === true || value === 1;
}

export function Checkbox({ column, id, value, onChange, error, invalid, disabled }: RenderProps<CheckboxColumn>) {
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid} check>
      <input
        id={id}
        name={column.name}
        type="checkbox"
        className={`form-check-input${invalid ? ' is-invalid' : ''}`}
        checked={isChecked(value)}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(column, id, invalid, error)}
        onChange={(e) => {
          // A click dispatched by script (or jsdom) still toggles a disabled box; the field must not.
          if (!disabled) onChange(e.target.checked);
        }}
      />
    </FieldFrame>
  );
}

import { type TextAreaColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

export function TextArea({ column, id, value, onChange, error, invalid, disabled }: RenderProps<TextAreaColumn>) {
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      <textarea
        id={id}
        name={column.name}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        rows={column.height ?? 3}
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={column.placeholderchecked ? column.placeholder : undefined}
        disabled={disabled}
        required={column.required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(column, id, invalid, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

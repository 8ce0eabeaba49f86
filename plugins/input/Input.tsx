import { type InputColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

/** Display rule: a date shows the first 10 characters of its value, datetime-local the first 16. */
export function displayValue(fieldtype: string | undefined, value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (fieldtype === 'date') return text.slice(0, 10);
  if (fieldtype === 'datetime-local') return text.slice(0, 16);
  return text;
}

/**
 * Where `hasbutton` leads (docs/contracts.md): a url field opens its address (http or https
 * only), an e-mail field writes to it, a phone field calls it; other types have no target.
 */
export function buttonTarget(fieldtype: string | undefined, value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  if (fieldtype === 'url') return /^https?:\/\//i.test(text) ? text : null;
  if (fieldtype === 'email') return `mailto:${text}`;
  if (fieldtype === 'tel') return `tel:${text.replace(/[^0-9+#*,;]/g, '')}`;
  return null;
}

const BUTTON_TYPES = new Set(['url', 'email', 'tel']);
const BUTTON_LABEL: Record<string, string> = { url: 'Open', email: 'Write', tel: 'Call' };

export function Input({ column, id, value, onChange, error, invalid, disabled }: RenderProps<InputColumn>) {
  const type = column.fieldtype ?? 'text';
  if (type === 'hidden') return <input type="hidden" id={id} name={column.name} value={displayValue(type, value)} />;
  const withButton = column.hasbutton === true && BUTTON_TYPES.has(type);
  const target = withButton ? buttonTarget(type, value) : null;
  const field = (
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
  );
  const name = column.label || column.name || 'the field';
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      {withButton ? (
        <div className="input-group">
          {field}
          {target ? (
            <a className="btn btn-outline-secondary" href={target} target={type === 'url' ? '_blank' : undefined} rel="noopener noreferrer" aria-label={`${BUTTON_LABEL[type]} ${name}`}>
              {BUTTON_LABEL[type]}
            </a>
          ) : (
            <button type="button" className="btn btn-outline-secondary" disabled aria-label={`${BUTTON_LABEL[type]} ${name}`}>
              {BUTTON_LABEL[type]}
            </button>
          )}
        </div>
      ) : (
        field
      )}
    </FieldFrame>
  );
}

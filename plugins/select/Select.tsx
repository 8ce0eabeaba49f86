import { hardCodedOptions, keyOf, type SelectOption } from './options';
import { useFilledUrl, useOptionsFromUrl } from './use-options-url';
import { type SelectColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

/** The product's wording, word for word: keep it as it is (Select.test.tsx asserts it). */
export const NOT_DEFINED = 'Not Defined';
export const LOADING_DATA = 'Loading data';

type ControlProps = RenderProps<SelectColumn>;

function SelectControl({
  column,
  id,
  value,
  onChange,
  error,
  invalid,
  disabled,
  options,
  placeholder,
  busy = false,
}: ControlProps & { options: SelectOption[]; placeholder?: string; busy?: boolean }) {
  const current = keyOf(value);
  // A stored value missing from the options (an old record, a changed list) is still shown
  // as it is, rather than the select silently displaying its first option instead.
  const known = current === '' || options.some((o) => o.key === current);
  return (
    <select
      id={id}
      name={column.name}
      className={`form-select${invalid ? ' is-invalid' : ''}`}
      value={placeholder !== undefined ? '' : current}
      disabled={disabled || placeholder !== undefined}
      required={column.required}
      aria-busy={busy || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(column, id, invalid, error)}
      onChange={(e) => {
        const picked = options.find((o) => o.key === e.target.value);
        onChange(picked ? picked.value : e.target.value);
      }}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {/* Empty is a choice while nothing is picked, and always where the field is not required (a picked value can be taken back). */}
      {placeholder === undefined && (current === '' || !column.required) ? <option value="" /> : null}
      {placeholder === undefined && !known ? <option value={current}>{current}</option> : null}
      {placeholder === undefined
        ? options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))
        : null}
    </select>
  );
}

function HardCodedSelect(props: ControlProps) {
  const options = hardCodedOptions(props.column.keys, props.column.values);
  if (options.length === 0) return <SelectControl {...props} options={[]} placeholder={NOT_DEFINED} />;
  return <SelectControl {...props} options={options} />;
}

function DynamicSelect(props: ControlProps & { template: string }) {
  const url = useFilledUrl(props.template);
  const load = useOptionsFromUrl(url);
  if (load.state === 'loading') return <SelectControl {...props} options={[]} placeholder={LOADING_DATA} busy />;
  return (
    <>
      <SelectControl {...props} options={load.state === 'loaded' ? load.options : []} />
      {load.state === 'failed' ? (
        <div className="invalid-feedback d-block" role="alert">
          {load.error}
        </div>
      ) : null}
    </>
  );
}

export function Select(props: ControlProps) {
  const { column, id, error, invalid } = props;
  const dynamic = column.selecttype === '2';
  const template = column.url ?? '';
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      {!dynamic ? (
        <HardCodedSelect {...props} />
      ) : template === '' ? (
        // A dynamic select with no data url has nothing to list, like one with no keys.
        <SelectControl {...props} options={[]} placeholder={NOT_DEFINED} />
      ) : (
        <DynamicSelect {...props} template={template} />
      )}
    </FieldFrame>
  );
}

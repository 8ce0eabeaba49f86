import type { HiddenColumn, RenderProps } from '../../src/plugin-kit';

/** No label: a hidden field is never seen, it only carries its value into the record. */
export function Hidden({ column, id, value }: RenderProps<HiddenColumn>) {
  return <input type="hidden" id={id} name={column.name} value={value === undefined || value === null ? '' : String(value)} />;
}

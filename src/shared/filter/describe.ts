/** A filter item in one short line, for lists that show filters (the grid designer's canvas). */
import { isObject, itemKind } from './shape.js';

function valueText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(valueText).join(', ')}]`;
  if (isObject(value) && typeof value.var === 'string') return value.var;
  return typeof value === 'string' ? `'${value}'` : String(value);
}

export function describeFilterItem(item: unknown): string {
  if (!isObject(item)) return '(not a filter)';
  const kind = itemKind(item);
  if (kind === 'and' || kind === 'or') {
    const n = Array.isArray(item[kind]) ? (item[kind] as unknown[]).length : 0;
    return `${kind === 'and' ? 'all' : 'any'} of ${n} condition${n === 1 ? '' : 's'}`;
  }
  if (kind === 'legacy') return `${String(item.fieldname || '(no field)')} = ${String(item.value ?? '')}`;
  const field = typeof item.field === 'string' && item.field ? item.field : '(no field)';
  return 'value' in item ? `${field} ${String(item.op)} ${valueText(item.value)}` : `${field} ${String(item.op)}`;
}

/** A filter item in one short line, for lists that show filters (the grid designer's canvas). */
import { isObject, itemKind } from './shape.js';
import type { FieldKind, FilterOperator } from './types.js';

const DATE_WORDS: Partial<Record<FilterOperator, string>> = { gt: 'is after', gte: 'is on or after', lt: 'is before', lte: 'is on or before' };
const WORDS: Record<FilterOperator, string> = {
  eq: 'is',
  ne: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  empty: 'is empty',
  notEmpty: 'is not empty',
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  between: 'is between',
  lastDays: 'is in the last',
  in: 'is one of',
};

/**
 * An operator in words for a kind of field ("is after" for a date, "is more than" for a number),
 * as the filter builder's and the grid designer's pickers and chips say it.
 */
export function operatorWords(op: FilterOperator, kind: FieldKind): string {
  return (kind === 'date' || kind === 'datetime' ? DATE_WORDS[op] : undefined) ?? WORDS[op];
}

/** An operator in words on a link field (whose value is the list of linked records). */
export function linkOperatorWords(op: FilterOperator): string {
  return LINK_WORDS[op] ?? WORDS[op];
}

const LINK_WORDS: Partial<Record<FilterOperator, string>> = {
  eq: 'includes',
  in: 'includes one of',
  empty: 'has none',
  notEmpty: 'has any',
};

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

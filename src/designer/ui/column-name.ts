import { pluginHints } from '../../shared/plugin-hints';

/** 'Input: email', 'Card: Address', 'Text': how a column is named on the canvas. */
export function columnName(column: Record<string, unknown>): string {
  const type = String(column.childType ?? '');
  const label = pluginHints(type)?.label ?? type;
  const own = column.label || column.title || column.name || column.tabtitle;
  return typeof own === 'string' && own !== '' ? `${label}: ${own}` : label;
}

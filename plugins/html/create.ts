import type { HtmlColumn } from '../../src/plugin-kit';

/**
 * A new Html column as the designer adds it.
 */
export function create(): HtmlColumn {
  return { childType: 'Html', width: 0 };
}

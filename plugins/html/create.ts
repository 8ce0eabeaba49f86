import type { HtmlColumn } from '../../src/generated/definitions.js';

/**
 * A new Html column as the designer adds it.
 */
export function create(): HtmlColumn {
  return { childType: 'Html', width: 0 };
}

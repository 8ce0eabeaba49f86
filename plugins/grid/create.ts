import type { GridColumn } from '../../src/generated/definitions.js';

/**
 * A new Grid column as the designer adds it.
 */
export function create(): GridColumn {
  return { childType: 'Grid', width: 0 };
}

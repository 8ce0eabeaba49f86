import type { GridColumn } from '../../src/plugin-kit';

/**
 * A new Grid column as the designer adds it.
 */
export function create(): GridColumn {
  return { childType: 'Grid', width: 0 };
}

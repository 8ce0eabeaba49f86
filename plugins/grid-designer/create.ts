import type { GridDesignerColumn } from '../../src/plugin-kit';

/**
 * A new GridDesigner column as the designer adds it.
 */
export function create(): GridDesignerColumn {
  return { childType: 'GridDesigner', width: 0 };
}

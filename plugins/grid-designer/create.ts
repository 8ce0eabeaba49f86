import type { GridDesignerColumn } from '../../src/generated/definitions.js';

/**
 * A new GridDesigner column as the designer adds it.
 */
export function create(): GridDesignerColumn {
  return { childType: 'GridDesigner', width: 0 };
}

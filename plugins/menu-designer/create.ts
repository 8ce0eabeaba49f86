import type { MenuDesignerColumn } from '../../src/generated/definitions.js';

/**
 * A new MenuDesigner column as the designer adds it.
 */
export function create(): MenuDesignerColumn {
  return { childType: 'MenuDesigner', width: 0 };
}

import type { MenuDesignerColumn } from '../../src/plugin-kit';

/**
 * A new MenuDesigner column as the designer adds it.
 */
export function create(): MenuDesignerColumn {
  return { childType: 'MenuDesigner', width: 0 };
}

import type { FormDesignerColumn } from '../../src/plugin-kit';

/**
 * A new FormDesigner column as the designer adds it.
 */
export function create(): FormDesignerColumn {
  return { childType: 'FormDesigner', width: 0 };
}

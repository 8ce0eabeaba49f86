import type { ModelDesignerColumn } from '../../src/plugin-kit';

/**
 * A new ModelDesigner column as the designer adds it.
 */
export function create(): ModelDesignerColumn {
  return { childType: 'ModelDesigner', width: 0 };
}

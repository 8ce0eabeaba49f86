import type { FormDesignerColumn } from '../../src/generated/definitions.js';

/**
 * A new FormDesigner column as the designer adds it.
 */
export function create(): FormDesignerColumn {
  return { childType: 'FormDesigner', width: 0 };
}

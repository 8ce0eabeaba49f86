import type { PageDesignerColumn } from '../../src/plugin-kit';

/**
 * A new PageDesigner column as the designer adds it.
 */
export function create(): PageDesignerColumn {
  return { childType: 'PageDesigner', width: 0 };
}

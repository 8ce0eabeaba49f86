import type { DualListColumn } from '../../src/generated/definitions.js';

/**
 * A new DualList column as the designer adds it.
 */
export function create(): DualListColumn {
  return { childType: 'DualList', width: 0 };
}

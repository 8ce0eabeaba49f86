import type { DualListColumn } from '../../src/plugin-kit';

/**
 * A new DualList column as the designer adds it.
 */
export function create(): DualListColumn {
  return { childType: 'DualList', width: 0 };
}

import type { HiddenColumn } from '../../src/plugin-kit';

/**
 * A new Hidden column as the designer adds it.
 */
export function create(): HiddenColumn {
  return { childType: 'Hidden', width: 0 };
}

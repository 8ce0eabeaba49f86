import type { NoneColumn } from '../../src/plugin-kit';

/**
 * A new None column as the designer adds it.
 */
export function create(): NoneColumn {
  return { childType: 'None', width: 0 };
}

import type { CheckboxColumn } from '../../src/plugin-kit';

/**
 * A new Checkbox column as the designer adds it.
 */
export function create(): CheckboxColumn {
  return { childType: 'Checkbox', width: 0 };
}

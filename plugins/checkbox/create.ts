import type { CheckboxColumn } from '../../src/generated/definitions.js';

/**
 * A new Checkbox column as the designer adds it.
 */
export function create(): CheckboxColumn {
  return { childType: 'Checkbox', width: 0 };
}

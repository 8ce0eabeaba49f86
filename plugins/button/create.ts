import type { ButtonColumn } from '../../src/generated/definitions.js';

/**
 * A new Button column as the designer adds it.
 */
export function create(): ButtonColumn {
  return { childType: 'Button', width: 0 };
}

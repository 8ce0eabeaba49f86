import type { ButtonColumn } from '../../src/plugin-kit';

/**
 * A new Button column as the designer adds it.
 */
export function create(): ButtonColumn {
  return { childType: 'Button', width: 0 };
}

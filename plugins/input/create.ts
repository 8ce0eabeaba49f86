import type { InputColumn } from '../../src/plugin-kit';

/**
 * A new Input column as the designer adds it.
 * A new input is a plain text box until the designer picks another type.
 */
export function create(): InputColumn {
  return { childType: 'Input', width: 0, fieldtype: 'text' };
}

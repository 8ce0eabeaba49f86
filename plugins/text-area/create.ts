import type { TextAreaColumn } from '../../src/plugin-kit';

/**
 * A new TextArea column as the designer adds it.
 */
export function create(): TextAreaColumn {
  return { childType: 'TextArea', width: 0 };
}

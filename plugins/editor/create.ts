import type { EditorColumn } from '../../src/generated/definitions.js';

/**
 * A new Editor column as the designer adds it.
 */
export function create(): EditorColumn {
  return { childType: 'Editor', width: 0 };
}

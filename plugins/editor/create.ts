import type { EditorColumn } from '../../src/plugin-kit';

/**
 * A new Editor column as the designer adds it.
 */
export function create(): EditorColumn {
  return { childType: 'Editor', width: 0 };
}

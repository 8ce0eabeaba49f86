import type { TextColumn } from '../../src/plugin-kit';

/**
 * A new Text column as the designer adds it.
 */
export function create(): TextColumn {
  return { childType: 'Text', width: 0 };
}

import type { ReferenceColumn } from '../../src/plugin-kit';

/** A new Reference picker as the designer adds it: the field is chosen in the panel. */
export function create(): ReferenceColumn {
  return { childType: 'Reference', width: 0 };
}

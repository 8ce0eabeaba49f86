import type { CardColumn } from '../../src/plugin-kit';

/**
 * A new Card column as the designer adds it.
 * A card holds rows until the designer switches it to tabs.
 */
export function create(): CardColumn {
  return { childType: 'Card', width: 0, contenttype: 'Rows', rows: [{ cols: [{ childType: 'None', width: 0 }] }] };
}

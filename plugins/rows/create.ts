import type { RowsColumn } from '../../src/plugin-kit';

/**
 * A new Rows column as the designer adds it.
 * Like a new row in a form: one automatic-width None column to drop into.
 */
export function create(): RowsColumn {
  return { childType: 'Rows', width: 0, rows: [{ cols: [{ childType: 'None', width: 0 }] }] };
}

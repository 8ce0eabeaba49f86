/**
 * The designer's toolbar and palette edits, as actions on the current document and selection.
 * Each answers the one action to dispatch (one undo step), or null when there is nothing to do.
 */
import { getAt, isColumnPath, parentArray, type DesignAction, type Path } from '../actions';
import type { Doc } from './context';

/** The row a new column goes to: the selected column's row, or the last top-level row. */
function targetRow(doc: Doc, selection: Path | null): Path | null {
  if (selection && isColumnPath(selection)) return selection.slice(0, -2);
  const rows = doc.definition;
  return Array.isArray(rows) && rows.length > 0 ? ['definition', rows.length - 1] : null;
}

/** The rows list a new row goes to: the one holding the selected column's row, or the top level. */
function targetRows(selection: Path | null): Path {
  if (selection && isColumnPath(selection)) return parentArray(selection.slice(0, -2)) ?? ['definition'];
  return ['definition'];
}

/**
 * A palette pick: the new column replaces a selected empty (None) column, goes after a selected
 * column, or at the end of the last row; with no row at all, it arrives in a new row.
 */
export function placeColumn(doc: Doc, selection: Path | null, column: Doc): { action: DesignAction; select: Path } {
  if (selection && isColumnPath(selection)) {
    const current = getAt(doc, selection) as { childType?: string } | undefined;
    if (current?.childType === 'None') return { action: { type: 'set', path: selection, value: column }, select: selection };
    const row = selection.slice(0, -2);
    const index = (selection.at(-1) as number) + 1;
    return { action: { type: 'insertColumn', row, index, column }, select: [...row, 'cols', index] };
  }
  const row = targetRow(doc, selection);
  if (row) {
    const cols = (getAt(doc, row) as { cols?: unknown[] }).cols ?? [];
    return { action: { type: 'addColumn', row, column }, select: [...row, 'cols', cols.length] };
  }
  const rows = Array.isArray(doc.definition) ? doc.definition.length : 0;
  return { action: { type: 'addItem', list: ['definition'], item: { cols: [column] } }, select: ['definition', rows, 'cols', 0] };
}

/**
 * A new row after the last of the selected column's rows list (or the top level), with its first
 * (empty) column to select: the row just added is where Add column and a palette pick go next.
 */
export function addRow(doc: Doc, selection: Path | null): { action: DesignAction; select: Path } {
  const rows = targetRows(selection);
  const list = getAt(doc, rows);
  const index = Array.isArray(list) ? list.length : 0;
  return { action: { type: 'addRow', rows }, select: [...rows, index, 'cols', 0] };
}

export function deleteLastRow(selection: Path | null): DesignAction {
  return { type: 'deleteLastRow', rows: targetRows(selection) };
}

export function addColumn(doc: Doc, selection: Path | null): DesignAction | null {
  const row = targetRow(doc, selection);
  return row ? { type: 'addColumn', row } : null;
}

export function deleteLastColumn(doc: Doc, selection: Path | null): DesignAction | null {
  const row = targetRow(doc, selection);
  return row ? { type: 'deleteLastColumn', row } : null;
}

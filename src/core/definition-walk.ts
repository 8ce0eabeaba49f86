/**
 * Walks a form or page definition (rows -> columns, through Rows, Card, Tabs and Tab) and
 * lists the columns that hold a value of the record, with the record field each one binds.
 */
export interface WalkColumn {
  childType: string;
  name?: string;
  rows?: WalkRow[];
  tabs?: WalkColumn[];
  modelfield?: string;
  definitionfield?: string;
  [key: string]: unknown;
}
export interface WalkRow {
  cols?: WalkColumn[];
}

/** Column types whose `name` is a field of the record. */
const VALUE_TYPES = new Set(['Input', 'TextArea', 'Checkbox', 'Select', 'Editor', 'CodeEditor', 'Hidden']);

export function walkColumns(rows: WalkRow[] | undefined, visit: (col: WalkColumn) => void): void {
  for (const row of rows ?? []) {
    for (const col of row.cols ?? []) {
      visit(col);
      walkColumns(col.rows, visit);
      for (const tab of col.tabs ?? []) {
        visit(tab);
        walkColumns(tab.rows, visit);
        walkColumns([{ cols: tab.tabs }], visit);
      }
    }
  }
}

export interface BoundField {
  /** The record field. */
  field: string;
  /** The column that edits it (for labels and validation rules). */
  column: WalkColumn;
}

/** Record fields a form reads and writes; dual lists are saved by their own call. */
export function boundFields(rows: WalkRow[] | undefined): BoundField[] {
  const out: BoundField[] = [];
  const seen = new Set<string>();
  const add = (field: string | undefined, column: WalkColumn) => {
    if (!field || seen.has(field)) return;
    seen.add(field);
    out.push({ field, column });
  };
  walkColumns(rows, (col) => {
    if (VALUE_TYPES.has(col.childType)) add(col.name, col);
    if (col.childType === 'FormDesigner' || col.childType === 'GridDesigner') add(col.modelfield, col);
    if (['FormDesigner', 'GridDesigner', 'PageDesigner', 'MenuDesigner'].includes(col.childType)) {
      add(col.definitionfield, col);
    }
  });
  return out;
}

/** DualList columns: their `url` names the link list saved after the main save. */
export function dualLists(rows: WalkRow[] | undefined): WalkColumn[] {
  const out: WalkColumn[] = [];
  walkColumns(rows, (col) => {
    if (col.childType === 'DualList') out.push(col);
  });
  return out;
}

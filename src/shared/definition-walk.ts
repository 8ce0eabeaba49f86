/**
 * Walks a form or page definition and lists the columns that hold a value of the record, with
 * the record fields each one binds. Which properties nest content (`children`) and which name
 * record fields (`binds`) come from the plugins' schema hints (plugin-hints.ts), so a new column
 * type that nests or binds is walked and saved with no change here.
 */
import { boundFieldNames, childContainers } from './plugin-hints';

export interface WalkColumn {
  childType: string;
  name?: string;
  label?: string;
  [key: string]: unknown;
}
export interface WalkRow {
  cols?: WalkColumn[];
}

function walkColumn(col: WalkColumn, visit: (col: WalkColumn) => void): void {
  visit(col);
  for (const { property, children } of childContainers(col.childType)) {
    const nested = col[property];
    if (!Array.isArray(nested)) continue;
    if (children === 'rows') walkColumns(nested as WalkRow[], visit);
    else for (const tab of nested as WalkColumn[]) walkColumn(tab, visit); // each a Tab (tab.json)
  }
}

/** Visits every column of the rows, depth first, through every nesting property (tabs included). */
export function walkColumns(rows: WalkRow[] | undefined, visit: (col: WalkColumn) => void): void {
  for (const row of rows ?? []) {
    for (const col of row.cols ?? []) walkColumn(col, visit);
  }
}

export interface BoundField {
  /** The record field. */
  field: string;
  /** The column that edits it (for labels and validation rules). */
  column: WalkColumn;
}

/** Record fields a form reads and writes, first column per field; dual lists are saved by their own call. */
export function boundFields(rows: WalkRow[] | undefined): BoundField[] {
  const out: BoundField[] = [];
  const seen = new Set<string>();
  walkColumns(rows, (col) => {
    for (const field of boundFieldNames(col)) {
      if (seen.has(field)) continue;
      seen.add(field);
      out.push({ field, column: col });
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

/**
 * A copy of the rows with each column, nested ones included, replaced by what `change` makes of
 * it (null leaves it out). Nested rows and tabs are rebuilt only where something changed in them.
 */
export function mapColumns<R extends WalkRow>(rows: R[] | undefined, change: (col: WalkColumn) => WalkColumn | null): R[] | undefined {
  if (!rows) return rows;
  return rows.map((row) => (row.cols ? { ...row, cols: mapCols(row.cols, change) } : row));
}

function mapCols(cols: WalkColumn[], change: (col: WalkColumn) => WalkColumn | null): WalkColumn[] {
  const out: WalkColumn[] = [];
  for (const col of cols) {
    const changed = change(col);
    if (changed) out.push(mapNested(changed, change));
  }
  return out;
}

function mapNested(col: WalkColumn, change: (col: WalkColumn) => WalkColumn | null): WalkColumn {
  let out = col;
  for (const { property, children } of childContainers(col.childType)) {
    const nested = col[property];
    if (!Array.isArray(nested)) continue;
    const mapped = children === 'rows' ? mapColumns(nested as WalkRow[], change) : (nested as WalkColumn[]).map((tab) => mapNested(tab, change));
    out = { ...out, [property]: mapped };
  }
  return out;
}

import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import type { Row } from '../db/connect.js';
import { ROW_LABELS } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';

/**
 * A grid's rows as a file (docs/api.md, "Grid export"): CSV (RFC 4180: CRLF between records, a
 * field quoted when it holds a comma, a quote or a line break, quotes doubled; UTF-8, with a byte
 * order mark when asked, which Excel needs to read UTF-8) or XLSX (one sheet, written as it
 * streams). Values are what the grid shows: a reference its target's name (the id when the caller
 * is given no name), booleans TRUE and FALSE (real booleans in XLSX), dates and date-times real
 * date cells in XLSX and ISO text in CSV, numbers numbers, JSON its text.
 */

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn {
  /** The field read. */
  name: string;
  /** The column's heading. */
  label: string;
}

export interface ExportOptions {
  format: ExportFormat;
  /** CSV: begin with a byte order mark (for Excel). */
  bom?: boolean;
  /** The sheet's name (XLSX). */
  sheet?: string;
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type FieldType = ModelDefinition['fields'][number]['type'];
type Cell = string | number | boolean | Date | null;

/** The fields of a model that an export never holds: link fields have no column, passwords never leave. */
export function exportable(model: ModelDefinition, name: string): boolean {
  if (name === 'id') return true;
  const f = model.fields.find((x) => x.name === name);
  return f !== undefined && f.type !== 'link' && f.type !== 'password';
}

/** A date of the calendar (YYYY-MM-DD) or a stored date-time as a Date, or null when it is not one. */
function asDate(value: unknown, type: FieldType): Date | null {
  if (value instanceof Date) return value;
  const text = String(value);
  const time = type === 'date' ? Date.parse(`${text.slice(0, 10)}T00:00:00Z`) : Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * A text as an XLSX cell holds it, as Excel writes it (ECMA-376, ST_Xstring): a carriage return or
 * a control character as `_xHHHH_` (an XML reader turns a bare carriage return into a plain line
 * break, and refuses a control character), and a literal `_xHHHH_` as `_x005F_xHHHH_`, so the
 * text reads back exactly (the import reads them so).
 */
export function xlsxEscaped(text: string): string {
  return text
    .replace(/_x[0-9A-Fa-f]{4}_/g, (m) => `_x005F${m}`)
    // eslint-disable-next-line no-control-regex -- the characters escaped are control characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/** What one cell holds: `typed` keeps numbers, booleans and dates as such (XLSX), else everything is text (CSV). */
function cellOf(row: Row, name: string, type: FieldType | undefined, typed: boolean): Cell {
  const cell = plainCellOf(row, name, type, typed);
  return typed && typeof cell === 'string' ? xlsxEscaped(cell) : cell;
}

function plainCellOf(row: Row, name: string, type: FieldType | undefined, typed: boolean): Cell {
  if (type === 'reference') {
    const labels = row[ROW_LABELS] as Record<string, unknown> | undefined;
    const name_ = labels?.[name];
    if (name_ !== undefined && name_ !== null) return String(name_);
  }
  const value = row[name];
  if (value === null || value === undefined) return typed ? null : '';
  switch (type) {
    case 'number':
      return typed ? Number(value) : String(value);
    case 'boolean':
      return typed ? value === true : value === true ? 'TRUE' : 'FALSE';
    case 'date':
    case 'datetime': {
      if (!typed) return value instanceof Date ? (type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString()) : String(value);
      return asDate(value, type) ?? String(value);
    }
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typed && type === undefined && typeof value === 'number' ? value : String(value);
  }
}

/** What a spreadsheet takes for the start of a formula in a cell it reads from CSV. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as the CSV for Excel writes it: one a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first) gets a leading apostrophe, which Excel shows as
 * text. Numbers stay numbers (-2 is no formula).
 */
function spreadsheetSafe(text: string, type: FieldType | undefined): string {
  return type !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The rows of chunks as CSV text, a chunk at a time. `forExcel` (the byte-order-mark variant)
 * also keeps a spreadsheet from running any cell as a formula; the plain file holds the values
 * exactly, to be imported back.
 */
async function* csvText(columns: readonly ExportColumn[], types: (FieldType | undefined)[], chunks: AsyncIterable<Row[]>, forExcel: boolean): AsyncGenerator<string> {
  const options = { record_delimiter: 'windows' as const };
  const cell = (text: string, type: FieldType | undefined) => (forExcel ? spreadsheetSafe(text, type) : text);
  yield (forExcel ? '\ufeff' : '') + stringify([columns.map((c) => cell(c.label, undefined))], options);
  for await (const rows of chunks) {
    yield stringify(
      rows.map((row) => columns.map((c, i) => cell(cellOf(row, c.name, types[i], false) as string, types[i]))),
      options,
    );
  }
}

/** Excel's number formats for the date cells. */
const DATE_FORMATS: Partial<Record<FieldType, string>> = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss' };
/** A sheet's name: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
function sheetName(name: string | undefined): string {
  const cleaned = (name ?? '').replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return cleaned || 'Export';
}

/** Bytes of sheet XML the zip may hold before the rows wait for it. */
const ZIP_BACKLOG_LIMIT = 4 * 1024 * 1024;

/**
 * The bytes of a streamed worksheet's XML not yet taken by the deflater: the length of the
 * writable side of the stream exceljs (4.4) pipes the sheet into. 0 when that is not to be found,
 * which leaves the pacing to `out` alone.
 */
function zipBacklog(worksheet: ExcelJS.Worksheet): number {
  const sheet = (worksheet as unknown as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream;
  const length = sheet?.pipes?.[0]?._writableState?.length;
  return typeof length === 'number' ? length : 0;
}

/**
 * The workbook written into `out` as the rows come: each row is committed (its XML handed to the
 * zip) at once, and the writer waits while `out` holds more than its high-water mark, so a slow
 * reader slows the database reads instead of filling memory.
 */
async function writeXlsx(out: PassThrough, columns: readonly ExportColumn[], types: (FieldType | undefined)[], chunks: AsyncIterable<Row[]>, sheet: string | undefined): Promise<void> {
  // Loaded for the first workbook: the server holds about 25 MB less until then.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(sheet));
  worksheet.columns = columns.map((c, i) => ({
    header: c.label,
    key: c.name,
    width: Math.min(60, Math.max(10, c.label.length + 2)),
    ...(DATE_FORMATS[types[i] as FieldType] ? { style: { numFmt: DATE_FORMATS[types[i] as FieldType] } } : {}),
  }));
  for await (const rows of chunks) {
    for (const row of rows) worksheet.addRow(columns.map((c, i) => cellOf(row, c.name, types[i], true))).commit();
    // The sheet's XML waits for the deflater without telling anyone (exceljs writes into the zip
    // ignoring backpressure): a million rows queued 330 MB there. The next chunk is read only once
    // that queue is short again, and the file is read off `out`.
    while (zipBacklog(worksheet) > ZIP_BACKLOG_LIMIT && !out.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    // The reader went away: leaving the loop lets go of the database's cursor.
    if (out.destroyed) return;
  }
  worksheet.commit();
  await workbook.commit();
}

/**
 * The export of `chunks` (rows in the grid's order, with their `_labels`) as a readable stream of
 * the file. A failure after the first byte destroys the stream, which aborts the response: a
 * partial file is never taken for a whole one.
 */
export function exportStream(model: ModelDefinition, columns: readonly ExportColumn[], chunks: AsyncIterable<Row[]>, options: ExportOptions): Readable {
  const types = columns.map((c) => (c.name === 'id' ? undefined : model.fields.find((f) => f.name === c.name)?.type));
  if (options.format === 'csv') return Readable.from(csvText(columns, types, chunks, options.bom === true));
  const out = new PassThrough();
  writeXlsx(out, columns, types, chunks, options.sheet).catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}

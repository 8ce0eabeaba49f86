/**
 * Reading an import's file (docs/import.md): its format told by its first bytes, then its rows one
 * at a time as text cells, each with its line in the file, whatever its size. CSV is decoded in the
 * encoding the user named (strictly: a byte that is not of it stops the read with its line) and
 * parsed by import-csv.ts's plain reader, or by csv-parse from the first thing that reader does not
 * take on; XLSX is read by ExcelJS's streaming reader, first sheet only (loaded when a workbook
 * comes: a job's thread reading a CSV does without it).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import type { ImportFormat } from '../../../shared/import-types.js';
import { NotPlain, PlainCsv } from './import-csv.js';

/** Why a file cannot be read, with the line where it is known: answered to the user as it is. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line})`);
  }
}

/** One row of the file: line 1 is the header (a CSV record spanning lines has the line it starts on). */
export interface FileRow {
  line: number;
  cells: string[];
}

/** The encodings a CSV may be read in (names as TextDecoder knows them). */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1', 'iso-8859-15', 'utf-16le', 'utf-16be', 'macintosh'] as const;

/** The encoding's canonical name, or a clear refusal. */
export function checkEncoding(name: string | undefined): string {
  const wanted = (name ?? '').trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(wanted).encoding;
  } catch {
    throw new ImportFileError(`The encoding '${wanted.slice(0, 40)}' is not known: use one of ${IMPORT_ENCODINGS.join(', ')}`);
  }
}

/** XLSX is a zip file (PK\x03\x04); anything else is read as CSV text. */
export async function detectFormat(path: string): Promise<ImportFormat> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

/** The file's rows, the header first; stops early when the caller does. */
export async function* readRows(path: string, format: ImportFormat, encoding: string): AsyncGenerator<FileRow> {
  for await (const rows of readRowBatches(path, format, encoding)) yield* rows;
}

/** Rows handed out together: a CSV's per chunk of text read, an XLSX's by the thousand. */
const XLSX_BATCH = 1000;

/**
 * The file's rows, the header first, a batch at a time (a job reads a million rows: one await
 * per row of a chain of generators cost more than the parsing). Stops early when the caller does.
 */
export async function* readRowBatches(path: string, format: ImportFormat, encoding: string): AsyncGenerator<FileRow[]> {
  if (format === 'csv') {
    yield* csvBatches(path, encoding);
    return;
  }
  let batch: FileRow[] = [];
  for await (const row of xlsxRows(path)) {
    batch.push(row);
    if (batch.length >= XLSX_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The file's text, decoded strictly, chunk by chunk. */
async function* decoded(path: string, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const utf16 = encoding.startsWith('utf-16');
  let lines = 0;
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    if (first && !utf16 && chunk.subarray(0, 8192).includes(0)) {
      throw new ImportFileError('The file is neither a CSV nor an XLSX file: it holds binary data');
    }
    first = false;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // Where the bad byte is: the same bytes decoded leniently, up to the first replacement character.
      const lenient = new TextDecoder(encoding).decode(chunk);
      const at = lenient.indexOf('\uFFFD');
      throw new ImportFileError(`The file is not valid ${encoding} text: choose the encoding it was saved in`, lines + countLines(at === -1 ? '' : lenient.slice(0, at)) + 1);
    }
    lines += countLines(text);
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new ImportFileError(`The file is not valid ${encoding} text: it ends in the middle of a character`, lines + 1);
  }
}

/** The delimiter of the header line: the most frequent of comma, semicolon and tab. */
function delimiterOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const found = [',', ';', '\t'].map((c) => [c, count(c)] as const).sort((a, b) => b[1] - a[1])[0];
  return found && found[1] > 0 ? found[0] : ',';
}

/**
 * A CSV's rows by the plain reader (import-csv.ts), chunk by chunk; from where it finds the text
 * is not plain, csv-parse's, read from the start and past the rows already given (the same rows,
 * by the plain reader's contract), which also words what is wrong with the file.
 */
async function* csvBatches(path: string, encoding: string): AsyncGenerator<FileRow[]> {
  let given = 0;
  const texts = decoded(path, encoding);
  try {
    let plain: PlainCsv | undefined;
    for await (const text of texts) {
      plain ??= new PlainCsv(delimiterOf(text.replace(/^\uFEFF/, '').split('\n', 1)[0] ?? ''));
      const rows = plain.push(text, false);
      if (rows.length) {
        given += rows.length;
        yield rows;
      }
    }
    const rows = plain?.push('', true) ?? [];
    if (rows.length) {
      given += rows.length;
      yield rows;
    }
    return;
  } catch (e) {
    if (!(e instanceof NotPlain)) throw e;
  } finally {
    await texts.return(undefined);
  }
  let batch: FileRow[] = [];
  for await (const row of csvRows(path, encoding)) {
    if (given > 0) {
      given--;
      continue;
    }
    batch.push(row);
    if (batch.length >= XLSX_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

async function* csvRows(path: string, encoding: string): AsyncGenerator<FileRow> {
  const texts = decoded(path, encoding);
  const head = await texts.next();
  if (head.done) return;
  const firstText = head.value;
  async function* all() {
    yield firstText;
    yield* texts;
  }
  const parser = parse({ delimiter: delimiterOf(firstText.replace(/^\uFEFF/, '').split('\n', 1)[0] ?? ''), bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  const source = Readable.from(all());
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      let spanned = 0;
      for (const cell of record) spanned += countLines(cell);
      yield { line: info.lines - spanned, cells: record };
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    const err = e as { code?: string; lines?: number; message?: string };
    if (typeof err.code === 'string' && err.code.startsWith('CSV_')) {
      throw new ImportFileError(`The file is not a valid CSV file: ${String(err.message).replace(/^Invalid (Opening|Closing) Quote: /, '').replace(/ at line \d+.*$/, '')}`, err.lines);
    }
    throw e;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * An XLSX string as its text: the workbook escapes a character XML cannot carry as it is (a
 * carriage return, which an XML reader turns into a plain line break, or a control character) as
 * `_xHHHH_`, and a literal `_xHHHH_` as `_x005F_xHHHH_` (ECMA-376, ST_Xstring). Excel writes them so.
 */
export function xlsxString(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** A cell as text: a date without a time as YYYY-MM-DD, with one as ISO; a formula as its result; rich text as its text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return xlsxString(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const whole = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 && value.getUTCMilliseconds() === 0;
    return whole ? `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}` : value.toISOString();
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; formula?: unknown; sharedFormula?: unknown; error?: string };
    if (Array.isArray(v.richText)) return xlsxString(v.richText.map((r) => r.text).join(''));
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return String(v.error);
    return JSON.stringify(value);
  }
  return String(value);
}

async function* xlsxRows(path: string): AsyncGenerator<FileRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        // values is 1-based and sparse.
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { line: row.number, cells };
      }
      return; // the first sheet only
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    throw new ImportFileError(`The file is not a readable XLSX workbook: ${(e as Error).message}`);
  }
}

/** The header cells as the columns' names: trimmed, `Column N` when empty, a repeated one numbered. */
export function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * A fast reader of well-formed CSV text (import-read.ts uses it before csv-parse). csv-parse reads
 * a character at a time through a stream and gives each record as an event: about 20 s for a
 * million rows of six fields on the 2-core machine of docs/performance.md, read twice by a job
 * (counted, then imported). This one splits a line that holds no quote with String.split and scans
 * only the lines that do, a chunk of text at a time, and hands out each chunk's rows together.
 *
 * It gives exactly the rows csv-parse would with import-read's options (the delimiter of the
 * header, `bom`, `relax_column_count`, `skip_empty_lines`), with the same line numbers, as long
 * as the file is plain: records end in `\n` or, throughout, in `\r\n`, and every quote opens a
 * field or closes one. At the first thing that is not (a quote inside an unquoted value, text
 * after a closing quote, a quote left open, a carriage return of its own, a line longer than
 * MAX_PENDING), it stops with NotPlain; import-read then reads the file again with csv-parse,
 * which gives the same rows up to there and says what is wrong with the rest, as it always did.
 */

/** Thrown where the text stops being plain CSV: csv-parse reads the file instead. */
export class NotPlain extends Error {}

/** Text a record may hold before the reader gives up on it (a quote left open would hold the rest of the file). */
const MAX_PENDING = 4 * 1024 * 1024;

/** One record: its cells and its line as import-read counts it (csv-parse's count at its end less the line breaks in its cells). */
export interface PlainRow {
  line: number;
  cells: string[];
}

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export class PlainCsv {
  /** The record delimiter, once the first line break outside quotes has told it. */
  private eol: '' | '\n' | '\r\n' = '';
  /** csv-parse's line count (info.lines): 1, plus one for every CR or LF passed, a CRLF that ends a record counting once. */
  private lines = 1;
  private rest = '';
  private first = true;

  constructor(private readonly delimiter: string) {}

  /** The rows the text completes (`end`: it is the last of the file). */
  push(text: string, end: boolean): PlainRow[] {
    let buf = this.rest + text;
    this.rest = '';
    if (this.first && buf.length) {
      this.first = false;
      if (buf.charCodeAt(0) === 0xfeff) buf = buf.slice(1);
    }
    const out: PlainRow[] = [];
    const d = this.delimiter;
    const len = buf.length;
    let pos = 0;
    // The next quote and carriage return at or after pos (-1: none left in buf).
    let quote = buf.indexOf('"');
    let cr = buf.indexOf('\r');
    while (pos < len) {
      let nl = buf.indexOf('\n', pos);
      if (quote !== -1 && quote < pos) quote = buf.indexOf('"', pos);
      if (cr !== -1 && cr < pos) cr = buf.indexOf('\r', pos);
      if (quote === -1 || (nl !== -1 && quote > nl)) {
        // No quote before the line's end: split it.
        if (nl === -1) {
          if (!end) break;
          nl = len;
        }
        let stop = nl;
        if (nl < len) {
          if (this.eol === '') this.eol = nl > pos && buf.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
          if (this.eol === '\r\n') {
            if (nl === pos || buf.charCodeAt(nl - 1) !== 13) throw new NotPlain();
            stop = nl - 1;
          }
        }
        // A carriage return other than the line's own CRLF.
        if (cr !== -1 && cr < stop) throw new NotPlain();
        if (stop > pos) out.push({ line: this.lines, cells: buf.slice(pos, stop).split(d) });
        this.lines++;
        pos = nl + 1;
        continue;
      }
      // A quote before the line's end: scan the record.
      const row = this.scan(buf, pos, end);
      if (!row) break;
      pos = row.next;
      if (row.cells) out.push({ line: row.line, cells: row.cells });
    }
    if (pos < len) {
      this.rest = buf.slice(pos);
      if (this.rest.length > MAX_PENDING) throw new NotPlain();
    }
    return out;
  }

  /**
   * Scans one record from `pos`, quotes and all. Answers its cells, its line and where the next
   * record starts; null when the text ends first (and more is coming).
   */
  private scan(buf: string, pos: number, end: boolean): { cells: string[] | null; line: number; next: number } | null {
    const d = this.delimiter;
    const dc = d.charCodeAt(0);
    const len = buf.length;
    const cells: string[] = [];
    let lines = this.lines;
    let i = pos;
    for (;;) {
      // A field starts at i.
      if (i < len && buf.charCodeAt(i) === 34) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = buf.indexOf('"', from);
          if (q === -1) {
            if (!end) return null;
            throw new NotPlain(); // a quote left open
          }
          if (q + 1 >= len && !end) return null;
          for (let k = from; k < q; k++) {
            const c = buf.charCodeAt(k);
            if (c === 10 || c === 13) lines++;
          }
          value += buf.slice(from, q);
          if (buf.charCodeAt(q + 1) === 34) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        cells.push(value);
      } else {
        // An unquoted field: up to the delimiter or the line's end; a quote or a CR of its own is not plain.
        let k = i;
        while (k < len) {
          const c = buf.charCodeAt(k);
          if (c === dc || c === 10 || c === 13) break;
          if (c === 34) throw new NotPlain();
          k++;
        }
        cells.push(buf.slice(i, k));
        i = k;
      }
      // After a field: a delimiter, a record's end, or the text's end.
      if (i >= len) {
        if (!end) return null;
        this.lines = lines;
        return { cells, line: lines - newlinesIn(cells), next: len };
      }
      const c = buf.charCodeAt(i);
      if (c === dc) {
        i++;
        continue;
      }
      if (c === 13) {
        if (i + 1 >= len && !end) return null;
        if (buf.charCodeAt(i + 1) !== 10) throw new NotPlain();
        if (this.eol === '') this.eol = '\r\n';
        if (this.eol !== '\r\n') throw new NotPlain();
        this.lines = lines + 1;
        return { cells, line: lines - newlinesIn(cells), next: i + 2 };
      }
      if (c === 10) {
        if (this.eol === '') this.eol = '\n';
        if (this.eol !== '\n') throw new NotPlain();
        this.lines = lines + 1;
        return { cells, line: lines - newlinesIn(cells), next: i + 1 };
      }
      throw new NotPlain(); // text after a closing quote
    }
  }
}

function newlinesIn(cells: string[]): number {
  let n = 0;
  for (const cell of cells) if (cell.includes('\n')) n += newlines(cell);
  return n;
}

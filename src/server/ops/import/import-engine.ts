/**
 * An import job's work (docs/import.md), run in a thread of its own (import-run.ts) over its own
 * connection: each row checked as a form's save checks it, references resolved, then written in
 * one transaction (all or nothing), in committed batches with a checkpoint, or not at all (dry run).
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import { CompiledQuery, sql } from 'kysely';
import { validateField, type ValidatedField } from '../../../shared/field-validation.js';
import { isDate } from '../../../shared/field-formats.js';
import type { ReferenceBy, RefusedRow, ImportFormat, ImportMode } from '../../../shared/import-types.js';
import type { Database, Db, Row } from '../../db/connect.js';
import type { ModelStore, PendingWrite } from '../../records/model-store.js';
import type { ModelDefinition, ModelField } from '../../records/model-types.js';
import { auditStamp } from '../../records/audit-columns.js';
import { newHexId, ROW_VERSION, tableOf } from '../../records/model-registry.js';
import { historyRecorded, pgHistoryTrigger, pgInsertedEntries } from '../../records/history-triggers.js';
import { re2Match } from '../../records/patterns.js';
import { readRowBatches, headerNames, ImportFileError, type FileRow } from './import-read.js';
import { ImportJobTable, progressColumns, type JobCounts, type JobProgress } from './import-table.js';

/** Rows checked together (one query per reference, key and unique field for each such group). */
export const CHECK_ROWS = 500;
/** Rows per committed batch in batches mode. */
export const BATCH_ROWS = 5000;
/**
 * The most often progress is told (the job's thread writes it to the job's row at most twice a
 * second, import-run.ts): a job of a plain file runs 20,000 rows a second and more, and a cancel
 * is asked on what the progress shows.
 */
const PROGRESS_EVERY_MS = 100;
/**
 * Bound values per INSERT: new records are written many rows to a statement. One row per
 * statement ran every trigger program of the table (row count, history, search index) as a
 * statement of its own: 250 µs a row on SQLite against 45 µs at 400 rows a statement, and on
 * PostgreSQL a round trip per row.
 */
const VALUES_PER_INSERT = 5000;

export interface JobPlan {
  id: string;
  model: string;
  path: string;
  refusedPath: string;
  format: ImportFormat;
  encoding: string;
  mapping: Record<string, string | null>;
  mode: ImportMode;
  key: string | null;
  references: Record<string, ReferenceBy>;
  dryRun: boolean;
  batches: boolean;
  by: { id: number | null; name: string | null };
  /** Per mapped field, the column a form checks it with (its pattern, lengths, bounds). */
  columns: Record<string, ValidatedField>;
  /** Data rows already committed (a batches job resumed), and the counts then. */
  resume?: { rows: number; counts: JobCounts; refused: RefusedRow[] };
}

export interface EngineHooks {
  /** Whether a cancel was asked; `trxOpen`: a transaction holds the connection (SQLite cannot read the table then). */
  cancelled(trxOpen: boolean): Promise<boolean>;
  /** The job's progress, at most ten times a second and at each batch's end. */
  progress(p: JobProgress, trxOpen: boolean): Promise<void>;
  /**
   * The model's before-triggers (docs/automations.md), when any watches it: `write` carries them
   * out over a row about to be written, as a form's save would (answers the values with the
   * fields they set, or throws their refusal), and `logRuns` writes the runs they made since it
   * was last called into `db` (the job's transaction), or forgets them (a dry run).
   */
  guard?: {
    write(write: PendingWrite): Promise<Row>;
    logRuns(db: Db | null): Promise<void>;
  };
}

class Cancelled extends Error {}

/** A failure a row caused, with its line. */
class RowFailure extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TRUE = new Set(['true', '1', 'yes', 'y', 'on', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', 'off']);

/**
 * A stored value and an imported one compared as text (unset and empty being one); dates and
 * times as moments, since a spreadsheet's date cell reads back in its own spelling (ISO in UTC,
 * a day alone at midnight) whatever text the record holds.
 */
function same(stored: unknown, value: unknown, type?: string): boolean {
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  if (type === 'datetime' && text(stored) !== '' && text(value) !== '') {
    const at = Date.parse(text(stored));
    if (!Number.isNaN(at) && at === Date.parse(text(value))) return true;
  }
  return text(stored) === text(value);
}

/** A cell as the field's value, or why it cannot be one. Empty: null. */
export function cellValue(f: ModelField, cell: string): { value: unknown } | { problem: string } {
  // A text cell is kept as it is: the common case first, with nothing trimmed or worded for it.
  if (f.type !== 'number' && f.type !== 'boolean' && f.type !== 'date' && f.type !== 'datetime' && f.type !== 'json') {
    return { value: cell.trim() === '' ? null : cell };
  }
  const trimmed = cell.trim();
  if (trimmed === '') return { value: null };
  // Worded only for a cell that is refused.
  const problem = (what: string) => ({ problem: `${f.label?.trim() || f.name}: '${trimmed.length > 60 ? `${trimmed.slice(0, 60)}…` : trimmed}' ${what}` });
  switch (f.type) {
    case 'number':
      return NUMBER.test(trimmed) && Number.isFinite(Number(trimmed)) ? { value: Number(trimmed) } : problem('is not a number');
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      return TRUE.has(lower) ? { value: true } : FALSE.has(lower) ? { value: false } : problem('is not yes or no (true/false, 1/0)');
    }
    case 'date': {
      const day = /^\d{4}-\d{2}-\d{2}T00:00(:00(\.000)?)?Z?$/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
      return isDate(day) ? { value: day } : problem('is not a date (YYYY-MM-DD)');
    }
    case 'datetime':
      // A day alone (an XLSX date cell at midnight reads so) is that day's midnight in UTC, as the cell was.
      if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && isDate(trimmed)) return { value: `${trimmed}T00:00:00.000Z` };
      return /^\d{4}-\d{2}-\d{2}/.test(trimmed) && isDate(trimmed.slice(0, 10)) && !Number.isNaN(Date.parse(trimmed))
        ? { value: trimmed }
        : problem('is not a date and time (YYYY-MM-DDTHH:MM)');
    default:
      try {
        return { value: JSON.parse(trimmed) as unknown };
      } catch {
        return problem('is not JSON');
      }
  }
}

/** The text fields a display template names ('{first} {last}'), or the one field it is. */
function displayParts(target: ModelDefinition, store: ModelStore): { field: string } | { template: string; fields: string[] } {
  const display = target.display?.trim() || store.labelField(target);
  if (!display.includes('{')) return { field: display };
  const fields = [...display.matchAll(/\{([^}]+)\}/g)].map((m) => (m[1] ?? '').trim()).filter((n) => target.fields.some((f) => f.name === n));
  return { template: display, fields };
}

function renderTemplate(template: string, row: Row): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = row[name.trim()];
    return v === null || v === undefined ? '' : String(v);
  }).trim();
}

/** Names to target ids, per reference field, looked up a group of rows at a time and kept. */
class ReferenceResolver {
  private readonly known = new Map<string, (string | number)[]>();
  private labels: Map<string, (string | number)[]> | undefined;

  constructor(
    private readonly store: ModelStore,
    private readonly db: () => Db,
    private readonly field: ModelField,
    private readonly by: ReferenceBy,
  ) {}

  private get target(): ModelDefinition {
    return this.store.get(this.field.target ?? '');
  }

  /** Looks up the names not known yet. */
  async load(names: string[]): Promise<void> {
    const missing = [...new Set(names)].filter((n) => !this.known.has(n));
    if (!missing.length) return;
    const target = this.target;
    const table = tableOf(target.name);
    let column: string;
    if (this.by === 'id') column = 'id';
    else if (typeof this.by === 'object') column = this.by.field;
    else {
      const parts = displayParts(target, this.store);
      if ('template' in parts) {
        await this.loadLabels(parts);
        for (const n of missing) this.known.set(n, this.labels?.get(n) ?? []);
        return;
      }
      column = parts.field;
    }
    const f = column === 'id' ? undefined : this.store.field(target, column);
    const params: unknown[] = [];
    for (const n of missing) {
      try {
        params.push(column === 'id' ? this.store.idValue(target, n) : this.store.encode(target, f as ModelField, n));
      } catch {
        this.known.set(n, []);
      }
    }
    for (const n of missing) if (!this.known.has(n)) this.known.set(n, []);
    for (let i = 0; i < params.length; i += 500) {
      const rows = await this.db().selectFrom(table).select(['id', column]).where(column, 'in', params.slice(i, i + 500)).execute();
      for (const r of rows) {
        const name = String(r[column]);
        const ids = this.known.get(name) ?? [];
        if (!ids.includes(r.id as string | number)) ids.push(r.id as string | number);
        this.known.set(name, ids);
      }
    }
  }

  /** A template display: every target record's label, read once. */
  private async loadLabels(parts: { template: string; fields: string[] }): Promise<void> {
    if (this.labels) return;
    this.labels = new Map();
    const rows = await this.db().selectFrom(tableOf(this.target.name)).select(['id', ...parts.fields]).execute();
    for (const r of rows) {
      const label = renderTemplate(parts.template, r);
      const ids = this.labels.get(label) ?? [];
      ids.push(r.id as string | number);
      this.labels.set(label, ids);
    }
  }

  /** The id a name gives, or why there is none. */
  resolve(name: string): { id: string | number } | { problem: string } {
    const ids = this.known.get(name) ?? [];
    const label = this.field.label?.trim() || this.field.name;
    const how = this.by === 'id' ? 'id' : typeof this.by === 'object' ? this.by.field : 'name';
    const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
    if (ids.length === 1) return { id: ids[0] as string | number };
    if (ids.length === 0) return { problem: `${label}: no ${this.target.name} has the ${how} '${shown}'` };
    return { problem: `${label}: ${ids.length} ${this.target.name} records have the ${how} '${shown}'` };
  }
}

interface Checked {
  row: FileRow;
  reasons: string[];
  /** insert: values of a new record; update: the record's id and the changed values; unchanged: nothing to write. */
  action?: { kind: 'insert'; values: Row } | { kind: 'update'; id: string | number; values: Row } | { kind: 'unchanged' };
}

/**
 * Runs a job to its end: answers its final state, with the error when it failed. Every state
 * change is written to the job's row by the caller's table in the right transaction.
 */
export async function runImport(database: Database, store: ModelStore, plan: JobPlan, hooks: EngineHooks): Promise<void> {
  const table = new ImportJobTable(database.db);
  const model = store.get(plan.model);
  const started = Date.now();
  const resumeRows = plan.resume?.rows ?? 0;
  const counts: JobCounts = plan.resume ? { ...plan.resume.counts } : { added: 0, updated: 0, unchanged: 0, refused: 0 };
  const refusedListed: RefusedRow[] = plan.resume ? [...plan.resume.refused] : [];
  let total: number | null = null;
  let done = resumeRows;
  let lastProgress = 0;
  let trxOpen = false;

  const progress = (): JobProgress => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? (done - resumeRows) / seconds : 0;
    return { total, done, rate, secondsLeft: total !== null && rate > 0 ? Math.max(0, (total - done) / rate) : null, counts: { ...counts }, refused: refusedListed };
  };
  const tick = async (force = false) => {
    if (!force && Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    await hooks.progress(progress(), trxOpen);
  };

  // Counted first, so the progress has a total and a time left.
  let header: FileRow | undefined;
  let n = 0;
  let asked = 0;
  if (await hooks.cancelled(false)) throw new Cancelled();
  for await (const rows of readRowBatches(plan.path, plan.format, plan.encoding)) {
    header ??= rows[0];
    n += header === rows[0] ? rows.length - 1 : rows.length;
    if (n - asked >= 20_000) {
      asked = n;
      if (await hooks.cancelled(false)) throw new Cancelled();
    }
  }
  if (!header) throw new ImportFileError('The file is empty');
  total = n;
  await tick(true);
  const headers = headerNames(header.cells);
  const width = header.cells.length;
  if (!resumeRows) await writeFile(plan.refusedPath, stringify([[...header.cells, 'Reason']], { bom: true }), { mode: 0o600 });

  const mapped = headers
    .map((h, index) => ({ index, header: h, name: plan.mapping[h] ?? null }))
    .filter((c): c is { index: number; header: string; name: string } => typeof c.name === 'string');
  const fieldOf = (name: string): ModelField => (name === 'id' ? { name: 'id', type: model.idtype === 'hex' ? 'text' : 'number', label: 'id' } : store.field(model, name));
  const resolvers = new Map<string, ReferenceResolver>();
  let current: Db = database.db;
  const db = () => current;
  for (const c of mapped) {
    const f = fieldOf(c.name);
    if (f.type === 'reference') resolvers.set(f.name, new ReferenceResolver(store, db, f, plan.references[f.name] ?? 'id'));
  }
  const uniques = mapped.map((c) => fieldOf(c.name)).filter((f) => f.unique === true && f.name !== 'id');
  /** Unique values seen in the file so far: value -> line. */
  const seen = new Map<string, Map<string, number>>(uniques.map((f) => [f.name, new Map()]));
  const keyField = plan.mode === 'upsert' ? plan.key : null;
  /** Each mapped column with what every row's check of it needs, found once: its field, and the form's column it is checked with (required apart: told below). */
  const columns = mapped.map((m) => {
    const f = fieldOf(m.name);
    const column = plan.columns[m.name];
    return { ...m, f, reference: f.type === 'reference', label: f.label?.trim() || f.name, check: column ? { ...column, required: false } : undefined };
  });
  /** The model's required fields a new record must be given, whichever the mapping (checked against each row's values). */
  const requiredOnInsert = model.fields.filter((f) => f.required && f.type !== 'boolean' && f.type !== 'link' && f.type !== 'password' && (f.default === undefined || f.default === null));

  /** Checks a group of rows: values, references, keys, unique values, then the form's checks. */
  async function check(rows: FileRow[]): Promise<Checked[]> {
    const out: Checked[] = rows.map((row) => ({ row, reasons: [] }));
    const values: Row[] = rows.map(() => ({}));
    rows.forEach((row, i) => {
      const c = out[i] as Checked;
      // More cells than the header: the file is broken (most often a quote left open or a
      // delimiter inside an unquoted value), and every value after it may be in the wrong column.
      // The whole job stops at its line, as the upload's sample does: nothing is written (in
      // batches, nothing more).
      if (row.cells.length > width && row.cells.slice(width).some((cell) => cell.trim() !== '')) {
        throw new ImportFileError(`The row has ${row.cells.length} cells where the header has ${width}`, row.line);
      }
      const v = values[i] as Row;
      for (const m of columns) {
        const got = m.reference ? { value: (row.cells[m.index] ?? '').trim() || null } : cellValue(m.f, row.cells[m.index] ?? '');
        if ('problem' in got) c.reasons.push(got.problem);
        else v[m.name] = got.value;
      }
    });
    for (const [name, resolver] of resolvers) {
      await resolver.load(values.map((v) => v[name]).filter((v): v is string => typeof v === 'string'));
      values.forEach((v, i) => {
        if (typeof v[name] !== 'string') return;
        const got = resolver.resolve(v[name]);
        if ('problem' in got) (out[i] as Checked).reasons.push(got.problem);
        else v[name] = got.id;
      });
    }
    // The records the keys match (upsert).
    const existing = new Map<string, Row>();
    if (keyField) {
      const f = fieldOf(keyField);
      const keys = [...new Set(values.map((v) => v[keyField]).filter((v) => v !== null && v !== undefined))];
      const params = keys.flatMap((k) => {
        try {
          return [keyField === 'id' ? store.idValue(model, k) : store.encode(model, f, k)];
        } catch {
          return [];
        }
      });
      const cols = ['id', ...new Set([keyField, ...mapped.map((m) => m.name)])].filter((v, i, a) => a.indexOf(v) === i);
      for (let i = 0; i < params.length; i += 500) {
        const found = await db().selectFrom(tableOf(model.name)).select(cols).where(keyField, 'in', params.slice(i, i + 500)).execute();
        for (const r of found) existing.set(String(store.decode(model, r)[keyField] ?? r[keyField]), store.decode(model, r));
      }
    }
    // Unique values held by other records.
    const holders = new Map<string, Map<string, string>>();
    for (const f of uniques) {
      const held = new Map<string, string>();
      const vals = [...new Set(values.map((v) => v[f.name]).filter((v) => v !== null && v !== undefined))];
      const params = vals.flatMap((v) => {
        try {
          return [store.encode(model, f, v)];
        } catch {
          return [];
        }
      });
      for (let i = 0; i < params.length; i += 500) {
        const found = await db().selectFrom(tableOf(model.name)).select(['id', f.name]).where(f.name, 'in', params.slice(i, i + 500)).execute();
        for (const r of found) held.set(String(store.decode(model, r)[f.name]), String(r.id));
      }
      holders.set(f.name, held);
    }
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as Row;
      const c = out[i] as Checked;
      const key = keyField ? v[keyField] : undefined;
      const record = key === undefined || key === null ? undefined : existing.get(String(key));
      if (keyField && (key === undefined || key === null)) c.reasons.push(`The key ${keyField} is empty`);
      if (keyField === 'id' && !record && key !== null && key !== undefined) c.reasons.push(`No ${model.name} has the id '${String(key)}'`);
      for (const f of uniques) {
        const val = v[f.name];
        if (val === null || val === undefined) continue;
        const label = f.label?.trim() || f.name;
        const holder = holders.get(f.name)?.get(String(val));
        const before = seen.get(f.name)?.get(String(val));
        // A value an earlier line took is held by that line's record once written (an import, not a dry run): the line is the reason.
        if (holder !== undefined && before === undefined && (!record || String(record.id) !== holder)) c.reasons.push(`${label}: '${String(val)}' is already used by another record`);
        if (before !== undefined && before !== c.row.line) c.reasons.push(`${label}: '${String(val)}' repeats line ${before}`);
      }
      // The form's checks: required, shape, lengths, bounds, pattern.
      const inserting = !record;
      for (const m of columns) {
        if (m.name === 'id') continue;
        const f = m.f;
        const val = v[m.name];
        if (m.check && (val !== null || f.required)) {
          const shown = m.reference ? (val === null ? null : '1') : val;
          const r = validateField(m.check, typeof shown === 'object' && shown !== null ? JSON.stringify(shown) : shown, re2Match);
          if (!r.valid) c.reasons.push(r.message || `${m.label} is not valid`);
        }
        if (f.required && f.type !== 'boolean' && (val === null || val === undefined) && !(inserting && f.default !== undefined && f.default !== null)) {
          c.reasons.push(`${m.label} is a required field`);
        }
      }
      if (inserting && keyField !== 'id') {
        for (const f of requiredOnInsert) if (!(f.name in v)) c.reasons.push(`${f.label?.trim() || f.name} is a required field`);
      }
      if (c.reasons.length) continue;
      let action: NonNullable<Checked['action']>;
      if (record) {
        const changed: Row = {};
        for (const m of mapped) if (m.name !== 'id' && !same(record[m.name], v[m.name], fieldOf(m.name).type)) changed[m.name] = v[m.name];
        action = Object.keys(changed).length ? { kind: 'update', id: record.id as string | number, values: changed } : { kind: 'unchanged' };
      } else {
        const vals: Row = {};
        for (const [k, val] of Object.entries(v)) if (k !== 'id' && val !== null) vals[k] = val;
        action = { kind: 'insert', values: vals };
      }
      // The before-triggers, as on a form's save: they may set fields, or refuse the row with their words.
      if (hooks.guard && action.kind !== 'unchanged') {
        try {
          action.values = await hooks.guard.write({ model, action: action.kind, id: action.kind === 'update' ? action.id : undefined, values: action.values, db: db() });
        } catch (e) {
          c.reasons.push((e as Error).message);
          continue;
        }
      }
      c.action = action;
      for (const f of uniques) {
        const val = action.kind === 'unchanged' ? v[f.name] : (action.values[f.name] ?? v[f.name]);
        if (val !== null && val !== undefined) seen.get(f.name)?.set(String(val), c.row.line);
      }
      // What the next rows see of this record.
      if (record && action.kind === 'update') Object.assign(record, action.values);
      else if (action.kind === 'insert' && keyField && keyField !== 'id') existing.set(String(key), { ...action.values, id: '(new)' });
    }
    if (hooks.guard) await hooks.guard.logRuns(plan.dryRun ? null : db());
    return out;
  }

  const target = tableOf(model.name);
  const audited = store.audited(model);
  const versioned = store.versionColumn(model) === ROW_VERSION;
  const hexIds = model.idtype === 'hex';
  const defaults = store.columns(model).filter((f) => f.default !== undefined && f.default !== null);
  /**
   * The columns of a new record, the same for every row of the job: the mapped fields (not `id`),
   * the other fields that have a default, the audit columns, the id (random hex ids) and the version.
   * A field a row leaves out is bound as null, as kysely writes a column one row of a multi-row
   * insert has and another has not (no column of a model table has a default of the database's).
   */
  const recordColumns: { name: string; field?: ModelField; encodedDefault?: unknown }[] = [
    ...[...new Set([...mapped.filter((m) => m.name !== 'id').map((m) => m.name), ...defaults.map((f) => f.name)])].map((name) => {
      const field = store.field(model, name);
      return { name, field, encodedDefault: field.default !== undefined && field.default !== null ? store.encode(model, field, field.default) : undefined };
    }),
    ...(audited ? Object.keys(auditStamp(null, true)).map((name) => ({ name })) : []),
    ...(hexIds ? [{ name: 'id' }] : []),
    ...(versioned ? [{ name: ROW_VERSION }] : []),
  ];
  /**
   * PostgreSQL, a job that only inserts (no before-trigger, not a dry run): the table's history
   * trigger, a PL/pgSQL function run once per row, is turned off for each of the job's writing
   * transactions (as the row-count trigger is: countingOff) and each INSERT writes its rows'
   * entries itself, one INSERT ... SELECT over the rows it returns (pgInsertedEntries: the same
   * entries, value for value). 1,000,000 rows: the trigger took 40 % of the job's time.
   */
  const entriesAtOnce = database.dialect === 'postgres' && !plan.dryRun && !hooks.guard && plan.mode === 'insert' && historyRecorded(model);
  /** Rows of one INSERT: its bound values kept under VALUES_PER_INSERT. */
  const rowsPerInsert = Math.max(1, Math.floor(VALUES_PER_INSERT / recordColumns.length));
  /** The INSERT's text for a number of rows (two in a job: a full statement and a group's last), and whether it writes the rows' history entries. */
  const insertTexts = new Map<string, string>();
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  function insertText(rows: number): string {
    // The entries are written here only while the history trigger is off (historyOff).
    const entries = historyTrigger !== null;
    let text = insertTexts.get(`${rows}:${entries}`);
    if (text) return text;
    const width = recordColumns.length;
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) {
      const marks = recordColumns.map((_c, k) => (database.dialect === 'postgres' ? `$${r * width + k + 1}` : '?'));
      tuples.push(`(${marks.join(', ')})`);
    }
    text = `insert into ${quoted(target)} (${recordColumns.map((c) => quoted(c.name)).join(', ')}) values ${tuples.join(', ')}`;
    if (entries) text = `with tessera_new as (${text} returning *) ${pgInsertedEntries(store, model, 'tessera_new')}`;
    insertTexts.set(`${rows}:${entries}`, text);
    return text;
  }

  /**
   * A new record's bound values, as ModelStore.insert writes it: the values encoded, the audit
   * stamp, the id, the defaults where no value is given, the version (`stamp`: the statement's
   * audit stamp, one moment for its rows).
   */
  function recordValues(values: Row, stamp: Row, into: unknown[]): void {
    for (const c of recordColumns) {
      if (c.field) {
        const value = values[c.name];
        into.push(value === undefined ? (c.encodedDefault ?? null) : store.encode(model, c.field, value));
      } else if (c.name === 'id') into.push(typeof values.id === 'string' && /^[0-9a-f]{32}$/.test(values.id) ? values.id : newHexId());
      else if (c.name === ROW_VERSION) into.push(1);
      else into.push(stamp[c.name]);
    }
  }

  /**
   * Writes new records, rowsPerInsert to a statement (its text made once, not compiled by kysely
   * for each: a statement of 400 rows is 5,000 values). A statement that fails is written again one
   * row at a time through ModelStore.insert, so that the rows before the one that fails are written
   * and counted, and it fails with its line and the store's words, as when every row was a
   * statement (PostgreSQL: behind a savepoint, since a failed statement ends its transaction).
   */
  async function insertRows(rows: Checked[]): Promise<void> {
    // A before-trigger may set any field, beyond the statement's columns: such rows are written one at a time.
    if (hooks.guard) return insertEach(rows, db());
    for (let i = 0; i < rows.length; i += rowsPerInsert) {
      const chunk = rows.slice(i, i + rowsPerInsert);
      const stamp = audited ? auditStamp(plan.by.id, true) : {};
      const params: unknown[] = [];
      let built = 0;
      let unbuilt: { row: Checked; error: unknown } | undefined;
      for (const c of chunk) {
        const before = params.length;
        try {
          recordValues((c.action as { values: Row }).values, stamp, params);
          built++;
        } catch (error) {
          params.length = before;
          unbuilt = { row: c, error };
          break;
        }
      }
      if (built) {
        const trx = db();
        const savepoint = database.dialect === 'postgres';
        if (savepoint) await sql`savepoint tessera_import_rows`.execute(trx);
        let failed = false;
        try {
          await trx.executeQuery(CompiledQuery.raw(insertText(built), params));
        } catch {
          failed = true;
        }
        if (savepoint && failed) await sql`rollback to savepoint tessera_import_rows`.execute(trx);
        if (savepoint) await sql`release savepoint tessera_import_rows`.execute(trx);
        if (!failed) counts.added += built;
        else if (historyTrigger) {
          // One at a time through the store, the history trigger on again for them (back off once they are in).
          await triggerOn(trx, historyTrigger);
          await insertEach(chunk.slice(0, built), trx);
          await triggerOff(trx, historyTrigger);
        } else await insertEach(chunk.slice(0, built), trx);
      }
      if (unbuilt) throw new RowFailure((unbuilt.error as Error).message, unbuilt.row.row.line);
    }
  }

  /**
   * PostgreSQL: the table's row-count trigger (sys_stats_bump, schema-sync.ts) updates its one row
   * of sys_table_stats for every row written, and within one transaction each update walks the
   * chain of that row's earlier versions: 10,000 rows took 2.4 s, 40,000 took 30 s, a million would
   * take hours. A writing transaction of the job turns it off for itself (transactional: a rollback
   * or a killed process turns it back on; other writers of the table waited for that row's lock
   * anyway) and moves the count and the version once at its end, as column-change.ts's
   * withoutRowTriggers does for a column filled at once. Answers the trigger turned off, if any.
   */
  async function countingOff(trx: Db): Promise<string | null> {
    if (database.dialect !== 'postgres' || plan.dryRun) return null;
    return (await triggerOff(trx, `${target}__stats`)) ? `${target}__stats` : null;
  }

  /** Turns the trigger countingOff turned off back on, and moves the count by the rows added since and the version once. */
  async function countingOn(trx: Db, trigger: string | null, added: number): Promise<void> {
    if (!trigger) return;
    await triggerOn(trx, trigger);
    await sql`update sys_table_stats set row_count = row_count + ${added}, version = version + 1 where tbl = ${target}`.execute(trx);
  }

  /** The trigger of the table's history, turned off in this transaction while the job's INSERTs write their entries (entriesAtOnce). */
  let historyTrigger: string | null = null;
  /** Turns the history trigger off for a writing transaction of the job, when its INSERTs write the entries themselves. */
  async function historyOff(trx: Db): Promise<void> {
    const name = pgHistoryTrigger(target);
    historyTrigger = entriesAtOnce && (await triggerOff(trx, name)) ? name : null;
  }
  /** Turns it back on before the transaction commits (a rollback turns it back on by itself). */
  async function historyOn(trx: Db): Promise<void> {
    if (historyTrigger) await triggerOn(trx, historyTrigger);
    historyTrigger = null;
  }

  /** PostgreSQL: turns one of the table's triggers off for the transaction, if it is there and on; answers whether it did. */
  async function triggerOff(trx: Db, name: string): Promise<boolean> {
    const found = await sql`select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = ${name} and c.relname = ${target} and c.relnamespace = current_schema()::regnamespace and t.tgenabled <> 'D'`.execute(trx);
    if (!found.rows.length) return false;
    await sql`alter table ${sql.id(target)} disable trigger ${sql.id(name)}`.execute(trx);
    return true;
  }
  async function triggerOn(trx: Db, name: string): Promise<void> {
    await sql`alter table ${sql.id(target)} enable trigger ${sql.id(name)}`.execute(trx);
  }

  /** Writes new records one at a time through ModelStore.insert, each failure with its line and the store's words. */
  async function insertEach(rows: Checked[], trx: Db): Promise<void> {
    for (const c of rows) {
      try {
        await store.insert(model.name, (c.action as { values: Row }).values, trx, plan.by.id);
      } catch (e) {
        throw new RowFailure((e as Error).message, c.row.line);
      }
      counts.added++;
    }
  }

  /** Writes a group's rows (not in a dry run), counts them, and keeps its refusals; answers the refused lines of CSV. */
  async function apply(checked: Checked[]): Promise<string> {
    const refusedLines: string[][] = [];
    // New records wait to be written together, until an update (written in the file's order) or the group's end.
    let inserts: Checked[] = [];
    let at = 0;
    const flush = async () => {
      if (!inserts.length) return;
      const rows = inserts;
      inserts = [];
      try {
        await insertRows(rows);
      } catch (e) {
        if (e instanceof RowFailure) uncount(checked, checked.findIndex((c) => c.row.line === e.line) + 1, at);
        throw e;
      }
    };
    for (; at < checked.length; at++) {
      const c = checked[at] as Checked;
      if (c.reasons.length) {
        counts.refused++;
        if (refusedListed.length < 100) refusedListed.push({ line: c.row.line, reasons: c.reasons });
        const cells = c.row.cells.slice(0, width);
        while (cells.length < width) cells.push('');
        refusedLines.push([...cells, c.reasons.join('; ')]);
        continue;
      }
      const action = c.action;
      if (!action) continue;
      if (action.kind === 'insert') {
        if (plan.dryRun) counts.added++;
        else inserts.push(c);
      } else if (action.kind === 'update') {
        await flush();
        try {
          if (!plan.dryRun) await store.update(model.name, action.id, action.values, db(), undefined, plan.by.id);
        } catch (e) {
          throw new RowFailure((e as Error).message, c.row.line);
        }
        counts.updated++;
      } else counts.unchanged++;
    }
    await flush();
    return refusedLines.length ? stringify(refusedLines) : '';
  }

  /**
   * Takes back the counts of the rows from `from` to before `to`, read after the one whose write
   * failed: the job stops at that row, and counts only what came before it, as it did when each
   * row was written as it was read.
   */
  function uncount(checked: Checked[], from: number, to: number): void {
    for (let i = to - 1; i >= Math.max(0, from); i--) {
      const c = checked[i] as Checked;
      if (c.reasons.length) {
        counts.refused--;
        const last = refusedListed.at(-1);
        if (last && last.line === c.row.line) refusedListed.pop();
      } else if (c.action?.kind === 'unchanged') counts.unchanged--;
    }
  }

  /**
   * The writes of checked groups, one group at a time. PostgreSQL (no before-trigger): a group's
   * writes stay in flight while the next group is read and checked, the job's thread and the
   * database's backend each working instead of taking turns (the backend's share of a plain
   * import is three quarters).
   * `write` waits for the group before, then sends this one.
   * A failure of a write in flight came from an earlier line than anything after it: `run` throws
   * it first (whatever failed since is then left unsaid). Only when the checks
   * read nothing from the database (no references, keys or unique fields): a check's read sent
   * while a failed INSERT waits for its savepoint's rollback would fail with it.
   */
  function writes() {
    const overlap = database.dialect === 'postgres' && !hooks.guard && resolvers.size === 0 && uniques.length === 0 && !keyField;
    let inFlight: Promise<void> | null = null;
    let failure: { error: unknown } | null = null;
    const settle = async (): Promise<void> => {
      if (inFlight) await inFlight;
      inFlight = null;
      if (failure) {
        const { error } = failure;
        failure = null;
        throw error;
      }
    };
    return {
      async write(checked: Checked[], written: (refused: string) => void): Promise<void> {
        await settle();
        const write = apply(checked).then(written);
        if (!overlap) return write;
        inFlight = write.catch((error: unknown) => {
          failure = { error };
        });
      },
      /** Runs a transaction's loop of writes and waits for the last; throws the failure of a write in flight before the loop's own. */
      async run(loop: () => Promise<void>): Promise<void> {
        try {
          await loop();
        } catch (e) {
          await settle();
          throw e;
        }
        await settle();
      },
    };
  }

  /** The data rows from the checkpoint on, a group at a time. */
  async function* groups(size: number): AsyncGenerator<FileRow[]> {
    let index = 0;
    let group: FileRow[] = [];
    let first = true;
    for await (const rows of readRowBatches(plan.path, plan.format, plan.encoding)) {
      for (const row of rows) {
        if (first) {
          first = false;
          continue;
        }
        if (index++ < resumeRows) continue;
        if (row.cells.every((cell) => cell.trim() === '')) {
          done++;
          continue;
        }
        group.push(row);
        if (group.length >= size) {
          yield group;
          group = [];
        }
      }
    }
    if (group.length) yield group;
  }

  const finished = (state: string, extra: Row = {}): Row => ({ ...progressColumns(progress()), state, ended_at: new Date().toISOString(), seconds_left: null, ...extra });

  try {
    if (plan.dryRun || plan.batches) {
      for await (const rows of groups(plan.batches && !plan.dryRun ? BATCH_ROWS : CHECK_ROWS)) {
        if (await hooks.cancelled(false)) throw new Cancelled();
        if (plan.dryRun) {
          for (let i = 0; i < rows.length; i += CHECK_ROWS) {
            const refused = await apply(await check(rows.slice(i, i + CHECK_ROWS)));
            if (refused) await appendFile(plan.refusedPath, refused);
            done += Math.min(CHECK_ROWS, rows.length - i);
            await tick();
          }
          continue;
        }
        // One committed batch, its checkpoint written in the same transaction.
        let refusedText = '';
        const before = { ...counts };
        const listedBefore = refusedListed.length;
        const doneBefore = done;
        try {
          await database.db.transaction().execute(async (trx) => {
            current = trx;
            trxOpen = true;
            const counting = await countingOff(trx);
            await historyOff(trx);
            const w = writes();
            await w.run(async () => {
              for (let i = 0; i < rows.length; i += CHECK_ROWS) {
                const n = Math.min(CHECK_ROWS, rows.length - i);
                await w.write(await check(rows.slice(i, i + CHECK_ROWS)), (refused) => {
                  refusedText += refused;
                  done += n;
                });
                await tick();
              }
            });
            await historyOn(trx);
            await countingOn(trx, counting, counts.added - before.added);
            await table.update(plan.id, { ...progressColumns(progress()), checkpoint: done, heartbeat: Date.now() }, trx);
          });
        } catch (e) {
          Object.assign(counts, before);
          refusedListed.length = listedBefore;
          done = doneBefore;
          throw e;
        } finally {
          current = database.db;
          trxOpen = false;
          historyTrigger = null;
        }
        if (refusedText) await appendFile(plan.refusedPath, refusedText);
        await tick(true);
      }
      await table.update(plan.id, finished('done'));
      return;
    }
    // All or nothing: one transaction, the job's end written in it.
    const pending: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      current = trx;
      trxOpen = true;
      try {
        const addedBefore = counts.added;
        const counting = await countingOff(trx);
        await historyOff(trx);
        const w = writes();
        await w.run(async () => {
          for await (const rows of groups(CHECK_ROWS)) {
            if (await hooks.cancelled(true)) throw new Cancelled();
            await w.write(await check(rows), (refused) => {
              if (refused) pending.push(refused);
              done += rows.length;
            });
            await tick();
          }
        });
        await historyOn(trx);
        await countingOn(trx, counting, counts.added - addedBefore);
        await table.update(plan.id, finished('done'), trx);
      } finally {
        current = database.db;
        trxOpen = false;
        historyTrigger = null;
      }
    });
    if (pending.length) await appendFile(plan.refusedPath, pending.join(''));
  } catch (e) {
    if (e instanceof Cancelled) {
      const message = plan.batches && !plan.dryRun && done > 0
        ? `The import was cancelled after ${done} rows: the batches committed before stay written`
        : plan.dryRun
          ? 'The dry run was cancelled'
          : 'The import was cancelled: nothing was written';
      await table.update(plan.id, finished('cancelled', { error: JSON.stringify({ message }) }));
      return;
    }
    const line = e instanceof RowFailure ? e.line : e instanceof ImportFileError ? e.line : undefined;
    const written = plan.batches && !plan.dryRun && done > 0 ? ` The batches committed before (${done} rows) stay written.` : plan.dryRun ? '' : ' Nothing was written.';
    const message = `${(e as Error).message}.${written}`.replace(/\.\./g, '.');
    await table.update(plan.id, finished('failed', { error: JSON.stringify(line === undefined ? { message } : { message, line }) }));
  }
}

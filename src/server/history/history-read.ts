/**
 * Reading the record history (docs/history.md, "Reading the history"): pages of
 * `sys_record_history` newest first, by keyset on the entry id (never OFFSET, so the 500th page
 * costs what the first does), and each entry's stored changes made into what the API answers:
 * values decoded as a record's are, the field's label, the names of referenced records. Who may
 * read what is the routes' business (src/server/routes/history.ts): they hand in the fields to
 * leave out and how to name a referenced record for this caller.
 */
import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import type { ModelDefinition } from '../records/model-types.js';
import { decodeRow } from '../records/value-codec.js';
import type { FieldChangeAnswer, HistoryEntryAnswer } from '../../shared/record-history-answers.js';
import { HISTORY_ACTIONS, VALUE_KEPT_OUT, type HistoryAction, type HistoryRow, type StoredFieldChange } from '../../shared/record-history.js';

export const HISTORY_TABLE = 'sys_record_history';
/** Entries in a page unless asked otherwise, and at most. */
export const HISTORY_PAGE = 50;
export const HISTORY_MAX_PAGE = 200;

/** What a list of entries is narrowed to; every part optional. Each filter has an index to walk (migration 0012). */
export interface HistoryFilter {
  model?: string;
  recordId?: string;
  userId?: number;
  action?: HistoryAction;
  /** The entries of one import job (docs/import.md): its writes carry the request id `import:<job>`. */
  job?: string;
  /** ISO date and time, inclusive. */
  from?: string;
  /** ISO date and time, inclusive. */
  to?: string;
  /** Only entries older than this one (the previous page's `next`). */
  before?: number;
}

/** An entry as the server builds it: with its model and record, which the record route leaves out. */
export type HistoryEntry = HistoryEntryAnswer & { model: string; recordId: string };

/**
 * A page of raw rows, newest first, and the id to ask `before` for the next page (null: no more).
 * Newest first is by id; with a range of dates it is by time, then id (the time an entry was
 * written and its id grow together, but only the time is indexed with the filters a range
 * comes with: ordered by id, a range of old dates walked millions of newer entries, or sorted
 * every entry of the range). `before` is then the entry's time and id: the entries older than it.
 */
export async function historyRows(db: Db, filter: HistoryFilter, limit: number): Promise<{ rows: HistoryRow[]; next: number | null }> {
  const byTime = filter.from !== undefined || filter.to !== undefined;
  let query = db.selectFrom(HISTORY_TABLE).selectAll();
  if (filter.model !== undefined) query = query.where('model', '=', filter.model);
  if (filter.recordId !== undefined) query = query.where('record_id', '=', filter.recordId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  // The source as a literal, as the partial index (migration 0016) names it: a bound value would not let SQLite use it.
  if (filter.job !== undefined) query = query.where(sql<boolean>`source = 'import'`).where('request_id', '=', `import:${filter.job}`);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
  if (filter.before !== undefined) {
    const before = filter.before;
    const cursor = byTime ? await db.selectFrom(HISTORY_TABLE).select('at').where('id', '=', before).executeTakeFirst() : undefined;
    // An entry pruned since the page before: the ids older than it, as without dates.
    if (cursor) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(cursor.at, before)));
    else query = query.where('id', '<', before);
  }
  const ordered = byTime ? query.orderBy('at', 'desc').orderBy('id', 'desc') : query.orderBy('id', 'desc');
  const rows = (await ordered.limit(limit + 1).execute()) as unknown as HistoryRow[];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, next: more ? Number(page[page.length - 1]?.id) : null };
}

/** One entry by its id, or undefined. */
export async function historyRow(db: Db, id: number): Promise<HistoryRow | undefined> {
  return (await db.selectFrom(HISTORY_TABLE).selectAll().where('id', '=', id).executeTakeFirst()) as HistoryRow | undefined;
}

/** An entry's stored changes; a text that is not the agreed object reads as no change (it is never thrown at a reader). */
export function storedChanges(text: string): Record<string, StoredFieldChange> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, StoredFieldChange> = {};
    for (const [field, change] of Object.entries(parsed as Record<string, unknown>)) {
      if (change === VALUE_KEPT_OUT) out[field] = VALUE_KEPT_OUT;
      else if (Array.isArray(change) && change.length === 2) out[field] = [change[0], change[1]];
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * A stored value as the API answers the record's field: decoded by the model's codec (a yes-or-no
 * 0/1 as false/true, a JSON text parsed). A field the model no longer has is answered as stored.
 */
export function decodedValue(model: ModelDefinition | undefined, field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const f = model?.fields.find((x) => x.name === field);
  if (!model || !f) return value;
  // A password is always kept out; should a value be stored all the same, it is not answered.
  if (f.type === 'password') return null;
  try {
    return decodeRow(model, { [field]: value })[field] ?? null;
  } catch {
    return value; // a JSON field whose stored text does not parse: as it is
  }
}

/** How the routes name referenced records for the caller: the name of each id they may see (keyed by String(id)). */
export type NameRecords = (target: ModelDefinition, ids: readonly unknown[]) => Promise<Map<string, string>>;

export interface AnswerOptions {
  /** The model of an entry (undefined: the model is gone; its changes are answered as stored). */
  model(name: string): ModelDefinition | undefined;
  /** The fields of a model left out for the caller (hidden from them); an entry left with no change is dropped. */
  hidden?(model: string): ReadonlySet<string> | undefined;
  names: NameRecords;
}

/**
 * The rows as the API answers them, in their order: changes decoded, labelled and named, hidden
 * fields left out. An update, insert or delete whose every change is hidden is dropped; a restore
 * (which has none) is kept.
 */
export async function answerEntries(rows: readonly HistoryRow[], options: AnswerOptions): Promise<HistoryEntry[]> {
  const out: HistoryEntry[] = [];
  // References to name: per target model, the ids seen.
  const wanted = new Map<string, { target: ModelDefinition; ids: Set<string>; values: unknown[] }>();
  const refs: { change: FieldChangeAnswer; target: string }[] = [];
  for (const row of rows) {
    const model = options.model(row.model);
    const hidden = options.hidden?.(row.model);
    const stored = storedChanges(row.changes);
    const changes: FieldChangeAnswer[] = [];
    for (const [field, change] of Object.entries(stored)) {
      if (hidden?.has(field)) continue;
      const f = model?.fields.find((x) => x.name === field);
      const label = f?.label || field;
      if (change === VALUE_KEPT_OUT) {
        changes.push({ field, label, before: null, after: null, kept: true });
        continue;
      }
      const answer: FieldChangeAnswer = { field, label, before: decodedValue(model, field, change[0]), after: decodedValue(model, field, change[1]) };
      changes.push(answer);
      const target = f?.type === 'reference' && f.target ? options.model(f.target) : undefined;
      if (target) {
        let entry = wanted.get(target.name);
        if (!entry) wanted.set(target.name, (entry = { target, ids: new Set(), values: [] }));
        for (const v of [answer.before, answer.after]) {
          if (v === null || v === undefined || entry.ids.has(String(v))) continue;
          entry.ids.add(String(v));
          entry.values.push(v);
        }
        refs.push({ change: answer, target: target.name });
      }
    }
    if (changes.length === 0 && Object.keys(stored).length > 0) continue;
    out.push({
      id: Number(row.id),
      model: row.model,
      recordId: String(row.record_id),
      action: (HISTORY_ACTIONS as readonly string[]).includes(row.action) ? row.action : 'update',
      at: row.at,
      user: row.user_id === null || row.user_id === undefined ? null : { id: Number(row.user_id), name: row.user_name ?? null },
      source: row.source ?? null,
      requestId: row.request_id ?? null,
      changes,
    });
  }
  const names = new Map<string, Map<string, string>>();
  for (const [name, { target, values }] of wanted) names.set(name, values.length ? await options.names(target, values) : new Map());
  for (const { change, target } of refs) {
    const named = names.get(target);
    const before = change.before === null ? undefined : named?.get(String(change.before));
    const after = change.after === null ? undefined : named?.get(String(change.after));
    if (before !== undefined) change.beforeName = before;
    if (after !== undefined) change.afterName = after;
  }
  return out;
}

/** The values to put back for `fields` of an entry's changes: each one's `before`, decoded as the API takes it. */
export function beforeValues(model: ModelDefinition, stored: Record<string, StoredFieldChange>, fields: readonly string[]): Row {
  const out: Row = {};
  for (const field of fields) {
    const change = stored[field];
    if (change === undefined || change === VALUE_KEPT_OUT) continue;
    out[field] = decodedValue(model, field, change[0]);
  }
  return out;
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An entry's changes in one cell: `Label: before -> after; ...`, names for references, "(changed)" for a value kept out. */
export function changesText(changes: readonly FieldChangeAnswer[]): string {
  const shown = (value: unknown, name: string | undefined) => (name !== undefined ? name : value === null || value === undefined ? '(empty)' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return changes.map((c) => (c.kept ? `${c.label}: (changed)` : `${c.label}: ${shown(c.before, c.beforeName)} -> ${shown(c.after, c.afterName)}`)).join('; ');
}

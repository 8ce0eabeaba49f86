import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/connect.js';

/**
 * Text indexes for the grids' substring search, so a search of a big table reads the few
 * matching rows instead of scanning them all.
 *
 * The search itself is unchanged: a row matches when one of the searched columns contains the
 * trimmed term, `LIKE '%term%'` on SQLite (case-insensitive for ASCII letters only: 'a' finds
 * 'A', 'ä' does not find 'Ä') and `ILIKE` on PostgreSQL (case-insensitive by the database's
 * locale). The indexes only narrow down which rows that predicate is tested on:
 *
 * - SQLite: one FTS5 table per searched column (every text, date, datetime and number column of
 *   the model, a number as its text, see numberText), `<table>__<field>__fts`, contentless
 *   (`content=''`, `contentless_delete=1`) with the trigram tokenizer and one column `v`, kept in
 *   step by AFTER INSERT, DELETE and UPDATE OF <field> triggers that index the field's non-null
 *   values. A column of its own, so a model change touches only the columns it changes: a
 *   renamed field's table and triggers are renamed (nothing re-read), an added field's table is
 *   filled from its column alone (empty when added without a default), a deleted or retyped
 *   field's is dropped (and built again from the new column). A term of 3 characters or more
 *   (Unicode code points) is looked up in the searched columns' tables first (`MATCH`, the term
 *   quoted as an FTS5 string so nothing in it is FTS syntax); the LIKE predicate then runs on
 *   those rows only. The trigram index folds case for all of Unicode, so it finds a superset of
 *   LIKE's rows and the LIKE keeps the answer exactly what it was. A shorter term cannot be
 *   looked up by trigrams and scans as before. A database made by an older release has one FTS
 *   table over all the columns (`<table>__fts`): the first sync drops it and builds these.
 * - PostgreSQL: `pg_trgm` GIN indexes (one per searched column) that the unchanged ILIKE
 *   predicate uses by itself; PostgreSQL maintains indexes, so no triggers. When the extension
 *   cannot be created, that is logged once and search scans as before.
 *
 * Rows are tied to the FTS tables by SQLite's rowid: `id` itself in integer-id tables, the
 * implicit rowid in hex-id tables (a plain `id text primary key` table has one). VACUUM may
 * renumber implicit rowids; Tessera never runs it, and after one a `rebuild` (see rebuild below)
 * restores the index. A stale index could only hide rows, never show wrong ones (LIKE decides).
 */

export interface SearchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The field types a grid's search looks in: numbers by the text a grid shows for them ('19' finds 1965). */
export const SEARCHED_TYPES: ReadonlySet<string> = new Set(['text', 'date', 'datetime', 'number']);

/** The shortest term looked up in the trigram index; shorter ones scan. */
export const MIN_INDEXED_TERM = 3;
/** A rebuild longer than this is logged (the first start on a big existing table). */
const SLOW_BUILD_MS = 1_000;
/** Names SQLite or FTS5 reserve: a model using one as a column keeps the plain scan. */
const RESERVED = new Set(['rowid', 'oid', '_rowid_', 'rank']);
/**
 * Bench-only: `TESSERA_SEARCH_SCAN=1` makes every search scan, so `npm run bench:api` can
 * show the old figure beside the new one on the same file. Not a setting.
 */
const FORCE_SCAN = process.env.TESSERA_SEARCH_SCAN === '1';

/** The FTS table of one searched column (SQLite). */
export function ftsTableOf(table: string, column: string): string {
  return `${table}__${column}__fts`;
}

/** The FTS table of every searched column an older release made (SQLite): dropped by the first sync. */
function legacyFtsTableOf(table: string): string {
  return `${table}__fts`;
}

function triggerNames(fts: string): string[] {
  return ['ai', 'ad', 'au'].map((s) => `${fts}_${s}`);
}

/** A term as an FTS5 string: in double quotes, a double quote doubled; nothing else is special inside. */
export function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** Does the trigram index serve this (already trimmed) term? */
export function indexable(term: string): boolean {
  // A NUL would end the string for FTS5's parser and make its answer no longer a superset.
  return [...term].length >= MIN_INDEXED_TERM && !term.includes('\u0000');
}

export class SearchIndex {
  /** SQLite: the columns of each table whose FTS table is built, as this process last synced it (lower case). */
  private readonly ready = new Map<string, Set<string>>();
  private trgmSchema: string | null | undefined;

  constructor(
    private readonly database: Database,
    private readonly log?: SearchLog,
  ) {}

  /**
   * Gives each of the given columns (the model's text, date, datetime and number fields) of a
   * model table its index, and drops the FTS tables of columns no longer searched (SQLite; on
   * PostgreSQL a column's index goes with its column). Only what is missing is built, each from
   * its own column. Call after the table itself has every column; idempotent.
   */
  async sync(table: string, allColumns: readonly string[], columns: readonly string[], numeric: readonly string[] = []): Promise<void> {
    if (this.database.dialect === 'postgres') return this.syncTrigram(table, columns, new Set(numeric));
    await this.dropLegacy(table);
    const usable = columns.length > 0 && !allColumns.some((c) => RESERVED.has(c.toLowerCase()));
    const built = await this.indexedColumns(table);
    const wanted = new Set(usable ? columns.map((c) => c.toLowerCase()) : []);
    for (const [key, column] of built) if (!wanted.has(key)) await this.dropColumn(table, column);
    if (!usable) {
      this.forget(table);
      return;
    }
    for (const c of columns) if (!built.has(c.toLowerCase())) await this.createColumn(table, c);
    this.ready.set(table, wanted);
  }

  /** Forgets that a table's index was built (it was dropped elsewhere): searches scan until it is synced again. */
  forget(table: string): void {
    this.ready.delete(table);
  }

  /** Drops a table's FTS tables and their triggers (PostgreSQL: its trigram indexes). For deleting a model. */
  async drop(table: string): Promise<void> {
    const { db, dialect } = this.database;
    this.forget(table);
    if (dialect === 'postgres') {
      const rows = await sql<{ name: string }>`
        select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename = ${table} and indexname like ${`${table.replace(/[\\%_]/g, '\\$&')}\\_\\_%\\_\\_trgm`}`.execute(db);
      for (const r of rows.rows) await sql`drop index if exists ${sql.id(r.name)}`.execute(db);
      return;
    }
    await this.dropLegacy(table);
    for (const column of (await this.indexedColumns(table)).values()) await this.dropColumn(table, column);
  }

  /**
   * SQLite: drops one column's FTS table and its triggers, before the column is dropped or
   * replaced (SQLite refuses to drop a column a trigger names). Searches of the table scan
   * until the next sync. Nothing on PostgreSQL, whose index goes with its column.
   */
  async dropColumn(table: string, column: string): Promise<void> {
    if (this.database.dialect !== 'sqlite') return;
    const { db } = this.database;
    const fts = ftsTableOf(table, column);
    this.ready.get(table)?.delete(column.toLowerCase());
    for (const name of triggerNames(fts)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql`drop table if exists ${sql.id(fts)}`.execute(db);
  }

  /**
   * SQLite: after `alter table ... rename column from to`, gives the column's FTS table and
   * triggers the new name; what they hold stays (nothing is read again). SQLite has rewritten the
   * old triggers to name the new column already; they are made again under names of the field.
   */
  async renameColumn(table: string, from: string, to: string): Promise<void> {
    if (this.database.dialect !== 'sqlite') return;
    const built = await this.indexedColumns(table);
    if (!built.has(from.toLowerCase())) return;
    const { db } = this.database;
    const old = ftsTableOf(table, from);
    for (const name of triggerNames(old)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    // SQLite refuses a new name that differs only in case: by way of a name of its own then.
    let at = old;
    if (from.toLowerCase() === to.toLowerCase()) {
      at = `${old}__renaming`;
      await sql`alter table ${sql.id(old)} rename to ${sql.id(at)}`.execute(db);
    }
    await sql`alter table ${sql.id(at)} rename to ${sql.id(ftsTableOf(table, to))}`.execute(db);
    await this.createTriggers(table, to);
    const ready = this.ready.get(table);
    if (ready?.delete(from.toLowerCase())) ready.add(to.toLowerCase());
  }

  /** Rebuilds a table's FTS content from the table (after something bypassed the triggers). */
  async rebuild(table: string): Promise<void> {
    if (this.database.dialect !== 'sqlite') return;
    for (const column of (await this.indexedColumns(table)).values()) {
      await sql`delete from ${sql.id(ftsTableOf(table, column))}`.execute(this.database.db);
      await this.fill(table, column);
    }
  }

  /**
   * The search condition for one table: the OR of `column LIKE pattern` (ILIKE on PostgreSQL)
   * over the searched columns, on SQLite first narrowed to the rows their FTS tables find.
   */
  condition(table: string, columns: readonly string[], term: string, numeric: ReadonlySet<string> = new Set()): RawBuilder<SqlBool> {
    const pg = this.database.dialect === 'postgres';
    const any = sql<SqlBool>`(${sql.join(
      columns.map((c) => this.contains(numeric.has(c) ? this.numberText(c) : sql.ref(c), term)),
      sql` or `,
    )})`;
    const indexed = this.ready.get(table);
    if (pg || FORCE_SCAN || !indexed || !indexable(term) || !columns.every((c) => indexed.has(c.toLowerCase()))) return any;
    const query = ftsString(term);
    const found = sql.join(
      columns.map((c) => {
        const fts = sql.id(ftsTableOf(table, c));
        return sql`select rowid from ${fts} where ${fts} match ${query}`;
      }),
      sql` union `,
    );
    return sql<SqlBool>`(rowid in (${found}) and ${any})`;
  }

  /**
   * Whether a text expression contains the term, as the search's predicate tests a column: LIKE
   * (ILIKE on PostgreSQL) of `%term%`, the term's wildcards escaped. No index serves it.
   */
  contains(text: RawBuilder<unknown> | ReturnType<typeof sql.ref>, term: string): RawBuilder<SqlBool> {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = sql.raw(this.database.dialect === 'postgres' ? 'ilike' : 'like');
    return sql<SqlBool>`${text} ${like} ${pattern} escape '\\'`;
  }

  /**
   * A number column as the text a grid shows for it: 1965 (SQLite's own text of a real is
   * '1965.0'), 12.5. Its FTS entry holds SQLite's text, which contains this one, so the index
   * still finds a superset. PostgreSQL's float text is already the shortest form, and its
   * trigram index is on the same expression.
   */
  private numberText(column: string): RawBuilder<unknown> {
    const c = sql.ref(column);
    if (this.database.dialect === 'postgres') return sql`(${c})::text`;
    return sql`(case when ${c} = cast(${c} as integer) then cast(cast(${c} as integer) as text) else cast(${c} as text) end)`;
  }

  /** SQLite: the columns that have an FTS table, by their names in lower case (found by their insert triggers on the table). */
  private async indexedColumns(table: string): Promise<Map<string, string>> {
    const prefix = `${table}__`;
    const suffix = '__fts_ai';
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(this.database.db);
    const out = new Map<string, string>();
    for (const { name } of rows.rows) {
      if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length <= prefix.length + suffix.length) continue;
      const column = name.slice(prefix.length, -suffix.length);
      out.set(column.toLowerCase(), column);
    }
    return out;
  }

  /** SQLite: drops the one FTS table over every column an older release made, and its triggers. */
  private async dropLegacy(table: string): Promise<void> {
    const { db } = this.database;
    const fts = legacyFtsTableOf(table);
    const found = await sql`select 1 from sqlite_master where type = 'table' and name = ${fts}`.execute(db);
    if (!found.rows.length) return;
    for (const name of triggerNames(fts)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql`drop table ${sql.id(fts)}`.execute(db);
    this.log?.info({ table }, `search index of ${table}: the older single FTS table is replaced by one per column`);
  }

  /** SQLite: the FTS table of one column, its triggers, and its content read from the column. */
  private async createColumn(table: string, column: string): Promise<void> {
    const fts = sql.id(ftsTableOf(table, column));
    // One without its triggers (left by something that dropped them) is stale: made again.
    await sql`drop table if exists ${fts}`.execute(this.database.db);
    await sql`create virtual table ${fts} using fts5(v, content='', contentless_delete=1, tokenize='trigram')`.execute(this.database.db);
    await this.createTriggers(table, column);
    const t0 = performance.now();
    await this.fill(table, column);
    const ms = Math.round(performance.now() - t0);
    if (ms >= SLOW_BUILD_MS) this.log?.info({ table, column, ms }, `search index of ${table}.${column} built in ${ms} ms`);
  }

  /** SQLite: indexes every non-null value of the column (its FTS table empty). */
  private async fill(table: string, column: string): Promise<void> {
    const c = sql.id(column);
    await sql`insert into ${sql.id(ftsTableOf(table, column))}(rowid, v) select rowid, ${c} from ${sql.id(table)} where ${c} is not null`.execute(this.database.db);
  }

  /**
   * SQLite: the triggers that keep a column's FTS table in step: only non-null values are
   * indexed, and an UPDATE fires only when it sets this column (a model change's UPDATE of
   * another column reads nothing here).
   */
  private async createTriggers(table: string, column: string): Promise<void> {
    const { db } = this.database;
    const name = ftsTableOf(table, column);
    const fts = sql.id(name);
    const t = sql.id(table);
    const c = sql.id(column);
    const [ai, ad, au] = triggerNames(name).map((n) => sql.id(n));
    await sql`create trigger ${ai} after insert on ${t} when new.${c} is not null begin
      insert into ${fts}(rowid, v) values (new.rowid, new.${c}); end`.execute(db);
    await sql`create trigger ${ad} after delete on ${t} when old.${c} is not null begin
      delete from ${fts} where rowid = old.rowid; end`.execute(db);
    await sql`create trigger ${au} after update of ${c} on ${t} begin
      delete from ${fts} where rowid = old.rowid and old.${c} is not null;
      insert into ${fts}(rowid, v) select new.rowid, new.${c} where new.${c} is not null; end`.execute(db);
  }

  // ---- PostgreSQL ----

  /** The schema pg_trgm lives in, creating the extension once; null when it cannot be had. */
  private async trigram(): Promise<string | null> {
    if (this.trgmSchema !== undefined) return this.trgmSchema;
    const { db } = this.database;
    const find = async () =>
      (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema ?? null;
    let schema = await find();
    if (schema === null) {
      try {
        // In public, not the current schema: dropping one tenant's schema must not take it away.
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      } catch (err) {
        // Another process may have created it at the same moment; otherwise it is not to be had.
        if ((await find()) === null) {
          this.log?.warn({ err }, 'search: the pg_trgm extension cannot be created; searches scan their tables');
        }
      }
      schema = await find();
    }
    this.trgmSchema = schema;
    return schema;
  }

  private async syncTrigram(table: string, columns: readonly string[], numeric: ReadonlySet<string>): Promise<void> {
    if (!columns.length) return;
    const schema = await this.trigram();
    if (schema === null) return;
    const opclass = sql`${sql.id(schema)}.gin_trgm_ops`;
    for (const c of columns) {
      const name = `${table}__${c}__trgm`;
      // A number column is searched as its text (numberText): the index is on that expression.
      const indexed = numeric.has(c) ? sql`(${this.numberText(c)})` : sql.id(c);
      await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} using gin (${indexed} ${opclass})`.execute(this.database.db);
    }
  }
}

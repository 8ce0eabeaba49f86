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
 * - SQLite: an FTS5 external-content table with the trigram tokenizer over every text, date,
 *   datetime and number column of the model (a number as its text, see numberText), kept in step by AFTER INSERT/UPDATE/DELETE triggers. A term
 *   of 3 characters or more (Unicode code points) is looked up there first (`MATCH`, the term
 *   quoted as an FTS5 string so nothing in it is FTS syntax); the LIKE predicate then runs on
 *   those rows only. The trigram index folds case for all of Unicode, so it finds a superset of
 *   LIKE's rows and the LIKE keeps the answer exactly what it was. A shorter term cannot be
 *   looked up by trigrams and scans as before.
 * - PostgreSQL: `pg_trgm` GIN indexes (one per searched column) that the unchanged ILIKE
 *   predicate uses by itself; PostgreSQL maintains indexes, so no triggers. When the extension
 *   cannot be created, that is logged once and search scans as before.
 *
 * Rows are tied to the FTS table by SQLite's rowid: `id` itself in integer-id tables, the
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

export function ftsTableOf(table: string): string {
  return `${table}__fts`;
}

function triggerNames(table: string): string[] {
  return ['ai', 'ad', 'au'].map((s) => `${table}__fts_${s}`);
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
  /** SQLite: the columns each table's FTS table covers, once it is built in this process. */
  private readonly ready = new Map<string, readonly string[]>();
  private trgmSchema: string | null | undefined;

  constructor(
    private readonly database: Database,
    private readonly log?: SearchLog,
  ) {}

  /**
   * Creates the index of a model table over the given columns (the model's text, date and
   * datetime fields), or rebuilds it when the columns changed. Call after the table itself
   * has every column; idempotent.
   */
  async sync(table: string, allColumns: readonly string[], columns: readonly string[], numeric: readonly string[] = []): Promise<void> {
    if (this.database.dialect === 'postgres') return this.syncTrigram(table, columns, new Set(numeric));
    const usable = columns.length > 0 && !allColumns.some((c) => RESERVED.has(c.toLowerCase()));
    if (!usable) {
      if (await this.exists(table)) await this.drop(table);
      return;
    }
    const current = await this.indexedColumns(table);
    if (current && current.join('\u0000') === columns.join('\u0000')) {
      this.ready.set(table, [...columns]);
      return;
    }
    if (current) await this.drop(table);
    await this.create(table, columns);
    this.ready.set(table, [...columns]);
  }

  /** Forgets that a table's index was built (it was dropped elsewhere): searches scan until it is synced again. */
  forget(table: string): void {
    this.ready.delete(table);
  }

  /** Drops a table's FTS table and its triggers (PostgreSQL: its trigram indexes). For deleting a model. */
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
    for (const name of triggerNames(table)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql`drop table if exists ${sql.id(ftsTableOf(table))}`.execute(db);
  }

  /** Rebuilds a table's FTS content from the table (after something bypassed the triggers). */
  async rebuild(table: string): Promise<void> {
    if (this.database.dialect !== 'sqlite' || !(await this.exists(table))) return;
    const fts = ftsTableOf(table);
    await sql`insert into ${sql.id(fts)}(${sql.id(fts)}) values('rebuild')`.execute(this.database.db);
  }

  /**
   * The search condition for one table: the OR of `column LIKE pattern` (ILIKE on PostgreSQL)
   * over the searched columns, on SQLite first narrowed to the rows the FTS table finds.
   */
  condition(table: string, columns: readonly string[], term: string, numeric: ReadonlySet<string> = new Set()): RawBuilder<SqlBool> {
    const pg = this.database.dialect === 'postgres';
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = sql.raw(pg ? 'ilike' : 'like');
    const any = sql<SqlBool>`(${sql.join(
      columns.map((c) => sql`${numeric.has(c) ? this.numberText(c) : sql.ref(c)} ${like} ${pattern} escape '\\'`),
      sql` or `,
    )})`;
    const indexed = this.ready.get(table);
    if (pg || FORCE_SCAN || !indexed || !indexable(term) || !columns.every((c) => indexed.includes(c))) return any;
    const fts = ftsTableOf(table);
    const query = `{${columns.map((c) => ftsString(c)).join(' ')}} : ${ftsString(term)}`;
    return sql<SqlBool>`(rowid in (select rowid from ${sql.id(fts)} where ${sql.id(fts)} match ${query}) and ${any})`;
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

  private async exists(table: string): Promise<boolean> {
    const rows = await sql`select 1 from sqlite_master where type = 'table' and name = ${ftsTableOf(table)}`.execute(this.database.db);
    return rows.rows.length > 0;
  }

  private async indexedColumns(table: string): Promise<string[] | null> {
    if (!(await this.exists(table))) return null;
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${ftsTableOf(table)})`.execute(this.database.db);
    return rows.rows.map((r) => r.name);
  }

  private async create(table: string, columns: readonly string[]): Promise<void> {
    const { db } = this.database;
    const fts = sql.id(ftsTableOf(table));
    const t = sql.id(table);
    const cols = sql.join(columns.map((c) => sql.id(c)));
    const values = (row: 'new' | 'old') => sql.join(columns.map((c) => sql`${sql.raw(row)}.${sql.id(c)}`));
    const [ai, ad, au] = triggerNames(table).map((n) => sql.id(n));
    await sql`create virtual table ${fts} using fts5(${cols}, content=${sql.lit(table)}, tokenize='trigram')`.execute(db);
    await sql`create trigger ${ai} after insert on ${t} begin
      insert into ${fts}(rowid, ${cols}) values (new.rowid, ${values('new')}); end`.execute(db);
    await sql`create trigger ${ad} after delete on ${t} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${values('old')}); end`.execute(db);
    await sql`create trigger ${au} after update on ${t} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${values('old')});
      insert into ${fts}(rowid, ${cols}) values (new.rowid, ${values('new')}); end`.execute(db);
    const t0 = performance.now();
    await sql`insert into ${fts}(${fts}) values('rebuild')`.execute(db);
    const ms = Math.round(performance.now() - t0);
    if (ms >= SLOW_BUILD_MS) this.log?.info({ table, columns, ms }, `search index of ${table} built in ${ms} ms`);
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

import { randomBytes } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, DialectName, Db, Row, Tables } from '../db/connect.js';
import { errors } from '../errors.js';
import { modelKey } from './model-names.js';
import type { ModelDefinition, ModelField } from './model-types.js';
import { SearchIndex, type SearchLog } from './search-index.js';

export type SortDir = 'asc' | 'desc';
export interface Filter {
  field: string;
  value: unknown;
}
export interface Sort {
  field: string;
  dir: SortDir;
}
export interface ListQuery {
  fields: string[];
  filters?: Filter[];
  /** A case-insensitive substring searched in the given fields. */
  search?: { fields: string[]; term: string };
  sorts?: Sort[];
  limit?: number;
  offset?: number;
}
export interface LinkItem {
  id: string | number;
  name: string;
  selected: boolean;
}

const MODEL_NAME = /^[A-Z][A-Za-z0-9_]{0,63}$/;
/**
 * The row version column every model table has (records are saved with optimistic concurrency):
 * 1 on insert, one more on every update, in the same statement. No field may take the name
 * (schemas/model.json refuses it). Definition tables keep theirs in their own `version` field.
 */
export const ROW_VERSION = '_version';
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * The most conditions one read of a model is filtered by (a grid's or a select's filters and
 * parameters; the same condition twice counts once). They are ANDed in one statement, and SQLite
 * refuses a statement nested deeper than 1,000 terms: a grid of 3,000 filters answered 500.
 */
export const MAX_QUERY_FILTERS = 500;
/** Filtered counts are cached until the table's version moves; bounded (least recently used go first) so memory stays flat. */
const COUNT_CACHE_LIMIT = 5000;
/** Pages likewise; a page holds at most 1,000 rows, so this bounds the cache's memory. */
const PAGE_CACHE_LIMIT = 500;

export interface PageResult {
  rows: Row[];
  count: number;
}

/** Every table's stats read at one moment (one query), keyed by table name. */
export type StatsSnapshot = ReadonlyMap<string, TableStats>;

export interface TableStats {
  /** null when the table has no stats row yet (then counts are taken). */
  rowCount: number | null;
  version: number;
}

/** The range of an integer id column: PostgreSQL's integer, which SQLite's ids never leave either. */
export const MIN_INT_ID = -2_147_483_648;
export const MAX_INT_ID = 2_147_483_647;

export function tableOf(model: string): string {
  return `t_${modelKey(model)}`;
}

/** The items of a list whose keys are new, in their order: the first of each key is kept. */
function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function newHexId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The model engine: each model is a real SQL table that this class creates and extends, and
 * through which every record is read and written. Field and sort names are checked against
 * the model before they reach SQL; values are always bound parameters.
 */
export class ModelStore {
  private readonly models = new Map<string, ModelDefinition>();
  private readonly countCache = new LRUCache<string, { version: number; count: number }>({ max: COUNT_CACHE_LIMIT });
  private readonly pageCache = new LRUCache<string, PageResult>({ max: PAGE_CACHE_LIMIT });
  /** Models whose rows keep their version in a field of their own (the definition models' `version`). */
  private readonly ownVersion = new Set<string>();
  /** The text indexes that make a grid's search fast (see search-index.ts). */
  private readonly search: SearchIndex;

  constructor(
    private readonly database: Database,
    log?: SearchLog,
  ) {
    this.search = new SearchIndex(database, log);
  }

  get db(): Db {
    return this.database.db;
  }

  names(): string[] {
    return [...this.models.keys()].sort();
  }

  has(name: string): boolean {
    return this.models.has(name);
  }

  get(name: string): ModelDefinition {
    const model = this.models.get(name);
    if (!model) throw errors.notFound(`The model '${name}'`);
    return model;
  }

  /** Marks models that keep their rows' version in their own `version` field (no ROW_VERSION column). */
  keepOwnVersion(names: string[]): void {
    for (const name of names) this.ownVersion.add(name);
  }

  /** The column holding the model's row version. */
  versionColumn(model: ModelDefinition): string {
    return this.ownVersion.has(model.name) ? 'version' : ROW_VERSION;
  }

  field(model: ModelDefinition, name: string): ModelField {
    const f = model.fields.find((x) => x.name === name);
    if (!f) throw errors.invalid(`The model '${model.name}' has no field '${name}'`);
    return f;
  }

  /** Fields stored as columns (link fields live in their through model). */
  columns(model: ModelDefinition): ModelField[] {
    return model.fields.filter((f) => f.type !== 'link');
  }

  /** The field shown for a record in lists and lookups: the first text field. */
  labelField(model: ModelDefinition): string {
    return model.fields.find((f) => f.type === 'text')?.name ?? 'id';
  }

  /** Checks and remembers models without touching the database (used for reload). */
  register(models: ModelDefinition[]): void {
    for (const m of models) {
      if (!MODEL_NAME.test(m.name)) throw errors.invalid(`'${m.name}' is not a valid model name`);
      const seen = new Set<string>();
      for (const f of m.fields) {
        if (!FIELD_NAME.test(f.name) || f.name === 'id' || f.name === ROW_VERSION) {
          throw errors.invalid(`'${f.name}' is not a valid field name in model '${m.name}'`);
        }
        if (seen.has(f.name)) throw errors.invalid(`Model '${m.name}' has the field '${f.name}' twice`);
        seen.add(f.name);
      }
      this.models.set(m.name, m);
    }
    for (const m of models) {
      for (const f of m.fields) {
        if ((f.type === 'reference' || f.type === 'link') && (!f.target || !this.models.has(f.target))) {
          throw errors.invalid(`Field '${m.name}.${f.name}' refers to the unknown model '${f.target ?? ''}'`);
        }
        if (f.type === 'link' && (!f.through || !this.models.has(f.through))) {
          throw errors.invalid(`Link field '${m.name}.${f.name}' needs a known 'through' model`);
        }
      }
    }
  }

  /** Forgets cached counts and pages (after a restore rewrote the tables underneath). */
  forget(): void {
    this.countCache.clear();
    this.pageCache.clear();
  }

  /** Keeps only the named models registered (a restore removed the others' definitions). */
  retain(names: ReadonlySet<string>): void {
    for (const name of [...this.models.keys()]) if (!names.has(name)) this.models.delete(name);
  }

  /** The database's dialect, for SQL that differs between them. */
  get dialect(): DialectName {
    return this.database.dialect;
  }

  /**
   * A copy of this engine that knows the same models and works through `db` (a transaction):
   * what is registered or synced through it reaches neither this engine nor, until `db`
   * commits, the database. A model save is checked and applied there first (model-check.ts).
   */
  scoped(db: Db): ModelStore {
    const copy = new ModelStore({ ...this.database, db, withSchemaLock: (fn) => fn(), lockSchemaIn: async () => undefined });
    for (const [name, m] of this.models) copy.models.set(name, m);
    copy.keepOwnVersion([...this.ownVersion]);
    return copy;
  }

  /** Takes the schema lock inside the transaction `trx` (Database.lockSchemaIn). */
  lockSchemaIn(trx: Db): Promise<void> {
    return this.database.lockSchemaIn(trx);
  }

  /** Creates missing tables, columns, indexes and count triggers. Never drops anything. */
  async sync(models: ModelDefinition[]): Promise<void> {
    this.register(models);
    await this.database.withSchemaLock(async () => {
      for (const m of models) await this.syncTable(m);
      if (this.database.dialect === 'postgres') {
        for (const m of models) await this.syncForeignKeys(m);
      }
    });
  }

  private throughModels(): Set<string> {
    const out = new Set<string>();
    for (const m of this.models.values()) {
      for (const f of m.fields) if (f.type === 'link' && f.through) out.add(f.through);
    }
    return out;
  }

  private columnType(f: ModelField): string {
    const pg = this.database.dialect === 'postgres';
    switch (f.type) {
      case 'number':
        return pg ? 'double precision' : 'real';
      case 'boolean':
        return pg ? 'boolean' : 'integer';
      case 'reference':
        return this.get(f.target ?? '').idtype === 'hex' ? 'text' : 'integer';
      default:
        return 'text';
    }
  }

  /** Whether the table exists in the database (whatever this process has registered). */
  async hasTable(table: string): Promise<boolean> {
    return (await this.existingColumns(table)) !== null;
  }

  private async existingColumns(table: string): Promise<Set<string> | null> {
    const { db, dialect } = this.database;
    if (dialect === 'sqlite') {
      const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
      return rows.rows.length ? new Set(rows.rows.map((r) => r.name)) : null;
    }
    const rows = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
    return rows.rows.length ? new Set(rows.rows.map((r) => r.column_name)) : null;
  }

  private async syncTable(m: ModelDefinition): Promise<void> {
    const { db, dialect } = this.database;
    const table = tableOf(m.name);
    const cascade = this.throughModels().has(m.name);
    const existing = await this.existingColumns(table);
    if (!existing) {
      let create = db.schema.createTable(table).ifNotExists();
      if (m.idtype === 'hex') create = create.addColumn('id', 'text', (c) => c.primaryKey());
      else if (dialect === 'postgres') create = create.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      else create = create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      for (const f of this.columns(m)) {
        create = create.addColumn(f.name, sql.raw(this.columnType(f)), (c) => {
          // SQLite takes foreign keys only at creation; PostgreSQL gets them after all tables exist.
          if (dialect === 'sqlite' && f.type === 'reference') {
            return c.references(`${tableOf(f.target ?? '')}.id`).onDelete(cascade ? 'cascade' : 'restrict');
          }
          return c;
        });
      }
      if (this.versionColumn(m) === ROW_VERSION) create = create.addColumn(ROW_VERSION, 'integer', (c) => c.notNull().defaultTo(1));
      await create.execute();
    } else {
      for (const f of this.columns(m)) {
        if (existing.has(f.name)) continue;
        await db.schema.alterTable(table).addColumn(f.name, sql.raw(this.columnType(f))).execute();
      }
      // Tables made before rows had versions: every row starts at 1.
      if (this.versionColumn(m) === ROW_VERSION && !existing.has(ROW_VERSION)) {
        await db.schema.alterTable(table).addColumn(ROW_VERSION, 'integer', (c) => c.notNull().defaultTo(1)).execute();
      }
    }
    for (const f of this.columns(m)) {
      if (f.unique) {
        await db.schema.createIndex(`${table}__${f.name}__uq`).ifNotExists().unique().on(table).column(f.name).execute();
      } else if (f.type === 'reference') {
        await db.schema.createIndex(`${table}__${f.name}__ix`).ifNotExists().on(table).column(f.name).execute();
      }
    }
    await this.syncStats(table);
    await this.search.sync(table, this.columns(m).map((f) => f.name), this.searchColumns(m));
  }

  /** The columns a search can look in: text, date and datetime fields (see whereOf). */
  private searchColumns(m: ModelDefinition): string[] {
    return this.columns(m)
      .filter((f) => f.type === 'text' || f.type === 'date' || f.type === 'datetime')
      .map((f) => f.name);
  }

  /** Drops a model table's search index (FTS table and triggers; PostgreSQL: trigram indexes): for deleting a model. */
  async dropSearchIndex(table: string): Promise<void> {
    await this.search.drop(table);
  }

  /** Forgets a search index dropped through another engine (a scoped copy, in a transaction that has committed). */
  forgetSearchIndex(table: string): void {
    this.search.forget(table);
  }

  /**
   * Indexes `(field, id)` for each given field, so a grid's sort, and a header click on any of
   * its columns, walks an index instead of sorting the whole table on every page. Fields that
   * are unknown or not sortable (json, password, link) are left to the grid's own validation.
   */
  async ensureSortIndexes(modelName: string, fields: string[]): Promise<void> {
    const model = this.models.get(modelName);
    if (!model) return;
    const table = tableOf(model.name);
    const sortable = [...new Set(fields)].filter((name) => {
      const f = model.fields.find((x) => x.name === name);
      return f !== undefined && !['json', 'password', 'link'].includes(f.type);
    });
    if (!sortable.length) return;
    await this.database.withSchemaLock(async () => {
      for (const name of sortable) {
        await this.db.schema.createIndex(`${table}__${name}__sx`).ifNotExists().on(table).columns([name, 'id']).execute();
      }
    });
  }

  private async syncForeignKeys(m: ModelDefinition): Promise<void> {
    const { db } = this.database;
    const table = tableOf(m.name);
    const cascade = this.throughModels().has(m.name);
    for (const f of this.columns(m)) {
      if (f.type !== 'reference') continue;
      const name = `${table}__${f.name}__fk`;
      const found = await sql`select 1 from pg_constraint where conname = ${name} and connamespace = current_schema()::regnamespace`.execute(db);
      if (found.rows.length) continue;
      await db.schema
        .alterTable(table)
        .addForeignKeyConstraint(name, [f.name], tableOf(f.target ?? ''), ['id'], (c) =>
          c.onDelete(cascade ? 'cascade' : 'restrict'),
        )
        .execute();
    }
  }

  private async syncStats(table: string): Promise<void> {
    const { db, dialect } = this.database;
    const has = await db.selectFrom('sys_table_stats').select('tbl').where('tbl', '=', table).executeTakeFirst();
    if (!has) {
      const counted = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      await db
        .insertInto('sys_table_stats')
        .values({ tbl: table, row_count: Number(counted?.n ?? 0), version: 0 })
        .execute();
    }
    if (dialect === 'sqlite') {
      const t = sql.id(table);
      const lit = sql.lit(table);
      await sql`create trigger if not exists ${sql.id(`${table}__ins`)} after insert on ${t} begin
        update sys_table_stats set row_count = row_count + 1, version = version + 1 where tbl = ${lit}; end`.execute(db);
      await sql`create trigger if not exists ${sql.id(`${table}__del`)} after delete on ${t} begin
        update sys_table_stats set row_count = row_count - 1, version = version + 1 where tbl = ${lit}; end`.execute(db);
      await sql`create trigger if not exists ${sql.id(`${table}__upd`)} after update on ${t} begin
        update sys_table_stats set version = version + 1 where tbl = ${lit}; end`.execute(db);
    } else {
      const name = `${table}__stats`;
      // Trigger names are unique per table, not per database: look in this schema only.
      const found = await sql`
        select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
      if (!found.rows.length) {
        await sql`create trigger ${sql.id(name)} after insert or update or delete on ${sql.id(table)}
          for each row execute function sys_stats_bump()`.execute(db);
      }
    }
  }

  // ---- values ----

  /** Turns an API value into what the column stores; throws a clear 400 when it cannot. */
  encode(model: ModelDefinition, f: ModelField, value: unknown): unknown {
    // Empty text is kept as typed (a definition's empty title reads back empty), except in a
    // unique field, where two empty values must not collide.
    if (value === '' && f.type === 'text' && !f.unique) return '';
    if (value === null || value === undefined || value === '') {
      // An unticked box sends nothing or '', and means false; an explicit null stays unset, so a
      // definition without a flag reads back without it.
      if (f.type === 'boolean' && value !== null) return this.database.dialect === 'postgres' ? false : 0;
      return null;
    }
    const bad = (what: string) =>
      errors.invalid(`${f.label ?? f.name} must be ${what}`, [{ pointer: `/${f.name}`, message: `must be ${what}` }]);
    switch (f.type) {
      case 'number': {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n)) throw bad('a number');
        return n;
      }
      case 'boolean': {
        const b = value === true || value === 1 || value === 'true' || value === '1';
        if (!b && !(value === false || value === 0 || value === 'false' || value === '0')) throw bad('true or false');
        return this.database.dialect === 'postgres' ? b : b ? 1 : 0;
      }
      case 'json':
        return JSON.stringify(value);
      case 'date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value.slice(0, 10)))) {
          throw bad('a date (YYYY-MM-DD)');
        }
        return value.slice(0, 10);
      case 'datetime':
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad('a date and time');
        return value;
      case 'reference': {
        const target = this.get(f.target ?? '');
        if (target.idtype === 'hex') {
          if (typeof value !== 'string' || !/^[0-9a-f]{32}$/.test(value)) throw bad('a record id');
          return value;
        }
        const n = Number(value);
        // The target's id column is a 32-bit integer (PostgreSQL's integer): nothing beyond it exists.
        if (!Number.isSafeInteger(n) || n < MIN_INT_ID || n > MAX_INT_ID) throw bad('a record id');
        return n;
      }
      default:
        if (typeof value === 'object') throw bad('text');
        return String(value);
    }
  }

  /** Turns a stored row back into API values (booleans, JSON); password fields are dropped. */
  decode(model: ModelDefinition, row: Row): Row {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === 'id') {
        out.id = value;
        continue;
      }
      if (key === ROW_VERSION) {
        out[ROW_VERSION] = Number(value);
        continue;
      }
      const f = model.fields.find((x) => x.name === key);
      if (!f || f.type === 'password') continue;
      if (value === null || value === undefined) out[key] = null;
      else if (f.type === 'boolean') out[key] = value === true || value === 1;
      else if (f.type === 'json') out[key] = JSON.parse(String(value));
      else out[key] = value;
    }
    return out;
  }

  /** Each name must be a field of the model; a sort or a filter also needs a column, which a link field has not. */
  private checkFields(model: ModelDefinition, names: string[], needColumns = false): void {
    for (const n of names) {
      if (n === 'id' || (n === ROW_VERSION && !needColumns)) continue;
      const f = this.field(model, n);
      if (needColumns && f.type === 'link') {
        throw errors.invalid(`'${model.name}.${n}' is a link field: nothing can be sorted or filtered by it`, [{ pointer: `/${n.slice(0, 64)}`, message: 'is a link field' }]);
      }
    }
  }

  private whereOf(model: ModelDefinition, q: Pick<ListQuery, 'filters' | 'search'>) {
    const filters = distinct(q.filters ?? [], (f) => JSON.stringify([f.field, f.value]));
    if (filters.length > MAX_QUERY_FILTERS) {
      throw errors.invalid(`A list of ${model.name} records may be filtered by at most ${MAX_QUERY_FILTERS} conditions; this one has ${filters.length}`, [
        { pointer: '/filters', message: `at most ${MAX_QUERY_FILTERS} conditions` },
      ]);
    }
    // A column searched twice is searched once (a grid may show a field in several columns).
    const search = q.search && q.search.term.trim() !== '' ? { ...q.search, fields: [...new Set(q.search.fields)] } : undefined;
    this.checkFields(model, filters.map((f) => f.field), true);
    if (search) this.checkFields(model, search.fields);
    return (eb: ExpressionBuilder<Tables, string>): Expression<SqlBool> => {
      const parts: Expression<SqlBool>[] = filters.map((f) => {
        const value = f.field === 'id' ? f.value : this.encode(model, this.field(model, f.field), f.value);
        return value === null ? eb(f.field, 'is', null) : eb(f.field, '=', value);
      });
      if (search) {
        const searchable = search.fields.filter((n) => {
          const t = n === 'id' ? 'number' : this.field(model, n).type;
          return t === 'text' || t === 'date' || t === 'datetime';
        });
        parts.push(searchable.length ? this.search.condition(tableOf(model.name), searchable, search.term.trim()) : sql<SqlBool>`1 = 0`);
      }
      return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
    };
  }

  async list(modelName: string, q: ListQuery): Promise<Row[]> {
    const model = this.get(modelName);
    const fields = q.fields.filter((n) => n === 'id' || this.field(model, n).type !== 'link');
    this.checkFields(model, fields);
    // A field sorted by twice sorts by its first direction: the later ones could change nothing.
    const sorts = distinct(q.sorts ?? [], (s) => s.field);
    this.checkFields(model, sorts.map((s) => s.field), true);
    // id last makes every order total, so pages never repeat or skip a row.
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    let query = this.db
      .selectFrom(tableOf(model.name))
      .select([...new Set(['id', ...fields])])
      .where(this.whereOf(model, q));
    for (const s of sorts) query = query.orderBy(s.field, s.dir);
    if (q.limit !== undefined) query = query.limit(q.limit);
    if (q.offset) query = query.offset(q.offset);
    const rows = await query.execute();
    return rows.map((r) => this.decode(model, r));
  }

  /**
   * A page of rows and the total count. The count of the whole table is kept by triggers;
   * a filtered count is cached until the table changes. Pages past the middle are read
   * backwards from the end, so the last page costs what the first does.
   */
  /**
   * A page of rows and the total count. The count of the whole table is kept by triggers;
   * a filtered count is cached until the table changes. Pages past the middle are read
   * backwards from the end, so the last page costs what the first does. A page itself is
   * cached until its table's version moves (every write bumps it, in any server process), so
   * the same page asked again costs one look-up; the answer is the same object, which lets
   * the route keep its serialised JSON beside it.
   */
  async page(modelName: string, q: ListQuery, page: number, size: number, snapshot?: StatsSnapshot): Promise<PageResult> {
    const model = this.get(modelName);
    const stats = snapshot?.get(tableOf(model.name)) ?? (await this.stats(tableOf(model.name)));
    const key = `${model.name}\u0000${stats.version}\u0000${page}\u0000${size}\u0000${JSON.stringify([q.fields, q.filters, q.search, q.sorts])}`;
    const cached = this.pageCache.get(key);
    if (cached) return cached;
    const result = await this.readPage(modelName, q, page, size, stats);
    this.pageCache.set(key, result);
    return result;
  }

  private async readPage(modelName: string, q: ListQuery, page: number, size: number, stats: TableStats): Promise<PageResult> {
    const count = await this.count(modelName, q, stats);
    const offset = page * size;
    if (offset >= count) return { rows: [], count };
    if (offset <= count / 2) return { rows: await this.list(modelName, { ...q, limit: size, offset }), count };
    const sorts = [...(q.sorts ?? [])];
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    const reversed = sorts.map((s): Sort => ({ field: s.field, dir: s.dir === 'asc' ? 'desc' : 'asc' }));
    const end = Math.min(offset + size, count);
    const rows = await this.list(modelName, { ...q, sorts: reversed, limit: end - offset, offset: count - end });
    return { rows: rows.reverse(), count };
  }

  /**
   * The stats of every table in one query. Their versions move with every write in any
   * server process, so a request that reads them once can trust its per-process caches
   * (definitions, pages) without asking the database about each.
   */
  async snapshot(): Promise<StatsSnapshot> {
    const rows = await this.db.selectFrom('sys_table_stats').select(['tbl', 'row_count', 'version']).execute();
    return new Map(rows.map((r) => [String(r.tbl), { rowCount: Number(r.row_count), version: Number(r.version) }]));
  }

  /** The row count and write version of a table, kept by triggers. */
  private async stats(table: string): Promise<TableStats> {
    const row = await this.db.selectFrom('sys_table_stats').select(['row_count', 'version']).where('tbl', '=', table).executeTakeFirst();
    return row ? { rowCount: Number(row.row_count), version: Number(row.version) } : { rowCount: null, version: -1 };
  }

  async count(modelName: string, q: Pick<ListQuery, 'filters' | 'search'> = {}, known?: TableStats): Promise<number> {
    const model = this.get(modelName);
    const table = tableOf(model.name);
    const stats = known ?? (await this.stats(table));
    const filtered = (q.filters?.length ?? 0) > 0 || (q.search?.term.trim() ?? '') !== '';
    if (stats.rowCount !== null && !filtered) return stats.rowCount;
    const key = `${table}\u0000${JSON.stringify([q.filters ?? [], q.search ?? null])}`;
    const cached = this.countCache.get(key);
    if (cached && cached.version === stats.version) return cached.count;
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(this.whereOf(model, q))
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    this.countCache.set(key, { version: stats.version, count });
    return count;
  }

  async get1(modelName: string, id: unknown, fields?: string[]): Promise<Row | undefined> {
    const model = this.get(modelName);
    const cols = fields ?? this.columns(model).map((f) => f.name);
    this.checkFields(model, cols);
    const row = await this.db
      .selectFrom(tableOf(model.name))
      .select([...new Set(['id', ...cols.filter((n) => n === 'id' || n === ROW_VERSION || this.field(model, n).type !== 'link')])])
      .where('id', '=', this.idValue(model, id))
      .executeTakeFirst();
    return row ? this.decode(model, row) : undefined;
  }

  /** Reads raw stored values (password hashes included): for the server's own use only. */
  async getRaw(modelName: string, where: Filter): Promise<Row | undefined> {
    const model = this.get(modelName);
    if (where.field !== 'id') this.field(model, where.field);
    return this.db
      .selectFrom(tableOf(model.name))
      .selectAll()
      .where(where.field, '=', where.field === 'id' ? this.idValue(model, where.value) : where.value)
      .executeTakeFirst();
  }

  idValue(model: ModelDefinition, id: unknown): string | number {
    if (model.idtype === 'hex') {
      if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
      return id;
    }
    const n = Number(id);
    // Integer ids are 32-bit on every database (PostgreSQL's integer): beyond that no record exists.
    if (!Number.isSafeInteger(n) || n < MIN_INT_ID || n > MAX_INT_ID) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
    return n;
  }

  /** Encodes values (already hashed where they are passwords) keyed by field name. */
  private encodeAll(model: ModelDefinition, values: Row): Row {
    const out: Row = {};
    for (const [key, value] of Object.entries(values)) {
      const f = this.field(model, key);
      if (f.type === 'link') continue;
      out[key] = this.encode(model, f, value);
    }
    return out;
  }

  async insert(modelName: string, values: Row, db: Db = this.db): Promise<string | number> {
    const model = this.get(modelName);
    const row = this.encodeAll(model, values);
    if (model.idtype === 'hex') row.id = typeof values.id === 'string' && /^[0-9a-f]{32}$/.test(values.id) ? values.id : newHexId();
    for (const f of this.columns(model)) {
      if (row[f.name] === undefined && f.default !== undefined && f.default !== null) {
        row[f.name] = this.encode(model, f, f.default);
      }
    }
    if (this.versionColumn(model) === ROW_VERSION) row[ROW_VERSION] = 1;
    try {
      const out = await db.insertInto(tableOf(model.name)).values(row).returning('id').executeTakeFirstOrThrow();
      return out.id as string | number;
    } catch (e) {
      throw this.translate(model, e);
    }
  }

  /**
   * Updates a record and moves its version on by one, in one statement. Given `expected`, only
   * a record still at that version is changed. Answers whether a row was changed.
   */
  async update(modelName: string, id: unknown, values: Row, db: Db = this.db, expected?: number): Promise<boolean> {
    const model = this.get(modelName);
    const row = this.encodeAll(model, values);
    const version = this.versionColumn(model);
    try {
      let query = db
        .updateTable(tableOf(model.name))
        .set({ ...row, [version]: sql`${sql.ref(version)} + 1` })
        .where('id', '=', this.idValue(model, id));
      if (expected !== undefined) query = query.where(version, '=', expected);
      const res = await query.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    } catch (e) {
      throw this.translate(model, e);
    }
  }

  async delete(modelName: string, id: unknown, db: Db = this.db): Promise<boolean> {
    const model = this.get(modelName);
    try {
      const res = await db.deleteFrom(tableOf(model.name)).where('id', '=', this.idValue(model, id)).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    } catch (e) {
      throw this.translate(model, e);
    }
  }

  /**
   * Deletes the rows matching the filters in one statement inside a transaction: all of them
   * or, when one cannot go (a record elsewhere refers to it), none. Answers how many went.
   */
  async deleteWhere(modelName: string, filters: Filter[]): Promise<number> {
    const model = this.get(modelName);
    const where = this.whereOf(model, { filters });
    try {
      return await this.db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom(tableOf(model.name)).where(where).executeTakeFirst();
        return Number(res.numDeletedRows);
      });
    } catch (e) {
      throw this.translate(model, e);
    }
  }

  /** Deletes every row; the whole table's count is reset in the same transaction. */
  async clear(modelName: string): Promise<void> {
    const model = this.get(modelName);
    const table = tableOf(model.name);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom(table).execute();
        await trx.updateTable('sys_table_stats').set({ row_count: 0 }).where('tbl', '=', table).execute();
      });
    } catch (e) {
      throw this.translate(model, e);
    }
  }

  // ---- link fields (many-to-many through a link model) ----

  private linkParts(model: ModelDefinition, linkName: string) {
    const f = this.field(model, linkName);
    if (f.type !== 'link') throw errors.invalid(`'${model.name}.${linkName}' is not a link field`);
    const target = this.get(f.target ?? '');
    const through = this.get(f.through ?? '');
    const refs = through.fields.filter((x) => x.type === 'reference');
    const self = model.name === target.name;
    const sourceRef = refs.find((x) => x.target === model.name);
    const targetRef = self ? refs.filter((x) => x.target === target.name)[1] : refs.find((x) => x.target === target.name);
    if (!sourceRef || !targetRef) {
      throw errors.invalid(`The link model '${through.name}' needs reference fields to '${model.name}' and '${target.name}'`);
    }
    return { target, through, sourceRef: sourceRef.name, targetRef: targetRef.name };
  }

  /** Every record of the link's target, marked selected when linked to the given record. */
  async linkItems(modelName: string, linkName: string, id: unknown | null): Promise<LinkItem[]> {
    const model = this.get(modelName);
    const { target, through, sourceRef, targetRef } = this.linkParts(model, linkName);
    const label = this.labelField(target);
    const all = await this.db
      .selectFrom(tableOf(target.name))
      .select(['id', label])
      .orderBy(label)
      .orderBy('id')
      .execute();
    const chosen = new Set<string>();
    if (id !== null) {
      const rows = await this.db
        .selectFrom(tableOf(through.name))
        .select(targetRef)
        .where(sourceRef, '=', this.idValue(model, id))
        .execute();
      for (const r of rows) chosen.add(String(r[targetRef]));
    }
    return all.map((r) => ({
      id: r.id as string | number,
      name: String(r[label] ?? r.id),
      selected: chosen.has(String(r.id)),
    }));
  }

  /**
   * Replaces the record's links with the given target ids, in one transaction, and moves the
   * record's version on (its links are part of what a form edits).
   */
  async setLinks(modelName: string, linkName: string, id: unknown, targetIds: unknown[]): Promise<void> {
    const model = this.get(modelName);
    const sourceId = this.idValue(model, id);
    if (!(await this.get1(model.name, sourceId, []))) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
    await this.db.transaction().execute(async (trx) => {
      await this.writeLinks(trx, modelName, linkName, sourceId, targetIds);
      await this.update(modelName, sourceId, {}, trx);
    });
  }

  /**
   * Replaces the record's links through `db` (the caller's transaction): every target id must be
   * a record of the link's target, else 400 naming the field, and nothing is written.
   */
  async writeLinks(db: Db, modelName: string, linkName: string, id: unknown, targetIds: unknown[]): Promise<void> {
    const model = this.get(modelName);
    const { target, through, sourceRef, targetRef } = this.linkParts(model, linkName);
    const sourceId = this.idValue(model, id);
    const unknown = (t: unknown) =>
      errors.invalid(`${this.field(model, linkName).label ?? linkName}: there is no ${target.name} record '${String(t).slice(0, 64)}'`, [
        { pointer: `/${linkName}`, message: `holds an id that is not a ${target.name} record` },
      ]);
    const ids = [
      ...new Set(
        targetIds.map((t) => {
          try {
            return this.idValue(target, t);
          } catch {
            throw unknown(t);
          }
        }),
      ),
    ];
    try {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const found = await db.selectFrom(tableOf(target.name)).select('id').where('id', 'in', chunk).execute();
        const have = new Set(found.map((r) => String(r.id)));
        const missing = chunk.find((t) => !have.has(String(t)));
        if (missing !== undefined) throw unknown(missing);
      }
      await db.deleteFrom(tableOf(through.name)).where(sourceRef, '=', sourceId).execute();
      for (const t of ids) {
        await db.insertInto(tableOf(through.name)).values({ [sourceRef]: sourceId, [targetRef]: t }).execute();
      }
    } catch (e) {
      throw this.translate(through, e);
    }
  }

  /** Database constraint errors become 409s that name the field. */
  private translate(model: ModelDefinition, e: unknown): unknown {
    if (!(e instanceof Error)) return e;
    const code = (e as { code?: string }).code ?? '';
    const label = (name: string | undefined) => model.fields.find((f) => f.name === name)?.label ?? name ?? 'value';
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
      // A unique index on an expression (user-identity.ts: lower(trim(user))) names no column:
      // its name does, `<table>__<field>__uq` or `__ci`.
      const index = (e as { constraint?: string }).constraint ?? /index '([^']+)'/.exec(e.message)?.[1];
      const table = tableOf(model.name);
      const indexed = model.fields.find((f) => index === `${table}__${f.name}__uq` || index === `${table}__${f.name}__ci`)?.name;
      const name = indexed ?? /\.(\w+)$/.exec(e.message)?.[1] ?? /Key \((\w+)\)/.exec((e as { detail?: string }).detail ?? '')?.[1];
      return errors.conflict(`Another ${model.name} record already has this ${label(name)}`);
    }
    // A multi-row delete in a transaction reports a foreign key as SQLITE_CONSTRAINT_TRIGGER.
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503' || (code.startsWith('SQLITE_CONSTRAINT') && /FOREIGN KEY/.test(e.message))) {
      return errors.conflict(`The ${model.name} record is referenced by, or refers to, a record that does not allow this change`);
    }
    if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') {
      return errors.invalid(`A required value of ${model.name} is missing`);
    }
    return e;
  }
}

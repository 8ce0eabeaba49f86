import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, DialectName, Db, Row } from '../db/connect.js';
import { BulkLoad, type LoadPlan } from './bulk-load.js';
import { errors } from '../core/errors.js';
import { ModelRegistry, newHexId, ROW_VERSION, tableOf } from './model-registry.js';
import type { ModelDefinition, ModelField } from './model-types.js';
import { RecordLinks, type LinkItem } from './record-links.js';
import { labelSortField, planLabel, type LabelColumn } from './record-labels.js';
import { RecordQueries, type Filter, type ListQuery, type PageResult, type StatsSnapshot, type TableStats } from './record-queries.js';
import { addFilledColumn, dropColumn, fieldIndexes, fillColumn, fillReplacement, renameColumn, replaceColumn, replacementName, REPLACEMENT_MARK, swapReplacement } from './column-change.js';
import { columnType, dropTableStats, ensureSortIndexes, existingColumns, numericColumns, searchColumns, syncColumns, syncForeignKeys, syncTableStats } from './schema-sync.js';
import { SEARCHED_TYPES, SearchIndex, type SearchLog } from './search-index.js';
import { conversionSetup, convertedSql, defineSqliteConversion, isEmptySql } from './value-conversion.js';
import { decodeRow, idValueOf, translateDbError, ValueCodec } from './value-codec.js';
import { auditStamp } from './audit-columns.js';
import { dropHistoryTriggers, recordConversion, syncHistoryTriggers } from './history-triggers.js';
import { dropAutomationTriggers, syncAutomationTriggers } from './automation-triggers.js';

// What callers import from here, wherever it now lives.
export { MAX_INT_ID, MIN_INT_ID, newHexId, ROW_VERSION, tableOf } from './model-registry.js';
export { MAX_QUERY_FILTERS } from './record-queries.js';
export type { Filter, ListQuery, PageResult, Sort, SortDir, StatsSnapshot, TableStats } from './record-queries.js';
export type { LinkItem } from './record-links.js';
export type { BulkLoad, LoadPlan } from './bulk-load.js';

/**
 * The model engine: each model is a real SQL table that this class creates and extends, and
 * through which every record is read and written. Field and sort names are checked against
 * the model before they reach SQL; values are always bound parameters.
 *
 * The one class callers use; its jobs live beside it: the known models (model-registry.ts),
 * tables and their triggers (schema-sync.ts), values in and out (value-codec.ts), lists, counts
 * and cached pages (record-queries.ts), link fields (record-links.ts) and a restore's bulk load
 * (bulk-load.ts). Record writes are here.
 */
/** A write about to happen, as ModelStore.beforeWrite sees it. */
export interface PendingWrite {
  model: ModelDefinition;
  action: 'insert' | 'update';
  /** An update's record id. */
  id?: unknown;
  /** The values to be written (decoded, as a form sends them); the hook may set more. */
  values: Row;
  /** The write's connection or transaction. */
  db: Db;
}
export type BeforeWrite = (write: PendingWrite) => Promise<Row>;

export class ModelStore {
  /** The text indexes that make a grid's search fast (see search-index.ts). */
  private readonly search: SearchIndex;
  private readonly codec: ValueCodec;
  private readonly queries: RecordQueries;
  private readonly links: RecordLinks;
  /** The models an enabled after-trigger of an automation watches (automation-triggers.ts); a scoped copy shares it. */
  private watched: ReadonlySet<string> = new Set();
  /**
   * Called before each insert and update with the record as it will be written (and, for an
   * update, its stored values read in the write's transaction): the automations' before-triggers
   * (ops/automations), which may refuse the write or set its fields. Set by the server.
   */
  beforeWrite: BeforeWrite | null = null;

  constructor(
    private readonly database: Database,
    log?: SearchLog,
    /** The models known; a scoped copy starts with a copy of its parent's. */
    private readonly registry = new ModelRegistry(),
  ) {
    this.search = new SearchIndex(database, log);
    this.codec = new ValueCodec(registry, database.dialect);
    this.queries = new RecordQueries(database, registry, this.codec, this.search);
    this.links = new RecordLinks(database, registry);
    if (database.defineFunction) defineSqliteConversion(database.defineFunction, this.codec);
  }

  get db(): Db {
    return this.database.db;
  }

  /** The database's dialect, for SQL that differs between them. */
  get dialect(): DialectName {
    return this.database.dialect;
  }

  // ---- the known models (model-registry.ts) ----

  names(): string[] {
    return this.registry.names();
  }

  has(name: string): boolean {
    return this.registry.has(name);
  }

  /** The model as records are read: its fields, then the audit fields when its table keeps them. */
  get(name: string): ModelDefinition {
    return this.registry.get(name);
  }

  /** The model, or undefined when none of that name is registered (what filter and model checks look names up with). */
  find(name: string): ModelDefinition | undefined {
    return this.registry.find(name);
  }

  /**
   * The model as defined, without the audit fields get() and find() add (src/shared/audit-fields.ts):
   * for comparing with a stored definition and checking a model's own fields.
   */
  definitionOf(name: string): ModelDefinition | undefined {
    return this.registry.definition(name);
  }

  /** Whether the model's table keeps the audit columns (every one but the definition tables). */
  audited(model: { name: string }): boolean {
    return this.registry.audited(model);
  }

  /** Marks models that keep their rows' version in their own `version` field (no ROW_VERSION column). */
  keepOwnVersion(names: string[]): void {
    this.registry.keepOwnVersion(names);
  }

  /** The column holding the model's row version. */
  versionColumn(model: ModelDefinition): string {
    return this.registry.versionColumn(model);
  }

  field(model: ModelDefinition, name: string): ModelField {
    return this.registry.field(model, name);
  }

  /** Fields stored as columns (link fields live in their through model). */
  columns(model: ModelDefinition): ModelField[] {
    return this.registry.columns(model);
  }

  /** The field shown for a record in lists and lookups: the first text field. */
  labelField(model: ModelDefinition): string {
    return this.registry.labelField(model);
  }

  /** Checks and remembers models without touching the database (used for reload). */
  register(models: ModelDefinition[]): void {
    this.registry.register(models);
  }

  /** Forgets cached counts and pages (after a restore rewrote the tables underneath). */
  forget(): void {
    this.queries.forget();
  }

  /** Keeps only the named models registered (a restore removed the others' definitions). */
  retain(names: ReadonlySet<string>): void {
    this.registry.retain(names);
  }

  /**
   * A copy of this engine that knows the same models and works through `db` (a transaction):
   * what is registered or synced through it reaches neither this engine nor, until `db`
   * commits, the database. A model save is checked and applied there first (model-check.ts).
   */
  scoped(db: Db): ModelStore {
    // The conversion function is the parent's, on the same connection.
    const database: Database = { ...this.database, db, withSchemaLock: (fn) => fn(), lockSchemaIn: async () => undefined, defineFunction: undefined };
    const scoped = new ModelStore(database, undefined, this.registry.copy());
    scoped.watched = this.watched;
    scoped.beforeWrite = this.beforeWrite;
    return scoped;
  }

  /** Takes the schema lock inside the transaction `trx` (Database.lockSchemaIn). */
  lockSchemaIn(trx: Db): Promise<void> {
    return this.database.lockSchemaIn(trx);
  }

  // ---- tables (schema-sync.ts) ----

  /** Creates missing tables, columns, indexes and count triggers. Never drops anything. */
  async sync(given: ModelDefinition[]): Promise<void> {
    const models = given.map((m) => ModelRegistry.defined(m));
    this.register(models);
    await this.database.withSchemaLock(async () => {
      for (const m of models) {
        const table = tableOf(m.name);
        await syncColumns(this.database, this.registry, m);
        await this.syncStats(table);
        await syncHistoryTriggers(this.database, this.registry, m);
        // A watched model's triggers follow its columns; an unwatched one has none to drop (watchAutomations drops them when it leaves).
        if (this.watched.has(m.name)) await syncAutomationTriggers(this.database, this.registry, this.get(m.name), true);
        await this.search.sync(table, this.columns(m).map((f) => f.name), searchColumns(this.registry, m), numericColumns(this.registry, m));
      }
      if (this.database.dialect === 'postgres') {
        for (const m of models) await syncForeignKeys(this.database, this.registry, m);
      }
    });
  }

  /**
   * Which models the automations' after-triggers watch now: those that join get their triggers,
   * those that leave lose them, under the schema lock.
   */
  async watchAutomations(models: ReadonlySet<string>): Promise<void> {
    const known = new Set([...models].filter((name) => this.registry.has(name)));
    const before = this.watched;
    this.watched = known;
    const changed = [...new Set([...before, ...known])].filter((name) => before.has(name) !== known.has(name) && this.registry.has(name));
    if (!changed.length) return;
    await this.database.withSchemaLock(async () => {
      for (const name of changed) await syncAutomationTriggers(this.database, this.registry, this.get(name), known.has(name));
    });
  }

  /** One step of sync, a method of its own so a test can make it fail (tests/api/model-safety.test.ts). */
  private async syncStats(table: string): Promise<void> {
    await syncTableStats(this.database, table);
  }

  /** Whether the table exists in the database (whatever this process has registered). */
  async hasTable(table: string): Promise<boolean> {
    return (await existingColumns(this.database, table)) !== null;
  }

  /**
   * Drops a model's table with everything the engine keeps for it: its search index, the table
   * (its indexes and triggers go with it) and its sys_table_stats row. For deleting a model,
   * through a scoped copy (the deletion's transaction).
   */
  async dropTable(table: string): Promise<void> {
    await this.search.drop(table);
    await this.db.schema.dropTable(table).ifExists().execute();
    await dropTableStats(this.database, table);
  }

  /**
   * Drops the replacement columns (column-change.ts, replacementName) that a PostgreSQL type
   * change left in the models' tables when its process ended between adding one and committing
   * or dropping it: empty, and no field's (their names hold a `#`). At start-up.
   */
  async dropLeftoverReplacements(models: ModelDefinition[]): Promise<void> {
    await this.database.withSchemaLock(async () => {
      for (const m of models) {
        const table = tableOf(m.name);
        for (const column of (await existingColumns(this.database, table)) ?? []) {
          if (column.includes(REPLACEMENT_MARK)) await dropColumn(this.database, table, column);
        }
      }
    });
  }

  /** Forgets a search index dropped through another engine (a scoped copy, in a transaction that has committed). */
  forgetSearchIndex(table: string): void {
    this.search.forget(table);
  }

  /**
   * What a model change does to a table besides adding (column-change.ts), for a scoped copy
   * working in the change's transaction. On SQLite each column's FTS table (search-index.ts)
   * follows its column: dropped before the column is dropped or replaced (its triggers name it)
   * and built again by the sync that follows, renamed with it. PostgreSQL's search index is an
   * index per column, renamed and dropped with its column.
   */
  get columnChanges() {
    const database = this.database;
    const search = this.search;
    const { dialect } = database;
    /** The rows holding a value of `from` in `column` (the others stay empty), and those values converted to `to`. */
    const conversion = (from: ModelField, to: ModelField, column: string) => ({
      converted: convertedSql(dialect, from, to, column),
      valued: sql`not ${isEmptySql(from, column)}`,
    });
    const setup = async () => {
      const made = conversionSetup(dialect);
      if (made) await made.execute(database.db);
    };
    const registry = this.registry;
    /** The conversion's history entries (history-triggers.ts), before its UPDATE. */
    const recordConverted = async (table: string, from: ModelField, to: ModelField, column: string, converted: RawBuilder<unknown>, valued: RawBuilder<unknown>) => {
      const model = registry.definition(registry.names().find((n) => tableOf(n) === table) ?? '');
      if (!model) return;
      const excluded = new Set(model.history?.exclude ?? []);
      const keptOut = from.type === 'password' || to.type === 'password' || excluded.has(from.name) || excluded.has(to.name);
      await recordConversion(database, model, to.name, column, converted, valued, keptOut);
    };
    // SQLite: a trigger naming a column would stop it being dropped; the sync after the change makes them again.
    const dropTriggers = async (table: string) => {
      if (dialect === 'sqlite') {
        await dropHistoryTriggers(database, table);
        await dropAutomationTriggers(database, table);
      }
    };
    return {
      rename: async (table: string, from: string, to: string) => {
        await dropTriggers(table);
        await renameColumn(database, table, from, to);
        await search.renameColumn(table, from, to);
      },
      drop: async (table: string, field: string) => {
        await search.dropColumn(table, field);
        await dropTriggers(table);
        await dropColumn(database, table, field);
      },
      /**
       * SQLite: replaces a retyped field's column in the change's transaction (replaceColumn).
       * `from` is the field as it was, its column already named as `to` (renames come first);
       * `version` the row version column whose value moves on in the rows converted.
       */
      replace: async (table: string, from: ModelField, to: ModelField, version: string | null) => {
        await search.dropColumn(table, to.name);
        await setup();
        const { converted, valued } = conversion(from, to, to.name);
        await dropTriggers(table);
        await recordConverted(table, from, to, to.name, converted, valued);
        await replaceColumn(database, table, to.name, columnType(this.registry, database, to), converted, valued, version);
      },
      /** PostgreSQL, first step of a type change (its own committed transaction): the empty column of the new type. */
      addReplacement: async (table: string, to: ModelField): Promise<string> => {
        const temp = await replacementName(database, table, to.name);
        await sql`alter table ${sql.id(table)} add column ${sql.id(temp)} ${sql.raw(columnType(this.registry, database, to))}`.execute(database.db);
        return temp;
      },
      /**
       * PostgreSQL, second step (in the change's transaction, which holds a SHARE lock on the
       * table: reads go on, writes wait): the converted values of `from`'s column (as it is
       * named still) written into `temp`, and the indexes the field will have made on it.
       */
      fillReplacement: async (table: string, from: ModelField, to: ModelField, temp: string, version: string | null) => {
        await setup();
        const { converted, valued } = conversion(from, to, from.name);
        await recordConverted(table, from, to, from.name, converted, valued);
        await fillReplacement(database, table, temp, converted, valued, version);
        const t = sql.id(table);
        const c = sql.id(temp);
        if (to.unique) await sql`create unique index ${sql.id(`${table}__${temp}__uq`)} on ${t} (${c})`.execute(database.db);
        if ((await fieldIndexes(database, table, from.name)).some((ix) => ix.name === `${table}__${from.name}__sx`)) {
          await sql`create index ${sql.id(`${table}__${temp}__sx`)} on ${t} (${c}, id)`.execute(database.db);
        }
        if (SEARCHED_TYPES.has(to.type)) await search.sync(table, [], [temp], to.type === 'number' ? [temp] : []);
      },
      /** PostgreSQL, last step (the only one under an exclusive lock, in the change's transaction): the filled column takes the field's place. */
      swapReplacement: (table: string, field: string, temp: string) => swapReplacement(database, table, field, temp),
      /** PostgreSQL: drops a replacement column of a change that failed (its own transaction). */
      dropReplacement: async (table: string, temp: string) => {
        await sql`alter table ${sql.id(table)} drop column if exists ${sql.id(temp)}`.execute(database.db);
      },
      /** Fills an added field's default; on SQLite without its FTS table, which the sync after builds from the filled column at once. */
      fill: async (table: string, field: string, value: unknown) => {
        await search.dropColumn(table, field);
        return fillColumn(database, table, field, value);
      },
      addFilled: (table: string, f: ModelField, value: unknown) => addFilledColumn(database, table, f.name, columnType(this.registry, database, f), value),
    };
  }

  /**
   * Indexes `(field, id)` for each sortable field of a grid (schema-sync.ts); for a reference
   * column, also the field its name sorts by in the model that names it (the target, or the end of
   * its `shows` path), which a sort by that name walks (record-queries.ts, sortedByLabel).
   */
  async ensureSortIndexes(modelName: string, fields: string[], references: LabelColumn[] = []): Promise<void> {
    const model = this.registry.find(modelName);
    if (!model) return;
    await ensureSortIndexes(this.database, model, fields);
    const find = (name: string) => this.registry.find(name);
    for (const column of references) {
      const f = model.fields.find((x) => x.name === column.field);
      const target = f?.type === 'reference' && f.target ? find(f.target) : undefined;
      const plan = target ? planLabel(target, column.field, column.shows, find) : undefined;
      if (plan && typeof plan !== 'string') await ensureSortIndexes(this.database, plan.end, [labelSortField(plan)]);
    }
  }

  // ---- values (value-codec.ts) ----

  /** Turns an API value into what the column stores; throws a clear 400 when it cannot. */
  encode(_model: ModelDefinition, f: ModelField, value: unknown): unknown {
    return this.codec.encode(f, value);
  }

  /** Turns a stored row back into API values (booleans, JSON); password fields are dropped. */
  decode(model: ModelDefinition, row: Row): Row {
    return decodeRow(model, row);
  }

  idValue(model: ModelDefinition, id: unknown): string | number {
    return idValueOf(model, id);
  }

  // ---- reads (record-queries.ts) ----

  list(modelName: string, q: ListQuery): Promise<Row[]> {
    return this.queries.list(modelName, q);
  }

  /** Every row of a list, a chunk at a time through a cursor, with their labels (record-queries.ts). */
  stream(modelName: string, q: ListQuery, size?: number): AsyncGenerator<Row[]> {
    return this.queries.stream(modelName, q, size);
  }

  /** A page of rows and the total count, cached until the table's version moves (record-queries.ts). */
  page(modelName: string, q: ListQuery, page: number, size: number, snapshot?: StatsSnapshot): Promise<PageResult> {
    return this.queries.page(modelName, q, page, size, snapshot);
  }

  /** The stats of every table in one query (record-queries.ts). */
  snapshot(): Promise<StatsSnapshot> {
    return this.queries.snapshot();
  }

  count(modelName: string, q: Pick<ListQuery, 'filters' | 'search' | 'where' | 'context'> = {}, known?: TableStats): Promise<number> {
    return this.queries.count(modelName, q, known);
  }

  async get1(modelName: string, id: unknown, fields?: string[]): Promise<Row | undefined> {
    const model = this.get(modelName);
    const cols = fields ?? this.columns(model).map((f) => f.name);
    this.queries.checkFields(model, cols);
    const row = await this.db
      .selectFrom(tableOf(model.name))
      .select([...new Set(['id', ...cols.filter((n) => n === 'id' || n === ROW_VERSION || this.field(model, n).type !== 'link')])])
      .where('id', '=', idValueOf(model, id))
      .executeTakeFirst();
    return row ? decodeRow(model, row) : undefined;
  }

  /** Reads raw stored values (password hashes included): for the server's own use only. */
  async getRaw(modelName: string, where: Filter): Promise<Row | undefined> {
    const model = this.get(modelName);
    if (where.field !== 'id') this.field(model, where.field);
    return this.db
      .selectFrom(tableOf(model.name))
      .selectAll()
      .where(where.field, '=', where.field === 'id' ? idValueOf(model, where.value) : where.value)
      .executeTakeFirst();
  }

  // ---- writes ----

  /**
   * Adds a record. `by` is the id of the user who adds it (null for the server's own writes: setup,
   * seeding, scripts): the audit fields say who made the record and who last changed it, and when
   * (audit-fields.ts); `values` naming one of them is refused.
   */
  async insert(modelName: string, given: Row, db: Db = this.db, by: string | number | null = null): Promise<string | number> {
    const model = this.get(modelName);
    const values = this.beforeWrite ? await this.beforeWrite({ model, action: 'insert', values: { ...given }, db }) : given;
    const row = this.codec.encodeAll(model, values);
    if (this.registry.audited(model)) Object.assign(row, auditStamp(by, true));
    if (model.idtype === 'hex') row.id = typeof values.id === 'string' && /^[0-9a-f]{32}$/.test(values.id) ? values.id : newHexId();
    for (const f of this.columns(model)) {
      if (row[f.name] === undefined && f.default !== undefined && f.default !== null) {
        row[f.name] = this.codec.encode(f, f.default);
      }
    }
    if (this.versionColumn(model) === ROW_VERSION) row[ROW_VERSION] = 1;
    try {
      const out = await db.insertInto(tableOf(model.name)).values(row).returning('id').executeTakeFirstOrThrow();
      return out.id as string | number;
    } catch (e) {
      throw translateDbError(model, e);
    }
  }

  /**
   * Updates a record and moves its version on by one, in one statement. Given `expected`, only
   * a record still at that version is changed. Answers whether a row was changed. `by` is the
   * user who changes it, as insert takes it.
   */
  async update(modelName: string, id: unknown, given: Row, db: Db = this.db, expected?: number, by: string | number | null = null): Promise<boolean> {
    const model = this.get(modelName);
    const values = this.beforeWrite ? await this.beforeWrite({ model, action: 'update', id, values: { ...given }, db }) : given;
    const row = this.codec.encodeAll(model, values);
    if (this.registry.audited(model)) Object.assign(row, auditStamp(by, false));
    const version = this.versionColumn(model);
    try {
      let query = db
        .updateTable(tableOf(model.name))
        .set({ ...row, [version]: sql`${sql.ref(version)} + 1` })
        .where('id', '=', idValueOf(model, id));
      if (expected !== undefined) query = query.where(version, '=', expected);
      const res = await query.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    } catch (e) {
      throw translateDbError(model, e);
    }
  }

  async delete(modelName: string, id: unknown, db: Db = this.db): Promise<boolean> {
    const model = this.get(modelName);
    try {
      const res = await db.deleteFrom(tableOf(model.name)).where('id', '=', idValueOf(model, id)).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    } catch (e) {
      throw translateDbError(model, e);
    }
  }

  /**
   * Deletes the rows matching the filters and the filter language's `where` in one statement
   * inside a transaction: all of them or, when one cannot go (a record elsewhere refers to it),
   * none. Answers how many went.
   */
  async deleteWhere(modelName: string, q: Pick<ListQuery, 'filters' | 'where' | 'context'>): Promise<number> {
    const model = this.get(modelName);
    const where = this.queries.whereOf(model, q);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom(tableOf(model.name)).where(where).executeTakeFirst();
        return Number(res.numDeletedRows);
      });
    } catch (e) {
      throw translateDbError(model, e);
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
      throw translateDbError(model, e);
    }
  }

  /**
   * Starts writing whole model tables through `trx`, a restore's transaction (bulk-load.ts): the
   * version each loaded table's rows get is read, and unless `merge`, every table of the plan is
   * emptied. The models of `plan` need not be registered.
   */
  bulkLoad(trx: Db, plan: LoadPlan, loaded: ReadonlySet<string>, merge: boolean): Promise<BulkLoad> {
    return BulkLoad.start(trx, this.dialect, this.registry, plan, loaded, merge);
  }

  // ---- link fields (record-links.ts) ----

  /** Every record of the link's target (or those `readable` holds for, and the linked ones), marked selected when linked to the given record. */
  linkItems(modelName: string, linkName: string, id: unknown | null, readable?: RawBuilder<SqlBool>): Promise<LinkItem[]> {
    return this.links.linkItems(modelName, linkName, id, readable);
  }

  /** The targets linked to the record, every one, named and ordered by the target's display. */
  linkedItems(modelName: string, linkName: string, id: unknown | null): Promise<LinkItem[]> {
    return this.links.linkedItems(modelName, linkName, id);
  }

  /** Which of the given target ids are linked to the record, as text. */
  linkedAmong(modelName: string, linkName: string, id: unknown | null, targetIds: readonly (string | number)[]): Promise<Set<string>> {
    return this.links.linkedAmong(modelName, linkName, id, targetIds);
  }

  /**
   * Replaces the record's links with the given target ids, in one transaction, and moves the
   * record's version on (its links are part of what a form edits), changed by the user `by`.
   */
  async setLinks(modelName: string, linkName: string, id: unknown, targetIds: unknown[], by: string | number | null = null): Promise<void> {
    const model = this.get(modelName);
    const sourceId = idValueOf(model, id);
    if (!(await this.get1(model.name, sourceId, []))) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
    await this.db.transaction().execute(async (trx) => {
      await this.links.writeLinks(trx, modelName, linkName, sourceId, targetIds, by);
      await this.update(modelName, sourceId, {}, trx, undefined, by);
    });
  }

  /**
   * Replaces the record's links through `db` (the caller's transaction): every target id must be
   * a record of the link's target, else 400 naming the field, and nothing is written; the link
   * rows are made by the user `by`.
   */
  writeLinks(db: Db, modelName: string, linkName: string, id: unknown, targetIds: unknown[], by: string | number | null = null): Promise<void> {
    return this.links.writeLinks(db, modelName, linkName, id, targetIds, by);
  }
}

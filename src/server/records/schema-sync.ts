import { sql } from 'kysely';
import type { Database } from '../db/connect.js';
import { AUDIT_FIELDS } from '../../shared/audit-fields.js';
import { ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition, ModelField } from './model-types.js';
import { SEARCHED_TYPES } from './search-index.js';

/**
 * Brings a model's table up to its definition: creates missing tables, columns, indexes,
 * foreign keys and the triggers that keep sys_table_stats (row count and write version).
 * Never drops anything (a field deleted, renamed or retyped is column-change.ts's). ModelStore.sync
 * runs these steps under the schema lock.
 */

export function columnType(registry: ModelRegistry, database: Database, f: ModelField): string {
  const pg = database.dialect === 'postgres';
  switch (f.type) {
    case 'number':
      return pg ? 'double precision' : 'real';
    case 'boolean':
      return pg ? 'boolean' : 'integer';
    case 'reference':
      return registry.get(f.target ?? '').idtype === 'hex' ? 'text' : 'integer';
    default:
      return 'text';
  }
}

/**
 * The audit columns' types (audit-fields.ts): a user's id as User's id column holds it, a moment as
 * text (as a datetime field's). No foreign key: deleting a user keeps what they made, and who made
 * it stays the id it was.
 */
function auditColumnType(registry: ModelRegistry, f: ModelField): string {
  if (f.type !== 'reference') return 'text';
  return registry.definition(f.target ?? '')?.idtype === 'hex' ? 'text' : 'integer';
}

/** The table's columns, or null when there is no such table. */
export async function existingColumns(database: Database, table: string): Promise<Set<string> | null> {
  const { db, dialect } = database;
  if (dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return rows.rows.length ? new Set(rows.rows.map((r) => r.name)) : null;
  }
  const rows = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.rows.length ? new Set(rows.rows.map((r) => r.column_name)) : null;
}

/** Creates the model's table, or adds the columns it lacks; then its unique and reference indexes. */
export async function syncColumns(database: Database, registry: ModelRegistry, m: ModelDefinition): Promise<void> {
  const { db, dialect } = database;
  const table = tableOf(m.name);
  const cascade = registry.throughModels().has(m.name);
  const existing = await existingColumns(database, table);
  const columns = registry.columns(m);
  const versioned = registry.versionColumn(m) === ROW_VERSION;
  const audited = registry.audited(m);
  if (!existing) {
    let create = db.schema.createTable(table).ifNotExists();
    if (m.idtype === 'hex') create = create.addColumn('id', 'text', (c) => c.primaryKey());
    else if (dialect === 'postgres') create = create.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
    else create = create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    for (const f of columns) {
      create = create.addColumn(f.name, sql.raw(columnType(registry, database, f)), (c) => {
        // SQLite takes foreign keys only at creation; PostgreSQL gets them after all tables exist.
        if (dialect === 'sqlite' && f.type === 'reference') {
          return c.references(`${tableOf(f.target ?? '')}.id`).onDelete(cascade ? 'cascade' : 'restrict');
        }
        return c;
      });
    }
    if (versioned) create = create.addColumn(ROW_VERSION, 'integer', (c) => c.notNull().defaultTo(1));
    if (audited) for (const f of AUDIT_FIELDS) create = create.addColumn(f.name, sql.raw(auditColumnType(registry, f)));
    await create.execute();
  } else {
    for (const f of columns) {
      if (existing.has(f.name)) continue;
      await db.schema.alterTable(table).addColumn(f.name, sql.raw(columnType(registry, database, f))).execute();
    }
    // Tables made before rows had versions: every row starts at 1.
    if (versioned && !existing.has(ROW_VERSION)) {
      await db.schema.alterTable(table).addColumn(ROW_VERSION, 'integer', (c) => c.notNull().defaultTo(1)).execute();
    }
    // Tables made before rows had authors: who made the rows already there, and when, is unknown (NULL).
    if (audited) {
      for (const f of AUDIT_FIELDS) {
        if (!existing.has(f.name)) await db.schema.alterTable(table).addColumn(f.name, sql.raw(auditColumnType(registry, f))).execute();
      }
    }
  }
  // "Own records" (`_created_by` = the caller) is the filter a record rule says most often.
  if (audited) await db.schema.createIndex(`${table}___created_by__ix`).ifNotExists().on(table).column('_created_by').execute();
  for (const f of columns) {
    if (f.unique) {
      await db.schema.createIndex(`${table}__${f.name}__uq`).ifNotExists().unique().on(table).column(f.name).execute();
    } else if (f.type === 'reference') {
      await db.schema.createIndex(`${table}__${f.name}__ix`).ifNotExists().on(table).column(f.name).execute();
    }
  }
}

/** PostgreSQL: adds the reference fields' foreign keys (once every table exists). */
export async function syncForeignKeys(database: Database, registry: ModelRegistry, m: ModelDefinition): Promise<void> {
  const { db } = database;
  const table = tableOf(m.name);
  const cascade = registry.throughModels().has(m.name);
  for (const f of registry.columns(m)) {
    if (f.type !== 'reference') continue;
    const name = `${table}__${f.name}__fk`;
    const found = await sql`select 1 from pg_constraint where conname = ${name} and connamespace = current_schema()::regnamespace`.execute(db);
    if (found.rows.length) continue;
    await db.schema
      .alterTable(table)
      .addForeignKeyConstraint(name, [f.name], tableOf(f.target ?? ''), ['id'], (c) => c.onDelete(cascade ? 'cascade' : 'restrict'))
      .execute();
  }
}

/** Gives the table its sys_table_stats row (counted once) and the triggers that keep it. */
export async function syncTableStats(database: Database, table: string): Promise<void> {
  const { db, dialect } = database;
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

/** Deletes a dropped table's sys_table_stats row. */
export async function dropTableStats(database: Database, table: string): Promise<void> {
  await database.db.deleteFrom('sys_table_stats').where('tbl', '=', table).execute();
}

/** The columns a search can look in (record-queries.ts searches no others). */
export function searchColumns(registry: ModelRegistry, m: ModelDefinition): string[] {
  return registry
    .columns(m)
    .filter((f) => SEARCHED_TYPES.has(f.type))
    .map((f) => f.name);
}

/** The searched columns that hold numbers: the search index and the search read them as text. */
export function numericColumns(registry: ModelRegistry, m: ModelDefinition): string[] {
  return registry
    .columns(m)
    .filter((f) => f.type === 'number')
    .map((f) => f.name);
}

/**
 * Indexes `(field, id)` for each given field, so a grid's sort, and a header click on any of
 * its columns, walks an index instead of sorting the whole table on every page. Fields that
 * are unknown or not sortable (json, password, link) are left to the grid's own validation.
 */
export async function ensureSortIndexes(database: Database, model: ModelDefinition, fields: string[]): Promise<void> {
  const table = tableOf(model.name);
  const sortable = [...new Set(fields)].filter((name) => {
    const f = model.fields.find((x) => x.name === name);
    return f !== undefined && !['json', 'password', 'link'].includes(f.type);
  });
  if (!sortable.length) return;
  await database.withSchemaLock(async () => {
    for (const name of sortable) {
      await database.db.schema.createIndex(`${table}__${name}__sx`).ifNotExists().on(table).columns([name, 'id']).execute();
    }
  });
}

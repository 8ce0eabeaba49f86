import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connect.js';

/**
 * What a model change does to its table besides adding (schema-sync.ts only ever adds): rename a
 * column keeping its values, replace a column by one of another type holding the converted
 * values, drop a column. Each runs through `database` (a model change's transaction, under the
 * schema lock); the caller drops the table's search index first (its triggers name columns) and
 * syncs the model afterwards, which makes the unique, reference and search indexes again.
 */

/** The suffixes of the indexes the engine gives one field: `<table>__<field>__<suffix>`. */
const FIELD_INDEX_SUFFIXES = ['uq', 'ix', 'sx', 'trgm'];

async function fieldIndexes(database: Database, table: string, field: string): Promise<{ name: string; sql: string | null }[]> {
  const names = new Set(FIELD_INDEX_SUFFIXES.map((s) => `${table}__${field}__${s}`));
  const rows =
    database.dialect === 'sqlite'
      ? await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(database.db)
      : await sql<{ name: string; sql: string | null }>`
          select indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(database.db);
  return rows.rows.filter((r) => names.has(r.name));
}

/**
 * Renames a column: its values stay where they are (ALTER TABLE ... RENAME COLUMN, SQLite 3.25+
 * and PostgreSQL), and its indexes take the new field's names, so a field added later under
 * the old name gets indexes of its own.
 */
export async function renameColumn(database: Database, table: string, from: string, to: string): Promise<void> {
  const { db } = database;
  const indexes = await fieldIndexes(database, table, from);
  await sql`alter table ${sql.id(table)} rename column ${sql.id(from)} to ${sql.id(to)}`.execute(db);
  const renamed = (name: string) => `${table}__${to}__${name.slice(`${table}__${from}__`.length)}`;
  if (database.dialect === 'postgres') {
    for (const ix of indexes) await sql`alter index ${sql.id(ix.name)} rename to ${sql.id(renamed(ix.name))}`.execute(db);
    const fk = `${table}__${from}__fk`;
    const found = await sql`select 1 from pg_constraint where conname = ${fk} and connamespace = current_schema()::regnamespace`.execute(db);
    if (found.rows.length) await sql`alter table ${sql.id(table)} rename constraint ${sql.id(fk)} to ${sql.id(`${table}__${to}__fk`)}`.execute(db);
    return;
  }
  // SQLite has no ALTER INDEX: each index is made again under its new name from its own SQL,
  // which the rename has already rewritten to name the new column.
  for (const ix of await fieldIndexes(database, table, from)) {
    if (ix.sql === null) continue;
    await sql`drop index ${sql.id(ix.name)}`.execute(db);
    await sql.raw(ix.sql.replace(`"${ix.name}"`, `"${renamed(ix.name)}"`)).execute(db);
  }
}

/** Drops a column with the engine's indexes on it (SQLite refuses to drop an indexed column). */
export async function dropColumn(database: Database, table: string, field: string): Promise<void> {
  for (const ix of await fieldIndexes(database, table, field)) await sql`drop index ${sql.id(ix.name)}`.execute(database.db);
  await sql`alter table ${sql.id(table)} drop column ${sql.id(field)}`.execute(database.db);
}

/**
 * Replaces a column by one of the SQL type `type` holding `converted` (an SQL expression over
 * the column, value-conversion.ts; NULL where a value does not convert) in one UPDATE: a new
 * column is filled, the old one dropped and the new one takes its name. A new column rather
 * than an UPDATE in place, because SQLite's column affinity would keep a number written into a
 * text column as text.
 */
export async function replaceColumn(database: Database, table: string, field: string, type: string, converted: RawBuilder<unknown>): Promise<void> {
  const { db } = database;
  if (database.dialect === 'postgres') {
    // One rewrite of the table that builds its indexes again in bulk and fires no row trigger,
    // where an UPDATE writes a new version of every row into every index one row at a time.
    for (const ix of await fieldIndexes(database, table, field)) await sql`drop index ${sql.id(ix.name)}`.execute(db);
    await sql`alter table ${sql.id(table)} alter column ${sql.id(field)} type ${sql.raw(type)} using ${converted}`.execute(db);
    await sql`update sys_table_stats set version = version + 1 where tbl = ${table}`.execute(db);
    return;
  }
  const columns = await sql<{ name: string }>`${
    database.dialect === 'sqlite'
      ? sql`select name from pragma_table_info(${table})`
      : sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
  }`.execute(db);
  const taken = new Set(columns.rows.map((r) => r.name.toLowerCase()));
  let temp = `${field}__retyped`;
  for (let i = 2; taken.has(temp.toLowerCase()); i++) temp = `${field}__retyped${i}`;
  await sql`alter table ${sql.id(table)} add column ${sql.id(temp)} ${sql.raw(type)}`.execute(db);
  await withoutRowTriggers(database, table, () => sql`update ${sql.id(table)} set ${sql.id(temp)} = ${converted}`.execute(db));
  await dropColumn(database, table, field);
  await sql`alter table ${sql.id(table)} rename column ${sql.id(temp)} to ${sql.id(field)}`.execute(db);
}

/**
 * Adds a column whose every row holds `value` (an added field's default) without writing a row,
 * where the database can: PostgreSQL (11+) keeps a constant ADD COLUMN ... DEFAULT in the
 * catalogue, and the default is dropped right after, so rows written later get what the engine
 * writes (the model's default is the engine's, not the database's). False on SQLite, which
 * cannot drop a column's default: there the caller fills the column (fillColumn).
 */
export async function addFilledColumn(database: Database, table: string, field: string, type: string, value: unknown): Promise<boolean> {
  if (database.dialect !== 'postgres') return false;
  const { db } = database;
  await sql`alter table ${sql.id(table)} add column ${sql.id(field)} ${sql.raw(type)} default ${sql.lit(value)}`.execute(db);
  await sql`alter table ${sql.id(table)} alter column ${sql.id(field)} drop default`.execute(db);
  return true;
}

/** Gives every row without a value in `field` the value `value` (an added field's default). */
export async function fillColumn(database: Database, table: string, field: string, value: unknown): Promise<number> {
  const res = await withoutRowTriggers(database, table, () =>
    database.db
      .updateTable(table)
      .set({ [field]: value })
      .where(field, 'is', null)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows);
}

/**
 * Runs an UPDATE of every row without the table's row trigger on PostgreSQL, then moves the
 * table's write version once. The trigger updates the one sys_table_stats row per row written,
 * and a million updates of one row in one transaction each walk the row's growing chain of
 * versions: 20,000 rows took 4 s, a million would take hours. ALTER TABLE's lock is the one the
 * model change's other ALTERs take anyway. SQLite's trigger updates in place: left as it is.
 */
async function withoutRowTriggers<T>(database: Database, table: string, update: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return update();
  const { db } = database;
  const trigger = sql.id(`${table}__stats`);
  await sql`alter table ${sql.id(table)} disable trigger ${trigger}`.execute(db);
  const out = await update();
  await sql`alter table ${sql.id(table)} enable trigger ${trigger}`.execute(db);
  await sql`update sys_table_stats set version = version + 1 where tbl = ${table}`.execute(db);
  return out;
}

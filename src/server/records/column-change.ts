import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connect.js';

/**
 * What a model change does to its table besides adding (schema-sync.ts only ever adds): rename a
 * column keeping its values, replace a column by one of another type holding the converted
 * values, drop a column. Each runs through `database` (a model change's transaction, under the
 * schema lock); on SQLite the caller drops the FTS table of a column it drops or replaces first
 * (its triggers name the column) and renames that of a renamed one (search-index.ts), and syncs
 * the model afterwards, which makes the unique, reference and search indexes that are missing.
 */

/** The suffixes of the indexes the engine gives one field: `<table>__<field>__<suffix>`. */
const FIELD_INDEX_SUFFIXES = ['uq', 'ix', 'sx', 'trgm'];

export async function fieldIndexes(database: Database, table: string, field: string): Promise<{ name: string; sql: string | null }[]> {
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
 * A name for a column that replaces `field` (a type change), free in the table: `<field>#retyped`
 * (then 2, 3, ...). A `#` is never in a field's name, so such a column is never a field's.
 */
export async function replacementName(database: Database, table: string, field: string): Promise<string> {
  const columns = await sql<{ name: string }>`${
    database.dialect === 'sqlite'
      ? sql`select name from pragma_table_info(${table})`
      : sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
  }`.execute(database.db);
  const taken = new Set(columns.rows.map((r) => r.name.toLowerCase()));
  let temp = `${field}${REPLACEMENT_MARK}`;
  for (let i = 2; taken.has(temp.toLowerCase()); i++) temp = `${field}${REPLACEMENT_MARK}${i}`;
  return temp;
}

/** What names a replacement column (replacementName). */
export const REPLACEMENT_MARK = '#retyped';

/**
 * Writes `converted` (an SQL expression over the column `source`, value-conversion.ts; NULL
 * where a value does not convert) into the column `temp` of every row where `valued` (the rows
 * with a value in `source`; the others keep NULL), in one UPDATE that also moves those rows'
 * version (`version`, the row version column, when the model has one): a client holding a row
 * read before the change gets a conflict instead of writing the old value back.
 */
export async function fillReplacement(
  database: Database,
  table: string,
  temp: string,
  converted: RawBuilder<unknown>,
  valued: RawBuilder<unknown>,
  version: string | null,
): Promise<void> {
  const { db } = database;
  const bump = version ? sql`, ${sql.id(version)} = ${sql.id(version)} + 1` : sql``;
  const pg = database.dialect === 'postgres';
  if (pg) {
    // Every row written gets a new entry in every index of the table (a new version of a row
    // moves it, so none is a HOT update); the text indexes (GIN) take them fastest in bulk: their
    // pending lists hold this UPDATE's entries, and each is merged into its index once, at the
    // end, in memory. Only for this transaction.
    await sql`set local gin_pending_list_limit = ${sql.lit(GIN_PENDING_KB)}`.execute(db);
    await sql`set local work_mem = ${sql.lit(`${BULK_MEMORY_MB}MB`)}`.execute(db);
    await sql`set local maintenance_work_mem = ${sql.lit(`${BULK_MEMORY_MB}MB`)}`.execute(db);
  }
  await withoutRowTriggers(database, table, () => sql`update ${sql.id(table)} set ${sql.id(temp)} = ${converted}${bump} where ${valued}`.execute(db));
  if (pg) {
    await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where a.amname = 'gin' and i.indrelid = (select oid from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace)`.execute(db);
  }
}

/** PostgreSQL, during a type change's UPDATE: the GIN pending list's limit (kB; a million rows' trigrams fit). */
const GIN_PENDING_KB = 1_048_576;
/** PostgreSQL, during a type change: the memory its UPDATE's index merges and its index builds may use (one change runs at a time). */
const BULK_MEMORY_MB = 256;

/**
 * Puts the filled column `temp` in the place of `field`: the old column is dropped with its
 * indexes, the new one takes its name and its indexes (made on `temp` beforehand) the field's.
 */
export async function swapReplacement(database: Database, table: string, field: string, temp: string): Promise<void> {
  await dropColumn(database, table, field);
  await renameColumn(database, table, temp, field);
}

/**
 * SQLite: replaces a column by one of the SQL type `type` holding the converted values: a new
 * column is added and filled (fillReplacement), the old one dropped and the new one takes its
 * name. A new column rather than an UPDATE in place, because SQLite's column affinity would keep
 * a number written into a text column as text. PostgreSQL does the same in steps that let reads
 * go on (ModelChanges.apply): the column added in a transaction of its own, filled under a SHARE
 * lock, swapped in under the change's short exclusive one.
 */
export async function replaceColumn(
  database: Database,
  table: string,
  field: string,
  type: string,
  converted: RawBuilder<unknown>,
  valued: RawBuilder<unknown>,
  version: string | null,
): Promise<void> {
  const temp = await replacementName(database, table, field);
  await sql`alter table ${sql.id(table)} add column ${sql.id(temp)} ${sql.raw(type)}`.execute(database.db);
  await fillReplacement(database, table, temp, converted, valued, version);
  await swapReplacement(database, table, field, temp);
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
 * Runs an UPDATE of every row without the table's row triggers on PostgreSQL, then moves the
 * table's write version once. The trigger updates the one sys_table_stats row per row written,
 * and a million updates of one row in one transaction each walk the row's growing chain of
 * versions: 20,000 rows took 4 s, a million would take hours. Disabling and enabling a trigger
 * takes a SHARE ROW EXCLUSIVE lock: writes wait (until the change commits), reads go on.
 * SQLite's trigger updates in place: left as it is.
 */
async function withoutRowTriggers<T>(database: Database, table: string, update: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return update();
  const { db } = database;
  // Every trigger of the table's own: the row count's and the record history's (its entries for a
  // conversion are written beforehand in one statement, history-triggers.ts recordConversion; an
  // added field's default filled in is not a change of any record's recorded fields).
  await sql`alter table ${sql.id(table)} disable trigger user`.execute(db);
  const out = await update();
  await sql`alter table ${sql.id(table)} enable trigger user`.execute(db);
  await sql`update sys_table_stats set version = version + 1 where tbl = ${table}`.execute(db);
  return out;
}

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/connect.js';

/**
 * Tables a refused request may legitimately write: a wrong password or setup code is recorded
 * (sys_signin_attempts, and sys_login_failures of older releases: that is how guessing is
 * slowed), and every request is logged.
 */
export const WRITTEN_BY_REFUSALS = new Set(['sys_login_failures', 'sys_signin_attempts', 'sys_access_log']);

async function tableNames(database: Database): Promise<string[]> {
  const { db, dialect } = database;
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows
      : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows;
  return rows.map((r) => r.name).filter((n) => !WRITTEN_BY_REFUSALS.has(n)).sort();
}

async function schemaText(database: Database): Promise<string> {
  const { db, dialect } = database;
  const rows =
    dialect === 'sqlite'
      ? (await sql`select type, name, sql from sqlite_master order by type, name`.execute(db)).rows
      : (
          // pg_catalog, not information_schema: the same facts, many times faster.
          await sql`select c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod) as type
            from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            where c.relnamespace = current_schema()::regnamespace order by 1, 3`.execute(db)
        ).rows;
  return JSON.stringify(rows);
}

/**
 * A cheap fingerprint, taken around every refused request: the schema's size, each model table's row count
 * and version (bumped by a trigger on every insert, update and delete, definitions included),
 * and the system tables that no trigger watches, whole (they are small).
 */
export async function fingerprint(database: Database): Promise<string> {
  const { db, dialect } = database;
  const schema =
    dialect === 'sqlite'
      ? (await sql`select count(*) as n, sum(length(sql)) as size from sqlite_master`.execute(db)).rows
      : (
          await sql`select count(*) as n from pg_class c join pg_attribute a on a.attrelid = c.oid
            where c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped`.execute(db)
        ).rows;
  const stats = (await sql`select tbl, row_count, version from sys_table_stats order by tbl`.execute(db)).rows;
  const system: unknown[] = [];
  for (const table of ['sys_settings', 'sys_sessions', 'sys_password_tokens', 'sys_migrations']) {
    system.push((await sql`select * from ${sql.table(table)}`.execute(db)).rows.map((r) => JSON.stringify(r)).sort());
  }
  const versions = (await sql`select count(*) as n, sum(version) as v from sys_definition_versions`.execute(db)).rows;
  return createHash('sha256').update(JSON.stringify([schema, stats, system, versions])).digest('hex');
}

/** Every row of every table (but those refusals may write), hashed: slower, and certain. */
export async function snapshot(database: Database): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await schemaText(database));
  for (const table of await tableNames(database)) {
    const rows = (await sql`select * from ${sql.table(table)}`.execute(database.db)).rows;
    hash.update(`${table}\u0000${rows.map((r) => JSON.stringify(r)).sort().join('\n')}\u0000`);
  }
  return hash.digest('hex');
}

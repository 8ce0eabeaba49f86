import { sql } from 'kysely';
import type { Database, Db, Row } from '../db/connect.js';
import { ApiError } from '../core/errors.js';
import { tableOf } from '../records/model-store.js';

/**
 * A user name or an e-mail address names one account whatever its case and the spaces around
 * it: `Admin ` and `ADMIN@example.com` are admin's. Both are stored trimmed and are unique as
 * `lower(trim(value))`, which the database holds with a unique expression index on each (made
 * at start-up: ensureIdentityIndexes) and every path that writes a User checks first, so that
 * the refusal names the field (checkIdentityFree). Sign-in and the lost-password mail find an
 * account the same way (findAccount).
 *
 * "Case" is the database's lower(): SQLite folds ASCII letters only ('Ä' and 'ä' stay two
 * names), PostgreSQL folds by its locale. Lookups, checks and the index all use the same
 * expression, so each database agrees with itself.
 */
export const IDENTITY_FIELDS = ['user', 'email'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

const WHAT: Record<IdentityField, string> = { user: 'user name', email: 'e-mail address' };

/** The unique index that holds the rule for a field. */
export function identityIndex(field: IdentityField): string {
  return `${tableOf('User')}__${field}__ci`;
}

const key = (field: IdentityField) => sql`lower(trim(${sql.ref(field)}))`;

/**
 * Trims the user name and e-mail address in values about to be written to a User: they are
 * stored as they will be compared. A value of spaces only becomes empty (refused as missing).
 */
export function trimIdentity(values: Row): void {
  for (const field of IDENTITY_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') values[field] = value.trim();
  }
}

/**
 * Refuses with 409, naming the field, a user name or e-mail address in `values` that another
 * account has in any case. `current` is the record being changed (its id, and its stored values,
 * so a value it keeps, or only recases, is not checked against accounts an older release let
 * share it). Run through `db`, the write's transaction when there is one.
 */
export async function checkIdentityFree(db: Db, values: Row, current?: { id: number; row: Row }): Promise<void> {
  for (const field of IDENTITY_FIELDS) {
    const value = values[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const was = current?.row[field];
    if (typeof was === 'string' && was.trim().toLowerCase() === value.trim().toLowerCase()) continue;
    let query = db
      .selectFrom(tableOf('User'))
      .select('id')
      .where(key(field), '=', sql`lower(${value.trim()})`);
    if (current) query = query.where('id', '<>', current.id);
    if (await query.executeTakeFirst()) throw identityTaken(field, value.trim());
  }
}

/** The refusal of a taken name or address. */
export function identityTaken(field: IdentityField, value?: string): ApiError {
  const what = WHAT[field];
  const shown = value === undefined ? '' : ` '${value.length > 64 ? `${value.slice(0, 64)}…` : value}'`;
  return new ApiError(409, 'CONFLICT', `The ${what}${shown} already belongs to another account (${what}s are compared without regard to case)`, [
    { pointer: `/${field}`, message: `already belongs to another account` },
  ]);
}

/**
 * The User row a typed user name or e-mail address names, or undefined. It is the one account
 * whose value matches without regard to case; where an older release let two accounts share it
 * in two cases (and the index could not be made), the one matching exactly, or none: a guess
 * could sign someone in to the other account.
 */
export async function findAccount(db: Db, field: IdentityField, typed: string): Promise<Row | undefined> {
  const value = typed.trim();
  if (value === '') return undefined;
  const rows = await db
    .selectFrom(tableOf('User'))
    .selectAll()
    .where(key(field), '=', sql`lower(${value})`)
    .limit(10)
    .execute();
  if (rows.length <= 1) return rows[0];
  return rows.find((r) => r[field] === value);
}

export interface IdentityLog {
  error(obj: object, msg: string): void;
}

/**
 * Makes each field's unique index on lower(trim(...)) where it is missing (at every start, once
 * the User table exists: a new database, an upgraded one, one a restore brought). A database
 * that already holds one value in two spellings cannot take the index: the server starts all
 * the same, logs the values to resolve, and the check every write runs still refuses new ones;
 * the next start after they are resolved makes the index.
 */
export async function ensureIdentityIndexes(database: Database, log?: IdentityLog): Promise<void> {
  const { db, dialect } = database;
  const table = tableOf('User');
  for (const field of IDENTITY_FIELDS) {
    const name = identityIndex(field);
    const exists =
      dialect === 'sqlite'
        ? await sql`select 1 from sqlite_master where type = 'index' and name = ${name}`.execute(db)
        : await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(db);
    if (exists.rows.length) continue;
    const repeated = await sql<{ k: string; n: number }>`
      select ${key(field)} as k, count(*) as n from ${sql.table(table)} where ${sql.ref(field)} is not null
      group by ${key(field)} having count(*) > 1 order by ${key(field)} limit 5`.execute(db);
    if (repeated.rows.length) {
      const list = repeated.rows.map((r) => `'${r.k}' (${Number(r.n)} accounts)`).join(', ');
      log?.error(
        { index: name },
        `User ${WHAT[field]}s must be unique without regard to case, but some are shared: ${list}. ` +
          `Rename or delete all but one of each; until then no new account may take them, and the index ${name} is made at the first start after`,
      );
      continue;
    }
    try {
      await sql`create unique index if not exists ${sql.id(name)} on ${sql.table(table)} ((${key(field)}))`.execute(db);
    } catch (e) {
      // Another process wrote a second spelling between the count and the index: next start.
      if (isUniqueViolation(e)) log?.error({ index: name, err: e }, `The index ${name} could not be made: ${(e as Error).message}`);
      else throw e;
    }
  }
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

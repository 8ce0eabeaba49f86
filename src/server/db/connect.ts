import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type PgModule from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver } from 'kysely';
import { historyContextJson } from './history-context.js';
import { HistoryPostgresDialect } from './history-pg-dialect.js';
import { LRUCache } from 'lru-cache';

/** Tables are created at run time from models, so the database type is open-ended. */
export type Row = Record<string, unknown>;
export type Tables = Record<string, Row>;
export type Db = Kysely<Tables>;
export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Db;
  dialect: DialectName;
  /** SQLite: the database file (':memory:' for an in-memory one); absent on PostgreSQL. */
  file?: string;
  /**
   * Whether text compares byte by byte without asking for it: always on SQLite (BINARY), on
   * PostgreSQL when the database's collation is C or POSIX (set by detectBytewiseText). Date
   * filters then compare the column as it is, which its index serves.
   */
  bytewiseText: boolean;
  /** Serialises schema changes across server processes (an advisory lock on PostgreSQL). */
  withSchemaLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Takes the same lock inside the transaction `trx` (PostgreSQL: pg_advisory_xact_lock, let go
   * at its commit or rollback), so a schema change can run in the transaction that writes its
   * definition. Nothing when this call already runs under withSchemaLock, or on SQLite.
   */
  lockSchemaIn(trx: Db): Promise<void>;
  /**
   * The rows of one read, `size` at a time, without holding them all: PostgreSQL declares a cursor
   * in a read-only transaction of a connection of its own; SQLite steps the statement on a
   * read-only connection of its own (WAL: a snapshot that writers do not wait for). What an export
   * of a million rows reads through (records/record-export.ts). Ending the loop early lets go.
   */
  chunks(compiled: { sql: string; parameters: readonly unknown[] }, size: number): AsyncGenerator<Row[]>;
  /** SQLite: registers a function of JavaScript under `name` on the connection (deterministic; its arity is fn.length). */
  defineFunction?(name: string, fn: (...args: unknown[]) => unknown): void;
  close(): Promise<void>;
}

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /**
   * PostgreSQL: told of an error on an idle pooled connection (the database restarted, an
   * administrator ended the session, the network dropped it). The pool drops that connection
   * and opens a new one when next needed; without a listener the error would end the process.
   */
  onPoolError?: (err: Error) => void;
  /** SQLite's synchronous setting (SQLITE_SYNCHRONOUS; docs/durability.md). NORMAL when absent. */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}

/**
 * PostgreSQL limits, so a fault is an error a caller can see rather than a wait without end:
 * connecting gives up after 5 s, one statement after 2 minutes (a restore's or an index's
 * biggest statement takes seconds), and a transaction left idle is ended after a minute.
 */
export const PG_LIMITS = {
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 120_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

const load = createRequire(import.meta.url);
let pgLoaded: typeof PgModule | undefined;
/**
 * node-postgres, loaded when a PostgreSQL database is first connected: on SQLite the server (and
 * each import's thread) would hold it for nothing, about 16 MB of memory.
 */
function pgModule(): typeof PgModule {
  if (pgLoaded) return pgLoaded;
  const pg = load('pg') as typeof PgModule;
  // PostgreSQL answers COUNT and BIGINT as strings by default; our counts fit in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  return (pgLoaded = pg);
}

const SCHEMA_LOCK_KEY = 748_213_901;
/** How long an export's transaction may wait on its reader between two chunks (PostgreSQL). */
const EXPORT_IDLE_LIMIT_MS = 10 * 60_000;
/** Prepared SQLite statements kept per SQL text; bounded (least recently used go first) so odd queries cannot grow it. */
const STATEMENT_CACHE_LIMIT = 1000;

/**
 * Kysely prepares every query anew; the hot paths (sessions, definitions, grid pages) run the
 * same few SQL texts thousands of times a second, so their prepared statements are reused.
 * A statement is only ever used synchronously by better-sqlite3, so sharing it is safe. A
 * schema change (new table, column or index) or new planner statistics (ANALYZE) empty the cache, since SQLite re-prepares
 * statements against the changed schema anyway and DDL texts are one-off.
 */
export function withStatementCache(native: BetterSqlite3.Database): BetterSqlite3.Database {
  const cache = new LRUCache<string, BetterSqlite3.Statement>({ max: STATEMENT_CACHE_LIMIT });
  const prepare = native.prepare.bind(native);
  native.prepare = ((source: string) => {
    const found = cache.get(source);
    if (found) return found;
    const statement = prepare(source);
    if (!statement.reader && /^\s*(create|alter|drop|analyze)\b/i.test(source)) {
      cache.clear();
      return statement;
    }
    cache.set(source, statement);
    return statement;
  }) as typeof native.prepare;
  return native;
}

/** PostgreSQL: notes whether the database's own collation is C or POSIX (Database.bytewiseText). */
export async function detectBytewiseText(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return;
  const found = await sql<{ collation: string }>`select datcollate as collation from pg_database where datname = current_database()`.execute(database.db);
  database.bytewiseText = /^(c|posix)([.].*)?$/i.test(found.rows[0]?.collation ?? '');
}

export function connect(options: ConnectOptions): Database {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const config = { connectionString: options.databaseUrl, application_name: 'tessera', ...PG_LIMITS };
    const pg = pgModule();
    const pool = new pg.Pool({ ...config, max: 10 });
    pool.on('error', (err) => options.onPoolError?.(err));
    // The pool hears errors only on its idle connections. One a request holds (a transaction
    // between statements) would emit an 'error' nobody hears, and that ends the process: a
    // database restart killed the server so (found by tests/kill/kill-pg.test.ts). Every
    // connection gets a listener of its own; the statement that needed it fails with a 503, and
    // the pool drops the broken connection when it is given back.
    pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
    const db = new Kysely<Tables>({ dialect: new HistoryPostgresDialect(new PostgresDialect({ pool })) });
    // Re-entrant: a schema change made while the lock is held (seeding a model syncs its
    // table) runs inside the outer lock instead of waiting for itself on another connection.
    const holding = new AsyncLocalStorage<true>();
    return {
      db,
      dialect: 'postgres',
      bytewiseText: false,
      async withSchemaLock(fn) {
        if (holding.getStore()) return fn();
        // A session-level lock held on a connection of its own, outside the pool, for the
        // whole change: waiting for the lock never takes a connection the requests need, and
        // the change's own statements use the pool as usual.
        const lock = new pg.Client({ ...config, statement_timeout: 0 });
        lock.on('error', (err) => options.onPoolError?.(err));
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
          try {
            return await holding.run(true, fn);
          } finally {
            await lock.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => undefined);
          }
        } finally {
          // Ending the session also lets go of the lock if the unlock could not be sent.
          await lock.end().catch(() => undefined);
        }
      },
      async lockSchemaIn(trx) {
        if (holding.getStore()) return;
        await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
      },
      async *chunks(compiled, size) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          // Repeatable read: every chunk comes from the same moment, as one statement's rows would.
          await client.query('begin isolation level repeatable read read only');
          // A reader slower than the database (a download over a slow network) leaves the
          // transaction idle between fetches longer than the pool's minute allows.
          await client.query(`set local idle_in_transaction_session_timeout = ${EXPORT_IDLE_LIMIT_MS}`);
          await client.query(`declare tessera_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]);
          for (;;) {
            const { rows } = await client.query<Row>(`fetch ${Math.max(1, Math.floor(size))} from tessera_rows`);
            if (rows.length > 0) yield rows;
            if (rows.length < size) break;
          }
          await client.query('commit');
        } catch (e) {
          broken = e as Error;
          throw e;
        } finally {
          // Left early (the reader went away) or failed: the transaction is rolled back with the cursor.
          if (broken === undefined) await client.query('rollback').catch(() => undefined);
          client.release(broken);
        }
      },
      close: () => db.destroy(),
    };
  }
  if (options.databaseUrl && !options.databaseUrl.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or sqlite:, not '${options.databaseUrl}'`);
  }
  const file = options.databaseUrl?.startsWith('sqlite:')
    ? options.databaseUrl.slice('sqlite:'.length)
    : join(options.dataDir, 'tessera.sqlite');
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const native = new BetterSqlite3(file);
  native.pragma('journal_mode = WAL');
  // WAL with NORMAL: a commit is in the WAL file (the operating system's cache) before it is
  // answered, so a process crash loses nothing; only a power loss or OS crash can lose the
  // last commits before the next checkpoint's sync. FULL syncs the WAL at every commit.
  native.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  native.pragma('foreign_keys = ON');
  native.pragma('busy_timeout = 5000');
  // The record history's triggers ask who writes (history-context.ts). better-sqlite3 runs a
  // statement synchronously in the code that asked for it, so the function answers that code's
  // context: two requests' writes can never take each other's.
  native.function('tessera_history_context', { deterministic: false }, () => historyContextJson());
  const db = new Kysely<Tables>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(native) }) });
  return {
    db,
    dialect: 'sqlite',
    file,
    bytewiseText: true,
    // One process owns a SQLite file's schema; better-sqlite3 serialises writes anyway.
    withSchemaLock: (fn) => fn(),
    lockSchemaIn: async () => undefined,
    async *chunks(compiled, size) {
      // A connection of its own, so the statement stepping between chunks never keeps the
      // server's connection busy (better-sqlite3 refuses a write while a read is open on it).
      // An in-memory database has no second connection: it is read whole, then handed out in chunks.
      const reader = file === ':memory:' ? undefined : new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      let rows: Iterator<unknown> | undefined;
      try {
        const statement = (reader ?? native).prepare(compiled.sql);
        rows = reader ? statement.iterate(...compiled.parameters) : statement.all(...compiled.parameters)[Symbol.iterator]();
        let chunk: Row[] = [];
        for (let next = rows.next(); !next.done; next = rows.next()) {
          const row = next.value;
          chunk.push(row as Row);
          if (chunk.length >= size) {
            yield chunk;
            chunk = [];
          }
        }
        if (chunk.length > 0) yield chunk;
      } finally {
        // The statement is let go before its connection closes (an open one keeps it busy).
        rows?.return?.();
        reader?.close();
      }
    },
    defineFunction: (name, fn) => {
      native.function(name, { deterministic: true }, fn);
    },
    close: () => db.destroy(),
  };
}

/**
 * Kysely's SQLite transactions start with a deferred BEGIN: the write lock is asked for at the
 * first write, not at the start. The server's own connection is not the file's only writer (the
 * planner-statistics and history-prune threads, an import's thread), and in WAL mode a deferred
 * transaction that has read and then meets another connection's newer commit cannot upgrade: SQLite
 * answers SQLITE_BUSY at once, without the busy timeout's wait (a 503 on CI, once, for a user
 * added while the statistics thread wrote). BEGIN IMMEDIATE takes the write lock first, waiting
 * for another writer as busy_timeout says, so a transaction never starts on a snapshot it cannot
 * write from. The server's writes were one at a time already (one connection behind a mutex).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver;
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

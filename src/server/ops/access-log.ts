import { Worker } from 'node:worker_threads';
import { basename, dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/connect.js';
import { ACCESS_LOG_MAX_LIMIT, STORED_COLUMNS, toEntry, toRow, type AccessLogEntry, type AccessLogQuery, type Pending } from './access-log-format.js';
import type { WriterData, WriterRequest } from './access-log-writer.js';

export { ACCESS_LOG_MAX_LIMIT, composeMessage, levelOf, loggedPath, type AccessLogEntry, type AccessLogQuery } from './access-log-format.js';

const DAY = 24 * 3600 * 1000;
/** Pruning runs in the flush path at most this often (and once at start). */
const PRUNE_EVERY_MS = 3600 * 1000;
/** Rows per INSERT (one JSON parameter each), so a large backlog is written in bounded statements. */
const ROWS_PER_INSERT = 5000;

export interface AccessLogOptions {
  /** false (ACCESS_LOG=0): nothing is recorded; reading still answers what is stored. */
  enabled: boolean;
  retentionDays: number;
  /** How often the buffer is written (1 s); a buffer of flushAt entries (500) is written at once, keeping each write short. */
  flushEveryMs?: number;
  flushAt?: number;
  /** Entries kept in memory at most while the database does not take them; the rest are dropped. */
  maxBuffered?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/** Where the entries are kept: the main database's table, or a file of their own behind a writer thread. */
export interface AccessLogStore {
  write(batch: Pending[]): Promise<void>;
  /** Deletes the entries older than `before` (epoch ms); answers how many went. */
  prune(before: number): Promise<number>;
  read(query: AccessLogQuery): Promise<AccessLogEntry[]>;
  close(): Promise<void>;
}

/**
 * The log in the main database (PostgreSQL, and SQLite in memory): its own connection pool
 * on PostgreSQL keeps the writes off the server's thread in all but sending them.
 */
export class DatabaseLogStore implements AccessLogStore {
  constructor(private readonly database: Pick<Database, 'db' | 'dialect'>) {}

  /**
   * One statement of constant text for any number of rows: the batch travels as one JSON
   * parameter that the database unpacks (json_each / json_array_elements).
   */
  async write(batch: Pending[]): Promise<void> {
    const { db, dialect } = this.database;
    for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
      const json = JSON.stringify(batch.slice(i, i + ROWS_PER_INSERT).map(toRow));
      if (dialect === 'postgres') {
        await sql`insert into sys_access_log (ts, level, method, path, status, duration_ms, user_name, request_id, address, message)
          select (e->>0)::bigint, e->>1, e->>2, e->>3, (e->>4)::integer, (e->>5)::double precision, e->>6, e->>7, e->>8, e->>9
          from json_array_elements(${json}::json) as e`.execute(db);
      } else {
        await sql`insert into sys_access_log (ts, level, method, path, status, duration_ms, user_name, request_id, address, message)
          select value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9
          from json_each(${json})`.execute(db);
      }
    }
  }

  async prune(before: number): Promise<number> {
    const result = await this.database.db.deleteFrom('sys_access_log').where('ts', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async read(query: AccessLogQuery): Promise<AccessLogEntry[]> {
    let q = this.database.db.selectFrom('sys_access_log').select([...STORED_COLUMNS]);
    if (query.fromDate) q = q.where('ts', '>=', Date.parse(query.fromDate));
    if (query.untilDate) q = q.where('ts', '<=', Date.parse(query.untilDate));
    const rows = await q
      .orderBy('ts')
      .orderBy('id')
      .limit(Math.min(query.limit ?? 50, ACCESS_LOG_MAX_LIMIT))
      .offset(query.start ?? 0)
      .execute();
    return rows.map(toEntry);
  }

  async close(): Promise<void> {}
}

type Request = WriterRequest extends infer R ? (R extends WriterRequest ? Omit<R, 'id'> : never) : never;

/**
 * The log in a SQLite file of its own, written by a worker thread (access-log-writer.ts). The
 * server's thread only hands over each batch of raw entries. The thread is started on first
 * use, kept alive only while it owes an answer (so it never holds a process open), and
 * started again if it dies.
 */
export class FileLogStore implements AccessLogStore {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();

  constructor(private readonly data: WriterData) {}

  private send<T>(request: Request): Promise<T> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    if (this.waiting.size === 0) worker.ref();
    return new Promise<T>((ok, fail) => {
      this.waiting.set(id, { ok: ok as (v: unknown) => void, fail });
      worker.postMessage({ ...request, id });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./access-log-worker.mjs', import.meta.url), { workerData: this.data });
    worker.unref();
    worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.waiting.get(m.id);
      if (!waiter) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.error === undefined) waiter.ok(m.result);
      else waiter.fail(new Error(m.error));
    });
    const gone = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.waiting.values()) waiter.fail(err);
      this.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the access log's writer thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  async write(batch: Pending[]): Promise<void> {
    if (batch.length) await this.send({ op: 'write', batch });
  }

  prune(before: number): Promise<number> {
    return this.send({ op: 'prune', before });
  }

  read(query: AccessLogQuery): Promise<AccessLogEntry[]> {
    return this.send({ op: 'read', query });
  }

  async close(): Promise<void> {
    if (!this.worker) return;
    const worker = this.worker;
    await this.send({ op: 'close' }).catch(() => undefined);
    await worker.terminate();
    this.worker = null;
  }
}

/**
 * Where a database's access log goes. A SQLite file gets a file of its own beside it
 * (tessera.sqlite -> tessera.access-log.sqlite): the log's steady writes then never wait for
 * nor hold the main file's one writer lock, and never grow the WAL that every page read
 * consults. PostgreSQL and in-memory SQLite keep the table in the database itself.
 */
export function accessLogStore(database: Pick<Database, 'db' | 'dialect' | 'file'>): AccessLogStore {
  const { file } = database;
  if (database.dialect !== 'sqlite' || !file || file === ':memory:') return new DatabaseLogStore(database);
  const logFile = join(dirname(file), `${basename(file).replace(/\.sqlite$/, '')}.access-log.sqlite`);
  return new FileLogStore({ file: logFile, mainFile: file });
}

/**
 * The access log (docs/operations.md, Access log): every request is recorded off its hot path. `record` only pushes
 * to an in-memory buffer; a timer (and a full buffer) hands the buffer to the store; `close`
 * writes what is left. A failed write is logged and never reaches a request. Entries older
 * than the retention are pruned from the flush path, hourly and at start.
 */
export class AccessLog {
  private buffer: Pending[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private dropped = 0;
  private readonly flushAt: number;
  private readonly maxBuffered: number;
  private readonly now: () => number;

  constructor(
    /** Where the entries go; tests reach it to place entries at chosen times. */
    readonly store: AccessLogStore,
    private readonly log: FastifyBaseLogger,
    private readonly options: AccessLogOptions,
  ) {
    this.flushAt = options.flushAt ?? 500;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Prunes once and starts the flush timer (which never keeps the process alive). */
  async start(): Promise<void> {
    await this.prune();
    if (!this.options.enabled) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  /** The hot path: called from the onResponse hook, it must stay this small. */
  record(method: string, url: string, status: number, ms: number, user: string | null, id: string, ip: string): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    const size = this.buffer.push([this.now(), method, url, status, ms, user, id, ip]);
    if (size === this.flushAt) void this.flush();
  }

  /** Writes every buffered entry; concurrent calls queue, so one resolves after its entries are stored. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    if (this.dropped) {
      this.log.error(`access log: ${this.dropped} entries were dropped because the database did not take them in time`);
      this.dropped = 0;
    }
    if (batch.length) {
      try {
        await this.store.write(batch);
      } catch (err) {
        // Never a request's failure: the entries are lost, the server goes on.
        this.log.error({ err }, `access log: could not write ${batch.length} entries`);
      }
    }
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  /** Deletes the entries older than the retention; answers how many went. */
  async prune(): Promise<number> {
    this.lastPrune = this.now();
    try {
      return await this.store.prune(this.lastPrune - this.options.retentionDays * DAY);
    } catch (err) {
      this.log.error({ err }, 'access log: could not prune old entries');
      return 0;
    }
  }

  /**
   * Entries from fromDate to untilDate (both inclusive, ISO date-times), oldest first, as a
   * log file reads; `start` and `limit` page through them on the (ts, id) index. Oldest first
   * also means new requests land after what a reader holds, so paging on never repeats a line.
   */
  read(query: AccessLogQuery): Promise<AccessLogEntry[]> {
    return this.store.read(query);
  }

  /** Stops the timer, writes what is buffered and lets the store go (the app's onClose, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    await this.store.close();
  }
}

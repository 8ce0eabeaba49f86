import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/connect.js';

const TABLE = 'sys_access_log';
const DAY = 24 * 3600 * 1000;
/** Pruning runs in the flush path at most this often (and once at start). */
const PRUNE_EVERY_MS = 3600 * 1000;
/** Rows per INSERT (one JSON parameter each), so a large backlog is written in bounded statements. */
const ROWS_PER_INSERT = 5000;
/** Most entries one read answers; the client asks for more pages rather than one huge one. */
export const ACCESS_LOG_MAX_LIMIT = 10_000;

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

/**
 * What the response hook keeps of a request: raw values only, so the hot path allocates one
 * small array. The query string is cut, the message composed and the level decided at flush.
 */
type Pending = [at: number, method: string, url: string, status: number, ms: number, user: string | null, id: string, ip: string];

export interface AccessLogEntry {
  id: number;
  /** ISO 8601 in UTC, e.g. 2026-11-23T13:10:00.123Z. */
  timestamp: string;
  level: 'info' | 'warn' | 'error';
  /** `GET /api/x 404 3.2ms user=admin id=req-1 ip=127.0.0.1`: the line a person reads. */
  message: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  user: string | null;
  requestId: string;
  address: string;
}

export interface AccessLogQuery {
  start?: number;
  limit?: number;
  fromDate?: string;
  untilDate?: string;
}

export function levelOf(status: number): AccessLogEntry['level'] {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * The path as logged: without the query string (it can carry search text or tokens, and is
 * not needed to read the log), and with the lost-password link's token (spec 2.1's
 * /lost_password/:stage/:token, a client route the server answers) masked.
 */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.startsWith('/lost_password/') ? path.replace(/^(\/lost_password\/[^/]+\/).+$/, '$1***') : path;
}

export function composeMessage(method: string, path: string, status: number, ms: number, user: string | null, id: string, ip: string): string {
  // Spaces around the status keep the client's red-row rule (' 404 ', ' 500 ', ...) exact.
  return `${method} ${path} ${status} ${ms}ms user=${user ?? '-'} id=${id} ip=${ip}`;
}

/**
 * The access log (issue 10): every request is recorded off its hot path. `record` only pushes
 * to an in-memory buffer; a timer (and a full buffer) writes the buffer with multi-row
 * INSERTs; `close` writes what is left. A failed write is logged and never reaches a request.
 * Entries older than the retention are pruned from the flush path, hourly and at start.
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
    private readonly database: Pick<Database, 'db' | 'dialect'>,
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
    try {
      for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
        await this.insert(batch.slice(i, i + ROWS_PER_INSERT).map(toRow));
      }
    } catch (err) {
      // Never a request's failure: the entries are lost, the server goes on.
      this.log.error({ err }, `access log: could not write ${batch.length} entries`);
    }
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  /**
   * One statement of constant text for any number of rows: the batch travels as one JSON
   * parameter that the database unpacks (json_each / json_array_elements). No per-row query
   * building, and SQLite's prepared statement is reused from the connection's cache.
   */
  private async insert(rows: Row[]): Promise<void> {
    const json = JSON.stringify(rows);
    const { db, dialect } = this.database;
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

  /** Deletes the entries older than the retention; answers how many went. */
  async prune(): Promise<number> {
    this.lastPrune = this.now();
    try {
      const result = await this.database.db
        .deleteFrom(TABLE)
        .where('ts', '<', this.lastPrune - this.options.retentionDays * DAY)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
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
  async read(query: AccessLogQuery): Promise<AccessLogEntry[]> {
    let q = this.database.db
      .selectFrom(TABLE)
      .select(['id', 'ts', 'level', 'message', 'method', 'path', 'status', 'duration_ms', 'user_name', 'request_id', 'address']);
    if (query.fromDate) q = q.where('ts', '>=', Date.parse(query.fromDate));
    if (query.untilDate) q = q.where('ts', '<=', Date.parse(query.untilDate));
    const rows = await q
      .orderBy('ts')
      .orderBy('id')
      .limit(Math.min(query.limit ?? 50, ACCESS_LOG_MAX_LIMIT))
      .offset(query.start ?? 0)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      timestamp: new Date(Number(r.ts)).toISOString(),
      level: String(r.level) as AccessLogEntry['level'],
      message: String(r.message),
      method: String(r.method),
      path: String(r.path),
      status: Number(r.status),
      durationMs: Number(r.duration_ms),
      user: r.user_name === null || r.user_name === undefined ? null : String(r.user_name),
      requestId: String(r.request_id),
      address: String(r.address),
    }));
  }

  /** Stops the timer and writes what is buffered (the app's onClose, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** A row as the INSERT unpacks it: ts, level, method, path, status, duration_ms, user_name, request_id, address, message. */
type Row = [number, string, string, string, number, number, string | null, string, string, string];

function toRow([at, method, url, status, ms, user, id, ip]: Pending): Row {
  const path = loggedPath(url);
  const duration = Math.round(ms * 10) / 10;
  return [at, levelOf(status), method, path, status, duration, user, id, ip, composeMessage(method, path, status, duration, user, id, ip)];
}

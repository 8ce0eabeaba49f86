import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { ACCESS_LOG_MAX_LIMIT, STORED_COLUMNS, toEntry, toRow, type AccessLogQuery, type Pending } from './access-log-format.js';

/**
 * The access log's writer thread on SQLite (started by access-log-worker.mjs). It owns the
 * log's own database file, so the log's writes never take the main file's write lock nor
 * grow its WAL under the pages being read, and the composing, JSON and INSERT work leaves
 * the server's thread. Messages are handled one at a time, in order: a read after a write
 * sees it. Every request is answered `{ id, result }` or `{ id, error }`.
 */
export interface WriterData {
  /** The log's file, e.g. DATA_DIR/tessera.access-log.sqlite. */
  file: string;
  /** The main database file: entries an older release kept in it move to the log's file once. */
  mainFile?: string;
}

export type WriterRequest =
  | { id: number; op: 'write'; batch: Pending[] }
  | { id: number; op: 'read'; query: AccessLogQuery }
  | { id: number; op: 'prune'; before: number }
  | { id: number; op: 'close' };

const port = parentPort;
if (!port) throw new Error('access-log-writer runs in a worker thread');
const { file, mainFile } = workerData as WriterData;

const COLUMNS = 'ts, level, method, path, status, duration_ms, user_name, request_id, address, message';
/** Rows per INSERT (one JSON parameter each), so a large backlog is written in bounded statements. */
const ROWS_PER_INSERT = 5000;

const db = new BetterSqlite3(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// Several server processes may share the file: wait for another's write instead of failing.
db.pragma('busy_timeout = 5000');
db.exec(`create table if not exists sys_access_log (
  id integer primary key autoincrement, ts integer not null, level text not null, method text not null,
  path text not null, status integer not null, duration_ms real not null, user_name text,
  request_id text not null, address text not null, message text not null);
  create index if not exists sys_access_log_ts on sys_access_log (ts, id);`);

/** Entries written by the release that kept the log in the main file move here, once, in one transaction. */
function adoptOldEntries(main: string): void {
  db.prepare('attach database ? as old').run(main);
  try {
    const table = db.prepare("select 1 from old.sqlite_master where type = 'table' and name = 'sys_access_log'").get();
    if (!table) return;
    db.transaction(() => {
      db.exec(`insert into sys_access_log (${COLUMNS}) select ${COLUMNS} from old.sys_access_log order by ts, id`);
      db.exec('delete from old.sys_access_log');
    }).immediate();
  } finally {
    db.exec('detach database old');
  }
}
if (mainFile && existsSync(mainFile)) adoptOldEntries(mainFile);

// One statement of constant text for any number of rows: the batch travels as one JSON parameter.
const insert = db.prepare(`insert into sys_access_log (${COLUMNS})
  select value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9
  from json_each(?)`);
const prune = db.prepare('delete from sys_access_log where ts < ?');

function write(batch: Pending[]): number {
  for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
    insert.run(JSON.stringify(batch.slice(i, i + ROWS_PER_INSERT).map(toRow)));
  }
  return batch.length;
}

function read(query: AccessLogQuery) {
  const where: string[] = [];
  const params: number[] = [];
  if (query.fromDate) {
    where.push('ts >= ?');
    params.push(Date.parse(query.fromDate));
  }
  if (query.untilDate) {
    where.push('ts <= ?');
    params.push(Date.parse(query.untilDate));
  }
  params.push(Math.min(query.limit ?? 50, ACCESS_LOG_MAX_LIMIT), query.start ?? 0);
  const rows = db
    .prepare(`select ${STORED_COLUMNS.join(', ')} from sys_access_log ${where.length ? `where ${where.join(' and ')}` : ''} order by ts, id limit ? offset ?`)
    .all(...params) as Record<string, unknown>[];
  return rows.map(toEntry);
}

port.on('message', (request: WriterRequest) => {
  try {
    switch (request.op) {
      case 'write':
        port.postMessage({ id: request.id, result: write(request.batch) });
        break;
      case 'read':
        port.postMessage({ id: request.id, result: read(request.query) });
        break;
      case 'prune':
        port.postMessage({ id: request.id, result: prune.run(request.before).changes });
        break;
      case 'close':
        db.close();
        port.postMessage({ id: request.id, result: true });
        port.close();
        break;
    }
  } catch (err) {
    port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
  }
});

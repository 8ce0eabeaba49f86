import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { ACCESS_LOG_MAX_LIMIT, loggedPath, toEntry, type AccessLogQuery, type Pending } from './access-log-format.js';

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

/**
 * What the file keeps of a request. The level and the readable line follow from these, so
 * they are made when read, not stored: less to write on every request, half the bytes.
 */
const COLUMNS = 'ts, method, path, status, duration_ms, user_name, request_id, address';

const db = new BetterSqlite3(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// Several server processes may share the file: wait for another's write instead of failing.
db.pragma('busy_timeout = 5000');
db.exec(`create table if not exists sys_access_log (
  id integer primary key, ts integer not null, method text not null, path text not null,
  status integer not null, duration_ms real not null, user_name text, request_id text not null,
  address text not null);
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

const insert = db.prepare(`insert into sys_access_log (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)`);
const prune = db.prepare('delete from sys_access_log where ts < ?');

/** A batch in one transaction: one commit, prepared inserts, no JSON in between. */
const write = db.transaction((batch: Pending[]): number => {
  for (const [at, method, url, status, ms, user, id, ip] of batch) {
    insert.run(at, method, loggedPath(url), status, Math.round(ms * 10) / 10, user, id, ip);
  }
  return batch.length;
});

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
    .prepare(`select id, ${COLUMNS} from sys_access_log ${where.length ? `where ${where.join(' and ')}` : ''} order by ts, id limit ? offset ?`)
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

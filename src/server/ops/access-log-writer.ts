import { existsSync, renameSync } from 'node:fs';
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

/**
 * The file is written without fsync (synchronous = OFF): every committed batch survives a
 * crash of the process, but a power cut or an OS crash may lose the last moments of the log or
 * damage the file. Waiting for the disk on every batch cost the pages being served a tenth of
 * their rate on a virtual machine, and the log is a record for people to read, not data to
 * restore; a damaged file is set aside (renamed *.corrupt-<time>) and a new one begun.
 */
function open() {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // Several server processes may share the file: wait for another's write instead of failing.
  db.pragma('busy_timeout = 5000');
  db.exec(`create table if not exists sys_access_log (
    id integer primary key, ts integer not null, method text not null, path text not null,
    status integer not null, duration_ms real not null, user_name text, request_id text not null,
    address text not null);
    create index if not exists sys_access_log_ts on sys_access_log (ts, id);`);
  const insert = db.prepare(`insert into sys_access_log (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?)`);
  const prune = db.prepare('delete from sys_access_log where ts < ?');
  /** A batch in one transaction: one commit, prepared inserts, no JSON in between. */
  const write = db.transaction((batch: Pending[]): number => {
    for (const [at, method, url, status, ms, user, id, ip] of batch) {
      insert.run(at, method, loggedPath(url), status, Math.round(ms * 10) / 10, user, id, ip);
    }
    return batch.length;
  });
  return { db, prune, write };
}

const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);
const damaged = (err: unknown) => DAMAGED.has(String((err as { code?: unknown }).code));

function setAside(): void {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, `${file}.corrupt-${stamp}${suffix}`);
  }
}

function openOrBegin() {
  try {
    return open();
  } catch (err) {
    if (!damaged(err)) throw err;
    setAside();
    return open();
  }
}

let log = openOrBegin();

/** Runs an operation; a file found damaged on the way is set aside and the operation tried once on a new one. */
function withLog<T>(fn: (l: typeof log) => T): T {
  try {
    return fn(log);
  } catch (err) {
    if (!damaged(err)) throw err;
    try {
      log.db.close();
    } catch {
      // already unusable
    }
    setAside();
    log = open();
    return fn(log);
  }
}

/** Entries written by the release that kept the log in the main file move here, once, in one transaction. */
function adoptOldEntries(main: string): void {
  const { db } = log;
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
  const rows = withLog((l) => l.db.prepare(`select id, ${COLUMNS} from sys_access_log ${where.length ? `where ${where.join(' and ')}` : ''} order by ts, id limit ? offset ?`)
    .all(...params)) as Record<string, unknown>[];
  return rows.map(toEntry);
}

port.on('message', (request: WriterRequest) => {
  try {
    switch (request.op) {
      case 'write':
        // BEGIN IMMEDIATE: another process's writer holding the file is waited for (busy_timeout).
        port.postMessage({ id: request.id, result: withLog((l) => l.write.immediate(request.batch)) });
        break;
      case 'read':
        port.postMessage({ id: request.id, result: read(request.query) });
        break;
      case 'prune':
        port.postMessage({ id: request.id, result: withLog((l) => l.prune.run(request.before).changes) });
        break;
      case 'close':
        log.db.close();
        port.postMessage({ id: request.id, result: true });
        port.close();
        break;
    }
  } catch (err) {
    port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
  }
});

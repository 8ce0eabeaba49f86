import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect, type Database } from '../../src/server/db/connect.js';
import { migrate } from '../../src/server/db/migrations.js';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { AccessLog, DatabaseLogStore, FileLogStore, accessLogStore, composeMessage, levelOf, loggedPath } from '../../src/server/ops/access-log.js';

function logger() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

let database: Database;
beforeEach(async () => {
  database = connect({ dataDir: '', databaseUrl: 'sqlite::memory:' });
  await migrate(database);
});
afterEach(async () => {
  await database.close();
});

const stored = async () => (await database.db.selectFrom('sys_access_log').select(['path', 'status', 'level', 'user_name', 'message']).orderBy('id').execute());

describe('the access log service', () => {
  it('levels: 5xx error, 4xx warn, the rest info', () => {
    expect([200, 204, 301, 399, 400, 404, 499, 500, 503].map(levelOf)).toEqual(['info', 'info', 'info', 'info', 'warn', 'warn', 'warn', 'error', 'error']);
  });

  it('logs the path without its query string, and masks the lost-password token', () => {
    expect(loggedPath('/api/grid/orders/data/0/50?search=secret&token=abc')).toBe('/api/grid/orders/data/0/50');
    expect(loggedPath('/api/checkuser')).toBe('/api/checkuser');
    expect(loggedPath('/lost_password/change/9f8e7d6c5b4a')).toBe('/lost_password/change/***');
    expect(loggedPath('/lost_password/token')).toBe('/lost_password/token');
  });

  it('composes a message the red-row rule can read', () => {
    const m = composeMessage('GET', '/api/x', 404, 3.2, null, 'req-7', '::1');
    expect(m).toBe('GET /api/x 404 3.2ms user=- id=req-7 ip=::1');
    expect(m).toContain(' 404 ');
    expect(composeMessage('POST', '/api/log', 200, 1, 'admin', 'req-1', '127.0.0.1')).not.toMatch(/ (400|404|500) /);
  });

  it('writes what it buffered with the fields unpacked, on flush and on close', async () => {
    const accessLog = new AccessLog(new DatabaseLogStore(database), logger().log, { enabled: true, retentionDays: 30 });
    accessLog.record('GET', '/a?x=1', 200, 1.234, null, 'req-1', '127.0.0.1');
    accessLog.record('POST', '/b', 503, 2, 'ann', 'req-2', '::1');
    await accessLog.flush();
    accessLog.record('GET', '/c', 404, 0.04, 'ann', 'req-3', '::1');
    await accessLog.close();
    expect(await stored()).toEqual([
      { path: '/a', status: 200, level: 'info', user_name: null, message: 'GET /a 200 1.2ms user=- id=req-1 ip=127.0.0.1' },
      { path: '/b', status: 503, level: 'error', user_name: 'ann', message: 'POST /b 503 2ms user=ann id=req-2 ip=::1' },
      { path: '/c', status: 404, level: 'warn', user_name: 'ann', message: 'GET /c 404 0ms user=ann id=req-3 ip=::1' },
    ]);
  });

  it('survives a failed write: logs it, drops the batch, goes on recording', async () => {
    const { log, error } = logger();
    const accessLog = new AccessLog(new DatabaseLogStore(database), log, { enabled: true, retentionDays: 30 });
    // The table out of reach, as a full disk or a lost connection would leave it.
    await sql`alter table sys_access_log rename to sys_access_log_away`.execute(database.db);
    accessLog.record('GET', '/a', 200, 1, null, 'req-1', '127.0.0.1');
    accessLog.record('GET', '/b', 500, 2, 'admin', 'req-2', '127.0.0.1');
    await expect(accessLog.flush()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'access log: could not write 2 entries');
    await sql`alter table sys_access_log_away rename to sys_access_log`.execute(database.db);
    accessLog.record('GET', '/c', 200, 1, null, 'req-3', '127.0.0.1');
    await accessLog.close();
    expect((await stored()).map((r) => r.path)).toEqual(['/c']);
  });

  it('writes a full buffer at once, and bounds what it keeps while writes lag', async () => {
    const { log, error } = logger();
    const accessLog = new AccessLog(new DatabaseLogStore(database), log, { enabled: true, retentionDays: 30, flushAt: 1200, maxBuffered: 1500 });
    for (let i = 0; i < 1600; i++) accessLog.record('GET', `/p${i}`, 200, 1, null, `req-${i}`, '127.0.0.1');
    // The 1200th entry started a write; it takes what is buffered when it runs: 1500, the last 100 dropped.
    await accessLog.flush();
    const rows = await stored();
    expect(rows).toHaveLength(1500);
    expect(rows[0]?.path).toBe('/p0');
    expect(rows[1499]?.path).toBe('/p1499');
    expect(error).toHaveBeenCalledWith('access log: 100 entries were dropped because the database did not take them in time');
    await accessLog.close();
  });
});

describe('the access log in a file of its own (SQLite)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-log-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const rowsIn = (file: string, table = 'sys_access_log') => {
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      return db.prepare(`select path, status from ${table} order by ts, id`).all();
    } finally {
      db.close();
    }
  };

  it('goes beside a SQLite file, and stays in the database on PostgreSQL and in memory', () => {
    expect(accessLogStore({ ...database, dialect: 'sqlite', file: join(dir, 'tessera.sqlite') })).toBeInstanceOf(FileLogStore);
    expect(accessLogStore({ ...database, dialect: 'sqlite', file: ':memory:' })).toBeInstanceOf(DatabaseLogStore);
    expect(accessLogStore({ ...database, dialect: 'postgres', file: undefined })).toBeInstanceOf(DatabaseLogStore);
  });

  it('writes through its thread into its own file, and a read after a flush sees every entry', async () => {
    const file = join(dir, 'tessera.access-log.sqlite');
    const accessLog = new AccessLog(new FileLogStore({ file }), logger().log, { enabled: true, retentionDays: 30 });
    await accessLog.start();
    accessLog.record('GET', '/a?secret=1', 200, 1.26, null, 'req-1', '127.0.0.1');
    accessLog.record('DELETE', '/b', 404, 2, 'ann', 'req-2', '::1');
    await accessLog.flush();
    const read = await accessLog.read({ limit: 10 });
    expect(read.map((e) => [e.path, e.status, e.level, e.user, e.message])).toEqual([
      ['/a', 200, 'info', null, 'GET /a 200 1.3ms user=- id=req-1 ip=127.0.0.1'],
      ['/b', 404, 'warn', 'ann', 'DELETE /b 404 2ms user=ann id=req-2 ip=::1'],
    ]);
    accessLog.record('GET', '/c', 500, 1, null, 'req-3', '::1');
    await accessLog.close();
    expect(rowsIn(file).map((r) => (r as { path: string }).path)).toEqual(['/a', '/b', '/c']);
  });

  it('takes over the entries an older release kept in the main file, once', async () => {
    const mainFile = join(dir, 'tessera.sqlite');
    const main = connect({ dataDir: dir });
    await migrate(main);
    await new AccessLog(new DatabaseLogStore(main), logger().log, { enabled: true, retentionDays: 30 }).close();
    const old = new AccessLog(new DatabaseLogStore(main), logger().log, { enabled: true, retentionDays: 30 });
    old.record('GET', '/old-1', 200, 1, null, 'req-1', '::1');
    old.record('GET', '/old-2', 403, 1, null, 'req-2', '::1');
    await old.close();
    await main.close();

    const file = join(dir, 'tessera.access-log.sqlite');
    const first = new AccessLog(new FileLogStore({ file, mainFile }), logger().log, { enabled: true, retentionDays: 30 });
    first.record('GET', '/new', 200, 1, null, 'req-3', '::1');
    await first.close();
    // A second start finds nothing left to take: no entry is copied twice.
    const second = new AccessLog(new FileLogStore({ file, mainFile }), logger().log, { enabled: true, retentionDays: 30 });
    expect((await second.read({})).map((e) => e.path)).toEqual(['/old-1', '/old-2', '/new']);
    await second.close();
    expect(rowsIn(mainFile)).toEqual([]);
  });

  it('prunes by the retention in its file', async () => {
    const file = join(dir, 'x.access-log.sqlite');
    let now = Date.parse('2026-11-01T00:00:00Z');
    const accessLog = new AccessLog(new FileLogStore({ file }), logger().log, { enabled: true, retentionDays: 2, now: () => now });
    accessLog.record('GET', '/old', 200, 1, null, 'req-1', '::1');
    await accessLog.flush();
    now += 3 * 24 * 3600 * 1000;
    accessLog.record('GET', '/recent', 200, 1, null, 'req-2', '::1');
    // The flush an hour or more after the last pruning prunes on its way.
    await accessLog.flush();
    expect((await accessLog.read({})).map((e) => e.path)).toEqual(['/recent']);
    now += 24 * 3600 * 1000;
    accessLog.record('GET', '/later', 200, 1, null, 'req-3', '::1');
    await accessLog.flush();
    // Two days and a moment after '/recent': it goes, '/later' stays.
    now += 24 * 3600 * 1000 + 1;
    expect(await accessLog.prune()).toBe(1);
    expect((await accessLog.read({})).map((e) => e.path)).toEqual(['/later']);
    await accessLog.close();
  });

  it('sets a damaged file aside and begins a new one, so a power cut never stops the log', async () => {
    const file = join(dir, 'tessera.access-log.sqlite');
    writeFileSync(file, Buffer.alloc(8192, 7));
    const { log, error } = logger();
    const accessLog = new AccessLog(new FileLogStore({ file }), log, { enabled: true, retentionDays: 30 });
    accessLog.record('GET', '/after-the-cut', 200, 1, null, 'req-1', '::1');
    await accessLog.flush();
    expect((await accessLog.read({})).map((e) => e.path)).toEqual(['/after-the-cut']);
    expect(error).not.toHaveBeenCalled();
    await accessLog.close();
    expect(readdirSync(dir).filter((f) => f.startsWith('tessera.access-log.sqlite.corrupt-'))).toHaveLength(1);
  });

  it('a file it cannot open costs the batch and a logged error, never a request, and the next write tries again', async () => {
    // A folder where the file should be: the thread cannot open it.
    const file = join(dir, 'blocked.sqlite');
    mkdirSync(file);
    const { log, error } = logger();
    const accessLog = new AccessLog(new FileLogStore({ file }), log, { enabled: true, retentionDays: 30 });
    accessLog.record('GET', '/a', 200, 1, null, 'req-1', '::1');
    await expect(accessLog.flush()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ code: 'SQLITE_CANTOPEN' }) }), 'access log: could not write 1 entries');
    rmSync(file, { recursive: true });
    accessLog.record('GET', '/b', 200, 1, null, 'req-2', '::1');
    await accessLog.flush();
    expect((await accessLog.read({})).map((e) => e.path)).toEqual(['/b']);
    await accessLog.close();
  });
});

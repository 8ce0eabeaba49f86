import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/connect.js';
import { AccessLog, composeMessage, levelOf, loggedPath } from '../../src/server/services/access-log.js';

function logger() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

/** A database that keeps what it is asked to insert; failing, its writes fail as a full disk or a lost connection would. */
function stubDb(inserted: unknown[][] = [], failing = true): Db {
  return {
    insertInto: () => ({
      values: (rows: unknown[]) => ({
        execute: async () => {
          inserted.push(rows);
          if (failing) throw new Error('disk I/O error');
        },
      }),
    }),
    deleteFrom: () => ({ where: () => ({ executeTakeFirst: async () => ({ numDeletedRows: 0n }) }) }),
  } as unknown as Db;
}

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

  it('survives a failed write: logs it, drops the batch, goes on recording', async () => {
    const inserted: unknown[][] = [];
    const { log, error } = logger();
    const accessLog = new AccessLog(stubDb(inserted), log, { enabled: true, retentionDays: 30 });
    accessLog.record('GET', '/a', 200, 1, null, 'req-1', '127.0.0.1');
    accessLog.record('GET', '/b', 500, 2, 'admin', 'req-2', '127.0.0.1');
    await expect(accessLog.flush()).resolves.toBeUndefined();
    expect(inserted[0]).toHaveLength(2);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'access log: could not write 2 entries');
    accessLog.record('GET', '/c', 200, 1, null, 'req-3', '127.0.0.1');
    await accessLog.close();
    expect(inserted[1]).toHaveLength(1);
  });

  it('writes a full buffer at once in batches, and bounds what it keeps while writes lag', async () => {
    const inserted: unknown[][] = [];
    const { log, error } = logger();
    const slow = stubDb(inserted, false);
    const accessLog = new AccessLog(slow, log, { enabled: true, retentionDays: 30, flushAt: 1200, maxBuffered: 1500 });
    for (let i = 0; i < 1600; i++) accessLog.record('GET', `/p${i}`, 200, 1, null, `req-${i}`, '127.0.0.1');
    // The 1200th entry started a write; it takes what is buffered when it runs (1500, 100 were dropped), in rows of 500.
    await accessLog.flush();
    expect(inserted.map((rows) => rows.length)).toEqual([500, 500, 500]);
    expect(error).toHaveBeenCalledWith('access log: 100 entries were dropped because the database did not take them in time');
    expect((inserted[0]?.[0] as { path: string }).path).toBe('/p0');
  });
});

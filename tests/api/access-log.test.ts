import { describe, expect, it, vi } from 'vitest';
import type { AccessLogEntry } from '../../src/server/ops/access-log.js';
import { startTestApp, type TestApp, useTestApp } from '../support/test-app.js';

/** Every request lands in the access log, read back by admins through POST /api/log. */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

const DAY = 24 * 3600 * 1000;
const wholeDay = () => ({ fromDate: new Date(Date.now() - DAY).toISOString(), untilDate: new Date(Date.now() + DAY).toISOString() });

async function read(body: Record<string, unknown>, token: string | null = admin) {
  return t.call<AccessLogEntry[]>('POST', '/api/log', { token, body });
}

/** Entries placed straight in the log's store (its own file on SQLite), at chosen times, for the range and retention checks. */
async function insertAt(times: number[], path: string) {
  await t.app.services.accessLog.store.write(times.map((ts, i) => [ts, 'GET', path, 200, 1, null, `seeded-${i}`, '10.0.0.1']));
}

/** Every stored entry, whichever store keeps them. */
async function everything(app: TestApp['app']) {
  await app.services.accessLog.flush();
  return app.services.accessLog.store.read({ limit: 10_000, fromDate: '2000-01-01T00:00:00.000Z' });
}

describe('the access log', () => {
  it('records every request with its fields once flushed, oldest first', async () => {
    const marker = `/api/no-such-thing-${Date.now()}`;
    const t0 = Date.now();
    expect((await t.call('GET', `${marker}?secret=hunter2`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/checkuser', { token: admin })).status).toBe(200);
    await t.app.services.accessLog.flush();
    const res = await read({ start: 0, limit: 10_000, ...wholeDay() });
    expect(res.status).toBe(200);
    const missing = res.body.find((e) => e.path === marker);
    expect(missing).toBeDefined();
    const entry = missing as AccessLogEntry;
    expect(entry).toMatchObject({ level: 'warn', method: 'GET', status: 404, user: 'admin', path: marker });
    expect(entry.requestId).toBeTruthy();
    expect(entry.address).toBe('127.0.0.1');
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(entry.timestamp)).toBeGreaterThanOrEqual(t0 - 5);
    expect(Date.parse(entry.timestamp)).toBeLessThanOrEqual(Date.now());
    // The query string is never stored: it can carry secrets.
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(entry.message).toBe(`GET ${marker} 404 ${entry.durationMs}ms user=admin id=${entry.requestId} ip=127.0.0.1`);
    expect(entry.message).toContain(' 404 ');
    // Oldest first: the 404 comes before the checkuser made after it.
    const i404 = res.body.indexOf(entry);
    expect(res.body.slice(i404 + 1).some((e) => e.path === '/api/checkuser')).toBe(true);
    const times = res.body.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Sign-in and setup were logged too, without a user (the caller was not signed in yet).
    expect(res.body.find((e) => e.path === '/api/setup/finish')).toMatchObject({ status: 200, level: 'info', user: null });
  });

  it('marks 5xx as error, 4xx as warn, the rest info, and logs anonymous callers', async () => {
    expect((await t.call('POST', '/api/log', { body: {} })).status).toBe(401);
    await t.app.services.accessLog.flush();
    const res = await read({ limit: 10_000, ...wholeDay() });
    const anon = res.body.filter((e) => e.path === '/api/log' && e.status === 401);
    expect(anon.length).toBeGreaterThan(0);
    expect(anon[0]).toMatchObject({ level: 'warn', user: null });
  });

  it('shows requests made a moment ago without an explicit flush (the reader flushes first)', async () => {
    const marker = `/api/just-now-${Date.now()}`;
    await t.call('GET', marker);
    const res = await read({ limit: 10_000, ...wholeDay() });
    expect(res.body.some((e) => e.path === marker)).toBe(true);
  });

  it('pages with start and limit, and filters by the date range (both ends inclusive)', async () => {
    const base = Date.parse('2020-03-01T10:00:00.000Z');
    await insertAt([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((m) => base + m * 60_000), '/paged');
    const range = { fromDate: new Date(base).toISOString(), untilDate: new Date(base + 9 * 60_000).toISOString() };
    const all = await read({ start: 0, limit: 50, ...range });
    expect(all.body.map((e) => e.requestId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `seeded-${i}`));
    expect(all.body[0]?.timestamp).toBe('2020-03-01T10:00:00.000Z');
    const page = await read({ start: 3, limit: 4, ...range });
    expect(page.body.map((e) => e.requestId)).toEqual(['seeded-3', 'seeded-4', 'seeded-5', 'seeded-6']);
    const after = await read({ start: 8, limit: 4, ...range });
    expect(after.body.map((e) => e.requestId)).toEqual(['seeded-8', 'seeded-9']);
    const narrow = await read({ fromDate: new Date(base + 2 * 60_000).toISOString(), untilDate: new Date(base + 4 * 60_000).toISOString() });
    expect(narrow.body.map((e) => e.requestId)).toEqual(['seeded-2', 'seeded-3', 'seeded-4']);
    // ISO date-times with an offset mean the same instants.
    const offset = await read({ fromDate: '2020-03-01T12:05:00+02:00', untilDate: '2020-03-01T12:06:30+02:00' });
    expect(offset.body.map((e) => e.requestId)).toEqual(['seeded-5', 'seeded-6']);
    expect((await read({ fromDate: '2020-03-02T00:00:00Z', untilDate: '2020-03-01T00:00:00Z' })).body).toEqual([]);
    // Without a limit: 50 lines.
    expect((await read({})).body.length).toBeLessThanOrEqual(50);
  });

  it('is for administrators only', async () => {
    expect((await read({ limit: 5 }, null)).status).toBe(401);
    const user = await t.user('logreader');
    const res = await read({ limit: 5 }, user.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each([
    [{ limit: 0 }],
    [{ limit: 10_001 }],
    [{ limit: 'ten' }],
    [{ start: -1 }],
    [{ start: 1.5 }],
    [{ fromDate: 'yesterday' }],
    [{ untilDate: '2026-13-45T00:00:00Z' }],
    [{ limit: 5, where: '1=1' }],
  ])('answers 400 to the body %j and changes nothing', async (body) => {
    const count = async () => (await everything(t.app)).length;
    const before = await count();
    const res = await read(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID' });
    // Only the refused request itself was logged.
    expect(await count()).toBe(before + 1);
    const last = await read({ start: before, limit: 1, fromDate: '2000-01-01T00:00:00Z' });
    expect(last.body[0]).toMatchObject({ path: '/api/log', status: 400, level: 'warn' });
  });

  it('prunes entries older than the retention, and keeps the rest', async () => {
    const days = t.app.services.config.accessLogRetentionDays;
    expect(days).toBe(30);
    const now = Date.now();
    await insertAt([now - (days + 5) * DAY, now - (days + 1) * DAY, now - (days - 1) * DAY], '/retention');
    const removed = await t.app.services.accessLog.prune();
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await read({ limit: 10_000, fromDate: new Date(now - 100 * DAY).toISOString(), untilDate: new Date(now).toISOString() });
    const kept = left.body.filter((e) => e.path === '/retention');
    expect(kept).toHaveLength(1);
    expect(Date.parse(kept[0]?.timestamp ?? '')).toBe(now - (days - 1) * DAY);
  });
});

describe('ACCESS_LOG=0', () => {
  it('logs nothing, and the reader still answers', async () => {
    vi.stubEnv('ACCESS_LOG', '0');
    const off = await startTestApp();
    vi.unstubAllEnvs();
    try {
      expect(off.app.services.config.accessLog).toBe(false);
      const token = await off.setup();
      await off.call('GET', '/api/no-such-thing', { token });
      await off.call('GET', '/api/checkuser', { token });
      await off.app.services.accessLog.flush();
      const res = await off.call<AccessLogEntry[]>('POST', '/api/log', { token, body: { limit: 100 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('closing the app', () => {
  it('writes the buffered entries before the database closes', async () => {
    const other = await startTestApp();
    const token = await other.setup();
    await other.call('GET', '/api/after-close-check', { token });
    // Close flushes before the log's store and then the database close: look just before they do.
    const { accessLog, database } = other.app.services;
    let rows: unknown[] = [];
    const order: string[] = [];
    const closeStore = accessLog.store.close.bind(accessLog.store);
    accessLog.store.close = async () => {
      rows = (await accessLog.store.read({ limit: 10_000, fromDate: '2000-01-01T00:00:00.000Z' })).filter((e) => e.path === '/api/after-close-check');
      order.push('log');
      await closeStore();
    };
    const closeDatabase = database.close.bind(database);
    database.close = async () => {
      order.push('database');
      await closeDatabase();
    };
    await other.close();
    expect(rows).toHaveLength(1);
    expect(order).toEqual(['log', 'database']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNER_STATS_MIN_ROWS } from '../../src/server/ops/planner-stats.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * SQLite's planner statistics (src/server/ops/planner-stats.ts): a model table of some size is
 * analysed in a thread when it has no statistics or its row count drifted, and the server's own
 * connection then plans with them: a filter on a rare date and a common status walks the date's
 * index, not the status's. On PostgreSQL, whose autovacuum keeps statistics, nothing runs.
 */
let t: TestApp;
let admin: string;
const ROWS = PLANNER_STATS_MIN_ROWS + 1_000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const res = await t.call('POST', '/api/definitions/model', {
    token: admin,
    body: { name: 'Event', fields: [{ name: 'status', type: 'text' }, { name: 'day', type: 'date' }] },
  });
  expect(res.status).toBe(201);
  // Both fields get the sort index a grid's columns get.
  await t.app.services.store.ensureSortIndexes('Event', ['status', 'day']);
  const { db } = t.app.services.store;
  // Half the rows 'open', the other half 'closed'; every day of 16 years but each day only once or twice.
  const values = Array.from({ length: ROWS }, (_, i) => ({ status: i % 2 ? 'open' : 'closed', day: new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10) }));
  for (let i = 0; i < values.length; i += 500) await db.insertInto('t_event').values(values.slice(i, i + 500)).execute();
  // The stats row the triggers keep.
  expect(await t.app.services.store.count('Event')).toBe(ROWS);
});
afterAll(async () => {
  await t.close();
});

const plan = async (query: string) => {
  const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(t.app.services.store.db);
  return rows.rows.map((r) => r.detail).join(' | ');
};

describe('planner statistics', () => {
  it('are gathered for a big table without any, then the date index serves a rare date among common statuses (SQLite)', async () => {
    const { plannerStats, store } = t.app.services;
    if (store.dialect !== 'sqlite') {
      // PostgreSQL: autovacuum's own; the pass finds nothing to do.
      expect(await plannerStats.due()).toEqual([]);
      return;
    }
    const query = "select count(*) from t_event where status in ('open', 'closed') and day >= '2025-01-01'";
    // Without statistics SQLite takes an IN on an index for the narrower condition.
    expect(await plan(query)).toContain('t_event__status__sx');
    expect(await plannerStats.due()).toContain('t_event');
    expect(await plannerStats.run()).toContain('t_event');
    expect(await plan(query)).toContain('t_event__day__sx');
    // Analysed and not drifted: nothing to do.
    expect(await plannerStats.due()).not.toContain('t_event');
  });

  it('are gathered again once the row count drifted by a quarter (SQLite)', async () => {
    const { plannerStats, store } = t.app.services;
    if (store.dialect !== 'sqlite') {
      expect(await plannerStats.run()).toEqual([]);
      return;
    }
    const more = Array.from({ length: Math.ceil(ROWS * 0.3) }, (_, i) => ({ status: 'open', day: `2040-01-${String((i % 28) + 1).padStart(2, '0')}` }));
    for (let i = 0; i < more.length; i += 500) await store.db.insertInto('t_event').values(more.slice(i, i + 500)).execute();
    expect(await plannerStats.due()).toContain('t_event');
    expect(await plannerStats.run()).toContain('t_event');
    expect(await plannerStats.due()).not.toContain('t_event');
  });
});

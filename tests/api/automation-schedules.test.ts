import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';

/**
 * Schedules (docs/automations.md, "Schedules"): two server processes on one database, both
 * looking at a schedule whose tick is due at once, queue one run between them (the schedule's row
 * is moved on by compare and set), and its next tick is the cron's next one.
 */
const folder = mkdtempSync(join(tmpdir(), 'tessera-schedules-'));
let one: TestApp;
let two: TestApp;
let admin: string;

beforeAll(async () => {
  one = await startTestApp(TEST_DB === 'sqlite' ? { databaseUrl: `sqlite:${join(folder, 'shared.sqlite')}` } : {});
  admin = await one.setup();
  two = await startTestApp({ databaseUrl: one.databaseUrl as string });
}, 60_000);
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

describe('schedules', () => {
  it('fire once per tick across two processes, and move on to the next tick', async () => {
    const saved = await one.call('POST', '/api/definitions/automation', {
      token: admin,
      body: { name: 'nightly', trigger: { type: 'schedule', cron: '0 3 * * *' }, runAs: 'admin', steps: [] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const db = one.app.services.database.db;
    // Both processes read the new automation; the schedule's first tick is the next 03:00.
    await Promise.all([one.app.services.automations.current(), two.app.services.automations.current()]);
    const row = await db.selectFrom('sys_automation_schedules').selectAll().where('automation', '=', 'nightly').executeTakeFirstOrThrow();
    const next = new Date(Number(row.next_at));
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect([next.getHours(), next.getMinutes()]).toEqual([3, 0]);
    // Its tick comes due: both processes look at once, five times over.
    const due = Date.now() - 1000;
    await db.updateTable('sys_automation_schedules').set({ next_at: due }).where('automation', '=', 'nightly').execute();
    for (let i = 0; i < 5; i++) await Promise.all([one.app.services.automations.tick(), two.app.services.automations.tick()]);
    const runs = await db.selectFrom('sys_automation_runs').selectAll().where('automation', '=', 'nightly').execute();
    expect(runs.length).toBe(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule' });
    const moved = await db.selectFrom('sys_automation_schedules').selectAll().where('automation', '=', 'nightly').executeTakeFirstOrThrow();
    expect(Number(moved.next_at)).toBeGreaterThan(Date.now());
    await one.app.services.automations.settle();
    expect((await db.selectFrom('sys_automation_runs').select('state').where('automation', '=', 'nightly').executeTakeFirstOrThrow()).state).toBe('done');
  });

  it('stops when the automation is turned off: its schedule is dropped', async () => {
    const current = await one.call<Record<string, unknown>>('GET', '/api/definitions/automation/nightly', { token: admin });
    const off = await one.call('PUT', '/api/definitions/automation/nightly', { token: admin, body: { ...current.body, enabled: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await two.app.services.automations.current();
    const left = await one.app.services.database.db.selectFrom('sys_automation_schedules').selectAll().where('automation', '=', 'nightly').execute();
    expect(left).toEqual([]);
  });
});

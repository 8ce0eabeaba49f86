import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';

/** Expired sessions and lost-password tokens are purged on a schedule, through an index. */
let t: TestApp;
useTestApp((app) => {
  t = app;
});

describe('housekeeping', () => {
  it('purges expired sessions, lost-password tokens and forgotten sign-in failures, and keeps the live ones', async () => {
    const { database, sessions, housekeeping } = t.app.services;
    const db = database.db;
    const now = Date.now();
    const live = await sessions.create(1);
    const old = await sessions.create(1);
    // The second session ran out a minute ago (sessions are stored by the SHA-256 of their token).
    const oldHash = createHash('sha256').update(old).digest('hex');
    await db.updateTable('sys_sessions').set({ expires_at: now - 60_000 }).where('token_hash', '=', oldHash).execute();
    await db
      .insertInto('sys_password_tokens')
      .values([
        { token_hash: 'expired-token', user_id: '1', created_at: now - 7_200_000, expires_at: now - 3_600_000 },
        { token_hash: 'live-token', user_id: '1', created_at: now, expires_at: now + 3_600_000 },
      ])
      .execute();
    await db
      .insertInto('sys_signin_attempts')
      .values([
        { key: 'user:old', failures: 3, next_at: now - 7_100_000, last_at: now - 7_200_000 },
        { key: 'user:recent', failures: 3, next_at: now + 60_000, last_at: now - 60_000 },
      ])
      .execute();
    const before = Number((await db.selectFrom('sys_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);

    expect(await housekeeping.run()).toEqual({ sessions: 1, passwordTokens: 1, signinFailures: 1, recordHistory: 0 });
    const after = Number((await db.selectFrom('sys_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    expect(after).toBe(before - 1);
    expect(await sessions.userRow(live)).toBeDefined();
    expect(await sessions.userRow(old)).toBeUndefined();
    const tokens = await db.selectFrom('sys_password_tokens').select('token_hash').execute();
    expect(tokens.map((r) => r.token_hash)).toEqual(['live-token']);
    const attempts = await db.selectFrom('sys_signin_attempts').select('key').where('key', 'like', 'user:%').execute();
    expect(attempts.map((r) => r.key)).toEqual(['user:recent']);
    // A second pass finds nothing left.
    expect(await housekeeping.run()).toEqual({ sessions: 0, passwordTokens: 0, signinFailures: 0, recordHistory: 0 });
  });

  it('purges through an index on the expiry, never by reading the whole table', async () => {
    const db = t.app.services.database.db;
    if (t.app.services.database.dialect === 'postgres') {
      const found = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and indexname in ('sys_sessions_expires', 'sys_password_tokens_expires')`.execute(db);
      expect(found.rows.map((r) => r.indexname).sort()).toEqual(['sys_password_tokens_expires', 'sys_sessions_expires']);
    } else {
      for (const [table, index] of [['sys_sessions', 'sys_sessions_expires'], ['sys_password_tokens', 'sys_password_tokens_expires']]) {
        const plan = await sql<{ detail: string }>`explain query plan delete from ${sql.table(table!)} where expires_at < ${Date.now()}`.execute(db);
        expect(plan.rows.map((r) => r.detail).join(' ')).toContain(`USING INDEX ${index}`);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { AUDIT_FIELD_NAMES } from '../../src/shared/audit-fields.js';

/**
 * A model save runs its table change in its own transaction, taking the schema lock
 * there (pg_advisory_xact_lock) rather than on a connection of its own. It is the same lock as
 * the one every other schema change holds (withSchemaLock, a session lock): while another
 * holds it, the save waits, and goes through once it is let go.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

describe('a model save on PostgreSQL', () => {
  it('waits for the schema lock another change holds, then commits', async () => {
    let release!: () => void;
    const letGo = new Promise<void>((resolve) => (release = resolve));
    let signalHeld!: () => void;
    const held = new Promise<void>((resolve) => (signalHeld = resolve));
    const holder = t.app.services.database.withSchemaLock(async () => {
      signalHeld();
      await letGo;
    });
    await held;
    // Sent from outside the holder's context, as another request (or process) would.
    let done = false;
    const save = t
      .call('POST', '/api/definitions/model', { token: admin, body: { name: 'Locked', title: 'Locked', fields: [{ name: 'label', type: 'text' }] } })
      .finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(done).toBe(false);
    release();
    await holder;
    expect((await save).status).toBe(201);
    // Its field, then the audit fields every model has.
    expect((await t.call<{ name: string }[]>('GET', '/api/models/Locked', { token: admin })).body.map((f) => f.name)).toEqual(['label', ...AUDIT_FIELD_NAMES]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * An admin cannot take away their own admin flag, and the last admin can neither lose
 * the flag nor be deleted; other users' flags change as before. Nothing changes when refused.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function start(env?: { ENABLE_SECURITY: 0 }): Promise<TestApp> {
  const t = await startTestApp(env ? { env } : {});
  apps.push(t);
  return t;
}

const isAdmin = async (t: TestApp, token: string, id: number | string) =>
  (await t.call<{ Admin: boolean }>('GET', `/api/form/user/data/${id}`, { token })).body.Admin;

/** The version of a user record as read (an update sends it back). */
const versionOf = async (t: TestApp, token: string | null, id: number | string) =>
  (await t.call<{ _version: number }>('GET', `/api/form/user/data/${id}`, { token })).body._version;

describe('keeping an administrator', () => {
  it("refuses an admin's own demotion, and lets one admin demote another", async () => {
    const t = await start();
    const admin = await t.setup();
    const me = (await t.call<{ user: { id: number } }>('GET', '/api/checkuser', { token: admin })).body.user.id;
    const own = await t.call<{ error: string }>('POST', `/api/form/user/update/${me}`, { token: admin, body: { Admin: false, _version: await versionOf(t, admin, me) } });
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('You cannot remove your own admin flag');
    expect(await isAdmin(t, admin, me)).toBe(true);

    const eve = await t.user('eve', { admin: true });
    const demoted = await t.call('POST', `/api/form/user/update/${eve.id}`, { token: admin, body: { Admin: false, _version: await versionOf(t, admin, eve.id) } });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect(await isAdmin(t, admin, eve.id)).toBe(false);
  });

  it('refuses to demote or delete the last admin, even with security off', async () => {
    const t = await start({ ENABLE_SECURITY: 0 });
    await t.setup();
    const users = await t.call<{ rows: { id: number; user: string }[] }>('GET', '/api/grid/users/data/0/50');
    const admin = (Array.isArray(users.body.rows) ? users.body.rows : []).find((u) => u.user === 'admin');
    expect(admin, JSON.stringify(users.body).slice(0, 200)).toBeTruthy();
    const demote = await t.call<{ error: string }>('POST', `/api/form/user/update/${admin!.id}`, { body: { Admin: false, _version: await versionOf(t, null, admin!.id) } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe('The last admin cannot lose the admin flag');
    const remove = await t.call<{ error: string }>('DELETE', `/api/form/user/delete/${admin!.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.error).toBe('The last admin cannot be deleted');
    expect((await t.call<{ Admin: boolean }>('GET', `/api/form/user/data/${admin!.id}`)).body.Admin).toBe(true);
  });
});

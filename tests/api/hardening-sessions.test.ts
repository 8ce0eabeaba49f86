import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE } from '../../src/server/auth/signin-throttle.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * A password or admin flag written through the user form ends that user's sessions
 * (as the password screens already do), and ids are normalised once at the edge, so '05' is
 * user 5 for every check, the "not yourself" ones included.
 */
let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  adminId = (await t.call<{ user: { id: number } }>('GET', '/api/checkuser', { token: admin })).body.user.id;
});
afterAll(async () => {
  await t.close();
});

/** The version of a user record as the user form reads it (an update sends it back). */
const versionOf = async (id: number | string) => (await t.call<{ _version: number }>('GET', `/api/form/user/data/${id}`, { token: admin })).body._version;
const signedIn = async (token: string) => (await t.call<{ user: unknown }>('GET', '/api/checkuser', { token })).body.user !== null;

describe('sessions after a change made through the user form', () => {
  it("ends the user's sessions when the admin sets their password", async () => {
    const dave = await t.user('dave');
    expect(await signedIn(dave.token)).toBe(true);
    const res = await t.call('POST', `/api/form/user/update/${dave.id}`, { token: admin, body: { password: 'a-new-password-1', _version: await versionOf(dave.id) } });
    expect(res.status).toBe(200);
    expect(await signedIn(dave.token)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
  });

  it("ends the user's sessions when their admin flag changes, either way", async () => {
    const erin = await t.user('erin');
    expect((await t.call('POST', `/api/form/user/update/${erin.id}`, { token: admin, body: { Admin: true, _version: await versionOf(erin.id) } })).status).toBe(200);
    expect(await signedIn(erin.token)).toBe(false);
  });

  it('keeps the sessions when neither the password nor the flag changes', async () => {
    const finn = await t.user('finn');
    expect((await t.call('POST', `/api/form/user/update/${finn.id}`, { token: admin, body: { email: 'finn2@example.com', password: '', _version: await versionOf(finn.id) } })).status).toBe(200);
    expect(await signedIn(finn.token)).toBe(true);
  });

  it('keeps the admin signed in when they set their own password through the form, ending their other sessions', async () => {
    const other = sessionToken(await t.call('POST', '/api/login', { body: { user: 'admin', password: 'correct horse battery' } }));
    expect((await t.call('POST', `/api/form/user/update/${adminId}`, { token: admin, body: { password: 'correct horse battery 2', _version: await versionOf(adminId) } })).status).toBe(200);
    expect(await signedIn(admin)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });
});

describe('ids with another spelling', () => {
  it.each(['0', '00', ' '])('refuses an admin deleting themselves as %s-prefixed id', async (pad) => {
    const id = `${pad.trim()}${adminId}`;
    const res = await t.call<{ error: string }>('DELETE', `/api/form/user/delete/${encodeURIComponent(id)}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(await signedIn(admin)).toBe(true);
  });

  it("refuses an admin's own demotion spelled '0' + id", async () => {
    const res = await t.call<{ error: string }>('POST', `/api/form/user/update/0${adminId}`, { token: admin, body: { Admin: false, _version: await versionOf(adminId) } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('You cannot remove your own admin flag');
    expect((await t.call<{ Admin: boolean }>('GET', `/api/form/user/data/${adminId}`, { token: admin })).body.Admin).toBe(true);
  });

  it("ends the sessions of user '05' when their password is set through '05'", async () => {
    const gail = await t.user('gail');
    expect((await t.call('POST', `/api/form/user/update/0${gail.id}`, { token: admin, body: { password: 'gail-new-password', _version: await versionOf(gail.id) } })).status).toBe(200);
    expect(await signedIn(gail.token)).toBe(false);
  });
});

describe('which definitions exist', () => {
  const paths = (name: string) => [
    `/api/form/${name}/definition`,
    `/api/form/${name}/data/1`,
    `/api/grid/${name}/definition`,
    `/api/grid/${name}/data/0/10`,
    `/api/page/${name}/definition`,
    `/api/menu/${name}/definition`,
    `/api/select/${name}`,
  ];
  const statuses = async (name: string, token?: string) => {
    const out: number[] = [];
    for (const path of paths(name)) out.push((await t.call('GET', path, { token })).status);
    return out;
  };

  it('answers a missing definition as it answers a private one: 401 signed out, 403 signed in; only admins see 404', async () => {
    // 'users', 'admin'... are private built-ins; the private names are chosen per kind below.
    const privateOnes = ['user', 'users'];
    const visitor = await t.user('visitor');
    for (const name of privateOnes) {
      expect(await statuses(`no_such_${name}`)).toEqual((await statuses(name)).map(() => 401));
    }
    expect((await statuses('no_such_thing', visitor.token)).every((s) => s === 403)).toBe(true);
    expect((await statuses('no_such_thing', admin)).every((s) => s === 404)).toBe(true);
  });
});

describe('guessing the old password through a session', () => {
  it('is delayed like sign-in: after the free wrong old passwords even the right one waits, then works', async () => {
    const hana = await t.user('hana');
    const attempt = (old: string) =>
      t.call<{ code?: string }>('POST', '/api/changemypassword', { token: hana.token, body: { OldPassword: old, NewPassword1: 'hana-new-password', NewPassword2: 'hana-new-password' } });
    let clock = Date.now();
    t.app.services.throttle.now = () => clock;
    try {
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(`guess-${i}`)));
      expect(burst.filter((r) => r.status === 400)).toHaveLength(ACCOUNT_RULE.free);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - ACCOUNT_RULE.free);
      const waiting = await attempt('hana-password-1');
      expect(waiting.status).toBe(429);
      expect(waiting.body.code).toBe('TOO_MANY_FAILURES');
      // Nothing changed: the old password still signs in.
      expect((await t.call('POST', '/api/login', { body: { user: 'hana', password: 'hana-password-1' } })).status).toBe(200);
      clock += Number(waiting.headers['retry-after']) * 1000;
      expect((await attempt('hana-password-1')).status).toBe(200);
    } finally {
      t.app.services.throttle.now = Date.now;
    }
  }, 60_000);
});

describe('access.self', () => {
  it('grants a user their own record through a User form, and nothing through a grid or a select', async () => {
    for (const [kind, body] of [
      ['grid', { name: 'everyone_self', title: 'Users', model: 'User', paging: 3, pageSize: 50, definition: [{ name: 'email', label: 'E-mail', type: 'Text' }], access: { self: true } }],
      ['select', { name: 'users_self', title: 'Users', model: 'User', valuefield: 'id', labelfield: 'email', access: { self: true } }],
    ] as const) {
      expect((await t.call('POST', `/api/definitions/${kind}`, { token: admin, body })).status).toBe(201);
    }
    const ivy = await t.user('ivy');
    expect((await t.call('GET', '/api/grid/everyone_self/data/0/50', { token: ivy.token })).status).toBe(403);
    expect((await t.call('GET', '/api/grid/everyone_self/definition', { token: ivy.token })).status).toBe(403);
    expect((await t.call('GET', '/api/select/users_self', { token: ivy.token })).status).toBe(403);
    expect((await t.call('GET', `/api/form/mydetails/data/${ivy.id}`, { token: ivy.token })).status).toBe(200);
    expect((await t.call('GET', `/api/form/mydetails/data/${adminId}`, { token: ivy.token })).status).toBe(403);
  });
});

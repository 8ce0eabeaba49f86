import { describe, expect, it } from 'vitest';
import { type TestApp, ADMIN, useTestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * A user id may be written '02' as well as 2 or '2': the database reads all three as user 2. So
 * every rule that compares user ids (their sessions, `self`, the last admin, one's own account)
 * compares the one spelling the database reads, or a password change through '02' would change
 * the password and leave the user's sessions open.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

const who = async (token: string) => (await t.call<{ user: { user: string } | null }>('GET', '/api/checkuser', { token })).body.user?.user ?? null;
const login = (user: string, password: string) => t.call('POST', '/api/login', { body: { user, password } });
const adminId = async () => Number((await t.app.services.store.getRaw('User', { field: 'user', value: ADMIN.user }))?.id);

describe('POST /api/changeuserpassword with the id written otherwise', () => {
  it.each([
    ['0N', (id: number) => `0${id}`],
    ['000N', (id: number) => `000${id}`],
    ['N', (id: number) => String(id)],
  ] as const)('ends every session of the user (%s)', async (_written, spell) => {
    const name = `carol${Math.random().toString(36).slice(2, 8)}`;
    const carol = await t.user(name);
    const other = sessionToken(await login(name, `${name}-password-1`));
    expect(await who(carol.token)).toBe(name);
    const res = await t.call('POST', '/api/changeuserpassword', { token: admin, body: { id: spell(carol.id), NewPassword1: 'Fresh-pass-22', NewPassword2: 'Fresh-pass-22' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await who(carol.token)).toBeNull();
    expect(await who(other)).toBeNull();
    expect((await login(name, `${name}-password-1`)).status).toBe(401);
    expect((await login(name, 'Fresh-pass-22')).status).toBe(200);
  });

  it('answers 404 for a user that does not exist, however it is written', async () => {
    for (const id of ['0', '00', '099999']) {
      expect((await t.call('POST', '/api/changeuserpassword', { token: admin, body: { id, NewPassword1: 'Fresh-pass-22', NewPassword2: 'Fresh-pass-22' } })).status).toBe(404);
    }
  });
});

describe("the user form with the id written '0N'", () => {
  it("ends the user's sessions when their password or admin flag changes", async () => {
    const dave = await t.user('dave');
    const read = await t.call<{ _version: number }>('GET', `/api/form/user/data/${dave.id}`, { token: admin });
    const res = await t.call('POST', `/api/form/user/update/0${dave.id}`, { token: admin, body: { password: 'Another-pass-3', _version: read.body._version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await who(dave.token)).toBeNull();
    const again = sessionToken(await login('dave', 'Another-pass-3'));
    const now = await t.call<{ _version: number }>('GET', `/api/form/user/data/${dave.id}`, { token: admin });
    expect((await t.call('POST', `/api/form/user/update/00${dave.id}`, { token: admin, body: { Admin: true, _version: now.body._version } })).status).toBe(200);
    expect(await who(again)).toBeNull();
  });

  it("refuses to delete one's own account or to take one's own admin flag", async () => {
    const id = await adminId();
    const del = await t.call<{ error: string }>('DELETE', `/api/form/user/delete/0${id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.error).toMatch(/your own account/);
    const read = await t.call<{ _version: number }>('GET', `/api/form/user/data/${id}`, { token: admin });
    const demote = await t.call<{ error: string }>('POST', `/api/form/user/update/0${id}`, { token: admin, body: { Admin: false, _version: read.body._version } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toMatch(/your own admin flag/);
    expect(await who(admin)).toBe(ADMIN.user);
  });
});

describe("a user's own record (`self`) with the id written '0N'", () => {
  it('is theirs to read and change, and nobody else’s', async () => {
    const erin = await t.user('erin');
    const frank = await t.user('frank');
    const mine = await t.call<{ user: string; _version: number }>('GET', `/api/form/mydetails/data/0${erin.id}`, { token: erin.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.user).toBe('erin');
    const saved = await t.call('POST', `/api/form/mydetails/update/0${erin.id}`, { token: erin.token, body: { FrontPage: 'about', _version: mine.body._version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.call<{ FrontPage: string }>('GET', `/api/form/mydetails/data/${erin.id}`, { token: erin.token })).body.FrontPage).toBe('about');
    for (const id of [`0${frank.id}`, String(frank.id), `0${erin.id}x`]) {
      expect((await t.call('GET', `/api/form/mydetails/data/${id}`, { token: erin.token })).status, id).toBe(403);
    }
  });
});

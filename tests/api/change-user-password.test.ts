import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * An admin sets another user's password: the new one works, the old one no longer
 * does, and the user's sessions end; a mismatch, an unknown user and a non-admin are refused.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

const login = (user: string, password: string) => t.call<{ error?: string }>('POST', '/api/login', { body: { user, password } });

describe('POST /api/changeuserpassword', () => {
  it("sets the user's password: the new one signs in, the old one does not, and their sessions end", async () => {
    const carol = await t.user('carol');
    const who = async (token: string) => (await t.call<{ user: { user: string } | null }>('GET', '/api/checkuser', { token })).body.user?.user ?? null;
    expect(await who(carol.token)).toBe('carol');
    const res = await t.call('POST', '/api/changeuserpassword', { token: admin, body: { id: carol.id, NewPassword1: 'Fresh-carol-2', NewPassword2: 'Fresh-carol-2' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await who(carol.token)).toBeNull();
    expect((await login('carol', 'carol-password-1')).status).toBe(401);
    const fresh = await login('carol', 'Fresh-carol-2');
    expect(fresh.status).toBe(200);
    expect(await who(sessionToken(fresh))).toBe('carol');
  });

  it('refuses a mismatch, an unknown user and a caller who is not an admin, changing nothing', async () => {
    const dave = await t.user('dave');
    const mismatch = await t.call<{ error: string }>('POST', '/api/changeuserpassword', { token: admin, body: { id: dave.id, NewPassword1: 'One-pass-1', NewPassword2: 'Two-pass-2' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('Password mismatch');
    expect((await t.call('POST', '/api/changeuserpassword', { token: admin, body: { id: 99999, NewPassword1: 'One-pass-1', NewPassword2: 'One-pass-1' } })).status).toBe(404);
    expect((await t.call('POST', '/api/changeuserpassword', { token: dave.token, body: { id: dave.id, NewPassword1: 'One-pass-1', NewPassword2: 'One-pass-1' } })).status).toBe(403);
    expect((await login('dave', 'dave-password-1')).status).toBe(200);
  });
});

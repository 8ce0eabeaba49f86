import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE, ADDRESS_RULE } from '../../src/server/auth/signin-throttle.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';
import { startSmtp } from '../support/smtp.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('environment', () => {
  it('answers the six environment values and SELF_REGISTRATION with sensible defaults', async () => {
    const res = await t.call('GET', '/api/env/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ENVIRONMENT_NAME: 'Tessera',
      LICENCE_STATUS: 'Registered',
      EXPIRED: false,
      ENABLE_SECURITY: 1,
      ENABLE_PREFERENCES_SCREEN: 1,
      TOOLBAR_CLASS: 'navbar-dark bg-dark',
      SELF_REGISTRATION: 0,
    });
  });
});

describe('first run', () => {
  it('reports setupNotCompleted while no user exists, and only setup works', async () => {
    expect((await t.call('GET', '/api/checkuser')).body).toEqual({ user: null, setupNotCompleted: true });
    const step1 = await t.call<{ title: string; name: string }>('GET', '/api/form/setup_user/definition');
    expect(step1.status).toBe(200);
    expect(step1.body.name).toBe('setup_user');
    expect((await t.call('GET', '/api/form/setup_smtp/definition')).status).toBe(200);
    for (const url of ['/api/form/login/definition', '/api/form/user/definition', '/api/grid/users/definition', '/api/models']) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ code: 'SETUP_NOT_COMPLETED' });
    }
    expect((await t.call('POST', '/api/login', { body: { user: 'x', password: 'y' } })).status).toBe(403);
  });

  it('refuses a finish body that breaks its schema and changes nothing', async () => {
    const bad = await t.call<{ error: string; details: { pointer: string }[] }>('POST', '/api/setup/finish', {
      body: { user: 'a', email: 'not-an-email', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d) => d.pointer).sort()).toEqual(['/email', '/password']);
    const extra = await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode(), Admin: false } });
    expect(extra.status).toBe(400);
    expect((await t.call('GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: true });
  });

  it('creates the first user as admin, signs them in, stores SMTP, and can never run again', async () => {
    const res = await t.call('POST', '/api/setup/finish', {
      body: { ...ADMIN, setupCode: t.setupCode(), smtp_host: 'mail.example.com', smtp_port: '587', smtp_from: 'noreply@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^token=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const me = await t.call<{ user: Record<string, unknown>; setupNotCompleted: boolean }>('GET', '/api/checkuser', {
      cookie: cookie.split(';')[0],
    });
    expect(me.body.setupNotCompleted).toBe(false);
    expect(me.body.user).toMatchObject({ user: 'admin', email: 'admin@example.com', Admin: true });
    const again = await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode(), user: 'intruder', email: 'i@example.com' } });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'SETUP_COMPLETED' });
    expect((await t.call('POST', '/api/login', { body: { user: 'intruder', password: ADMIN.password } })).status).toBe(401);
  });

  it('asks for the setup code printed at start: without it, or with a wrong one, nobody becomes admin', async () => {
    expect(t.setupCode()).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    for (const body of [{ ...ADMIN }, { ...ADMIN, setupCode: '' }, { ...ADMIN, setupCode: 'AAAA-BBBB-CCCC' }]) {
      const res = await t.call('POST', '/api/setup/finish', { body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'SETUP_CODE', error: "The setup code is missing or wrong: it is printed in the server's log when it started" });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.call('GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: true });
    // Typed as read off a terminal: lower case, without the dashes.
    const typed = t.setupCode().toLowerCase().replace(/-/g, ' ');
    expect((await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: typed } })).status).toBe(200);
  });

  it('counts wrong setup codes like wrong passwords, so the code cannot be guessed', async () => {
    const guesses = await Promise.all(
      Array.from({ length: ADDRESS_RULE.free + 20 }, (_, i) =>
        t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: `GUES-S${String(i).padStart(3, '0')}-AAAA` }, remoteAddress: '10.9.9.9' }),
      ),
    );
    expect(guesses.filter((r) => r.status === 403), JSON.stringify(guesses.filter((r) => r.status !== 403).slice(0, 3))).toHaveLength(ADDRESS_RULE.free);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(20);
    // Only the guessing address waits; the owner finishes setup from theirs.
    expect((await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode() } })).status).toBe(200);
  });

  it('asks for the setup code at the SMTP test too, so strangers cannot time connections to any host and port', async () => {
    const inbox = await startSmtp();
    try {
      const smtp = { smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_secure: false };
      for (const body of [smtp, { ...smtp, setupCode: '' }, { ...smtp, setupCode: 'AAAA-BBBB-CCCC' }]) {
        const res = await t.call('POST', '/api/smtp/test', { body });
        expect(res.status).toBe(403);
        // The very answer /api/setup/finish gives to a missing or wrong code.
        expect(res.body).toEqual({ code: 'SETUP_CODE', error: "The setup code is missing or wrong: it is printed in the server's log when it started" });
      }
      // Refused before any connection was tried: the SMTP server never saw one.
      expect(inbox.connections).toBe(0);
      const right = await t.call('POST', '/api/smtp/test', { body: { ...smtp, setupCode: t.setupCode() } });
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect(inbox.connections).toBe(1);
      // Wrong codes here count against the same sign-in limits as at /api/setup/finish.
      const guesses = await Promise.all(
        Array.from({ length: ADDRESS_RULE.free + 5 }, (_, i) =>
          t.call('POST', '/api/smtp/test', { body: { ...smtp, setupCode: `GUES-S${String(i).padStart(3, '0')}-AAAA` }, remoteAddress: '10.9.9.8' }),
        ),
      );
      expect(guesses.filter((r) => r.status === 429)).toHaveLength(5);
      expect(inbox.connections).toBe(1);
    } finally {
      await inbox.close();
    }
  });

  it('checks the setup code on its own (POST /api/setup/check-code) without finishing setup', async () => {
    const wrong = { code: 'SETUP_CODE', error: "The setup code is missing or wrong: it is printed in the server's log when it started" };
    for (const body of [{}, { setupCode: '' }, { setupCode: 'AAAA-BBBB-CCCC' }]) {
      const res = await t.call('POST', '/api/setup/check-code', { body });
      expect(res.status).toBe(403);
      // The very answer /api/setup/finish gives to a missing or wrong code.
      expect(res.body).toEqual(wrong);
    }
    const typed = t.setupCode().toLowerCase().replace(/-/g, ' ');
    const right = await t.call('POST', '/api/setup/check-code', { body: { setupCode: typed } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true });
    expect(right.headers['set-cookie']).toBeUndefined();
    // Nothing was finished: setup is still open and the code still works.
    expect((await t.call('GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: true });
    expect((await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode() } })).status).toBe(200);
    // A body outside its schema, and a call without the app's proof of origin, are refused.
    expect((await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode(), user: 'x' } })).status).toBe(400);
    expect((await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode() }, asApp: false })).body).toMatchObject({ code: 'CROSS_ORIGIN' });
    expect((await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode() } })).status).toBe(200);
    // After setup it answers as the setup routes do then.
    const after = await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode() } });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ code: 'SETUP_COMPLETED' });
  });

  it('counts wrong codes at the check against the same limits as finishing, so it guesses no faster', async () => {
    const address = '10.9.9.7';
    const guess = (i: number) => ({ setupCode: `GUES-S${String(i).padStart(3, '0')}-AAAA` });
    // Half the free failures at the check, half at finish: one count for the address.
    const half = Math.floor(ADDRESS_RULE.free / 2);
    for (let i = 0; i < half; i++) expect((await t.call('POST', '/api/setup/check-code', { body: guess(i), remoteAddress: address })).status).toBe(403);
    for (let i = half; i < ADDRESS_RULE.free; i++) {
      expect((await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, ...guess(i) }, remoteAddress: address })).status).toBe(403);
    }
    const parallel = await Promise.all(Array.from({ length: 10 }, (_, i) => t.call('POST', '/api/setup/check-code', { body: guess(500 + i), remoteAddress: address })));
    expect(parallel.map((r) => r.status)).toEqual(Array(10).fill(429));
    // Even the right code waits at that address, as at finishing: no answer reveals it early.
    expect((await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode() }, remoteAddress: address })).status).toBe(429);
    expect((await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode() }, remoteAddress: address })).status).toBe(429);
    // The right code from another address passes and hands its count back.
    expect((await t.call('POST', '/api/setup/check-code', { body: { setupCode: t.setupCode() } })).status).toBe(200);
  });

  it('accepts, on a second server sharing the database, the code the first one printed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-setup-code-'));
    const first = await startTestApp(t.db === 'sqlite' ? { databaseUrl: `sqlite:${join(dir, 'shared.sqlite')}` } : {});
    const second = await startTestApp({ databaseUrl: first.databaseUrl });
    try {
      expect(second.setupCode()).not.toBe(first.setupCode());
      expect((await second.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: first.setupCode() } })).status).toBe(200);
      expect((await first.call('GET', '/api/checkuser')).body).toMatchObject({ setupNotCompleted: false });
      // Finishing setup used up every code.
      expect(await first.app.services.setupCodes.matches(second.setupCode())).toBe(false);
    } finally {
      await second.close();
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets only one of two racing finishes win', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode() } }),
      t.call('POST', '/api/setup/finish', { body: { ...ADMIN, setupCode: t.setupCode(), user: 'other', email: 'other@example.com' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
  });
});

describe('sign-in', () => {
  beforeEach(async () => {
    await t.setup();
  });

  it('answers success and user, the token only in its HttpOnly cookie, which works as cookie and as Bearer', async () => {
    const res = await t.call<{ success: boolean; user: Record<string, unknown> }>('POST', '/api/login', {
      body: { user: ADMIN.user, password: ADMIN.password },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['success', 'user']);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toMatchObject({ user: 'admin', Admin: true });
    expect(res.body.user).not.toHaveProperty('password');
    const token = sessionToken(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(res.body)).not.toContain(token);
    expect(String(res.headers['set-cookie'])).toMatch(/token=[^;]+;.*HttpOnly/i);
    const viaBearer = await t.call<{ user: { user: string } }>('GET', '/api/checkuser', { token });
    expect(viaBearer.body.user.user).toBe('admin');
    const viaCookie = await t.call<{ user: { user: string } }>('GET', '/api/checkuser', { cookie: `token=${token}` });
    expect(viaCookie.body.user.user).toBe('admin');
  });

  it('signs in by e-mail as well as by user name', async () => {
    const res = await t.call('POST', '/api/login', { body: { user: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with success false and an error, and sets no cookie', async () => {
    const res = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: 'wrong' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Wrong user name or password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('revokes the session server-side on logout', async () => {
    const token = sessionToken(await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } }));
    expect((await t.call('GET', '/api/models', { token })).status).toBe(200);
    const out = await t.call('GET', '/api/logout', { token, headers: { 'x-requested-with': 'tessera' } });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/token=;/);
    expect((await t.call('GET', '/api/models', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/checkuser', { token })).body).toMatchObject({ user: null });
  });

  it('delays sign-ins after the free failures of an account, without locking it (more in signin-throttle.test.ts)', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free; i++) {
      const res = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const delayed = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
    expect(delayed.status).toBe(429);
    expect(delayed.body).toMatchObject({ code: 'TOO_MANY_FAILURES' });
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const clock = Date.now() + Number(delayed.headers['retry-after']) * 1000;
    t.app.services.throttle.now = () => clock;
    expect((await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } })).status).toBe(200);
  });

  it('registers a new user through the public register form, who can then sign in', async () => {
    // Self-registration is off by default; tests/api/self-registration.test.ts covers both ways.
    expect((await t.call('POST', '/api/settings', { token: t.adminToken ?? '', body: { SELF_REGISTRATION: true } })).status).toBe(200);
    const def = await t.call<{ name: string }>('GET', '/api/form/register/definition');
    expect(def.status).toBe(200);
    const reg = await t.call<{ id: number }>('POST', '/api/form/register/add', {
      body: { user: 'newbie', email: 'newbie@example.com', password: 'a long password' },
    });
    expect(reg.status).toBe(200);
    expect(typeof reg.body.id).toBe('number');
    const login = await t.call<{ user: { Admin: boolean } }>('POST', '/api/login', {
      body: { user: 'newbie', password: 'a long password' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.Admin).toBe(false);
  });

  it('cannot make an admin through the register form', async () => {
    expect((await t.call('POST', '/api/settings', { token: t.adminToken ?? '', body: { SELF_REGISTRATION: true } })).status).toBe(200);
    const reg = await t.call('POST', '/api/form/register/add', {
      body: { user: 'sneaky', email: 'sneaky@example.com', password: 'a long password', Admin: true },
    });
    expect(reg.status).toBe(403);
    expect(reg.body).toMatchObject({ error: "Self-registration cannot set 'Admin'" });
  });

  it('changes my password, revoking my other sessions, and checks the product messages word for word', async () => {
    const other = sessionToken(await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } }));
    const token = t.adminToken ?? '';
    const mismatch = await t.call('POST', '/api/changemypassword', {
      token,
      body: { email: ADMIN.email, OldPassword: ADMIN.password, NewPassword1: 'new password 1', NewPassword2: 'new password 2' },
    });
    expect(mismatch.body).toMatchObject({ error: 'Password mismatch' });
    const same = await t.call('POST', '/api/changemypassword', {
      token,
      body: { email: ADMIN.email, OldPassword: ADMIN.password, NewPassword1: ADMIN.password, NewPassword2: ADMIN.password },
    });
    expect(same.body).toMatchObject({ error: 'New password must be different from the old one' });
    const ok = await t.call('POST', '/api/changemypassword', {
      token,
      body: { email: ADMIN.email, OldPassword: ADMIN.password, NewPassword1: 'a brand new secret', NewPassword2: 'a brand new secret' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    expect((await t.call('GET', '/api/models', { token: other })).status).toBe(401);
    expect((await t.call('GET', '/api/models', { token: sessionToken(ok) })).status).toBe(200);
  });
});

describe('ENABLE_SECURITY=0', () => {
  it('treats every caller as admin', async () => {
    const open = await startTestApp({ env: { ENABLE_SECURITY: 0 } });
    try {
      await open.setup();
      const res = await open.call('GET', '/api/models');
      expect(res.status).toBe(200);
      expect((await open.call('GET', '/api/env/')).body).toMatchObject({ ENABLE_SECURITY: 0 });
    } finally {
      await open.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTP_TEST_FAILED } from '../../src/server/routes/settings.js';
import { PASSWORD_MASK, SETTINGS_REFRESH_MS } from '../../src/server/core/site-settings.js';
import { freePort } from '../support/server-process.js';
import { startSmtp, type Inbox } from '../support/smtp.js';
import { ADMIN, TEST_DB, startTestApp, type TestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * Settings: GET/POST /api/settings over sys_settings, the masked SMTP password, the
 * effective values in GET /api/env/ (also in a second server process on the same database),
 * and POST /api/smtp/test against a real SMTP server on loopback.
 */
const SMTP_AUTH = { user: 'mailer', password: 'smtp-secret-1' };
let t: TestApp;
let other: TestApp | undefined;
let admin: string;
let inbox: Inbox;
let sqliteDir = '';

type SettingsAnswer = Record<string, unknown> & { smtp_password: string; smtp_password_set: boolean };

const getSettings = async () => (await t.call<SettingsAnswer>('GET', '/api/settings', { token: admin })).body;

beforeAll(async () => {
  inbox = await startSmtp(SMTP_AUTH);
  // A SQLite file of our own, so that a second server can open the same database.
  if (TEST_DB === 'sqlite') sqliteDir = mkdtempSync(join(tmpdir(), 'tessera-settings-'));
  t = await startTestApp(sqliteDir ? { databaseUrl: `sqlite:${join(sqliteDir, 'shared.sqlite')}` } : {});
  const res = await t.call('POST', '/api/setup/finish', {
    body: { ...ADMIN, setupCode: t.setupCode(), smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_user: SMTP_AUTH.user, smtp_password: SMTP_AUTH.password, smtp_from: 'noreply@example.com', smtp_secure: false },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  admin = sessionToken(res);
  t.adminToken = admin;
});
afterAll(async () => {
  await other?.close();
  await t.close();
  await inbox.close();
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe('GET /api/settings', () => {
  it("starts from the configuration's defaults and setup's SMTP values, the password masked", async () => {
    const s = await getSettings();
    expect(s).toMatchObject({
      ENVIRONMENT_NAME: 'Tessera',
      TOOLBAR_CLASS: 'navbar-dark bg-dark',
      ENABLE_SECURITY: true,
      ENABLE_PREFERENCES_SCREEN: true,
      SESSION_TTL_HOURS: 336,
      smtp_host: '127.0.0.1',
      smtp_port: inbox.port,
      smtp_user: 'mailer',
      smtp_from: 'noreply@example.com',
      smtp_secure: false,
      smtp_password: PASSWORD_MASK,
      smtp_password_set: true,
    });
    expect(JSON.stringify(s)).not.toContain(SMTP_AUTH.password);
  });

  it('is for administrators only', async () => {
    const user = await t.user('settings_reader');
    expect((await t.call('GET', '/api/settings')).status).toBe(401);
    expect((await t.call('POST', '/api/settings', { body: { ENVIRONMENT_NAME: 'X' } })).status).toBe(401);
    expect((await t.call('GET', '/api/settings', { token: user.token })).status).toBe(403);
    expect((await t.call('POST', '/api/settings', { token: user.token, body: { ENVIRONMENT_NAME: 'X' } })).status).toBe(403);
    expect((await getSettings()).ENVIRONMENT_NAME).toBe('Tessera');
  });
});

describe('POST /api/settings', () => {
  it('saves the values, answers them masked, and GET /api/env/ shows them at once', async () => {
    const res = await t.call<{ success: boolean; settings: SettingsAnswer }>('POST', '/api/settings', {
      token: admin,
      body: { ENVIRONMENT_NAME: 'Staging', TOOLBAR_CLASS: 'navbar-dark bg-danger', ENABLE_PREFERENCES_SCREEN: true, SESSION_TTL_HOURS: '2', ADMIN_EMAIL: 'ops@example.com', smtp_password: PASSWORD_MASK },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(SMTP_AUTH.password);
    expect(res.body.settings).toMatchObject({ ENVIRONMENT_NAME: 'Staging', SESSION_TTL_HOURS: 2, smtp_password: PASSWORD_MASK, smtp_password_set: true });
    expect(await getSettings()).toMatchObject({ ENVIRONMENT_NAME: 'Staging', TOOLBAR_CLASS: 'navbar-dark bg-danger', ADMIN_EMAIL: 'ops@example.com', smtp_host: '127.0.0.1' });
    expect((await t.call('GET', '/api/env/')).body).toEqual({
      ENVIRONMENT_NAME: 'Staging',
      LICENCE_STATUS: 'Registered',
      EXPIRED: false,
      ENABLE_SECURITY: 1,
      ENABLE_PREFERENCES_SCREEN: 1,
      TOOLBAR_CLASS: 'navbar-dark bg-danger',
      SELF_REGISTRATION: 0,
    });
  });

  it('gives new sessions the saved lifetime', async () => {
    const login = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/Max-Age=7200/);
  });

  it('refuses a body that breaks its schema, and changes nothing', async () => {
    const before = await getSettings();
    for (const body of [
      { ENVIRONMENT_NAME: '' },
      { smtp_port: 'twenty-five' },
      { smtp_port: 70000 },
      { SESSION_TTL_HOURS: -1 },
      { ADMIN_EMAIL: 'not an address' },
      { PUBLIC_URL: 'javascript:alert(1)' },
      { ENVIRONMENT_NAME: 'Sneaky', unknown_field: 1 },
      { ENVIRONMENT_NAME: 'Sneaky', TOOLBAR_CLASS: '"><script>' },
    ]) {
      const res = await t.call<{ code: string }>('POST', '/api/settings', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('INVALID');
    }
    expect(await getSettings()).toEqual(before);
  });

  it('refuses to turn security off, and changes nothing', async () => {
    const before = await getSettings();
    const res = await t.call<{ error: string }>('POST', '/api/settings', { token: admin, body: { ENVIRONMENT_NAME: 'Open', ENABLE_SECURITY: false } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Security cannot be turned off from Settings/);
    expect(await getSettings()).toEqual(before);
    expect((await t.call('GET', '/api/env/')).body).toMatchObject({ ENABLE_SECURITY: 1 });
  });

  it('keeps the stored password when the mask comes back, replaces it with new text, removes it with none', async () => {
    const test = (body: Record<string, unknown>) => t.call<{ error?: string }>('POST', '/api/smtp/test', { token: admin, body });
    const form = { smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_user: SMTP_AUTH.user, smtp_secure: false };
    // The masked password stands for the stored one: the server signs in with it.
    expect((await test({ ...form, smtp_password: PASSWORD_MASK })).status).toBe(200);
    const wrong = await test({ ...form, smtp_password: 'not it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(SMTP_TEST_FAILED);

    expect((await t.call('POST', '/api/settings', { token: admin, body: { smtp_password: 'replaced-1' } })).status).toBe(200);
    expect((await test({ ...form, smtp_password: PASSWORD_MASK })).status).toBe(400);
    expect(await getSettings()).toMatchObject({ smtp_password: PASSWORD_MASK, smtp_password_set: true });
    expect((await t.call('POST', '/api/settings', { token: admin, body: { smtp_password: '' } })).status).toBe(200);
    expect(await getSettings()).toMatchObject({ smtp_password: '', smtp_password_set: false });
    expect((await t.call('POST', '/api/settings', { token: admin, body: { smtp_password: SMTP_AUTH.password } })).status).toBe(200);
    expect((await test({ ...form, smtp_password: PASSWORD_MASK })).status).toBe(200);
    // Leaving the password out altogether keeps it too.
    expect((await t.call('POST', '/api/settings', { token: admin, body: { smtp_from: 'tessera@example.com' } })).status).toBe(200);
    expect((await test({ ...form, smtp_password: PASSWORD_MASK })).status).toBe(200);
  });

  it('reaches another server process on the same database within the refresh bound', async () => {
    other = await startTestApp({ databaseUrl: t.databaseUrl });
    expect((await other.call('GET', '/api/env/')).body).toMatchObject({ ENVIRONMENT_NAME: 'Staging' });
    const saved = Date.now();
    expect((await t.call('POST', '/api/settings', { token: admin, body: { ENVIRONMENT_NAME: 'Elsewhere' } })).status).toBe(200);
    let seen = 0;
    while (Date.now() - saved < SETTINGS_REFRESH_MS + 2000) {
      if ((await other.call<{ ENVIRONMENT_NAME: string }>('GET', '/api/env/')).body.ENVIRONMENT_NAME === 'Elsewhere') {
        seen = Date.now() - saved;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(SETTINGS_REFRESH_MS + 500);
  });
});

describe('POST /api/smtp/test', () => {
  it('sends a real test message to the administrator e-mail when one is given', async () => {
    const res = await t.call<{ sentTo: string }>('POST', '/api/smtp/test', {
      token: admin,
      body: { smtp_host: '127.0.0.1', smtp_port: inbox.port, smtp_user: SMTP_AUTH.user, smtp_password: PASSWORD_MASK, smtp_from: 'tessera@example.com', smtp_secure: false, ADMIN_EMAIL: 'ops@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.sentTo).toBe('ops@example.com');
    const mail = await inbox.waitFor((m) => m.to.includes('ops@example.com'));
    expect(mail.from).toBe('tessera@example.com');
    expect(mail.raw).toContain('Outgoing mail works.');
  });

  it('fails with one generic error on a port nobody listens on, never the socket error (no port scanning)', async () => {
    const dead = await freePort();
    const res = await t.call<{ error: string; code: string }>('POST', '/api/smtp/test', { token: admin, body: { smtp_host: '127.0.0.1', smtp_port: String(dead), smtp_secure: false } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SMTP_FAILED');
    expect(res.body.error).toBe(SMTP_TEST_FAILED);
    expect(JSON.stringify(res.body)).not.toMatch(/ECONN|ETIMEDOUT|EHOST|127\.0\.0\.1|\d{4,5}/);
  });

  it('is for administrators once setup is done', async () => {
    const user = await t.user('smtp_tester');
    expect((await t.call('POST', '/api/smtp/test', { body: { smtp_host: '127.0.0.1' } })).status).toBe(401);
    expect((await t.call('POST', '/api/smtp/test', { token: user.token, body: { smtp_host: '127.0.0.1' } })).status).toBe(403);
  });
});

describe('precedence and security', () => {
  it('lets a variable of the process environment pin its value, whatever Settings saves', async () => {
    process.env.TOOLBAR_CLASS = 'navbar-light bg-warning';
    const pinned = await startTestApp();
    try {
      const token = await pinned.setup();
      const saved = await pinned.call('POST', '/api/settings', { token, body: { TOOLBAR_CLASS: 'navbar-dark bg-danger', ENVIRONMENT_NAME: 'Saved' } });
      expect(saved.status).toBe(200);
      expect((await pinned.call('GET', '/api/env/')).body).toMatchObject({ TOOLBAR_CLASS: 'navbar-light bg-warning', ENVIRONMENT_NAME: 'Saved' });
      expect((await pinned.call('GET', '/api/settings', { token })).body).toMatchObject({ TOOLBAR_CLASS: 'navbar-light bg-warning', pinned: ['TOOLBAR_CLASS'] });
    } finally {
      delete process.env.TOOLBAR_CLASS;
      await pinned.close();
    }
  });

  it("ignores a stored 'security off' where the configuration has security on", async () => {
    // What an older release let Settings store, or a backup brought: the record itself says off.
    const { db } = t.app.services.database;
    const row = await db.selectFrom('sys_settings').select('value').where('key', '=', 'settings').executeTakeFirst();
    const stored = row ? (JSON.parse(String(row.value)) as Record<string, unknown>) : {};
    const text = JSON.stringify({ ...stored, ENABLE_SECURITY: false });
    await db.insertInto('sys_settings').values({ key: 'settings', value: text }).onConflict((oc) => oc.column('key').doUpdateSet({ value: text })).execute();
    try {
      await t.app.services.site.reload();
      expect((await t.call('GET', '/api/settings')).status).toBe(401);
      expect((await t.call('GET', '/api/env/')).body).toMatchObject({ ENABLE_SECURITY: 1 });
      expect((await getSettings()).ENABLE_SECURITY).toBe(true);
    } finally {
      const back = JSON.stringify(stored);
      await db.updateTable('sys_settings').set({ value: back }).where('key', '=', 'settings').execute();
      await t.app.services.site.reload();
    }
  });

  it('may turn security on, and off again, where the configuration has it off', async () => {
    const open = await startTestApp({ env: { ENABLE_SECURITY: 0 } });
    try {
      await open.setup();
      expect((await open.call('GET', '/api/models')).status).toBe(200);
      expect((await open.call('POST', '/api/settings', { body: { ENABLE_SECURITY: true } })).status).toBe(200);
      // Now a sign-in is needed: the process that saved applies it at once.
      expect((await open.call('GET', '/api/models')).status).toBe(401);
      expect((await open.call('GET', '/api/env/')).body).toMatchObject({ ENABLE_SECURITY: 1 });
      const login = await open.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
      expect((await open.call('POST', '/api/settings', { token: sessionToken(login), body: { ENABLE_SECURITY: false } })).status).toBe(200);
      expect((await open.call('GET', '/api/models')).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE } from '../../src/server/services/signin-throttle.js';
import { editBackup, repositoryState, restoreBackup, setTableRows, tableRows, takeBackup, type BackupFiles } from '../support/backup.js';
import { cookieValue } from '../support/cookies.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A restore can be handed a crafted backup: whoever made the file chooses every byte of it.
 * These tests restore such files and check that the instance stays as safe as it was: security
 * on, self-registration not opened, its own secrets and mail server kept, setup not reopened.
 * Runs on SQLite and on PostgreSQL.
 */
let t: TestApp;
let admin: string;
const PASSWORD = 'crafted by someone else';

type Settings = Record<string, unknown>;

/** Changes the Settings record (`settings` in sys_settings) a backup carries. */
function editSettings(files: BackupFiles, change: (settings: Settings) => void, key = 'settings'): void {
  const rows = tableRows(files, 'sys_settings');
  let row = rows.find((r) => r.key === key);
  if (!row) {
    row = { key, value: '{}' };
    rows.push(row);
  }
  const value = JSON.parse(String(row.value)) as Settings;
  change(value);
  row.value = JSON.stringify(value);
  setTableRows(files, 'sys_settings', rows);
}

async function backup(edit: (files: BackupFiles) => void): Promise<Buffer> {
  const taken = await takeBackup(t, PASSWORD);
  expect(taken.status).toBe(200);
  return editBackup(taken.bytes, PASSWORD, edit);
}

async function restore(file: Buffer, deleteFirst = 'true'): Promise<{ status: number; body: Record<string, unknown> }> {
  return restoreBackup(t, { file, password: PASSWORD, delete: deleteFirst }, admin);
}

const saveSettings = async (body: Settings) => {
  const res = await t.call('POST', '/api/settings', { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const settingsNow = async () => (await t.call<Settings>('GET', '/api/settings', { token: admin })).body;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Members', 'Powerful']) {
    expect((await t.call('POST', '/api/form/group/add', { token: admin, body: { name } })).status).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('a restore keeps the security settings this instance has', () => {
  it.each(['true', 'false'])("keeps security on when the backup turns it off (delete first: %s), and says so", async (deleteFirst) => {
    const file = await backup((f) => editSettings(f, (s) => (s.ENABLE_SECURITY = false)));
    const res = await restore(file, deleteFirst);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A visitor is still nobody: the Settings are for administrators only.
    expect((await t.call('GET', '/api/settings')).status).toBe(401);
    expect((await t.call('GET', '/api/env/')).body).toMatchObject({ ENABLE_SECURITY: 1 });
    expect(await settingsNow()).toMatchObject({ ENABLE_SECURITY: true });
    expect(res.body.warnings).toEqual([expect.stringMatching(/turns security off.*ENABLE_SECURITY=0/)]);
  });

  it('never turns self-registration on', async () => {
    expect((await t.call('GET', '/api/env/')).body).toMatchObject({ SELF_REGISTRATION: 0 });
    const file = await backup((f) =>
      editSettings(f, (s) => {
        s.SELF_REGISTRATION = true;
        s.REGISTRATION_GROUP = 'Powerful';
      }),
    );
    const res = await restore(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.call('GET', '/api/env/')).body).toMatchObject({ SELF_REGISTRATION: 0 });
    const register = await t.call('POST', '/api/form/register/add', { body: { user: 'stranger', email: 'stranger@example.com', password: 'a long password' } });
    expect(register.status).toBe(403);
    expect(res.body.warnings).toEqual([expect.stringMatching(/self-registration stays off/i)]);
  });

  it('keeps the registration group while self-registration stays on, and may turn it off', async () => {
    await saveSettings({ SELF_REGISTRATION: true, REGISTRATION_GROUP: 'Members' });
    try {
      const file = await backup((f) => editSettings(f, (s) => (s.REGISTRATION_GROUP = 'Powerful')));
      const res = await restore(file);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await settingsNow()).toMatchObject({ SELF_REGISTRATION: true, REGISTRATION_GROUP: 'Members' });
      expect(res.body.warnings).toEqual([expect.stringMatching(/registration group stays 'Members'/)]);
      const register = await t.call<{ id: number }>('POST', '/api/form/register/add', {
        body: { user: 'newcomer', email: 'newcomer@example.com', password: 'a long password' },
      });
      expect(register.status, JSON.stringify(register.body)).toBe(200);
      const groups = await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/User/groups/${register.body.id}`, { token: admin });
      expect(groups.body.filter((g) => g.selected).map((g) => g.name)).toEqual(['Members']);

      // Turning it off lowers nothing: a backup may do that.
      const off = await restore(await backup((f) => editSettings(f, (s) => (s.SELF_REGISTRATION = false))));
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.warnings).toEqual([]);
      expect((await t.call('GET', '/api/env/')).body).toMatchObject({ SELF_REGISTRATION: 0 });
    } finally {
      await saveSettings({ SELF_REGISTRATION: false, REGISTRATION_GROUP: '' });
    }
  });

  it("keeps this instance's mail server and public address (password-reset messages and their links), applies the rest", async () => {
    await saveSettings({ smtp_host: 'mail.here.example', smtp_user: 'here', smtp_password: 'here-secret', PUBLIC_URL: 'https://here.example' });
    const file = await backup((f) => {
      editSettings(f, (s) => {
        s.smtp_host = 'mail.attacker.example';
        s.smtp_user = 'attacker';
        s.smtp_password = 'attacker-secret';
        s.PUBLIC_URL = 'https://attacker.example';
        s.ENVIRONMENT_NAME = 'From the backup';
      });
      // Setup's own SMTP record, under the Settings, as well.
      editSettings(f, (s) => (s.smtp_host = 'mail.attacker.example'), 'smtp');
    });
    const res = await restore(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await settingsNow()).toMatchObject({
      smtp_host: 'mail.here.example',
      smtp_user: 'here',
      smtp_password_set: true,
      PUBLIC_URL: 'https://here.example',
      ENVIRONMENT_NAME: 'From the backup',
    });
    expect(t.app.services.site.cached().smtp_password).toBe('here-secret');
    expect(res.body.warnings).toEqual([expect.stringMatching(/mail server and the public address stay this instance's/)]);
  });

  it("keeps this instance's trusted-device secret: a device cookie signed with the backup's is not trusted", async () => {
    const dora = await t.user('dora');
    const from = '192.0.2.44';
    const signIn = (password: string, address: string, device?: string) =>
      t.call('POST', '/api/login', { body: { user: 'dora', password }, remoteAddress: address, ...(device ? { cookie: `device=${device}` } : {}) });
    const first = await signIn('dora-password-1', from);
    const genuine = cookieValue(first.headers['set-cookie'], 'device') ?? '';
    expect(genuine).not.toBe('');

    const known = randomBytes(32).toString('base64url');
    const file = await backup((f) => {
      const rows = tableRows(f, 'sys_settings').filter((r) => r.key !== 'device_secret');
      setTableRows(f, 'sys_settings', [...rows, { key: 'device_secret', value: JSON.stringify(known) }]);
    });
    const res = await restore(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // Someone guesses dora's password until every further attempt waits...
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await signIn(`wrong-${i}`, '10.66.0.44')).status).toBe(401);
    // ...then comes with a device cookie made with the secret the backup carried: it is not trusted.
    const id = randomBytes(16).toString('base64url');
    const mac = createHmac('sha256', Buffer.from(known, 'base64url')).update(`${dora.id}.${id}`).digest('base64url');
    expect((await signIn('dora-password-1', '198.51.100.44', `${dora.id}.${id}.${mac}`)).status).toBe(429);
    // Dora's own browser still is.
    expect((await signIn('dora-password-1', from, genuine)).status).toBe(200);
  });

  it('keeps setup completed and carries no setup codes', async () => {
    const file = await backup((f) => {
      const rows = tableRows(f, 'sys_settings').filter((r) => r.key !== 'setup_completed');
      setTableRows(f, 'sys_settings', [...rows, { key: `setup_code:${'0'.repeat(64)}`, value: JSON.stringify(new Date().toISOString()) }]);
    });
    for (const deleteFirst of ['true', 'false']) {
      const res = await restore(file, deleteFirst);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const keys = (await t.app.services.database.db.selectFrom('sys_settings').select('key').execute()).map((r) => String(r.key));
      expect(keys).toContain('setup_completed');
      expect(keys.filter((k) => k.startsWith('setup_code:'))).toEqual([]);
      const setup = await t.call('POST', '/api/setup/finish', { body: { ...ADMIN, user: 'intruder', email: 'intruder@example.com', smtp_host: '', setupCode: '0000-0000-0000' } });
      expect(setup.status).not.toBe(200);
    }
  });

  it('leaves out settings this release does not know, and says so', async () => {
    const file = await backup((f) => {
      const rows = tableRows(f, 'sys_settings');
      setTableRows(f, 'sys_settings', [...rows, { key: 'api_tokens', value: JSON.stringify(['planted']) }]);
    });
    const res = await restore(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await t.app.services.settings.get('api_tokens')).toBeUndefined();
    expect(res.body.warnings).toEqual([expect.stringMatching(/1 setting this release does not use was left out/)]);
  });
});

describe('a restore and the administrators', () => {
  it('names the accounts it makes administrators', async () => {
    const file = await backup((f) => {
      const users = tableRows(f, 'User');
      const template = users.find((u) => u.user === ADMIN.user) as Record<string, unknown>;
      const next = Math.max(...users.map((u) => Number(u.id))) + 1;
      setTableRows(f, 'User', [...users, { ...template, id: next, user: 'mallory', email: 'mallory@example.com' }]);
    });
    const res = await restore(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual(["The backup makes these accounts administrators, who were not before: 'mallory'"]);
    const removed = await t.app.services.store.getRaw('User', { field: 'user', value: 'mallory' });
    await t.app.services.store.delete('User', removed?.id);
  });

  it('refuses a backup that would leave no administrator, and changes nothing', async () => {
    const before = await repositoryState(t);
    const file = await backup((f) => setTableRows(f, 'User', tableRows(f, 'User').map((u) => ({ ...u, Admin: false }))));
    const res = await restore(file);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Failed to load restore backup backup\.7z: it would leave no administrator/);
    expect(await repositoryState(t)).toEqual(before);
  });

  it('describes its answer, warnings included, in /api/openapi.json', async () => {
    type Schema = { properties?: Record<string, unknown>; required?: string[] };
    const doc = (await t.call<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> }>('GET', '/api/openapi.json', { token: admin })).body;
    const answer = doc.paths['/api/backup/restore']?.post?.responses['200']?.content['application/json']?.schema;
    expect(answer?.properties?.warnings).toEqual({ type: 'array', items: { type: 'string' }, description: expect.any(String) });
    expect(answer?.required).toContain('warnings');
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE } from '../../src/server/auth/signin-throttle.js';
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

  it('keeps security on where the configuration has it off but an administrator turned it on', async () => {
    const open = await startTestApp({ env: { ENABLE_SECURITY: 0 } });
    try {
      const token = await open.setup();
      expect((await open.call('POST', '/api/settings', { token, body: { ENABLE_SECURITY: true } })).status).toBe(200);
      const taken = await takeBackup(open, PASSWORD, token);
      const file = editBackup(taken.bytes, PASSWORD, (f) => editSettings(f, (s) => (s.ENABLE_SECURITY = false)));
      const res = await restoreBackup(open, { file, password: PASSWORD, delete: 'true' }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await open.call('GET', '/api/models')).status).toBe(401);
      expect(res.body.warnings).toEqual([expect.stringMatching(/turns security off/)]);
    } finally {
      await open.close();
    }
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

/** Adds a model (its definition and an empty table) to an unpacked backup. */
function addModel(files: BackupFiles, name: string, fields: object[]): void {
  const models = tableRows(files, 'Model');
  setTableRows(files, 'Model', [...models, { id: randomBytes(16).toString('hex'), name, title: name, system: null, idtype: 'integer', fields, version: 1 }]);
  const manifest = JSON.parse(String(files['manifest.json'])) as { tables: object[] };
  manifest.tables.push({ name, kind: 'model', file: `tables/${name}.jsonl`, rows: 0 });
  files['manifest.json'] = JSON.stringify(manifest);
  files[`tables/${name}.jsonl`] = '';
}

/** Restores `file` and expects a refusal that changes nothing; answers the error. */
async function refused(file: Buffer, deleteFirst = 'true'): Promise<string> {
  const before = await repositoryState(t);
  const res = await restore(file, deleteFirst);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(await repositoryState(t)).toEqual(before);
  return String(res.body.error);
}

describe('definitions a restore brings go through the checks of a save', () => {
  const label = { type: 'text', label: 'Label' };

  it.each(['constructor', 'hasOwnProperty', '__proto__', 'toString', '_version', 'id'])('refuses a model with a field named %s, and changes nothing', async (field) => {
    const error = await refused(await backup((f) => addModel(f, 'Evil', [{ name: field, ...label }])));
    expect(error).toMatch(/^Failed to load restore backup backup\.7z: tables\/Model\.jsonl row \d+: the model 'Evil' is not valid: \/fields\/0\/name /);
    expect((await t.call<string[]>('GET', '/api/models', { token: admin })).body).not.toContain('Evil');
  });

  it.each(['USER', 'GROUP', 'UserGROUP', 'FORM', 'MODEL', 'USERGROUP'])(
    'refuses a model named %s, which would share the table of a system model',
    async (name) => {
      const error = await refused(await backup((f) => addModel(f, name, [{ name: 'label', ...label }])));
      expect(error).toMatch(new RegExp(`the model '${name}' would share the table of the model '\\w+' \\(model names are compared without regard to case\\)`));
    },
  );

  it('refuses two models whose names differ only in case', async () => {
    const error = await refused(
      await backup((f) => {
        addModel(f, 'Thing', [{ name: 'label', ...label }]);
        addModel(f, 'THING', [{ name: 'label', ...label }]);
      }),
    );
    expect(error).toMatch(/the model '(Thing|THING)' would share the table of the model '(THING|Thing)'/);
  });

  it("refuses a model whose name differs only in case from one this instance has (merging or not)", async () => {
    const taken = await takeBackup(t, PASSWORD);
    const made = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Widget', title: 'Widgets', fields: [{ name: 'label', ...label }] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const file = editBackup(taken.bytes, PASSWORD, (f) => addModel(f, 'WIDGET', [{ name: 'label', ...label }]));
    for (const deleteFirst of ['true', 'false']) {
      expect(await refused(file, deleteFirst)).toMatch(/the model 'WIDGET' would share the table of the model 'Widget'/);
    }
  });

  it('refuses a model that refers to a model the backup does not define', async () => {
    const error = await refused(await backup((f) => addModel(f, 'Orphan', [{ name: 'owner', type: 'reference', target: 'Nobody', label: 'Owner' }])));
    expect(error).toMatch(/the model 'Orphan' cannot be restored: the field 'owner' refers to the unknown model 'Nobody'/);
  });

  it('refuses a backup that changes a system model, as a save would', async () => {
    const error = await refused(
      await backup((f) => {
        const models = tableRows(f, 'Model');
        const user = models.find((m) => m.name === 'User') as { fields: { name: string; default?: unknown }[] };
        // Every new user an administrator: a built-in field, which a save refuses to change too.
        user.fields = user.fields.map((x) => (x.name === 'Admin' ? { ...x, default: true } : x));
        setTableRows(f, 'Model', models);
      }),
    );
    expect(error).toMatch(/the system model 'User' is not this instance's: 'Admin' is a built-in field of User: it cannot be changed/);
    const through = await refused(
      await backup((f) => {
        const models = tableRows(f, 'Model');
        const link = models.find((m) => m.name === 'UserGroup') as { fields: object[] };
        link.fields = [...link.fields, { name: 'backdoor', type: 'text', label: 'Backdoor' }];
        setTableRows(f, 'Model', models);
      }),
    );
    expect(through).toMatch(/the system model 'UserGroup' is not this instance's, and a system model cannot be changed/);
  });

  it('refuses a form, grid, page, menu or select a save would refuse, naming the file and row', async () => {
    const schema = await refused(
      await backup((f) => {
        const forms = tableRows(f, 'Form');
        (forms[0] as { definition: unknown }).definition = 'not a list of rows';
        setTableRows(f, 'Form', forms);
      }),
    );
    expect(schema).toMatch(/^Failed to load restore backup backup\.7z: tables\/Form\.jsonl row 1: the form '\w+' is not valid: \/definition must be array$/);

    const pattern = await refused(
      await backup((f) => {
        const forms = tableRows(f, 'Form');
        const cols = [{ childType: 'Input', width: 12, name: 'user', label: 'User', regularexpressionchecked: true, regularexpression: '(?<=a)b' }];
        (forms[0] as { definition: unknown }).definition = [{ cols }];
        setTableRows(f, 'Form', forms);
      }),
    );
    expect(pattern).toMatch(/tables\/Form\.jsonl row 1: the form '\w+' is not valid: \/definition\/0\/cols\/0\/regularexpression is not a pattern the server can run in linear time/);
  });
});

describe('password hashes a restore brings', () => {
  it.each([
    ['4 GiB of memory', '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'],
    ['a million passes', '$argon2id$v=19$t=1000000,m=19456,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'],
    ['a thousand lanes', '$argon2i$m=19456,t=2,p=1000$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'],
  ])("are refused when they cost more than this server's own (%s): checking one at every sign-in would stall it", async (_, hash) => {
    const error = await refused(
      await backup((f) => {
        const users = tableRows(f, 'User');
        const next = Math.max(...users.map((u) => Number(u.id))) + 1;
        setTableRows(f, 'User', [...users, { ...users[0], id: next, user: 'slow', email: 'slow@example.com', Admin: false, password: hash }]);
      }),
    );
    expect(error).toMatch(/^Failed to load restore backup backup\.7z: tables\/User\.jsonl row \d+: password is a hash that costs more than this server allows \(at most 64 MiB, 10 passes, 8 lanes\)$/);
  });
});

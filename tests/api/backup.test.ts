import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../src/server/ops/backup-format.js';
import { packFiles, repositoryState, restoreBackup, sevenZip, takeBackup } from '../support/backup.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * backup.7z (AES-256, names hidden) of the whole repository, and its restore, all or
 * nothing. Runs on SQLite and on PostgreSQL.
 */
let t: TestApp;
let admin: string;
const PASSWORD = 'tr0ub4dor & 3';

const thingModel = {
  name: 'Thing',
  title: 'Things',
  fields: [
    { name: 'name', type: 'text', label: 'Name', required: true, unique: true },
    { name: 'price', type: 'number', label: 'Price' },
    { name: 'active', type: 'boolean', label: 'Active' },
    { name: 'made', type: 'date', label: 'Made' },
    { name: 'extra', type: 'json', label: 'Extra' },
    { name: 'parent', type: 'reference', target: 'Thing', label: 'Parent' },
    { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
  ],
};
const thingForm = {
  name: 'thing',
  title: 'Thing',
  model: 'Thing',
  url: '/grid/things',
  definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }] }],
};

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Records straight through the model engine: the data are the subject here, not the forms. */
async function addThing(values: Record<string, unknown>): Promise<number> {
  return Number(await t.app.services.store.insert('Thing', values));
}

async function updateThing(id: unknown, values: Record<string, unknown>): Promise<void> {
  await t.app.services.store.update('Thing', id, values);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  // A model cannot name itself before it exists: the self-reference comes with its second version.
  const created = await ok<{ version: number }>('POST', '/api/definitions/model', { ...thingModel, fields: thingModel.fields.filter((f) => f.name !== 'parent') });
  await ok('PUT', '/api/definitions/model/Thing', { ...thingModel, version: created.version });
  await ok('POST', '/api/definitions/form', thingForm);
  await t.user('alice', { groups: [] });
  const first = await addThing({ name: 'First', price: 1.5, active: true, made: '2026-01-02', extra: { tags: ['a', 'b'], n: 1 }, owner: 1 });
  await addThing({ name: 'Second', price: -2, active: false, parent: first, extra: null });
  await addThing({ name: 'Ünïcode ✓', price: 0 });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/backup/backup', () => {
  it('answers backup.7z, encrypted: without the password nothing, not even the names, can be read', async () => {
    const res = await takeBackup(t, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="backup.7z"');
    expect(res.headers['content-type']).toBe('application/x-7z-compressed');
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    // The 7z signature.
    expect(res.bytes.subarray(0, 6)).toEqual(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]));
    expect(res.bytes.includes(Buffer.from('manifest'))).toBe(false);

    const blind = sevenZip(['l', '-slt'], res.bytes);
    expect(blind.code).not.toBe(0);
    expect(blind.output).not.toContain('manifest.json');
    expect(blind.output).not.toContain('User.jsonl');
    const wrong = sevenZip(['l', '-slt', '-pnot-it'], res.bytes);
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).not.toContain('manifest.json');

    const listed = sevenZip(['l', '-slt', `-p${PASSWORD}`], res.bytes);
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toContain('Path = manifest.json');
    expect(listed.output).toContain('Path = tables/User.jsonl');
    expect(listed.output).toContain('Path = tables/Thing.jsonl');
    expect(listed.output).toContain('Path = tables/sys_settings.jsonl');
    expect(listed.output).toMatch(/7zAES/);
    expect(listed.output).not.toContain('sys_sessions');

    const manifest = JSON.parse(extract(res.bytes, 'manifest.json')) as {
      format: string;
      formatVersion: number;
      dialect: string;
      createdAt: string;
      tables: { name: string; rows: number }[];
    };
    expect(manifest.format).toBe(BACKUP_FORMAT);
    expect(manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.dialect).toBe(t.db);
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect(manifest.tables.find((x) => x.name === 'Thing')?.rows).toBe(3);
    expect(manifest.tables.find((x) => x.name === 'User')?.rows).toBe(2);

    // Neutral values: booleans, JSON and dates as JSON, whatever the database.
    const things = extract(res.bytes, 'tables/Thing.jsonl').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(things[0]).toMatchObject({ name: 'First', price: 1.5, active: true, made: '2026-01-02', extra: { tags: ['a', 'b'], n: 1 }, owner: 1, parent: null });
    expect(things[1]).toMatchObject({ name: 'Second', active: false, parent: things[0]?.id });
    const users = extract(res.bytes, 'tables/User.jsonl').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(users[0]).toMatchObject({ id: 1, user: 'admin', Admin: true });
    // Password hashes travel (the archive is encrypted), so restored users can sign in.
    expect(String(users[0]?.password)).toMatch(/^\$argon2id\$/);
  });

  it('refuses an empty or missing password', async () => {
    expect((await takeBackup(t, '')).status).toBe(400);
    expect(JSON.parse((await takeBackup(t, '')).bytes.toString()).error).toBe('Please provide the password');
    const res = await t.call('POST', '/api/backup/backup', { token: admin, body: {} });
    expect(res.status).toBe(400);
  });

  it('is described in /api/openapi.json: the JSON body, the 7z answer, the multipart form', async () => {
    type Op = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }> }; 'x-access'?: string };
    const doc = await ok<{ paths: Record<string, Record<string, Op>> }>('GET', '/api/openapi.json');
    const backup = doc.paths['/api/backup/backup']?.post;
    const restore = doc.paths['/api/backup/restore']?.post;
    expect(backup?.['x-access']).toBe('admin');
    expect(backup?.requestBody?.content['application/json']).toBeTruthy();
    expect(restore?.['x-access']).toBe('admin');
    expect(Object.keys(restore?.requestBody?.content['multipart/form-data']?.schema.properties ?? {}).sort()).toEqual(['delete', 'file', 'password']);
  });

  it('is for administrators only', async () => {
    const plain = await t.user('bob');
    expect((await takeBackup(t, PASSWORD, plain.token)).status).toBe(403);
    expect((await takeBackup(t, PASSWORD, null)).status).toBe(401);
    expect((await restoreBackup(t, { file: Buffer.from('x'), password: 'x' }, plain.token)).status).toBe(403);
    expect((await restoreBackup(t, { file: Buffer.from('x'), password: 'x' }, null)).status).toBe(401);
  });
});

/** One entry of the archive, as text. */
function extract(archive: Buffer, name: string): string {
  const res = sevenZip(['e', '-so', `-p${PASSWORD}`, `-i!${name}`], archive);
  if (res.code !== 0) throw new Error(res.output);
  return res.output;
}

describe('POST /api/backup/restore', () => {
  it("with 'Delete all data first' brings back exactly the rows and definitions of the backup", async () => {
    const before = await repositoryState(t);
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    // A form opened now holds First at the version it has now.
    const first = (before.Thing as { id: number; name: string }[]).find((r) => r.name === 'First')?.id;
    const versionOf = async () => (await t.app.services.store.get1('Thing', first, ['_version']))?._version as number;
    const opened = await versionOf();

    // Changes after the backup: a row added, one changed, one deleted; a definition changed and
    // one added; a new model with rows; a setting; a user.
    const third = await addThing({ name: 'Third', price: 3 });
    await updateThing(third, { price: 33 });
    const form = await ok<{ version: number }>('GET', '/api/definitions/form/thing');
    await ok('PUT', '/api/definitions/form/thing', { ...thingForm, title: 'Changed', version: form.version });
    await ok('POST', '/api/definitions/page', { name: 'later_page', title: 'Later', definition: [] });
    await ok('POST', '/api/definitions/model', { name: 'Later', title: 'Later', fields: [{ name: 'label', type: 'text', label: 'Label' }] });
    await t.app.services.settings.set('later', { on: true });
    await t.user('carol');
    expect(await repositoryState(t)).not.toEqual(before);

    const res = await restoreBackup(t, { file: archive, password: PASSWORD, delete: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(true);
    const after = await repositoryState(t);
    // The model added later keeps its (now empty) table, but not its definition.
    delete after.Later;
    expect(after).toEqual(before);

    // The replaced rows are new rows with a version above any the table held, so the form
    // opened before the restore cannot save over the restored First unawares.
    expect(await versionOf()).toBeGreaterThan(opened);
    expect(await t.app.services.store.update('Thing', first, { price: 7 }, undefined, opened)).toBe(false);

    // The server serves the restored state at once: the form's old title, no later page, the model gone.
    expect((await ok<{ title: string }>('GET', '/api/form/thing/definition')).title).toBe('Thing');
    expect((await t.call('GET', '/api/page/later_page/definition', { token: admin })).status).toBe(404);
    expect(await ok<string[]>('GET', '/api/models')).not.toContain('Later');
    // The restoring admin is still signed in; carol (not in the backup) cannot sign in.
    expect((await t.call('GET', '/api/checkuser', { token: admin })).body).toMatchObject({ user: { user: 'admin' } });
    expect((await t.call('POST', '/api/login', { body: { user: 'carol', password: 'carol-password-1' } })).status).not.toBe(200);
    expect((await t.call('POST', '/api/login', { body: { user: 'alice', password: 'alice-password-1' } })).status).toBe(200);
    // New rows get fresh ids after the restored ones (PostgreSQL's sequences moved on).
    const id = await addThing({ name: 'After restore' });
    expect(id).toBeGreaterThan(Math.max(...(before.Thing as { id: number }[]).map((r) => r.id)));
    const users = await t.call<{ id: number }>('POST', '/api/form/user/add', {
      token: admin,
      body: { user: 'dave', email: 'dave@example.com', password: 'dave-password-1' },
    });
    expect(users.status, JSON.stringify(users.body)).toBe(200);
  });

  it('without delete merges: rows of the backup replace those with their ids, others stay', async () => {
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const extra = await addThing({ name: 'Only here' });
    const firstId = (await repositoryState(t)).Thing as { id: number; name: string }[];
    const first = firstId.find((r) => r.name === 'First');
    await updateThing(first?.id, { price: 99 });
    const versionOf = async () => (await t.app.services.store.get1('Thing', first?.id, ['_version']))?._version as number;
    const opened = await versionOf();
    const res = await restoreBackup(t, { file: archive, password: PASSWORD, delete: 'false' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = (await repositoryState(t)).Thing as { id: number; name: string; price: number }[];
    expect(now.find((r) => r.name === 'First')?.price).toBe(1.5);
    // A row the merge replaced moved its version on: a form opened before the restore gets a 409, not an overwrite.
    expect(await versionOf()).toBe(opened + 1);
    expect(now.some((r) => r.id === extra)).toBe(true);
    await t.app.services.store.delete('Thing', extra);
  });

  it('merges into a fresh instance: definitions of the same name give way to the backup, the instance keeps its other rows', async () => {
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const fresh = await startTestApp();
    try {
      const freshAdmin = await fresh.setup();
      // Zoe gets user id 2, which alice has in the backup: merging is by id, so alice replaces her.
      await fresh.user('zoe');
      await fresh.call('POST', '/api/definitions/page', { token: freshAdmin, body: { name: 'fresh_page', title: 'Only on the fresh one', definition: [] } });
      const res = await restoreBackup(fresh, { file: archive, password: PASSWORD }, freshAdmin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mine = await repositoryState(t);
      const theirs = await repositoryState(fresh);
      // Every definition of the backup is there under its id, once per name.
      for (const model of ['Form', 'Grid', 'Menu', 'Select', 'Model', 'Thing']) {
        expect(theirs[model], model).toEqual(mine[model]);
      }
      const names = (theirs.User as { user: string }[]).map((u) => u.user);
      expect(names).toContain('alice');
      expect(names).not.toContain('zoe');
      expect((theirs.Page as { name: string }[]).map((p) => p.name).sort()).toEqual([...(mine.Page as { name: string }[]).map((p) => p.name), 'fresh_page'].sort());
      expect((await fresh.call<{ title: string }>('GET', '/api/form/thing/definition', { token: freshAdmin })).body.title).toBe('Thing');
    } finally {
      await fresh.close();
    }
  });

  it('refuses a password with a line break (7-Zip reads it as one line)', async () => {
    const res = await takeBackup(t, 'two\nlines');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString()).error).toBe('The password cannot contain line breaks');
  });

  it('keeps setup completed even when a backup says otherwise', async () => {
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const dir = sevenZip(['x', `-p${PASSWORD}`, '-oout'], archive).dir;
    const { readFileSync, readdirSync } = await import('node:fs');
    const files: Record<string, string> = { 'manifest.json': readFileSync(`${dir}/out/manifest.json`, 'utf8') };
    for (const f of readdirSync(`${dir}/out/tables`)) files[`tables/${f}`] = readFileSync(`${dir}/out/tables/${f}`, 'utf8');
    const settings = String(files['tables/sys_settings.jsonl']).split('\n').filter((l) => l && !l.includes('setup_completed'));
    files['tables/sys_settings.jsonl'] = `${settings.join('\n')}\n`;
    const manifest = JSON.parse(String(files['manifest.json'])) as { tables: { name: string; rows: number }[] };
    for (const table of manifest.tables) if (table.name === 'sys_settings') table.rows = settings.length;
    files['manifest.json'] = JSON.stringify(manifest);
    const res = await restoreBackup(t, { file: packFiles(files, PASSWORD), password: PASSWORD, delete: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await t.app.services.settings.get('setup_completed')).toBe(true);
  });

  it('refuses an upload larger than RESTORE_MAX_MB with 413', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-small-'));
    const small = await buildApp(loadConfig({ dataDir, databaseUrl: t.databaseUrl, logLevel: 'silent', clientDir: join(dataDir, 'none'), restoreMaxMb: 1 / 1024 }));
    try {
      const archive = (await takeBackup(t, PASSWORD)).bytes;
      expect(archive.length).toBeGreaterThan(1024);
      const setup = await small.inject({ method: 'POST', url: '/api/setup/finish', headers: { 'x-requested-with': APP_REQUEST_HEADER }, payload: { ...ADMIN, smtp_host: '', setupCode: small.services.setupCode ?? undefined } });
      const token = setup.statusCode === 200 ? sessionToken({ headers: setup.headers }) : t.adminToken;
      const res = await restoreBackup({ ...t, app: small }, { file: archive, password: PASSWORD }, token);
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('The file is larger than the 0.0009765625 MiB a restore accepts (RESTORE_MAX_MB)');
    } finally {
      await small.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says what is missing: the file, the password', async () => {
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    expect(await restoreBackup(t, { password: PASSWORD })).toEqual({ status: 400, body: expect.objectContaining({ error: 'Please select the file' }) });
    expect(await restoreBackup(t, { file: archive })).toEqual({ status: 400, body: expect.objectContaining({ error: 'Please provide the password' }) });
    expect(await restoreBackup(t, { file: archive, password: '' })).toEqual({ status: 400, body: expect.objectContaining({ error: 'Please provide the password' }) });
    const json = await t.call('POST', '/api/backup/restore', { token: admin, body: { password: 'x' } });
    expect(json.status).toBe(400);
    expect((json.body as { error: string }).error).toBe('Please select the file');
  });

  it('refuses a wrong password, a truncated file, a foreign file and an unknown format version, and changes nothing', async () => {
    const before = await repositoryState(t);
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const manifest = JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION + 1, createdAt: new Date().toISOString(), dialect: 'sqlite', tables: [] });
    const cases: [string, Buffer, string, RegExp][] = [
      ['wrong password', archive, 'not the password', /the password is wrong/],
      ['truncated', archive.subarray(0, Math.floor(archive.length / 2)), PASSWORD, /truncated or damaged|not a 7z archive/],
      ['random bytes', randomBytes(4096), PASSWORD, /not a 7z archive/],
      ['a text file', Buffer.from('hello, this is not a backup\n'), PASSWORD, /not a 7z archive/],
      ['newer format', packFiles({ 'manifest.json': manifest }, PASSWORD), PASSWORD, /format version 2 is unknown/],
      ['no manifest', packFiles({ 'notes.txt': 'hi' }, PASSWORD), PASSWORD, /not part of a Tessera backup/],
      ['broken rows', packFiles({ 'manifest.json': manifest.replace('"formatVersion":2', '"formatVersion":1').replace('"tables":[]', '"tables":[{"name":"Model","kind":"model","file":"tables/Model.jsonl","rows":1}]'), 'tables/Model.jsonl': '{"id": "nope"\n' }, PASSWORD), PASSWORD, /Model\.jsonl/],
    ];
    for (const [what, file, password, message] of cases) {
      const res = await restoreBackup(t, { file, password, delete: 'on', fileName: 'mine.7z' }, admin);
      expect(res.status, what).toBe(400);
      expect(String(res.body.error), what).toMatch(/^Failed to load restore backup mine\.7z: /);
      expect(String(res.body.error), what).toMatch(message);
      expect(await repositoryState(t), what).toEqual(before);
    }
  });

  it('refuses a backup whose rows break the data, rolling back everything', async () => {
    const before = await repositoryState(t);
    // A backup of this instance, with a Thing referring to an owner that does not exist.
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const dir = sevenZip(['x', `-p${PASSWORD}`, '-oout'], archive).dir;
    const { readFileSync, readdirSync } = await import('node:fs');
    const files: Record<string, string> = { 'manifest.json': readFileSync(`${dir}/out/manifest.json`, 'utf8') };
    for (const f of readdirSync(`${dir}/out/tables`)) files[`tables/${f}`] = readFileSync(`${dir}/out/tables/${f}`, 'utf8');
    files['tables/Thing.jsonl'] = String(files['tables/Thing.jsonl']).replace('"owner":1', '"owner":4242');
    const res = await restoreBackup(t, { file: packFiles(files, PASSWORD), password: PASSWORD, delete: 'true' });
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toMatch(/^Failed to load restore backup backup\.7z: the data could not be written/);
    expect(await repositoryState(t)).toEqual(before);
    expect((await t.call('GET', '/api/checkuser', { token: admin })).body).toMatchObject({ user: { user: ADMIN.user } });
  });
});

import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../fixtures/index.js';
import { packFiles, restoreBackup, sevenZip, takeBackup } from '../support/backup.js';
import { sessionToken } from '../support/cookies.js';
import { modelOfKind } from '../../src/shared/contract.js';
import { lastingDatabase, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Built-in definitions and groups are seeded once. One gone from the database (deleted under an
 * older release, or missing from a restored backup) stays gone when the server starts again on the same database; a fresh database gets them all;
 * a database from before the record counts what it holds as seeded and gets what it lacks once.
 */
const fixtures = loadFixtures();
const KINDS = ['form', 'grid', 'page', 'menu', 'select'] as const;
const builtIns = (kind: (typeof KINDS)[number]) => fixtures[`${kind}s`].map((d) => d.name);

let drop: (() => Promise<void>) | undefined;
let databaseUrl = '';
let t: TestApp;
let admin = '';

/** Stops the running server and starts a new one on the same database, signed in as the admin again. */
async function restart(): Promise<void> {
  await t.close();
  t = await startTestApp({ databaseUrl });
  const login = await t.call('POST', '/api/login', { body: { user: 'admin', password: 'correct horse battery' } });
  expect(login.status).toBe(200);
  admin = sessionToken(login);
  t.adminToken = admin;
}

const names = async (kind: string) => (await t.call<{ name: string }[]>('GET', `/api/definitions/${kind}`, { token: admin })).body.map((d) => d.name);
const groupNames = async () => (await t.call<{ name: string }[]>('GET', '/api/link/User/groups/NEW', { token: admin })).body.map((g) => g.name);

/**
 * Takes a built-in out of the database as an older release let an admin do (the API refuses it
 * now, tests/api/built-ins.test.ts), or as a backup without it leaves it.
 */
async function remove(kind: (typeof KINDS)[number], name: string): Promise<void> {
  const res = await t.call<{ id: string }>('GET', `/api/definitions/${kind}/${name}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await t.app.services.store.delete(modelOfKind(kind), res.body.id)).toBe(true);
}

beforeAll(async () => {
  const lasting = await lastingDatabase('seed');
  databaseUrl = lasting.databaseUrl;
  drop = () => lasting.dispose();
  t = await startTestApp({ databaseUrl });
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
  await drop?.();
});

describe('seeding built-in definitions once', () => {
  it('gives a fresh database every built-in definition and group', async () => {
    for (const kind of KINDS) expect(await names(kind)).toEqual(expect.arrayContaining(builtIns(kind)));
    expect(await groupNames()).toEqual(expect.arrayContaining(fixtures.groups.map((g) => g.name)));
  });

  it('keeps a built-in form, page and group an admin deleted gone after a restart', async () => {
    await remove('form', 'register');
    await remove('page', 'about');
    const everyone = (await t.call<{ id: number; name: string }[]>('GET', '/api/link/User/groups/NEW', { token: admin })).body.find((g) => g.name === 'Everyone');
    expect((await t.call('DELETE', `/api/form/group/delete/${String(everyone?.id)}`, { token: admin })).status).toBe(200);

    await restart();
    expect(await names('form')).not.toContain('register');
    expect(await names('page')).not.toContain('about');
    expect(await groupNames()).not.toContain('Everyone');
    // The rest are all still there, and the system models are ensured as ever.
    expect(await names('form')).toEqual(expect.arrayContaining(builtIns('form').filter((n) => n !== 'register')));
    expect(await names('model')).toEqual(expect.arrayContaining(['User', 'Group', 'UserGroup']));
    expect((await t.call('GET', '/api/form/register/definition', { token: admin })).status).toBe(404);
  });

  it('treats a database from before the record as seeded, and seeds what it lacks once', async () => {
    // As an older release left it: no record, and one built-in missing.
    await t.app.services.database.db.deleteFrom('sys_seeded').execute();
    await remove('grid', 'selects');
    await restart();
    // Missing without a record: seeded once. Deleted before (register, about) and still absent: the same.
    expect(await names('grid')).toContain('selects');
    expect(await names('form')).toContain('register');
    expect(await names('page')).toContain('about');
    expect(await groupNames()).toContain('Everyone');
    const recorded = await t.app.services.database.db.selectFrom('sys_seeded').select(['kind', 'name']).execute();
    expect(recorded.length).toBe(KINDS.reduce((n, k) => n + builtIns(k).length, 0) + fixtures.groups.length);

    // Once is once: deleted now, it stays deleted.
    await remove('grid', 'selects');
    await restart();
    expect(await names('grid')).not.toContain('selects');
  });

  it('follows a restored backup: its record when it has one, else seeds what it lacks once', async () => {
    await remove('form', 'register');
    const PASSWORD = 'seed-once backup';
    const archive = (await takeBackup(t, PASSWORD)).bytes;
    const replace = async (file: Buffer) => {
      const res = await restoreBackup(t, { file, password: PASSWORD, delete: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await replace(archive);
    expect(await names('form')).not.toContain('register');
    expect(await names('grid')).not.toContain('selects');

    // A backup made before the record (no sys_seeded): restored like an upgrade.
    const out = sevenZip(['x', `-p${PASSWORD}`, '-oout'], archive).dir;
    try {
      const files: Record<string, string> = {};
      for (const f of readdirSync(`${out}/out/tables`)) if (f !== 'sys_seeded.jsonl') files[`tables/${f}`] = readFileSync(`${out}/out/tables/${f}`, 'utf8');
      const manifest = JSON.parse(readFileSync(`${out}/out/manifest.json`, 'utf8')) as { tables: { name: string }[] };
      expect(manifest.tables.some((x) => x.name === 'sys_seeded')).toBe(true);
      manifest.tables = manifest.tables.filter((x) => x.name !== 'sys_seeded');
      files['manifest.json'] = JSON.stringify(manifest);
      await replace(packFiles(files, PASSWORD));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    expect(await names('form')).toContain('register');
    expect(await names('grid')).toContain('selects');
  });
});

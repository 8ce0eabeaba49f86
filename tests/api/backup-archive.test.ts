import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { backupWorkDir } from '../../src/server/routes/backup.js';
import { MAX_ROW_BYTES } from '../../src/server/ops/backup-format.js';
import {
  editBackup,
  packFiles,
  repositoryState,
  restoreBackup,
  setTableRows,
  stickyLinks,
  tableRows,
  takeBackup,
  unpackBackup,
  type BackupFiles,
  type PackOptions,
} from '../support/backup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * What a crafted archive can do to the server before its rows are even looked at: its size,
 * its lines, its entries. A restore answers 400 for any of it, keeps serving, changes nothing
 * and leaves no files behind. Runs on SQLite and on PostgreSQL.
 */
let t: TestApp;
let admin: string;
const PASSWORD = 'archive checks';
/** A folder outside any restore, with what a crafted backup would like the server to read. */
const outside = mkdtempSync(join(tmpdir(), 'tessera-outside-'));
const SECRET = 'SECRET-OUTSIDE-THE-BACKUP';

/** The files of a backup of the test instance, to craft others from. */
async function files(): Promise<BackupFiles> {
  const taken = await takeBackup(t, PASSWORD);
  expect(taken.status).toBe(200);
  return unpackBackup(taken.bytes, PASSWORD);
}

async function backup(edit: (files: BackupFiles) => void, options?: PackOptions): Promise<Buffer> {
  const taken = await takeBackup(t, PASSWORD);
  expect(taken.status).toBe(200);
  return editBackup(taken.bytes, PASSWORD, edit, options);
}

/** Restores `file`, expects a refusal that changes nothing and leaves no files; answers the error. */
async function refused(file: Buffer): Promise<string> {
  const before = await repositoryState(t);
  const res = await restoreBackup(t, { file, password: PASSWORD, delete: 'true' }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(await repositoryState(t)).toEqual(before);
  // A backup taken to craft the file removes its own folder once its download has closed: soon after.
  await vi.waitFor(() => expect(readdirSync(backupWorkDir(t.app.services.config.dataDir))).toEqual([]));
  // Still serving.
  expect((await t.call('GET', '/api/checkuser', { token: admin })).status).toBe(200);
  return String(res.body.error);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('a backup holding one very long line', () => {
  it('is refused as it is read, naming the file and line but not the line; the server keeps serving and keeps no files', async () => {
    // 64 MiB of one letter pack into a few kilobytes: what a small upload can unpack to.
    const file = await backup((f) => setTableRows(f, 'Group', [{ id: 1, name: 'x'.repeat(MAX_ROW_BYTES), description: null }]), { fast: true });
    expect(file.length).toBeLessThan(100_000);
    const error = await refused(file);
    expect(error).toBe('Failed to load restore backup backup.7z: tables/Group.jsonl line 1 is longer than 64 MiB, the most a row may hold');
  });
});

describe('the folders restores work in', () => {
  it('are removed at start when the process that made them is gone (a crash in mid-restore)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-leftovers-'));
    const work = backupWorkDir(dataDir);
    // A process that has exited: its pid names nobody now.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const left = join(work, `${gone}-0123456789ab-crashed`);
    mkdirSync(join(left, 'extracted', 'tables'), { recursive: true });
    writeFileSync(join(left, 'upload.7z'), 'the upload');
    writeFileSync(join(left, 'extracted', 'tables', 'Group.jsonl'), 'x'.repeat(1000));
    // An earlier process with this one's pid, as a container's server has at every start.
    const samePid = join(work, `${process.pid}-0123456789ab-crashed`);
    mkdirSync(samePid, { recursive: true });
    // One of a process still running (this one's parent) is left alone: it may be restoring.
    const running = join(work, `${process.ppid}-0123456789ab-running`);
    mkdirSync(running, { recursive: true });
    const app = await buildApp(loadConfig({ dataDir, databaseUrl: t.databaseUrl, logLevel: 'silent', clientDir: join(dataDir, 'none') }));
    try {
      expect(existsSync(left)).toBe(false);
      expect(existsSync(samePid)).toBe(false);
      expect(existsSync(running)).toBe(true);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('entry names a backup may not have', () => {
  it.each([
    ['a line break hiding its size', 'tables/Group.jsonl\nSize = 0'],
    ['a line break and a whole made-up entry', 'tables/Page.jsonl\nSize = 1\nAttributes = A_ -rw-r--r--\n\nPath = tables/Other.jsonl'],
    ['a carriage return', 'tables/Menu.jsonl\r'],
    ['a tab', 'tables/Gr\tid.jsonl'],
    ['a Unicode line separator', 'tables/Fo\u2028rm.jsonl'],
  ])('refuses one with %s', async (_, name) => {
    const backup = await files();
    // As large as it likes: its listed size is what the free-space check counts.
    backup[name] = 'x'.repeat(100_000);
    const error = await refused(packFiles(backup, PASSWORD, { fast: true }));
    expect(error).toBe('Failed to load restore backup backup.7z: an entry name holds a line break or another control character');
  });
});

describe('links in a backup', () => {
  beforeAll(() => {
    writeFileSync(join(outside, 'Model.jsonl'), `${SECRET}\n`);
    writeFileSync(join(outside, 'Group.jsonl'), `${SECRET}\n`);
  });
  const onlyModel = JSON.stringify({ format: 'tessera-backup', formatVersion: 1, createdAt: new Date().toISOString(), dialect: 'sqlite', tables: [{ name: 'Model', kind: 'model', file: 'tables/Model.jsonl', rows: 1 }] });

  it.each([
    ['tables, a link to a folder outside', false],
    ['tables, a link to a folder outside, its mode with the sticky bit (lrwxrwxrwt)', true],
  ])('refuses %s, without reading through it', async (_, sticky) => {
    const archive = packFiles({ 'manifest.json': onlyModel }, PASSWORD, { links: { tables: outside }, plainHeaders: true });
    const error = await refused(sticky ? stickyLinks(archive) : archive);
    expect(error).toBe("Failed to load restore backup backup.7z: it holds 'tables', a link or another entry that is neither a plain file nor a folder, and a backup holds none");
    expect(error).not.toContain(SECRET);
  });

  it.each([
    ['a table file, a link to a file outside', false],
    ['a table file, a link to a file outside, its mode with the sticky bit', true],
  ])('refuses %s', async (_, sticky) => {
    const backup = await files();
    delete backup['tables/Group.jsonl'];
    const archive = packFiles(backup, PASSWORD, { links: { 'tables/Group.jsonl': join(outside, 'Group.jsonl') }, plainHeaders: true });
    const error = await refused(sticky ? stickyLinks(archive) : archive);
    expect(error).toBe("Failed to load restore backup backup.7z: it holds 'tables/Group.jsonl', a link or another entry that is neither a plain file nor a folder, and a backup holds none");
  });
});

describe('the refusal of a bad row', () => {
  const TEXT = 'SECRET ROW TEXT';
  it.each<[string, (f: BackupFiles) => void, RegExp]>([
    ['a row that is not JSON', (f) => (f['tables/Group.jsonl'] = `{"id": 1, "name": "${TEXT}\n`), /^tables\/Group\.jsonl line 1 is not JSON$/],
    ['a row with a key that is no field', (f) => setTableRows(f, 'Group', [{ id: 1, name: 'x', [TEXT]: 1 }]), /^tables\/Group\.jsonl row 1: a key that is not a field of Group$/],
    [
      'a key repeated',
      (f) => setTableRows(f, 'sys_settings', [...tableRows(f, 'sys_settings'), { key: TEXT, value: '1' }, { key: TEXT, value: '2' }]),
      /^tables\/sys_settings\.jsonl row \d+ repeats the key of an earlier row$/,
    ],
    ['a system row with a column too many', (f) => setTableRows(f, 'sys_settings', [{ key: 'a', value: '1', [TEXT]: 'x' }]), /^tables\/sys_settings\.jsonl row 1: a column that is not one of sys_settings$/],
    [
      'a manifest entry that is wrong',
      (f) => {
        const manifest = JSON.parse(String(f['manifest.json'])) as { tables: object[] };
        manifest.tables.push({ name: TEXT, kind: 'model', file: TEXT, rows: 1 });
        f['manifest.json'] = JSON.stringify(manifest);
      },
      /^its manifest lists table \d+ wrongly/,
    ],
  ])('names the file and line of %s, never its text', async (_, edit, message) => {
    const backup = await files();
    edit(backup);
    const error = await refused(packFiles(backup, PASSWORD));
    expect(error.replace('Failed to load restore backup backup.7z: ', '')).toMatch(message);
    expect(error).not.toContain('SECRET');
  });
});

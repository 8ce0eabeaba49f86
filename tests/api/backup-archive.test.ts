import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { backupWorkDir } from '../../src/server/routes/backup.js';
import { MAX_ROW_BYTES } from '../../src/server/services/backup-format.js';
import { editBackup, repositoryState, restoreBackup, setTableRows, takeBackup, type BackupFiles, type PackOptions } from '../support/backup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * What a crafted archive can do to the server before its rows are even looked at: its size,
 * its lines, its entries. A restore answers 400 for any of it, keeps serving, changes nothing
 * and leaves no files behind. Runs on SQLite and on PostgreSQL.
 */
let t: TestApp;
let admin: string;
const PASSWORD = 'archive checks';

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
  expect(readdirSync(backupWorkDir(t.app.services.config.dataDir))).toEqual([]);
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
    const left = join(work, `${gone}-crashed`);
    mkdirSync(join(left, 'extracted', 'tables'), { recursive: true });
    writeFileSync(join(left, 'upload.7z'), 'the upload');
    writeFileSync(join(left, 'extracted', 'tables', 'Group.jsonl'), 'x'.repeat(1000));
    // One of a process still running (this one's parent) is left alone: it may be restoring.
    const running = join(work, `${process.ppid}-running`);
    mkdirSync(running, { recursive: true });
    const app = await buildApp(loadConfig({ dataDir, databaseUrl: t.databaseUrl, logLevel: 'silent', clientDir: join(dataDir, 'none') }));
    try {
      expect(existsSync(left)).toBe(false);
      expect(existsSync(running)).toBe(true);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

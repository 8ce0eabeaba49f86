import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { sevenZipBinary } from '../../src/server/ops/seven-zip.js';
import { tableOf } from '../../src/server/records/model-store.js';
import type { TestApp } from './test-app.js';

/** Backup and restore over the real server's inject(): the archive as bytes, the form as multipart. */
export async function takeBackup(t: TestApp, password: string, token = t.adminToken): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backup/backup',
    headers: { 'x-requested-with': APP_REQUEST_HEADER, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { password },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

export interface RestoreForm {
  file?: Buffer;
  fileName?: string;
  password?: string;
  delete?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(form: RestoreForm): { body: Buffer; contentType: string } {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (form.delete !== undefined) field('delete', form.delete);
  if (form.password !== undefined) field('password', form.password);
  if (form.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${form.fileName ?? 'backup.7z'}"\r\nContent-Type: application/x-7z-compressed\r\n\r\n`,
      ),
      form.file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function restoreBackup(t: TestApp, form: RestoreForm, token = t.adminToken): Promise<{ status: number; body: Record<string, unknown> }> {
  const { body, contentType } = multipart(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backup/restore',
    headers: { 'content-type': contentType, 'x-requested-with': APP_REQUEST_HEADER, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

let binary: string | undefined;
const binDir = mkdtempSync(join(tmpdir(), 'tessera-test-7za-'));
process.on('exit', () => rmSync(binDir, { recursive: true, force: true }));

/** Runs 7za on an archive (given as bytes) in a scratch folder; answers its exit code and output. */
export function sevenZip(args: string[], archive: Buffer, stdin = ''): { code: number; output: string; dir: string } {
  binary ??= sevenZipBinary(binDir);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-test-archive-'));
  writeFileSync(join(dir, 'a.7z'), archive);
  try {
    // setsid: without a controlling terminal, 7-Zip reads a password from stdin instead of the terminal.
    const output = execFileSync('setsid', [binary, ...args, 'a.7z'], { cwd: dir, input: stdin, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], timeout: 30_000 });
    return { code: 0, output, dir };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, output: `${err.stdout}${err.stderr}`, dir };
  }
}

export interface PackOptions {
  /** 7-Zip's fastest compression (-mx=1): a file of many megabytes packs in a fraction of a second. */
  fast?: boolean;
  /** Symbolic links to pack as links (7-Zip's -snl): entry name → where the link points. */
  links?: Record<string, string>;
  /** Entry names and attributes in clear and uncompressed (the files stay encrypted), so a test can change them: see stickyLinks. */
  plainHeaders?: boolean;
}

/** Packs the given files (name → text) as a 7z with a password, as a foreign or hand-made backup. */
export function packFiles(files: Record<string, string>, password: string, options: PackOptions = {}): Buffer {
  binary ??= sevenZipBinary(binDir);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-test-pack-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      const path = join(dir, 'in', name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    for (const [name, target] of Object.entries(options.links ?? {})) {
      const path = join(dir, 'in', name);
      mkdirSync(dirname(path), { recursive: true });
      symlinkSync(target, path);
    }
    const level = options.fast ? ['-mx=1'] : [];
    const headers = options.plainHeaders ? ['-mhe=off', '-mhc=off'] : ['-mhe=on'];
    // 7-Zip follows a link named on its command line; one it finds under a wildcard it packs as a link.
    const entries = options.links ? ['-snl', '*'] : Object.keys(files);
    execFileSync(binary, ['a', '-t7z', ...headers, ...level, `-p${password}`, join(dir, 'out.7z'), ...entries], { cwd: join(dir, 'in'), stdio: 'pipe' });
    return readFileSync(join(dir, 'out.7z'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The archive with every symbolic link's mode given the sticky bit (lrwxrwxrwx becomes
 * lrwxrwxrwt), as a crafted archive can have it; packed with plainHeaders. 7-Zip still
 * unpacks such an entry as a link.
 */
export function stickyLinks(archive: Buffer): Buffer {
  const out = Buffer.from(archive);
  // The signature header: the next header's offset (from byte 32) and size, its CRC at 28, and the CRC of bytes 12-31 at 8.
  const offset = 32 + Number(out.readBigUInt64LE(12));
  const header = out.subarray(offset, offset + Number(out.readBigUInt64LE(20)));
  // A link's attributes: FILE_ATTRIBUTE_ARCHIVE | the Unix extension bit | mode 0120777 in the high 16 bits.
  const link = Buffer.from([0x20, 0x80, 0xff, 0xa1]);
  let found = 0;
  for (let at = header.indexOf(link); at !== -1; at = header.indexOf(link, at + 4)) {
    header[at + 3] = 0xa3; // mode 0121777: the sticky bit
    found += 1;
  }
  if (!found) throw new Error('no link attributes in the header: pack with plainHeaders and links');
  out.writeUInt32LE(crc32(header), 28);
  out.writeUInt32LE(crc32(out.subarray(12, 32)), 8);
  return out;
}

/** A backup's files by name (`manifest.json`, `tables/User.jsonl`, ...) as text. */
export type BackupFiles = Record<string, string>;

/** Unpacks a backup made with `password` into its files. */
export function unpackBackup(archive: Buffer, password: string): BackupFiles {
  const res = sevenZip(['x', `-p${password}`, '-oout'], archive);
  try {
    if (res.code !== 0) throw new Error(res.output);
    const out = join(res.dir, 'out');
    const files: BackupFiles = { 'manifest.json': readFileSync(join(out, 'manifest.json'), 'utf8') };
    for (const f of readdirSync(join(out, 'tables'))) files[`tables/${f}`] = readFileSync(join(out, 'tables', f), 'utf8');
    return files;
  } finally {
    rmSync(res.dir, { recursive: true, force: true });
  }
}

/** The rows of one table of an unpacked backup. */
export function tableRows(files: BackupFiles, table: string): Record<string, unknown>[] {
  return String(files[`tables/${table}.jsonl`] ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Replaces the rows of one table of an unpacked backup, its count in the manifest with them. */
export function setTableRows(files: BackupFiles, table: string, rows: Record<string, unknown>[]): void {
  files[`tables/${table}.jsonl`] = rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  const manifest = JSON.parse(String(files['manifest.json'])) as { tables: { name: string; rows: number }[] };
  for (const entry of manifest.tables) if (entry.name === table) entry.rows = rows.length;
  files['manifest.json'] = JSON.stringify(manifest);
}

/** A backup of `archive` changed by `edit`, packed again with the same password: what a crafted backup looks like. */
export function editBackup(archive: Buffer, password: string, edit: (files: BackupFiles) => void, options: PackOptions = {}): Buffer {
  const files = unpackBackup(archive, password);
  edit(files);
  return packFiles(files, password, options);
}

/**
 * The repository as plain data, read straight from the tables (not through the backup code):
 * every model table's rows by id with values normalised across databases, the settings and the
 * definitions' versions. Two repositories with equal state answer equal objects.
 */
export async function repositoryState(t: TestApp): Promise<Record<string, unknown>> {
  const { db } = t.app.services.database;
  const models = (await db.selectFrom(tableOf('Model')).select(['name', 'fields']).orderBy('name').execute()).map((r) => ({
    name: String(r.name),
    fields: JSON.parse(String(r.fields)) as { name: string; type: string }[],
  }));
  const out: Record<string, unknown> = {};
  for (const model of models) {
    const rows = await db.selectFrom(tableOf(model.name)).selectAll().orderBy('id').execute();
    out[model.name] = rows.map((row) => {
      const clean: Record<string, unknown> = { id: row.id };
      for (const f of model.fields) {
        if (f.type === 'link') continue;
        const v = row[f.name];
        if (v === null || v === undefined) clean[f.name] = null;
        else if (f.type === 'boolean') clean[f.name] = v === true || v === 1;
        else if (f.type === 'json') clean[f.name] = JSON.parse(String(v));
        else if (f.type === 'number') clean[f.name] = Number(v);
        else clean[f.name] = v;
      }
      return clean;
    });
  }
  // The trusted-device secret is the instance's own, not the repository's: a restore keeps it (src/server/ops/backup-settings.ts).
  out.sys_settings = await db.selectFrom('sys_settings').selectAll().where('key', '!=', 'device_secret').orderBy('key').execute();
  out.sys_definition_versions = (await db.selectFrom('sys_definition_versions').selectAll().orderBy('kind').orderBy('def_id').orderBy('version').execute()).map((r) => ({
    ...r,
    version: Number(r.version),
  }));
  return out;
}

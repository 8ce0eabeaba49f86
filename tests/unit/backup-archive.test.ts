import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FREE_SPACE_MARGIN, spaceProblem } from '../../src/server/ops/backup.js';
import { RestoreError, checkExtracted } from '../../src/server/ops/backup-read.js';
import { AMBIGUOUS_LISTING, SevenZipError, parseListing } from '../../src/server/ops/seven-zip.js';

/** What a restore makes of 7-Zip's listing and of the folder it unpacked (src/server/ops/seven-zip.ts, backup-read.ts). */
const head = 'Listing archive: a.7z\n\n--\nPath = a.7z\nType = 7z\n\n----------\n';
const entry = (path: string, size: number, attributes: string) =>
  `Path = ${path}\nSize = ${size}\nPacked Size = \nModified = 2026-01-01 00:00:00\nAttributes = ${attributes}\nCRC = 00000000\nEncrypted = +\nMethod = LZMA2:24 7zAES:19\nBlock = 0\n`;

describe("7-Zip's listing", () => {
  it('reads the entries of a backup: paths, sizes, folders and plain files', () => {
    const listing = `${head}${entry('tables', 0, 'D_ drwxr-xr-x')}\n${entry('manifest.json', 120, 'A_ -rw-r--r--')}\n${entry('tables/User.jsonl', 3000, 'A_ -rw-------')}\n\n`;
    expect(parseListing(listing)).toEqual([
      { path: 'tables', kind: 'folder', size: 0 },
      { path: 'manifest.json', kind: 'file', size: 120 },
      { path: 'tables/User.jsonl', kind: 'file', size: 3000 },
    ]);
    // Attributes without a Unix mode (an archive made on Windows).
    expect(parseListing(`${head}${entry('manifest.json', 1, 'A')}\n${entry('tables', 0, 'D')}`)).toEqual([
      { path: 'manifest.json', kind: 'file', size: 1 },
      { path: 'tables', kind: 'folder', size: 0 },
    ]);
  });

  it.each(['A_ lrwxrwxrwx', 'A_ lrwxrwxrwt', 'A_ lrwsrwsrwT', 'A_ crw-rw-rw-', 'A_ brw-rw----', 'A_ prw-r--r--', 'A_ srwxr-xr-x', 'A_ drwxr-xr-x', 'D_ -rw-r--r--', 'AL', 'A_ -rw-r--r-- extra'])(
    'takes an entry with the attributes %s for something other than a plain file or folder',
    (attributes) => {
      expect(parseListing(`${head}${entry('tables', 0, attributes)}`)[0]?.kind).toBe('other');
    },
  );

  it.each([
    ['a field repeated (a name hiding its size)', `${head}Path = tables/a.jsonl\nSize = 0\n${entry('x', 300_000_000, 'A_ -rw-r--r--').replace('Path = x\n', '')}`],
    ['a line that is no field', `${head}Path = tables/a\nb.jsonl\n${entry('x', 1, 'A').replace('Path = x\n', '')}`],
    ['an entry without its size', `${head}Path = tables/a.jsonl\n\n${entry('x', 1, 'A')}`],
    ['an entry not starting with its path', `${head}Size = 1\nPath = x\n`],
    ['a carriage return', `${head}${entry('tables/a.jsonl\r', 1, 'A')}`],
    ['a Unicode line separator', `${head}${entry('tables/a\u2028.jsonl', 1, 'A')}`],
  ])('refuses a listing with %s', (_, listing) => {
    expect(() => parseListing(listing)).toThrow(SevenZipError);
    expect(() => parseListing(listing)).toThrow(AMBIGUOUS_LISTING);
  });
});

describe('the free space a restore needs', () => {
  it('is what the backup unpacks to and a margin', () => {
    const GiB = 1024 ** 3;
    expect(spaceProblem(GiB, GiB + FREE_SPACE_MARGIN)).toBe('');
    expect(spaceProblem(GiB, GiB + FREE_SPACE_MARGIN - 1)).toBe('it unpacks to 1 GiB and the data folder has 1.2 GiB free: a restore leaves at least 256 MiB free');
    expect(spaceProblem(0, FREE_SPACE_MARGIN - 1)).not.toBe('');
  });
});

describe('the unpacked folder', () => {
  const base = mkdtempSync(join(tmpdir(), 'tessera-extracted-'));
  const outside = join(base, 'outside.jsonl');
  writeFileSync(outside, 'not the backup\n');
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  let n = 0;
  /** A folder as 7-Zip could leave it: a manifest and a tables folder, then what `add` puts there. */
  function unpacked(add: (into: string) => void): string {
    const into = join(base, `x${(n += 1)}`);
    mkdirSync(join(into, 'tables'), { recursive: true });
    writeFileSync(join(into, 'manifest.json'), '{}');
    writeFileSync(join(into, 'tables', 'User.jsonl'), '');
    add(into);
    return into;
  }

  it('passes a backup: a manifest and plain table files', async () => {
    await expect(checkExtracted(unpacked(() => undefined))).resolves.toBeUndefined();
  });

  it.each<[string, (into: string) => void, string]>([
    ['a table file that is a link', (into) => symlinkSync(outside, join(into, 'tables', 'Group.jsonl')), "'tables/Group.jsonl'"],
    ['a table file with a second name (a hard link)', (into) => linkSync(outside, join(into, 'tables', 'Group.jsonl')), "'tables/Group.jsonl'"],
    ['a named pipe', (into) => execFileSync('mkfifo', [join(into, 'tables', 'Group.jsonl')]), "'tables/Group.jsonl'"],
    ['a manifest that is a link', (into) => (rmSync(join(into, 'manifest.json')), symlinkSync(outside, join(into, 'manifest.json'))), "'manifest.json'"],
    [
      'a tables folder that is a link',
      (into) => (rmSync(join(into, 'tables'), { recursive: true }), symlinkSync(base, join(into, 'tables'))),
      "'tables'",
    ],
    ['a stray file', (into) => writeFileSync(join(into, 'notes.txt'), ''), "'notes.txt'"],
    ['a folder in tables', (into) => mkdirSync(join(into, 'tables', 'More.jsonl')), "'tables/More.jsonl'"],
  ])('refuses %s before anything is read', async (_, add, named) => {
    const check = checkExtracted(unpacked(add));
    await expect(check).rejects.toThrow(RestoreError);
    await expect(check).rejects.toThrow(`it holds ${named}, which is not a plain file of a Tessera backup (a backup holds no links)`);
  });

  it('refuses a name with a line break, however 7-Zip listed it', async () => {
    await expect(checkExtracted(unpacked((into) => writeFileSync(join(into, 'tables', 'Page.jsonl\nSize = 1'), '')))).rejects.toThrow(AMBIGUOUS_LISTING);
  });
});

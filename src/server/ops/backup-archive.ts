import { open, statfs } from 'node:fs/promises';
import { ENTRY, MANIFEST, TABLES_DIR } from './backup-format.js';
import { RestoreError, checkExtracted, formatSize, shownEntry } from './backup-read.js';
import { SevenZipError, type SevenZip } from './seven-zip.js';

/** The archive a backup travels in: what a restore lets 7-Zip unpack, and where, before anything is read. */

/**
 * What a restore leaves free on the data folder's disk after unpacking: the database still has
 * to write the restored rows (SQLite's file is in that folder), and the machine needs room to
 * go on. 256 MiB.
 */
export const FREE_SPACE_MARGIN = 256 * 1024 * 1024;

/** Why `unpacked` bytes cannot be unpacked where `free` bytes are free, or '' when they can. */
export function spaceProblem(unpacked: number, free: number): string {
  if (unpacked + FREE_SPACE_MARGIN <= free) return '';
  return `it unpacks to ${formatSize(unpacked)} and the data folder has ${formatSize(free)} free: a restore leaves at least ${formatSize(FREE_SPACE_MARGIN)} free`;
}

/**
 * Unpacks the archive into `into` after checking its listing: only the entries a backup
 * has, each a plain file (or the tables folder), and room for them with a margin to spare.
 * Then every unpacked path is checked with lstat (checkExtracted) before anything is read.
 */
export async function extractArchive(zip: SevenZip, archive: string, into: string, password: string): Promise<void> {
  try {
    const entries = await zip.list(archive, into, password);
    for (const e of entries) {
      const path = e.path.replace(/\\/g, '/');
      if (!ENTRY.test(path)) throw new RestoreError(`it holds ${shownEntry(e.path)}, which is not part of a Tessera backup`);
      if (e.kind !== (path === TABLES_DIR ? 'folder' : 'file')) {
        throw new RestoreError(`it holds '${path}', a link or another entry that is neither a plain file nor a folder, and a backup holds none`);
      }
    }
    if (!entries.some((e) => e.path === MANIFEST)) throw new RestoreError('it is not a Tessera backup (no manifest.json)');
    // A small archive can unpack to a great deal: it must fit in the data folder, with room to spare.
    const disk = await statfs(into);
    const problem = spaceProblem(entries.reduce((n, e) => n + e.size, 0), disk.bavail * disk.bsize);
    if (problem) throw new RestoreError(problem);
    await zip.extract(archive, into, [], password);
  } catch (e) {
    if (e instanceof SevenZipError) throw new RestoreError(e.message);
    throw e;
  }
  await checkExtracted(into);
}

/** Writes a file only this process's user can read. */
export async function writeText(path: string, text: string): Promise<void> {
  const fh = await open(path, 'w', 0o600);
  try {
    await fh.writeFile(text);
  } finally {
    await fh.close();
  }
}

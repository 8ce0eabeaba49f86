import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * p7zip's `7za`, driven as a child process. The binary comes from the `7zip-bin` package
 * (SEVEN_ZIP names another, e.g. Debian's 7zz). The password never goes on the command line
 * (where `ps` shows it to every local user): with a bare `-p` (create) or no `-p` (list,
 * extract) p7zip asks for it, and we answer on its stdin. It asks through getpass(), which
 * prefers the controlling terminal, so the child runs in its own session (detached): with no
 * terminal, getpass() reads stdin.
 */
export class SevenZipError extends Error {}

/**
 * Why p7zip could not open an archive, in words a person can act on. Only with `quote` does it
 * repeat 7-Zip's own error line: reading someone's archive, that line can hold its entry names.
 */
export function explainFailure(output: string, quote = true): string {
  if (/Wrong password|Can not open encrypted archive|Data Error in encrypted file/i.test(output)) return 'the password is wrong';
  if (/Unexpected end of archive|Headers Error|CRC Failed|Data Error/i.test(output)) return 'the file is truncated or damaged';
  if (/Is not archive|Can not open the file as|Can't open as archive/i.test(output)) return 'the file is not a 7z archive';
  const line = output.split('\n').map((l) => l.trim()).find((l) => /error/i.test(l) && l !== 'ERRORS:');
  return line && quote ? `7-Zip says: ${line}` : 'the archive could not be read';
}

/** One entry of an archive as its listing describes it. */
export interface ArchiveEntry {
  path: string;
  /** What it unpacks to: a folder, a plain file, or anything else (a link, a device, a pipe). */
  kind: 'folder' | 'file' | 'other';
  size: number;
}

/** Why a listing is refused when its entry names cannot be told apart from its fields. */
export const AMBIGUOUS_LISTING = 'an entry name holds a line break or another control character';

/** C0 and C1 controls and the Unicode line and paragraph separators: none belongs in an entry name. */
export const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/**
 * What an entry unpacks to, from its listed attributes (`A_ -rw-r--r--`, `D_ drwxr-xr-x`,
 * `A_ lrwxrwxrwx`): the Unix mode's type when there is one, whatever its permission bits
 * (a link's mode with the sticky bit, lrwxrwxrwt, is still a link); an attribute string of
 * another shape is anything else.
 */
function kindOf(attributes: string): ArchiveEntry['kind'] {
  const m = /^([A-Z_]*)(?: ([-a-z?])[-rwxsStT]{9})?$/.exec(attributes);
  if (!m) return 'other';
  const [, windows = '', unix] = m;
  // L: a reparse point, Windows' links.
  if (windows.includes('L')) return 'other';
  const folder = windows.includes('D');
  if (unix === undefined) return folder ? 'folder' : 'file';
  if (unix === 'd' && folder) return 'folder';
  if (unix === '-' && !folder) return 'file';
  return 'other';
}

/**
 * The entries of `7za l -slt`'s listing. It prints each entry as `Key = value` lines and the
 * name raw: a name holding a line break could add lines that look like fields (a smaller
 * Size) or like another entry. So every line must be one field, no entry may name a field
 * twice or lack its Path or Size, and no line may hold a control character; otherwise the
 * listing is refused (SevenZipError).
 */
export function parseListing(output: string): ArchiveEntry[] {
  const separator = '\n----------\n';
  const at = output.indexOf(separator);
  if (at === -1) return [];
  const entries: ArchiveEntry[] = [];
  let fields = new Map<string, string>();
  const close = () => {
    if (fields.size === 0) return;
    const path = fields.get('Path');
    const size = fields.get('Size');
    if (path === undefined || size === undefined || !/^[0-9]*$/.test(size)) throw new SevenZipError(AMBIGUOUS_LISTING);
    entries.push({ path, kind: kindOf(fields.get('Attributes') ?? ''), size: Number(size || 0) });
    fields = new Map();
  };
  for (const line of output.slice(at + separator.length).split('\n')) {
    if (line === '') {
      close();
      continue;
    }
    const m = /^([A-Z][A-Za-z0-9 ]*?) = (.*)$/.exec(line);
    if (!m || CONTROL.test(line)) throw new SevenZipError(AMBIGUOUS_LISTING);
    const [, key = '', value = ''] = m;
    // Every entry starts with its Path; a field given twice is a name's line break at work.
    if (fields.has(key) || (fields.size === 0 && key !== 'Path')) throw new SevenZipError(AMBIGUOUS_LISTING);
    fields.set(key, value);
  }
  close();
  return entries;
}

/**
 * The 7za binary to run. The npm package ships it without the executable bit, and its folder
 * is not ours to change, so an executable copy is kept in a private folder (`privateDir`).
 */
export function sevenZipBinary(privateDir: string, override = process.env.SEVEN_ZIP): string {
  if (override) return override;
  const require = createRequire(import.meta.url);
  const shipped = (require('7zip-bin') as { path7za: string }).path7za;
  try {
    accessSync(shipped, constants.X_OK);
    return shipped;
  } catch {
    // not executable: use (or make) a private executable copy
  }
  const copy = join(privateDir, '7za');
  let fresh: boolean;
  try {
    fresh = statSync(copy).size === statSync(shipped).size;
  } catch {
    fresh = false;
  }
  if (!fresh) {
    mkdirSync(privateDir, { recursive: true, mode: 0o700 });
    // Copied beside and renamed into place: another process may be running the old copy.
    const partial = `${copy}.${process.pid}.tmp`;
    copyFileSync(shipped, partial);
    chmodSync(partial, 0o755);
    renameSync(partial, copy);
  }
  return copy;
}

interface RunResult {
  code: number | null;
  output: string;
}

export class SevenZip {
  private found: string | undefined;

  /** `binary` is asked on first use, so a missing 7-Zip fails backups, not the server's start. */
  constructor(private readonly binary: () => string) {}

  private run(args: string[], cwd: string, stdin: string): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      let program: string;
      try {
        program = this.found ??= this.binary();
      } catch (e) {
        reject(new SevenZipError(`7-Zip is not available: ${(e as Error).message}`));
        return;
      }
      const child = spawn(program, args, {
        cwd,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        // UTF-8, so a password with accents means the same bytes as in any other 7-Zip.
        env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        // Only the tail matters for errors; a huge listing must not grow memory without end.
        output = (output + chunk.toString('utf8')).slice(-1_000_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (e) => reject(new SevenZipError(`7-Zip could not be started (${program}): ${e.message}`)));
      child.on('close', (code) => resolve({ code, output }));
      child.stdin.on('error', () => undefined); // it may exit before reading (not an archive)
      child.stdin.end(stdin);
    });
  }

  /** Packs the given entries of `cwd` into `archive`: AES-256, file names encrypted too. */
  async create(archive: string, cwd: string, entries: string[], password: string): Promise<void> {
    // -mhe=on encrypts the headers (names); -p without a value asks twice (enter, verify).
    const res = await this.run(['a', '-t7z', '-mhe=on', '-mx=5', '-y', '-bd', '-p', archive, ...entries], cwd, `${password}\n${password}\n`);
    if (res.code !== 0) throw new SevenZipError(`7-Zip failed to pack the backup: ${explainFailure(res.output)}`);
  }

  /** The archive's entries (parseListing); throws with the reason when it cannot be read. */
  async list(archive: string, cwd: string, password: string): Promise<ArchiveEntry[]> {
    const res = await this.run(['l', '-t7z', '-slt', '-bd', archive], cwd, `${password}\n`);
    if (res.code !== 0) throw new SevenZipError(explainFailure(res.output, false));
    return parseListing(res.output);
  }

  /** Extracts the named entries into `into`; throws with the reason when it cannot. */
  async extract(archive: string, into: string, entries: string[], password: string): Promise<void> {
    const res = await this.run(['x', '-t7z', '-y', '-bd', `-o${into}`, archive, ...entries], into, `${password}\n`);
    if (res.code !== 0) throw new SevenZipError(explainFailure(res.output, false));
  }
}

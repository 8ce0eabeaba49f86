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

/** Why p7zip could not open an archive, in words a person can act on. */
export function explainFailure(output: string): string {
  if (/Wrong password|Can not open encrypted archive|Data Error in encrypted file/i.test(output)) return 'the password is wrong';
  if (/Unexpected end of archive|Headers Error|CRC Failed|Data Error/i.test(output)) return 'the file is truncated or damaged';
  if (/Is not archive|Can not open the file as|Can't open as archive/i.test(output)) return 'the file is not a 7z archive';
  const line = output.split('\n').map((l) => l.trim()).find((l) => /error/i.test(l) && l !== 'ERRORS:');
  return line ? `7-Zip says: ${line}` : 'the archive could not be read';
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

  /** The archive's entries (path and whether each is a plain file); throws with the reason when it cannot be read. */
  async list(archive: string, cwd: string, password: string): Promise<{ path: string; folder: boolean; link: boolean; size: number }[]> {
    const res = await this.run(['l', '-t7z', '-slt', '-bd', archive], cwd, `${password}\n`);
    if (res.code !== 0) throw new SevenZipError(explainFailure(res.output));
    const blocks = res.output.split(/\n----------\n/)[1] ?? '';
    const out: { path: string; folder: boolean; link: boolean; size: number }[] = [];
    for (const block of blocks.split(/\n\s*\n/)) {
      const field = (name: string) => new RegExp(`^${name} = (.*)$`, 'm').exec(block)?.[1] ?? '';
      const path = field('Path');
      if (!path) continue;
      const attributes = field('Attributes');
      out.push({
        path,
        folder: field('Folder') === '+' || attributes.startsWith('D'),
        link: / l[rwx-]{9}/.test(attributes),
        size: Number(field('Size') || 0),
      });
    }
    return out;
  }

  /** Extracts the named entries into `into`; throws with the reason when it cannot. */
  async extract(archive: string, into: string, entries: string[], password: string): Promise<void> {
    const res = await this.run(['x', '-t7z', '-y', '-bd', `-o${into}`, archive, ...entries], into, `${password}\n`);
    if (res.code !== 0) throw new SevenZipError(explainFailure(res.output));
  }
}

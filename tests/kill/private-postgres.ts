import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/server-process.js';

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, so the kill test
 * can restart its database without disturbing the shared test cluster the other suites use.
 * initdb refuses to run as root: then the cluster belongs to the `postgres` user.
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly data: string;
  port = 0;
  private readonly bin: string;
  private readonly asRoot = userInfo().uid === 0;

  constructor() {
    const version = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)).at(-1);
    if (!version) throw new Error('No PostgreSQL under /usr/lib/postgresql: install postgresql first.');
    this.bin = `/usr/lib/postgresql/${version}/bin`;
    this.dir = mkdtempSync(join(tmpdir(), 'tessera-kill-pg-'));
    this.data = join(this.dir, 'data');
  }

  private run(tool: string, args: string[]): string {
    const command = join(this.bin, tool);
    const [file, argv] = this.asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, argv, { stdio: 'pipe', timeout: 120_000 }).toString();
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<void> {
    if (this.asRoot) chownSync(this.dir, uidOf('postgres'), gidOf('postgres'));
    this.port = await freePort();
    this.run('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    this.start();
  }

  private options(): string {
    // Default durability (fsync on, synchronous_commit on): what the test shows is what a server gets.
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  }

  start(): void {
    this.run('pg_ctl', ['-D', this.data, '-o', this.options(), '-l', join(this.dir, 'log'), '-w', '-t', '60', 'start']);
  }

  /** An immediate stop: every backend is ended at once and the next start replays the WAL, as after a crash. */
  stopImmediately(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
  }

  remove(): void {
    try {
      if (existsSync(join(this.data, 'postmaster.pid'))) this.stopImmediately();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}

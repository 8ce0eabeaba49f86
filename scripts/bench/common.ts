/** What the benches share: arguments, signing in, percentiles, printing, a PostgreSQL database of their own, and the run with its deadline. */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';

/** `--name N` from the command line: a positive integer, or the fallback. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

export const ms = (v: number, digits = 2) => v.toFixed(digits).padStart(8);
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/**
 * Runs a bench's main: its exit code is the process's, a failure prints `<name> failed:` and
 * exits 1, and whatever hangs is stopped after `deadlineMs`.
 */
export function runBench(name: string, deadlineMs: number, main: () => Promise<number>): void {
  const watchdog = setTimeout(() => {
    console.error(`${name}: did not finish within ${deadlineMs / 1000} s; stopping.`);
    process.exit(1);
  }, deadlineMs);
  watchdog.unref();
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}

/**
 * Signs `account` in on the server at `base` through the login screen's call; answers the
 * session cookie header (the token comes only in the HttpOnly cookie, never in the body).
 */
export async function signInCookie(base: string, account: { user: string; password: string }): Promise<{ cookie: string }> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' },
    body: JSON.stringify({ user: account.user, password: account.password }),
  });
  const token = /^token=([^;]*)/.exec(login.headers.getSetCookie().find((c) => c.startsWith('token=')) ?? '')?.[1] ?? '';
  if (!token) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return { cookie: `token=${token}` };
}

/** The local PostgreSQL server the benches use (trust auth), through its `test` database. */
export const PG_ADMIN_URL = process.env.TESSERA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A bench's own PostgreSQL database, kept between runs with its seed: its url, and `create`, which makes it when missing and answers whether it made it now. */
export function benchPgDatabase(name: string): { url: string; create(): Promise<boolean> } {
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async create() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return false;
        await client.query(`create database "${name}"`);
        return true;
      } finally {
        await client.end();
      }
    },
  };
}

/** A session cookie header, as signInCookie answers it. */
export type Cookie = Record<string, string>;

/** One API call to a bench's server as the app makes it (its origin header, JSON both ways); answers the status and the parsed body. */
export async function benchCall(base: string, cookie: Cookie, method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...cookie, 'x-requested-with': 'tessera', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as unknown) : null };
}


/** A bench's PostgreSQL database made afresh (dropped first when it is there): its url. */
export async function freshPgDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}

/** A process's resident memory in MB (VmRSS of /proc/<pid>/status: every thread of it). */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** The load averages over 1, 5 and 15 minutes, as `uptime` prints them. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

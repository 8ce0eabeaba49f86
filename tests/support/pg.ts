import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';

/** The local test cluster; trust authentication on 127.0.0.1, database `test`. */
export const PG_BASE_URL = process.env.TESSERA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const START_TIMEOUT_MS = 30_000;

async function canConnect(url: string): Promise<Error | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return e as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function startCluster(): string {
  const versions = readdirSync('/etc/postgresql');
  const version = versions.sort().at(-1);
  if (!version) throw new Error('No PostgreSQL cluster under /etc/postgresql: install postgresql first.');
  const args = ['--skip-systemctl-redirect', version, 'main', 'start'];
  try {
    execFileSync('pg_ctlcluster', args, { stdio: 'pipe' });
  } catch (e) {
    // "already running" also lands here; the connection retry below decides.
    return `pg_ctlcluster ${args.join(' ')}: ${(e as Error).message}`;
  }
  return `pg_ctlcluster ${args.join(' ')}: ok`;
}

/**
 * Makes sure the test cluster answers. The PostgreSQL suite never skips itself: a database
 * that is down is a broken test environment, and it must be loud.
 */
export async function ensurePostgres(): Promise<void> {
  let error = await canConnect(PG_BASE_URL);
  if (!error) return;
  const startNote = startCluster();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    error = await canConnect(PG_BASE_URL);
    if (!error) return;
  }
  throw new Error(
    [
      '',
      '================================================================',
      ` PostgreSQL is not reachable at ${PG_BASE_URL}`,
      ` last error: ${error?.message ?? 'unknown'}`,
      ` start attempt: ${startNote}`,
      ' The api-pg tests need it; they do not skip. Start the cluster with',
      '   pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      ' and make sure the database `test` exists (createdb -U postgres test).',
      '================================================================',
    ].join('\n'),
  );
}

export interface TestSchema {
  /** A DATABASE_URL whose connections use this schema as their search_path. */
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/**
 * A fresh schema per test file (or test), so API tests on PostgreSQL run in parallel without
 * seeing each other's rows. The url carries `options=-c search_path=<schema>`: pg 8 passes
 * `options` from the connection string to the server as a startup parameter (checked with a
 * Client and a Pool: `select current_schema()` answers the new schema), so every pooled
 * connection lands in it without the caller setting search_path.
 */
export async function createTestSchema(): Promise<TestSchema> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE_URL });
  await admin.connect();
  try {
    await admin.query(`create schema "${schema}"`);
  } finally {
    await admin.end();
  }
  const separator = PG_BASE_URL.includes('?') ? '&' : '?';
  const url = `${PG_BASE_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: PG_BASE_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile, ImportJob } from '../../src/shared/import-types.js';
import { bundleServer, type ServerBundle } from './server-bundle.js';
import { PrivatePostgres } from './private-postgres.js';
import { Api, killAllServers, serverUrl, ServerRun, sleep } from './kill-harness.js';

/**
 * An import's job when its server is SIGKILLed in the middle (docs/import.md, "Jobs, threads and
 * restarts"), on SQLite and on PostgreSQL. All or nothing: after the restart the model holds none
 * of the file's rows and no history entry of them, and the job reads failed with the server's
 * words. Batches, killed once a batch is committed: the restarted server resumes the job from its
 * checkpoint and ends it done, every row written exactly once, its history entry with it, and the
 * counts right. On PostgreSQL the restart takes a job over only once its heartbeat is 30 s old
 * (STALE_AFTER_MS), so each test there waits that long.
 */
/**
 * The all-or-nothing job's rows: enough that the job is still writing when the kill comes on a
 * loaded machine (a plain file is imported at about 27,000 rows a second, so 50,000 ended before
 * a 50 ms poll saw 5,000 of them on CI). The kill comes at 5,000, so the rest cost only the upload.
 */
const ROWS = 400_000;
/** The batches job's rows: twenty batches of 5,000 (BATCH_ROWS), so the kill lands after the first and well before the last. */
const BATCHED_ROWS = 100_000;
/** On PostgreSQL a job is taken over once its heartbeat is 30 s old (STALE_AFTER_MS), looked at every 10 s. */
const TAKEOVER_MS = 60_000;

let bundle: ServerBundle;

beforeAll(async () => {
  bundle = await bundleServer();
}, 120_000);
afterAll(async () => {
  await killAllServers();
  bundle?.remove();
});

const csv = (prefix: string, rows: number) => `Name,N\n${Array.from({ length: rows }, (_, i) => `"${prefix} ${i}, ""quoted""",${i}`).join('\n')}\n`;

interface Target {
  env(): Record<string, string>;
  /** One query straight on the database, as an operator would read it. */
  query(sql: string): Promise<Record<string, unknown>[]>;
}

async function upload(api: Api, model: string, text: string, name: string): Promise<ImportFile> {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${api.url}/api/import/${model}/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${api.token}`, 'x-requested-with': 'tessera' } });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportFile;
}

async function job(api: Api, id: string): Promise<ImportJob> {
  return api.must<ImportJob>('GET', `/api/import/jobs/${id}`);
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

async function ended(api: Api, id: string, timeoutMs: number): Promise<ImportJob> {
  let last: ImportJob | undefined;
  await until(`the job ${id} ends`, timeoutMs, async () => {
    last = await job(api, id);
    return ['done', 'failed', 'cancelled'].includes(last.state);
  });
  return last as ImportJob;
}

const count = async (db: Target, sql: string) => Number((await db.query(sql))[0]?.n);

function killTests(name: string, target: () => Target) {
  describe(`an import on ${name} under SIGKILL`, () => {
    let run: ServerRun;
    const api = new Api('');

    async function start(): Promise<void> {
      run = new ServerRun(bundle.entry, await serverUrl(), target().env());
      api.url = run.url;
      await run.ready();
    }

    beforeAll(async () => {
      await start();
      await api.setup(run);
      for (const model of ['Bulk', 'Batched']) {
        await api.must('POST', '/api/definitions/model', { name: model, fields: [{ name: 'name', type: 'text', label: 'Name', required: true }, { name: 'n', type: 'number', label: 'N' }] });
      }
    }, 120_000);
    afterAll(async () => {
      await run?.kill();
    });

    it(`all or nothing: killed mid-job, the restart finds none of its ${ROWS} rows, no history, and the job failed`, { timeout: 150_000 }, async () => {
      const f = await upload(api, 'Bulk', csv('Bulk', ROWS), 'bulk.csv');
      const started = await api.must<ImportJob>('POST', '/api/import/Bulk/jobs', { file: f.file, mapping: { Name: 'name', N: 'n' }, mode: 'insert', dryRun: false });
      await until('the job has written rows', 60_000, async () => {
        const j = await job(api, started.id);
        if (j.state !== 'queued' && j.state !== 'running') throw new Error(`the job ended before the kill: ${JSON.stringify(j)}`);
        return j.done >= 5_000;
      });
      await run.kill();
      await start();
      const j = await ended(api, started.id, TAKEOVER_MS);
      expect(j).toMatchObject({ state: 'failed', error: { message: 'The server stopped during the import; nothing was written' }, counts: { refused: 0 } });
      expect(await count(target(), 'select count(*) as n from t_bulk')).toBe(0);
      expect(await count(target(), "select count(*) as n from sys_record_history where model = 'Bulk'")).toBe(0);
    });

    it('batches: killed after a committed batch, the restart resumes from the checkpoint; every row once', { timeout: 150_000 }, async () => {
      const f = await upload(api, 'Batched', csv('Batched', BATCHED_ROWS), 'batched.csv');
      const started = await api.must<ImportJob>('POST', '/api/import/Batched/jobs', { file: f.file, mapping: { Name: 'name', N: 'n' }, mode: 'insert', dryRun: false, batches: true });
      let checkpoint = 0;
      await until('a batch is committed', 60_000, async () => {
        const [row] = await target().query(`select state, checkpoint from sys_import_jobs where id = '${started.id}'`);
        if (row?.state !== 'queued' && row?.state !== 'running') throw new Error(`the job ended before the kill: ${JSON.stringify(row)}`);
        checkpoint = Number(row?.checkpoint ?? 0);
        return checkpoint > 0;
      });
      await run.kill();
      // What the killed server committed: whole batches, each with its checkpoint.
      const committed = await count(target(), 'select count(*) as n from t_batched');
      const [stopped] = await target().query(`select checkpoint from sys_import_jobs where id = '${started.id}'`);
      expect(committed).toBe(Number(stopped?.checkpoint));
      expect(committed % 5_000).toBe(0);
      expect(committed).toBeLessThan(BATCHED_ROWS);
      await start();
      const j = await ended(api, started.id, TAKEOVER_MS + 60_000);
      expect(j).toMatchObject({ state: 'done', error: null, total: BATCHED_ROWS, done: BATCHED_ROWS, counts: { added: BATCHED_ROWS, updated: 0, unchanged: 0, refused: 0 } });
      const [rows] = await target().query('select count(*) as n, count(distinct n) as distinct_n, min(n) as lo, max(n) as hi, count(distinct name) as names from t_batched');
      expect({ n: Number(rows?.n), distinct: Number(rows?.distinct_n), lo: Number(rows?.lo), hi: Number(rows?.hi), names: Number(rows?.names) }).toEqual({ n: BATCHED_ROWS, distinct: BATCHED_ROWS, lo: 0, hi: BATCHED_ROWS - 1, names: BATCHED_ROWS });
      expect(await count(target(), "select count(*) as n from t_batched where name = 'Batched 7, \"quoted\"' and n = 7")).toBe(1);
      expect(await count(target(), "select count(*) as n from sys_record_history where model = 'Batched' and action = 'insert'")).toBe(BATCHED_ROWS);
      expect(await count(target(), "select count(*) as n from sys_record_history where model = 'Batched'")).toBe(BATCHED_ROWS);
    });
  });
}

let dataDir = '';
killTests('SQLite', () => ({
  env: () => {
    dataDir ||= mkdtempSync(join(tmpdir(), 'tessera-kill-import-'));
    return { DATA_DIR: dataDir };
  },
  async query(sql) {
    const db = new BetterSqlite3(join(dataDir, 'tessera.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  },
}));
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let cluster: PrivatePostgres | undefined;
killTests('PostgreSQL', () => ({
  env: () => {
    if (!cluster) throw new Error('the cluster is not started');
    return { DATABASE_URL: cluster.url, DATA_DIR: cluster.dir };
  },
  async query(sql) {
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  },
}));
beforeAll(async () => {
  cluster = new PrivatePostgres();
  await cluster.init();
}, 180_000);
afterAll(() => {
  cluster?.remove();
});

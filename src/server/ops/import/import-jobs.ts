/**
 * The import jobs of one server process (docs/import.md): they are started here, each in a thread
 * of its own (import-run.ts), one at a time per process; their state lives in sys_import_jobs so
 * any process answers it. A job whose process is gone (its owner's pid, or a heartbeat older than
 * STALE_AFTER_MS) is taken over at start and now and then: resumed from its checkpoint when it runs
 * in batches, else marked failed.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, RefusedRow } from '../../../shared/import-types.js';
import type { ConnectOptions, Database, Row } from '../../db/connect.js';
import type { ModelStore } from '../../records/model-store.js';
import type { ModelDefinition } from '../../records/model-types.js';
import type { AutomationDefinition } from '../../../generated/definitions.js';
import type { JobPlan } from './import-engine.js';
import type { ImportWorkerData, ImportWorkerMessage } from './import-run.js';
import { ImportJobTable, JOBS_TABLE, jobAnswer, storedRequest, type JobCounts, type JobProgress } from './import-table.js';

/** A running job whose heartbeat is older than this, on a process that is gone, is taken over. */
export const STALE_AFTER_MS = 30_000;
/** How often open jobs are looked at, and a running job's heartbeat written (PostgreSQL). */
const WATCH_EVERY_MS = 10_000;
/** How often the uploaded and refused files past their days are removed (and once at start). */
export const FILES_PRUNE_EVERY_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** The young generation of a job's thread's heap, in MB (see next()). */
const IMPORT_YOUNG_MB = 16;
export const SERVER_STOPPED = 'The server stopped during the import; nothing was written';

const TOKEN = randomBytes(6).toString('hex');
/** This process, as a job's owner: host, pid and a token telling it from an earlier process of the same pid. */
export const OWNER = `${hostname()}:${process.pid}:${TOKEN}`;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder of uploaded files (named by their SHA-256) and the refused rows' files. */
export function importFilesDir(dataDir: string): string {
  return join(dataDir, 'import-files');
}

export class ImportJobs {
  readonly table: ImportJobTable;
  private readonly queue: { plan: JobPlan }[] = [];
  private current: { id: string; worker: Worker; progress?: JobProgress; cancelling: boolean; ended: Promise<void> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private filesTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly store: ModelStore,
    /** How the job's thread connects: as the server did. */
    private readonly connection: ConnectOptions,
    private readonly log: FastifyBaseLogger,
    /** The columns a form checks each field with (import-plan's caller finds them). */
    private readonly columnsOf: (model: string) => Promise<JobPlan['columns']>,
    /** The before-triggers watching a model (docs/automations.md): the job's thread runs them on its rows, as a form's save would. */
    private readonly beforeTriggersOf: (model: string) => Promise<AutomationDefinition[]>,
    /** IMPORT_FILES_DAYS: how long uploaded files and refused rows are kept. */
    private readonly filesDays = 7,
  ) {
    this.table = new ImportJobTable(database.db);
  }

  /** The columns a form checks each of the model's fields with. */
  columnsFor(model: string): Promise<JobPlan['columns']> {
    return this.columnsOf(model);
  }

  get dir(): string {
    return importFilesDir(this.connection.dataDir);
  }

  /** Takes over the jobs left by processes that are gone, then looks again every WATCH_EVERY_MS. */
  async start(): Promise<void> {
    await this.takeOver();
    this.timer = setInterval(() => void this.watch(), WATCH_EVERY_MS);
    this.timer.unref();
    const prune = () =>
      void this.pruneFiles().catch((err: unknown) => {
        if (!this.stopped) this.log.warn({ err }, 'import jobs: could not remove old files');
      });
    prune();
    this.filesTimer = setInterval(prune, FILES_PRUNE_EVERY_MS);
    this.filesTimer.unref();
  }

  /**
   * Removes the uploaded files, their descriptions and the refused rows' files last written more
   * than IMPORT_FILES_DAYS ago (a file of half a gigabyte each time someone imports adds up), and
   * uploads left unfinished a day ago. Those an open job reads or writes stay. A job's record
   * stays too: it still tells that a file was imported (by its hash), and asking for its refused
   * rows answers 404. Answers how many files went.
   */
  async pruneFiles(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0; // nothing uploaded yet
    }
    const open = await this.table.open();
    const needed = new Set(open.flatMap((r) => [String(r.file_hash), `${String(r.file_hash)}.json`, `${String(r.id)}.refused.csv`]));
    let gone = 0;
    for (const name of names) {
      if (needed.has(name)) continue;
      const keepMs = name.endsWith('.part') ? DAY_MS : this.filesDays * DAY_MS;
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs <= keepMs) continue;
      await rm(join(this.dir, name), { force: true });
      gone++;
    }
    return gone;
  }

  private async watch(): Promise<void> {
    try {
      if (this.current && this.database.dialect === 'postgres') await this.table.update(this.current.id, { heartbeat: Date.now() });
      await this.takeOver();
    } catch (err) {
      if (!this.stopped) this.log.warn({ err }, 'import jobs: could not look at the open jobs');
    }
  }

  private gone(r: Row): boolean {
    const owner = String(r.owner ?? '');
    if (owner === OWNER) return false;
    // Let go by a server that stopped cleanly: anyone takes it.
    if (owner === '') return true;
    const [host, pid, token] = owner.split(':');
    if (this.database.dialect === 'sqlite' && host === hostname()) {
      // One machine's file: the owner's pid tells (the heartbeat cannot be written while an all-or-nothing job holds the file).
      const p = Number(pid);
      return p === process.pid ? token !== TOKEN : !Number.isInteger(p) || !running(p);
    }
    const beat = Number(r.heartbeat ?? 0) || Date.parse(String(r.started_at));
    return Date.now() - beat > STALE_AFTER_MS;
  }

  /** The open jobs of processes that are gone: claimed (one process wins), then resumed or failed. */
  async takeOver(): Promise<void> {
    for (const r of await this.table.open()) {
      if (!this.gone(r)) continue;
      const claimed = await this.database.db
        .updateTable(JOBS_TABLE)
        .set({ owner: OWNER, heartbeat: Date.now() })
        .where('id', '=', String(r.id))
        .where('owner', r.owner === null ? 'is' : '=', r.owner ?? null)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const resumable = r.state === 'queued' || (Number(r.batches) === 1 && Number(r.dry_run) === 0);
      if (!resumable || !this.store.has(String(r.model))) {
        await this.table.update(String(r.id), { state: 'failed', ended_at: new Date().toISOString(), seconds_left: null, error: JSON.stringify({ message: SERVER_STOPPED }) });
        continue;
      }
      const plan = await this.planOf(r);
      this.log.info({ job: r.id, from: plan.resume?.rows }, 'import: a job left by a stopped server is resumed');
      this.enqueue(plan);
    }
  }

  /** The plan of a stored job (resumed from its checkpoint). */
  private async planOf(r: Row): Promise<JobPlan> {
    const request = storedRequest(r);
    const answer = jobAnswer(r);
    const counts: JobCounts = answer.counts;
    const resume = r.state === 'running' ? { rows: Number(r.checkpoint), counts, refused: answer.refused as RefusedRow[] } : undefined;
    return {
      id: answer.id,
      model: answer.model,
      path: join(this.dir, answer.file.hash),
      refusedPath: join(this.dir, `${answer.id}.refused.csv`),
      format: answer.file.format,
      encoding: String(r.encoding),
      mapping: request.mapping,
      mode: answer.mode,
      key: answer.key,
      references: request.references,
      dryRun: answer.dryRun,
      batches: answer.batches,
      by: { id: r.by_id === null || r.by_id === undefined ? null : Number(r.by_id), name: answer.by },
      columns: await this.columnsOf(answer.model),
      resume: resume && resume.rows > 0 ? resume : undefined,
    };
  }

  /** Stores a new job (queued, owned by this process) and starts it when the jobs before it are done. */
  async create(plan: JobPlan, row: Row): Promise<ImportJob> {
    await this.database.db.insertInto(JOBS_TABLE).values({ ...row, id: plan.id, state: 'queued', owner: OWNER, heartbeat: Date.now(), started_at: new Date().toISOString() }).execute();
    this.enqueue(plan);
    return this.get(plan.id) as Promise<ImportJob>;
  }

  private enqueue(plan: JobPlan): void {
    this.queue.push({ plan });
    void this.next();
  }

  private async next(): Promise<void> {
    if (this.current || this.stopped) return;
    const item = this.queue.shift();
    if (!item) return;
    const { plan } = item;
    let beforeTriggers: AutomationDefinition[];
    try {
      const row = await this.table.row(plan.id);
      if (!row || !['queued', 'running'].includes(String(row.state))) return void this.next();
      if (Number(row.cancel) === 1) {
        await this.table.update(plan.id, { state: 'cancelled', ended_at: new Date().toISOString(), error: JSON.stringify({ message: 'The import was cancelled before it started: nothing was written' }) });
        return void this.next();
      }
      beforeTriggers = await this.beforeTriggersOf(plan.model);
      await this.table.update(plan.id, { state: 'running', heartbeat: Date.now() });
    } catch (err) {
      this.log.error({ err, job: plan.id }, 'import: the job could not start');
      return void this.next();
    }
    const sqliteFile = this.database.dialect === 'sqlite' ? this.database.file : undefined;
    const data: ImportWorkerData = {
      connection: { dataDir: this.connection.dataDir, sqliteSynchronous: this.connection.sqliteSynchronous, databaseUrl: sqliteFile ? `sqlite:${sqliteFile}` : this.connection.databaseUrl },
      models: this.store.names().flatMap((n) => {
        const m = this.store.definitionOf(n);
        return m ? [m as ModelDefinition] : [];
      }),
      plan,
      beforeTriggers,
    };
    // A young generation of 16 MB rather than V8's default (three times 16 MB semi-spaces on
    // 64 bits): the rows of a group die young, and the server's memory is what the import is
    // held to (docs/performance.md); the old generation is left unbounded, since a job may keep
    // every unique value of a big file.
    const worker = new Worker(new URL('./import-worker.mjs', import.meta.url), { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: IMPORT_YOUNG_MB } });
    let settle: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (settle = resolve));
    const current: NonNullable<ImportJobs['current']> = { id: plan.id, worker, cancelling: false, ended };
    this.current = current;
    worker.on('message', (m: ImportWorkerMessage) => {
      if ('progress' in m) current.progress = m.progress;
      else if ('error' in m) this.log.error({ job: plan.id, error: m.error }, 'import: the job failed');
    });
    worker.once('error', (err) => this.log.error({ err, job: plan.id }, 'import: the job thread failed'));
    worker.once('exit', (code) => {
      void (async () => {
        if (code !== 0 && !this.stopped) {
          // A thread that died without writing its end: its transaction is gone with it.
          const row = await this.table.row(plan.id).catch(() => undefined);
          if (row && ['queued', 'running'].includes(String(row.state))) {
            await this.table.update(plan.id, { state: 'failed', ended_at: new Date().toISOString(), error: JSON.stringify({ message: `The import stopped unexpectedly (exit code ${code})` }) }).catch(() => undefined);
          }
        }
        if (this.current === current) this.current = null;
        settle();
        void this.next();
      })();
    });
  }

  /** The job as stored, with this process's fresher progress while its thread runs it (SQLite cannot write it mid-transaction). */
  async get(id: string): Promise<ImportJob | undefined> {
    const row = await this.table.row(id);
    if (!row) return undefined;
    const answer = jobAnswer(row);
    const live = this.current?.id === id ? this.current : null;
    if (live && answer.state === 'running') {
      if (live.progress && live.progress.done >= answer.done) {
        const p = live.progress;
        Object.assign(answer, { total: p.total, done: p.done, rate: Math.round(p.rate * 10) / 10, secondsLeft: p.secondsLeft === null ? null : Math.round(p.secondsLeft), counts: p.counts, refused: p.refused });
      }
      if (live.cancelling) answer.cancelling = true;
    }
    return answer;
  }

  /** Asks a job to stop: its thread reads the flag between groups of rows and rolls back (all or nothing) or stops after its batch. */
  async cancel(id: string): Promise<ImportJob | undefined> {
    const live = this.current?.id === id ? this.current : null;
    if (live) {
      live.cancelling = true;
      live.worker.postMessage({ cancel: true });
    }
    // SQLite: while this process's job holds the file, the flag is the message alone (a write would wait for the job).
    if (!live || this.database.dialect === 'postgres') {
      await this.table.update(id, { cancel: 1 });
      const row = await this.table.row(id);
      // A queued job of this process that has not started yet ends here.
      if (row?.state === 'queued' && row.owner === OWNER && !live) {
        const i = this.queue.findIndex((q) => q.plan.id === id);
        if (i !== -1) this.queue.splice(i, 1);
        await this.table.update(id, { state: 'cancelled', ended_at: new Date().toISOString(), error: JSON.stringify({ message: 'The import was cancelled before it started: nothing was written' }) });
      }
    }
    return this.get(id);
  }

  /** Stops the watch and the running thread (its transaction rolls back; the job is taken over at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.filesTimer) clearInterval(this.filesTimer);
    this.timer = null;
    this.filesTimer = null;
    this.queue.length = 0;
    const current = this.current;
    if (current) {
      await current.worker.terminate();
      await current.ended;
    }
    // The jobs this process let go of are taken over by the next process that looks.
    await this.database.db.updateTable(JOBS_TABLE).set({ owner: null }).where('owner', '=', OWNER).where('state', 'in', ['queued', 'running']).execute().catch(() => undefined);
  }

  /** Tests: resolves when this process has no job running or queued. */
  async idle(): Promise<void> {
    while (this.current || this.queue.length) await (this.current?.ended ?? new Promise((r) => setTimeout(r, 20)));
  }
}


import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { FORGET_AFTER_MS } from '../auth/signin-throttle.js';

/** How often expired rows are purged (and once at start). */
export const HOUSEKEEPING_EVERY_MS = 3600 * 1000;

/** Record history entries deleted per statement at most: each delete is short, so no lock is held long. */
export const HISTORY_PRUNE_BATCH = 5000;
/** The fewest a statement deletes, however slow the database. */
export const HISTORY_PRUNE_MIN_BATCH = 100;
/**
 * How long one delete may take: the batch shrinks or grows toward it. On SQLite a statement runs
 * on the server's one thread and holds every request for its time (5,000 entries took 100 to
 * 400 ms on a busy two-core machine: docs/performance.md, "Record history").
 */
export const HISTORY_PRUNE_MS = 20;
/** The rest after a batch: as long as it took, within these bounds (both databases, so requests go first). */
export const HISTORY_PRUNE_REST_MS = { min: 2, max: 200 };
/** How long to rest after a batch that took `took` ms. */
const restAfter = (took: number) => Math.max(HISTORY_PRUNE_REST_MS.min, Math.min(took, HISTORY_PRUNE_REST_MS.max));

/** How long the record history is kept (docs/history.md): RECORD_HISTORY_DAYS, and the models that say otherwise. */
export interface HistoryRetention {
  days: number;
  /** Each model with its own `history.days`. */
  models: () => ReadonlyMap<string, number>;
  /**
   * A SQLite file a thread can open (not an in-memory database): the pruning then runs in a thread
   * of its own (history-prune-worker.mjs), with SQLITE_SYNCHRONOUS as the server has it.
   */
  sqlite?: { file: string; synchronous: 'NORMAL' | 'FULL' };
}

const DAY_MS = 24 * 3600 * 1000;

/** One pass of the pruning: the entries before `cutoff`, of `model` alone or of every model but `notIn`. */
export interface PrunePass {
  cutoff: string;
  model?: string;
  notIn?: string[];
}

/**
 * Rows that only ever grow unless someone removes them: sessions past their expiry,
 * lost-password tokens past theirs, record history entries past their days (pruneHistory), and
 * sign-in failures old enough to be forgotten (the
 * throttle also prunes those as sign-ins come, but not while nobody signs in). Each purge is one
 * indexed range delete (migrations 0005 and 0007), so it stays cheap however many rows live. Every process runs it;
 * running it twice at once deletes nothing twice.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  /** The pass under way, if any: stop() waits for it, so the database is not closed under a batch. */
  private pass: Promise<unknown> | null = null;
  private stopped = false;
  /** Set to 1 to end the pruning thread's pass after its current batch. */
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly history: HistoryRetention = { days: 365, models: () => new Map() },
  ) {}

  /**
   * Purges once, then every HOUSEKEEPING_EVERY_MS; the timer never keeps the process alive. The
   * first pass is not waited for: a million expired history entries (a retention shortened, a
   * server long stopped) take a minute to prune, and the server answers meanwhile, as it does
   * during the hourly passes.
   */
  async start(): Promise<void> {
    this.stopped = false;
    void this.run();
    this.timer = setInterval(() => {
      if (!this.pass) void this.run();
    }, HOUSEKEEPING_EVERY_MS);
    this.timer.unref();
  }

  /** One pass; answers what went. A failure is logged and tried again at the next pass. */
  run(): Promise<{ sessions: number; passwordTokens: number; signinFailures: number; recordHistory: number }> {
    const pass = this.purge();
    const settled: Promise<unknown> = pass.finally(() => {
      if (this.pass === settled) this.pass = null;
    });
    this.pass = settled;
    return pass;
  }

  private async purge(): Promise<{ sessions: number; passwordTokens: number; signinFailures: number; recordHistory: number }> {
    const now = this.now();
    const gone = { sessions: 0, passwordTokens: 0, signinFailures: 0, recordHistory: 0 };
    try {
      gone.sessions = Number((await this.db.deleteFrom('sys_sessions').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows);
      gone.passwordTokens = Number((await this.db.deleteFrom('sys_password_tokens').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows);
      gone.signinFailures = Number((await this.db.deleteFrom('sys_signin_attempts').where('last_at', '<=', now - FORGET_AFTER_MS).executeTakeFirst()).numDeletedRows);
    } catch (err) {
      this.log.error({ err }, 'housekeeping: could not purge expired rows');
    }
    try {
      gone.recordHistory = await this.pruneHistory(now);
    } catch (err) {
      this.log.error({ err }, 'housekeeping: could not prune the record history');
    }
    return gone;
  }

  /**
   * Deletes the record history entries older than their model's days (RECORD_HISTORY_DAYS unless
   * the model says otherwise), oldest first (by time: the indexes (at, id) and (model, at, id)
   * give a batch without sorting every expired entry, as ordering by id did), in batches, each its own statement and transaction,
   * so a request waits for one batch at most; each batch is sized from the last one's time to
   * take about HISTORY_PRUNE_MS (HISTORY_PRUNE_MIN_BATCH to HISTORY_PRUNE_BATCH entries). On a
   * SQLite file the batches run in a thread with its own connection (history-prune-worker.mjs),
   * so neither a delete nor the WAL checkpoint its commit may run holds the server's thread.
   * Answers how many went.
   */
  async pruneHistory(now = this.now()): Promise<number> {
    const own = this.history.models();
    const cutoff = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const passes: PrunePass[] = [
      { cutoff: cutoff(this.history.days), notIn: [...own.keys()] },
      ...[...own].map(([model, days]) => ({ cutoff: cutoff(days), model })),
    ];
    if (this.history.sqlite) return this.pruneInThread(this.history.sqlite, passes);
    let gone = 0;
    let size = HISTORY_PRUNE_MIN_BATCH * 5;
    for (const pass of passes) {
      for (;;) {
        const began = performance.now();
        const where = sql`at < ${pass.cutoff}${pass.model !== undefined ? sql` and model = ${pass.model}` : sql``}${
          pass.notIn?.length ? sql` and model not in (${sql.join(pass.notIn)})` : sql``}`;
        const res = await sql`delete from sys_record_history where id in (
          select id from sys_record_history where ${where} order by at, id limit ${size})`.execute(this.db);
        const took = performance.now() - began;
        const n = Number(res.numAffectedRows ?? 0);
        gone += n;
        if (n < size || this.stopped) break;
        // Toward the size that takes HISTORY_PRUNE_MS, by half or double at most a step.
        const wanted = (size * HISTORY_PRUNE_MS) / Math.max(1, took);
        size = Math.round(Math.min(HISTORY_PRUNE_BATCH, size * 2, Math.max(HISTORY_PRUNE_MIN_BATCH, size / 2, wanted)));
        // Rest as long as the batch took (2 to 200 ms), as the SQLite thread does: the requests
        // waiting for the database, and for the two cores it shares with the server, go first.
        // Going on at once held one grid page in 20,000 about 66 ms (docs/performance.md).
        await new Promise((resolve) => setTimeout(resolve, restAfter(took)));
      }
      if (this.stopped) break;
    }
    return gone;
  }

  /** The passes of pruneHistory in a thread with its own connection; answers how many went. */
  private pruneInThread(sqlite: { file: string; synchronous: 'NORMAL' | 'FULL' }, passes: PrunePass[]): Promise<number> {
    Atomics.store(this.stopFlag, 0, 0);
    return new Promise((done, fail) => {
      const worker = new Worker(new URL('./history-prune-worker.mjs', import.meta.url), {
        workerData: {
          file: sqlite.file,
          synchronous: sqlite.synchronous,
          passes,
          batch: { start: HISTORY_PRUNE_MIN_BATCH * 5, min: HISTORY_PRUNE_MIN_BATCH, max: HISTORY_PRUNE_BATCH, ms: HISTORY_PRUNE_MS, rest: HISTORY_PRUNE_REST_MS },
          stop: this.stopFlag.buffer,
        },
      });
      worker.unref();
      let gone = 0;
      worker.on('message', (m: { gone?: number; done?: number; error?: string }) => {
        if (m.error !== undefined) fail(new Error(m.error));
        else if (m.done !== undefined) done(m.done);
        else gone = m.gone ?? gone;
      });
      worker.once('error', fail);
      worker.once('exit', (code) => (this.stopped ? done(gone) : fail(new Error(`the pruning thread stopped (exit code ${code})`))));
    });
  }

  /** Stops the timer; a pass under way ends after its current batch. */
  async stop(): Promise<void> {
    this.stopped = true;
    Atomics.store(this.stopFlag, 0, 1);
    Atomics.notify(this.stopFlag, 0);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass?.catch(() => undefined);
  }
}

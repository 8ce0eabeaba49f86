import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/connect.js';

/** How often the tables are looked at for statistics that drifted (and once at start). */
export const PLANNER_STATS_EVERY_MS = 10 * 60 * 1000;
/** Tables smaller than this are left alone: any plan reads them quickly. */
export const PLANNER_STATS_MIN_ROWS = 5_000;
/** A table is analysed again when its row count moved by more than this share since the last time. */
export const PLANNER_STATS_DRIFT = 0.25;

/**
 * SQLite chooses among a table's indexes by its statistics (sqlite_stat1 and sqlite_stat4),
 * which only ANALYZE makes and nothing keeps. Without them it guesses: a grid filtered by
 * `status in (two values) and ordered in the last 30 days` walked the status index, 400,000
 * rows, where the date's index reads 4,000 (300 ms against 15; docs/performance.md). So each
 * model table of some size is analysed when it has none or its row count drifted, in a worker
 * thread (planner-stats-worker.mjs) so no request waits, and the server's connection then
 * rereads them (`ANALYZE sqlite_schema`). PostgreSQL's autovacuum keeps its own statistics.
 */
export class PlannerStats {
  private timer: NodeJS.Timeout | null = null;
  private worker: Worker | null = null;
  private running: Promise<string[]> | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A pass now (not awaited), then every PLANNER_STATS_EVERY_MS; the timer never keeps the process alive. */
  start(): void {
    if (!this.sqliteFile()) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), PLANNER_STATS_EVERY_MS);
    this.timer.unref();
  }

  /** The model tables whose statistics are missing or drifted (none on PostgreSQL: its own). */
  async due(): Promise<string[]> {
    if (!this.sqliteFile()) return [];
    const { db } = this.database;
    const counts = await db.selectFrom('sys_table_stats').select(['tbl', 'row_count']).execute();
    const known = new Map<string, number>();
    // sqlite_stat1 exists once anything was analysed; each row's stat starts with the table's row count then.
    const hasStats = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat1'`.execute(db);
    if (Number(hasStats.rows[0]?.n ?? 0) > 0) {
      const rows = await sql<{ tbl: string; stat: string }>`select tbl, stat from sqlite_stat1`.execute(db);
      for (const r of rows.rows) known.set(r.tbl, Math.max(known.get(r.tbl) ?? 0, Number.parseInt(String(r.stat), 10) || 0));
    }
    return counts
      .filter((c) => {
        const rows = Number(c.row_count);
        if (rows < PLANNER_STATS_MIN_ROWS) return false;
        const then = known.get(String(c.tbl));
        return then === undefined || Math.abs(rows - then) > then * PLANNER_STATS_DRIFT;
      })
      .map((c) => String(c.tbl));
  }

  /** The SQLite file a thread can open (not an in-memory database, which only this connection sees). */
  private sqliteFile(): string | undefined {
    const { dialect, file } = this.database;
    return dialect === 'sqlite' && file && file !== ':memory:' ? file : undefined;
  }

  /** Analyses the tables that are due, one pass at a time; answers the tables analysed. A failure is logged and tried at the next pass. */
  run(): Promise<string[]> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<string[]> {
    try {
      const tables = await this.due();
      if (!tables.length) return [];
      const done = await this.analyse(tables);
      // This connection reads the new statistics (and forgets the plans made without them).
      await sql`analyze sqlite_schema`.execute(this.database.db);
      return done;
    } catch (err) {
      // A thread ended by stop() is no failure: the pass is simply not finished.
      if (!this.stopped) this.log.warn({ err }, 'planner statistics: could not analyse the tables');
      return [];
    }
  }

  private analyse(tables: string[]): Promise<string[]> {
    return new Promise((done, fail) => {
      const worker = new Worker(new URL('./planner-stats-worker.mjs', import.meta.url), { workerData: { file: this.sqliteFile(), tables } });
      worker.unref();
      this.worker = worker;
      worker.once('message', (m: { done?: string[]; error?: string }) => (m.error === undefined ? done(m.done ?? []) : fail(new Error(m.error))));
      worker.once('error', fail);
      worker.once('exit', (code) => {
        if (this.worker === worker) this.worker = null;
        fail(new Error(`the statistics thread stopped (exit code ${code})`));
      });
    });
  }

  /** Stops the timer and a thread still at work (its ANALYZE is rolled back, nothing half-written stays). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.worker?.terminate();
    await this.running;
  }
}

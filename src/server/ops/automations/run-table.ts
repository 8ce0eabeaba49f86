import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Db, Row } from '../../db/connect.js';
import type { RunDetail, RunPage, RunState, RunStepLog, RunSummary, RunTrigger } from '../../../shared/automation-types.js';
import { RUNS_PAGE_SIZE } from '../../../shared/automation-types.js';

/**
 * sys_automation_runs and sys_automation_events (migration 0017; docs/automations.md, "Runs"):
 * this file alone reads and writes them. A run is queued (next_at: when it may start), claimed
 * by one process with a lease, and ended; a claim whose lease ran out (its process was killed) is
 * claimed again by any process, as the next try.
 */
export const RUNS = 'sys_automation_runs';
export const EVENTS = 'sys_automation_events';
const SCHEDULES = 'sys_automation_schedules';

export function newRunId(): string {
  return randomBytes(16).toString('hex');
}

/** A run to queue. */
export interface NewRun {
  automation: string;
  trigger: RunTrigger;
  model: string | null;
  recordId: string | null;
  input: Record<string, unknown>;
  depth: number;
  userId: number | null;
  userName: string | null;
  eventId?: number;
  /** A run refused before it starts (too deep a chain): logged as stopped with why. */
  stopped?: string;
}

/** A run carried out at once (a before-trigger's), logged when it ended. */
export interface FinishedRun {
  id: string;
  automation: string;
  trigger: RunTrigger;
  model: string | null;
  recordId: string | null;
  input: Record<string, unknown>;
  state: Exclude<RunState, 'queued' | 'running'>;
  steps: RunStepLog[];
  error: string | null;
  depth: number;
  userId: number | null;
  userName: string | null;
  startedAt: number;
}

/** A stored event (a record change of a watched model). */
export interface StoredEvent {
  id: number;
  model: string;
  recordId: string;
  action: 'insert' | 'update' | 'delete';
  before: Row | null;
  after: Row | null;
  context: { u?: number | null; n?: string | null; s?: string; r?: string | null; m?: string; d?: number } | null;
  at: string;
}

/** A claimed run, as the runner carries it out. */
export interface ClaimedRun {
  id: string;
  automation: string;
  trigger: RunTrigger;
  model: string | null;
  recordId: string | null;
  input: Record<string, unknown>;
  attempts: number;
  depth: number;
  userId: number | null;
  userName: string | null;
  startedAt: string;
}

const parse = (text: unknown): unknown => (typeof text === 'string' ? JSON.parse(text) : text ?? null);
const iso = (ms: number) => new Date(ms).toISOString();

/** Runs logged in one statement: 18 values each, well under either database's limit of bound values. */
const RECORD_ROWS = 100;

export class RunTable {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Queues runs in `db` (a transaction, with the events that start them); a run an event already started is not queued twice. */
  async queue(db: Db, runs: NewRun[], now = Date.now()): Promise<string[]> {
    const ids: string[] = [];
    for (const run of runs) {
      const id = newRunId();
      const row = {
        id,
        automation: run.automation,
        trigger: run.trigger,
        model: run.model,
        record_id: run.recordId,
        input: JSON.stringify(run.input),
        state: run.stopped ? 'stopped' : 'queued',
        attempts: 0,
        next_at: now,
        steps: '[]',
        error: run.stopped ?? null,
        depth: run.depth,
        user_id: run.userId,
        user_name: run.userName,
        event_id: run.eventId ?? null,
        created_at: iso(now),
        ended_at: run.stopped ? iso(now) : null,
      };
      const res = await db
        .insertInto(RUNS)
        .values(row)
        .onConflict((oc) => oc.columns(['event_id', 'automation']).where('event_id', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (res) ids.push(id);
    }
    return ids;
  }

  /** Logs a run that was carried out at once (a before-trigger's), ended `now`. */
  async record(run: FinishedRun, now = Date.now()): Promise<void> {
    await this.recordAll([{ run, endedAt: now }]);
  }

  /**
   * Logs runs carried out at once, each with when it ended, in `db` (an import's transaction) or
   * apart: RECORD_ROWS to a statement, so an import's thousands of guarded rows cost a statement
   * per hundred runs rather than one each.
   */
  async recordAll(runs: { run: FinishedRun; endedAt: number }[], db: Db = this.db): Promise<void> {
    for (let i = 0; i < runs.length; i += RECORD_ROWS) {
      const rows = runs.slice(i, i + RECORD_ROWS).map(({ run, endedAt }) => ({
        id: run.id,
        automation: run.automation,
        trigger: run.trigger,
        model: run.model,
        record_id: run.recordId,
        input: JSON.stringify(run.input),
        state: run.state,
        attempts: 1,
        next_at: run.startedAt,
        steps: JSON.stringify(run.steps),
        error: run.error,
        depth: run.depth,
        user_id: run.userId,
        user_name: run.userName,
        created_at: iso(run.startedAt),
        started_at: iso(run.startedAt),
        ended_at: iso(endedAt),
        duration_ms: Math.max(0, endedAt - run.startedAt),
      }));
      await db.insertInto(RUNS).values(rows).execute();
    }
  }

  /** The oldest events, up to `limit`. */
  async events(limit: number): Promise<StoredEvent[]> {
    const rows = await this.db.selectFrom(EVENTS).selectAll().orderBy('id').limit(limit).execute();
    return rows.map((r) => ({
      id: Number(r.id),
      model: String(r.model),
      recordId: String(r.record_id),
      action: r.action as StoredEvent['action'],
      before: parse(r.before) as Row | null,
      after: parse(r.after) as Row | null,
      context: parse(r.context) as StoredEvent['context'],
      at: String(r.at),
    }));
  }

  /** Removes taken events, in the transaction that queued their runs. */
  async dropEvents(db: Db, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) await db.deleteFrom(EVENTS).where('id', 'in', ids.slice(i, i + 500)).execute();
  }

  /**
   * Claims up to `limit` runs that are due (queued, or running under a lease that ran out), for
   * `owner` until `leaseUntil`: each try counts. PostgreSQL skips rows another process is claiming.
   */
  async claim(owner: string, limit: number, leaseUntil: number, now = Date.now()): Promise<ClaimedRun[]> {
    const claimable = sql`state in ('queued', 'running') and next_at <= ${now} and (state = 'queued' or lease_until < ${now})`;
    // A read first, since an UPDATE takes the write lock even when it matches nothing: on SQLite,
    // while another connection writes (an import's transaction, minutes long), each pass's claim
    // would wait out busy_timeout, and better-sqlite3 waits synchronously, holding every request
    // of the process; an idle queue now costs a read a pass and never the lock.
    const due = await sql<Row>`select 1 as due from ${sql.table(RUNS)} where ${claimable} limit 1`.execute(this.db);
    if (!due.rows.length) return [];
    const lock = this.database.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<Row>`
      update ${sql.table(RUNS)} set state = 'running', owner = ${owner}, lease_until = ${leaseUntil}, attempts = attempts + 1,
        started_at = coalesce(started_at, ${iso(now)})
      where id in (
        select id from ${sql.table(RUNS)}
        where ${claimable}
        order by next_at, id limit ${limit} ${lock}
      )
      returning id, automation, trigger, model, record_id, input, attempts, depth, user_id, user_name, started_at`.execute(this.db);
    return result.rows.map((r) => ({
      id: String(r.id),
      automation: String(r.automation),
      trigger: r.trigger as RunTrigger,
      model: (r.model as string | null) ?? null,
      recordId: (r.record_id as string | null) ?? null,
      input: (parse(r.input) ?? {}) as Record<string, unknown>,
      attempts: Number(r.attempts),
      depth: Number(r.depth),
      userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
      userName: (r.user_name as string | null) ?? null,
      startedAt: String(r.started_at),
    }));
  }

  /** Ends a run this owner holds: done, failed or stopped, with its steps' outcomes. */
  async end(run: ClaimedRun, owner: string, state: Exclude<RunState, 'queued' | 'running'>, steps: RunStepLog[], error: string | null, now = Date.now()): Promise<void> {
    await this.db
      .updateTable(RUNS)
      .set({ state, steps: JSON.stringify(steps), error, owner: null, lease_until: null, ended_at: iso(now), duration_ms: Math.max(0, now - Date.parse(run.startedAt)) })
      .where('id', '=', run.id)
      .where('owner', '=', owner)
      .execute();
  }

  /** Renews this owner's lease on a run it carries out. */
  async extend(id: string, owner: string, leaseUntil: number): Promise<void> {
    await this.db.updateTable(RUNS).set({ lease_until: leaseUntil }).where('id', '=', id).where('owner', '=', owner).where('state', '=', 'running').execute();
  }

  /** Puts a failed try back in the queue, due at `nextAt`, keeping its steps' outcomes and why it failed. */
  async retryLater(run: ClaimedRun, owner: string, steps: RunStepLog[], error: string, nextAt: number): Promise<void> {
    await this.db
      .updateTable(RUNS)
      .set({ state: 'queued', steps: JSON.stringify(steps), error, owner: null, lease_until: null, next_at: nextAt })
      .where('id', '=', run.id)
      .where('owner', '=', owner)
      .execute();
  }

  /** A failed or stopped run queued again by an administrator (a new try, its count kept). */
  async requeue(id: string, now = Date.now()): Promise<boolean> {
    const res = await this.db
      .updateTable(RUNS)
      .set({ state: 'queued', next_at: now, error: null, ended_at: null, duration_ms: null, started_at: null })
      .where('id', '=', id)
      .where('state', 'in', ['failed', 'stopped'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async detail(id: string): Promise<RunDetail | undefined> {
    const r = await this.db.selectFrom(RUNS).selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return undefined;
    return {
      ...summaryOf(r),
      input: (parse(r.input) ?? {}) as Record<string, unknown>,
      steps: (parse(r.steps) ?? []) as RunStepLog[],
      depth: Number(r.depth),
      nextAt: r.state === 'queued' ? iso(Number(r.next_at)) : null,
    };
  }

  /** A page of the log, newest first: of one automation, one state, a range of creation times; `before` is the last run of the previous page. */
  async page(q: { automation?: string; state?: RunState; from?: string; to?: string; before?: string; limit?: number }): Promise<RunPage> {
    const limit = Math.min(q.limit ?? RUNS_PAGE_SIZE, 200);
    let query = this.db.selectFrom(RUNS).selectAll();
    if (q.automation) query = query.where('automation', '=', q.automation);
    if (q.state) query = query.where('state', '=', q.state);
    if (q.from) query = query.where('created_at', '>=', q.from);
    if (q.to) query = query.where('created_at', '<=', q.to);
    if (q.before) {
      const last = await this.db.selectFrom(RUNS).select(['created_at', 'id']).where('id', '=', q.before).executeTakeFirst();
      if (last) {
        const at = String(last.created_at);
        query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', String(last.id))])]));
      }
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
    const runs = rows.slice(0, limit).map(summaryOf);
    return { runs, next: rows.length > limit ? (runs[runs.length - 1]?.id ?? null) : null };
  }

  /** Removes ended runs created before `cutoff` (housekeeping: AUTOMATION_RUNS_DAYS), in batches. */
  async prune(cutoff: string, batch = 5000): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = (
        await this.db.selectFrom(RUNS).select('id').where('created_at', '<', cutoff).where('state', 'in', ['done', 'failed', 'stopped']).limit(batch).execute()
      ).map((r) => String(r.id));
      if (!ids.length) return removed;
      await this.db.deleteFrom(RUNS).where('id', 'in', ids).execute();
      removed += ids.length;
      if (ids.length < batch) return removed;
    }
  }

  // ---- schedules ----

  /** The stored next tick of each schedule. */
  async schedules(): Promise<Map<string, { cron: string; nextAt: number }>> {
    const rows = await this.db.selectFrom(SCHEDULES).selectAll().execute();
    return new Map(rows.map((r) => [String(r.automation), { cron: String(r.cron), nextAt: Number(r.next_at) }]));
  }

  /** Sets a schedule's next tick (a new or changed cron); leaves one that already says so. */
  async setSchedule(automation: string, cron: string, nextAt: number): Promise<void> {
    await this.db
      .insertInto(SCHEDULES)
      .values({ automation, cron, next_at: nextAt })
      .onConflict((oc) => oc.column('automation').doUpdateSet({ cron, next_at: nextAt }))
      .execute();
  }

  async dropSchedule(automation: string): Promise<void> {
    await this.db.deleteFrom(SCHEDULES).where('automation', '=', automation).execute();
  }

  /**
   * Moves a due schedule from the tick it is at to the next one and queues the tick's run, in
   * one transaction, only if no other process moved it first (compare and set): one run a tick
   * across every process.
   */
  async takeTick(automation: string, dueAt: number, nextAt: number, run: NewRun): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable(SCHEDULES).set({ next_at: nextAt }).where('automation', '=', automation).where('next_at', '=', dueAt).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      await this.queue(trx, [run]);
      return true;
    });
  }
}

function summaryOf(r: Row): RunSummary {
  return {
    id: String(r.id),
    automation: String(r.automation),
    trigger: r.trigger as RunTrigger,
    model: (r.model as string | null) ?? null,
    recordId: (r.record_id as string | null) ?? null,
    state: r.state as RunState,
    attempts: Number(r.attempts),
    userName: (r.user_name as string | null) ?? null,
    createdAt: String(r.created_at),
    endedAt: (r.ended_at as string | null) ?? null,
    durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
    error: (r.error as string | null) ?? null,
  };
}

import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Row } from '../../db/connect.js';
import type { Definitions } from '../../definitions/definitions.js';
import type { Mail } from '../../core/mail.js';
import { nextTick } from '../../core/cron.js';
import { tableOf, type ModelStore } from '../../records/model-store.js';
import type { AutomationDefinition, RecordTrigger } from '../../../generated/definitions.js';
import type { RunTrigger } from '../../../shared/automation-types.js';
import { AutomationIndex, touches } from './automation-index.js';
import { conditionHolds } from './conditions.js';
import { BeforeTriggers } from './before-triggers.js';
import { recordPowers, type Invoke } from './run-powers.js';
import { BudgetSpent, RunStopped, runSteps } from './run-steps.js';
import { RunTable, type ClaimedRun, type NewRun, type StoredEvent } from './run-table.js';
import { RunTokens } from './run-tokens.js';
import { postJson } from './safe-http.js';
import { TemplateScope, type ScopedRecord } from './template-scope.js';

/** How often each process looks for events, due schedules and queued runs. */
export const POLL_MS = 250;
/** How many runs one process carries out at once. */
export const RUNS_AT_ONCE = 4;
/** A claimed run's lease: renewed while it runs; a process gone for this long leaves its runs to others. */
export const LEASE_MS = 30_000;
/** How many events one pass takes. */
const EVENTS_PER_PASS = 200;
/** The most levels of automations started by each other's writes, unless an automation says otherwise. */
export const DEFAULT_MAX_DEPTH = 3;
export const DEFAULT_RETRIES = 3;
/** How long ended runs stay in the log when AUTOMATION_RUNS_DAYS says nothing. */
export const DEFAULT_RUNS_DAYS = 30;
const PRUNE_EVERY_MS = 3600 * 1000;

const TOKEN = randomBytes(6).toString('hex');
/** This process, as a run's owner. */
export const RUN_OWNER = `${hostname()}:${process.pid}:${TOKEN}`;

/** Wait before try n+1: 2 s, 8 s, 32 s... at most 10 minutes, with a fifth of jitter. */
export function retryDelay(attempts: number): number {
  const base = Math.min(600_000, 2000 * 4 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

export interface AutomationsOptions {
  database: Database;
  store: ModelStore;
  defs: Definitions;
  mail: Mail;
  log: FastifyBaseLogger;
  /** AUTOMATION_ALLOWED_HOSTS: hosts a webhook step may call although they are private. */
  allowedHosts: readonly string[];
  /** AUTOMATION_RUNS_DAYS: how long an ended run stays in the log. */
  runsDays?: number;
  /** Whether this process carries out runs (every server process does; a test may hold one back). */
  work?: boolean;
  /** The instance's time zone for schedules (the process's own by default). */
  timeZone?: string;
}

/**
 * The automations of one server process (docs/automations.md). Every process:
 * - keeps the index of automations current (read again when their table's version moved) and the
 *   record triggers of the watched models in step with it (automation-triggers.ts);
 * - guards writes with the before-triggers (before-triggers.ts), in the writer's transaction;
 * - turns record events into queued runs, moves due schedules on and queues their runs (one run a
 *   tick across every process: the schedule row is moved by compare and set), and carries out
 *   queued runs under a lease, a few at a time, outside every request.
 */
export class Automations {
  readonly runs: RunTable;
  readonly tokens = new RunTokens();
  private index = AutomationIndex.EMPTY;
  private loading: Promise<AutomationIndex> | null = null;
  private invoke: Invoke | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private readonly active = new Map<string, Promise<void>>();
  private stopped = false;
  private readonly before: BeforeTriggers;
  /** When the log was last pruned (hourly, and at the first pass). */
  private prunedAt = 0;

  constructor(private readonly options: AutomationsOptions) {
    this.runs = new RunTable(options.database);
    this.before = new BeforeTriggers(
      options.store,
      () => this.index,
      // After the write's transaction (SQLite's one connection is the write's until then); a run's log is no part of the write.
      (run) => void setImmediate(() => void this.runs.record(run).catch((err: unknown) => options.log.error({ err }, 'automations: a before-trigger run could not be logged'))),
    );
  }

  /** The enabled before-triggers of a model, as they are now (an import's thread runs them on its rows). */
  async beforeTriggersOf(model: string): Promise<AutomationDefinition[]> {
    return (await this.current()).recordTriggers(model, 'before');
  }

  /** How record steps reach the form routes (the HTTP layer hands Fastify's inject). */
  setInvoke(invoke: Invoke): void {
    this.invoke = invoke;
  }

  async start(): Promise<void> {
    this.options.store.beforeWrite = (write) => this.before.guard(write);
    await this.current();
    if (this.options.work === false) return;
    this.timer = setInterval(() => {
      if (!this.pass) this.pass = this.tick().finally(() => (this.pass = null));
    }, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
    await Promise.allSettled([...this.active.values()]);
  }

  /**
   * The automations now: read again when their table's version moved since. A request hands the
   * version its stats snapshot read (http/app.ts), so a save in any process guards the next write.
   */
  async current(known?: number): Promise<AutomationIndex> {
    const version = known ?? (await AutomationIndex.versionIn(this.options.database.db));
    // A reading already under way may be of an older version: wait for it, then look again.
    while (this.loading && this.index.version !== version) await this.loading.catch(() => undefined);
    if (version === this.index.version) return this.index;
    this.loading ??= (async () => {
      try {
        const index = await AutomationIndex.load(this.options.defs, version);
        await this.options.store.watchAutomations(index.watchedModels());
        await this.syncSchedules(index);
        this.index = index;
        return index;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** One pass: events to runs, due schedules, queued runs. A failure is logged; the next pass tries again. */
  async tick(): Promise<void> {
    try {
      await this.dispatch();
      const index = await this.current();
      await this.schedules(index);
      await this.work();
      await this.prune();
    } catch (err) {
      if (!this.stopped) this.options.log.error({ err }, 'automations: a pass failed');
    }
  }

  /** Waits until no event is left and no run is queued or running (tests). */
  async settle(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.tick();
      await Promise.allSettled([...this.active.values()]);
      const db = this.options.database.db;
      const events = await db.selectFrom('sys_automation_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const open = await db.selectFrom('sys_automation_runs').select((eb) => eb.fn.countAll().as('n')).where('state', 'in', ['queued', 'running']).where('next_at', '<=', Date.now()).executeTakeFirst();
      if (Number(events?.n ?? 0) === 0 && Number(open?.n ?? 0) === 0 && this.active.size === 0) return;
      if (Date.now() > until) throw new Error('automations: still busy after the wait');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Removes ended runs older than AUTOMATION_RUNS_DAYS, once an hour, in batches. */
  private async prune(now = Date.now()): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const days = this.options.runsDays ?? DEFAULT_RUNS_DAYS;
    await this.runs.prune(new Date(now - days * 86_400_000).toISOString());
  }

  // ---- record events ----

  private async dispatch(): Promise<void> {
    const { store } = this.options;
    const events = await this.runs.events(EVENTS_PER_PASS);
    if (!events.length) return;
    // The automations as they are now, read after the events: an event's table had its triggers
    // only once the automation watching it was saved, so no event is seen by an index without it
    // (another process's index may be older than the events it reads).
    const index = await this.current();
    const queued: NewRun[] = [];
    for (const event of events) {
      if (!store.has(event.model)) continue;
      for (const automation of index.recordTriggers(event.model, 'after')) {
        const run = await this.runOf(automation, event);
        if (run) queued.push(run);
      }
    }
    await this.options.database.db.transaction().execute(async (trx) => {
      await this.runs.queue(trx, queued);
      await this.runs.dropEvents(
        trx,
        events.map((e) => e.id),
      );
    });
  }

  /** The run an event starts for an automation, or none when its trigger or condition says no. */
  private async runOf(automation: AutomationDefinition, event: StoredEvent): Promise<NewRun | null> {
    const { store } = this.options;
    const trigger = automation.trigger as RecordTrigger;
    if (!trigger.on.includes(event.action)) return null;
    const model = store.get(event.model);
    const after = event.after ? store.decode(model, event.after) : null;
    const before = event.before ? store.decode(model, event.before) : null;
    if (event.action === 'update' && !touches(trigger, before, after)) return null;
    const depth = (event.context?.d ?? 0) + 1;
    const base: NewRun = {
      automation: automation.name,
      trigger: event.action,
      model: event.model,
      recordId: event.recordId,
      input: { record: after, before, user: { id: event.context?.u ?? null, name: event.context?.n ?? null }, at: event.at },
      depth,
      userId: event.context?.u ?? null,
      userName: event.context?.n ?? null,
      eventId: event.id,
    };
    try {
      const context = { userId: event.context?.u ?? null };
      if (automation.condition && !(await conditionHolds(store, automation.condition, event.model, (after ?? before) as Row, context))) return null;
      if (automation.beforeCondition && before && !(await conditionHolds(store, automation.beforeCondition, event.model, before, context))) return null;
    } catch (e) {
      return { ...base, stopped: `The condition cannot be tested: ${(e as Error).message}` };
    }
    const maxDepth = automation.limits?.maxDepth ?? DEFAULT_MAX_DEPTH;
    if (depth > maxDepth) {
      return {
        ...base,
        stopped: `Stopped: started by the writes of automation '${event.context?.m ?? '?'}', this run would be ${depth} automations deep, past this automation's limit of ${maxDepth} (a loop of automations triggering each other?)`,
      };
    }
    return base;
  }

  // ---- schedules ----

  private async syncSchedules(index: AutomationIndex): Promise<void> {
    const stored = await this.runs.schedules();
    const wanted = new Map(index.schedules().map((s) => [s.name, s.cron]));
    for (const [name, cron] of wanted) {
      if (stored.get(name)?.cron === cron) continue;
      const next = nextTick(cron, new Date(), this.options.timeZone);
      if (next) await this.runs.setSchedule(name, cron, next.getTime());
    }
    for (const name of stored.keys()) if (!wanted.has(name)) await this.runs.dropSchedule(name);
  }

  private async schedules(index: AutomationIndex): Promise<void> {
    const now = Date.now();
    for (const [name, { cron, nextAt }] of await this.runs.schedules()) {
      if (nextAt > now) continue;
      const automation = index.byName.get(name);
      if (!automation || automation.enabled === false || automation.trigger.type !== 'schedule') continue;
      // The tick after now: ticks missed while no process ran are not made up, one run stands for them.
      const next = nextTick(cron, new Date(Math.max(now, nextAt)), this.options.timeZone);
      if (!next) continue;
      await this.runs.takeTick(name, nextAt, next.getTime(), {
        automation: name,
        trigger: 'schedule',
        model: null,
        recordId: null,
        input: { data: { tick: new Date(nextAt).toISOString() } },
        depth: 1,
        userId: null,
        userName: null,
      });
    }
  }

  // ---- the queue ----

  private async work(): Promise<void> {
    if (this.stopped) return;
    const free = RUNS_AT_ONCE - this.active.size;
    if (free <= 0) return;
    const claimed = await this.runs.claim(RUN_OWNER, free, Date.now() + LEASE_MS);
    for (const run of claimed) {
      const done = this.carryOut(run).finally(() => this.active.delete(run.id));
      this.active.set(run.id, done);
    }
  }

  /** Queues a run started by a person (a button) or a webhook. */
  async queue(run: NewRun): Promise<string> {
    const [id] = await this.runs.queue(this.options.database.db, [run]);
    if (!id) throw new Error('The run was not queued');
    return id;
  }

  /** Carries a claimed run out and ends it: done, failed (or back in the queue for its next try) or stopped. */
  private async carryOut(run: ClaimedRun): Promise<void> {
    const { store, log } = this.options;
    const lease = setInterval(() => void this.runs.extend(run.id, RUN_OWNER, Date.now() + LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    let token: string | null = null;
    try {
      const automation = (await this.current()).byName.get(run.automation);
      if (!automation) return await this.runs.end(run, RUN_OWNER, 'stopped', [], `The automation '${run.automation}' was deleted before this run started`);
      const runAs = await this.runAsOf(automation, run);
      if (typeof runAs === 'string') return await this.runs.end(run, RUN_OWNER, 'failed', [], runAs);
      if (!this.invoke) throw new Error('automations: no way to reach the forms was given (setInvoke)');
      token = this.tokens.issue({ userId: runAs.id, automation: automation.name, depth: run.depth });
      const input = run.input as { record?: Row | null; before?: Row | null; data?: unknown };
      const rooted = (values: Row | null | undefined): ScopedRecord | null => (run.model && values ? { model: run.model, values } : null);
      const scope = new TemplateScope(store, { record: rooted(input.record), before: rooted(input.before), user: { model: 'User', values: runAs.record }, data: input.data ?? {} });
      const invoke = this.invoke;
      const log_ = await runSteps({
        automation,
        runId: run.id,
        timing: 'after',
        scope,
        data: { automation: automation.name, run: run.id, trigger: run.trigger, model: run.model, recordId: run.recordId, record: input.record ?? null, before: input.before ?? null, data: input.data ?? null },
        powers: {
          records: recordPowers(store, invoke, token),
          mail: (message) => this.options.mail.send(message),
          postJson: (url, body, options) => postJson(url, body, { ...options, allowedHosts: this.options.allowedHosts }),
          matches: async (filter, on) => {
            const values = on === 'before' ? input.before : input.record;
            if (!run.model || !values) return false;
            return conditionHolds(store, filter, run.model, values, { userId: runAs.id });
          },
        },
      });
      await this.runs.end(run, RUN_OWNER, 'done', log_, null);
    } catch (e) {
      const steps = (e as { log?: [] }).log ?? [];
      const message = (e as Error).message;
      if (e instanceof RunStopped) return await this.runs.end(run, RUN_OWNER, 'done', steps, null);
      const automation = this.index.byName.get(run.automation);
      const retries = automation?.limits?.retries ?? DEFAULT_RETRIES;
      if (!(e instanceof BudgetSpent) && run.attempts <= retries && !this.stopped) {
        await this.runs.retryLater(run, RUN_OWNER, steps, message, Date.now() + retryDelay(run.attempts));
      } else {
        await this.runs.end(run, RUN_OWNER, 'failed', steps, message);
      }
      log.warn({ run: run.id, automation: run.automation, attempt: run.attempts, err: message }, 'automations: a run failed');
    } finally {
      clearInterval(lease);
      if (token) this.tokens.revoke(token);
    }
  }

  /** The user a run's record steps write as: the automation's run-as user, else whoever triggered it; or why there is none. */
  private async runAsOf(automation: AutomationDefinition, run: ClaimedRun): Promise<{ id: number; record: Row } | string> {
    const { store } = this.options;
    const users = store.get('User');
    const table = sql.table(tableOf(users.name));
    const row = automation.runAs
      ? (await sql<Row>`select * from ${table} where lower(${sql.ref('user')}) = lower(${automation.runAs})`.execute(store.db)).rows[0]
      : run.userId !== null
        ? await store.getRaw('User', { field: 'id', value: run.userId })
        : undefined;
    if (!row) {
      return automation.runAs
        ? `The run-as user '${automation.runAs}' does not exist`
        : `This run has nobody to run as: nobody signed in started it (${run.trigger}); give the automation a run-as user`;
    }
    return { id: Number(row.id), record: store.decode(users, row) };
  }

  /** The trigger words a before-trigger's run is logged with. */
  static beforeTrigger(action: 'insert' | 'update'): RunTrigger {
    return action === 'insert' ? 'before insert' : 'before update';
  }
}

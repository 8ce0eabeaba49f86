import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { FORGET_AFTER_MS } from '../auth/signin-throttle.js';

/** How often expired rows are purged (and once at start). */
export const HOUSEKEEPING_EVERY_MS = 3600 * 1000;

/** Record history entries deleted per statement: each delete is short, so no lock is held long. */
export const HISTORY_PRUNE_BATCH = 5000;

/** How long the record history is kept (docs/history.md): RECORD_HISTORY_DAYS, and the models that say otherwise. */
export interface HistoryRetention {
  days: number;
  /** Each model with its own `history.days`. */
  models: () => ReadonlyMap<string, number>;
}

const DAY_MS = 24 * 3600 * 1000;

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

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly history: HistoryRetention = { days: 365, models: () => new Map() },
  ) {}

  /** Purges once, then every HOUSEKEEPING_EVERY_MS; the timer never keeps the process alive. */
  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), HOUSEKEEPING_EVERY_MS);
    this.timer.unref();
  }

  /** One pass; answers what went. A failure is logged and tried again at the next pass. */
  async run(): Promise<{ sessions: number; passwordTokens: number; signinFailures: number; recordHistory: number }> {
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
   * the model says otherwise), HISTORY_PRUNE_BATCH at a time, oldest first, each batch its own
   * statement and transaction, so writers wait for one batch at most. Answers how many went.
   */
  async pruneHistory(now = this.now()): Promise<number> {
    const own = this.history.models();
    const cutoff = (days: number) => new Date(now - days * DAY_MS).toISOString();
    let gone = 0;
    const batches = async (where: ReturnType<typeof sql>) => {
      for (;;) {
        const res = await sql`delete from sys_record_history where id in (
          select id from sys_record_history where ${where} order by id limit ${HISTORY_PRUNE_BATCH})`.execute(this.db);
        const n = Number(res.numAffectedRows ?? 0);
        gone += n;
        if (n < HISTORY_PRUNE_BATCH) return;
        // Let the requests waiting for the database go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const others = own.size ? sql` and model not in (${sql.join([...own.keys()])})` : sql``;
    await batches(sql`at < ${cutoff(this.history.days)}${others}`);
    for (const [model, days] of own) await batches(sql`model = ${model} and at < ${cutoff(days)}`);
    return gone;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

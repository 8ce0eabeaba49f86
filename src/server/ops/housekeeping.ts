import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { FORGET_AFTER_MS } from '../auth/signin-throttle.js';

/** How often expired rows are purged (and once at start). */
export const HOUSEKEEPING_EVERY_MS = 3600 * 1000;

/**
 * Rows that only ever grow unless someone removes them: sessions past their expiry,
 * lost-password tokens past theirs, and sign-in failures old enough to be forgotten (the
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
  ) {}

  /** Purges once, then every HOUSEKEEPING_EVERY_MS; the timer never keeps the process alive. */
  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), HOUSEKEEPING_EVERY_MS);
    this.timer.unref();
  }

  /** One pass; answers what went. A failure is logged and tried again at the next pass. */
  async run(): Promise<{ sessions: number; passwordTokens: number; signinFailures: number }> {
    const now = this.now();
    const gone = { sessions: 0, passwordTokens: 0, signinFailures: 0 };
    try {
      gone.sessions = Number((await this.db.deleteFrom('sys_sessions').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows);
      gone.passwordTokens = Number((await this.db.deleteFrom('sys_password_tokens').where('expires_at', '<', now).executeTakeFirst()).numDeletedRows);
      gone.signinFailures = Number((await this.db.deleteFrom('sys_signin_attempts').where('last_at', '<=', now - FORGET_AFTER_MS).executeTakeFirst()).numDeletedRows);
    } catch (err) {
      this.log.error({ err }, 'housekeeping: could not purge expired rows');
    }
    return gone;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

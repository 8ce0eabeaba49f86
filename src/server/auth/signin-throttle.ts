import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import { errors } from '../core/errors.js';

/**
 * Sign-in delays (docs/security.md). The design, and why:
 *
 * - No hard lock. A lock that also refuses the right password lets anyone keep the owner out
 *   with a few requests a minute. Instead each key (an account, an address, a trusted device)
 *   gets `free` failures; after that every further attempt must wait a delay that doubles with
 *   each failure, up to `capMs`. An attempt that comes too early is answered 429 with
 *   Retry-After and never reaches the password check. A quiet key is forgotten after
 *   `FORGET_AFTER_MS`.
 * - The failure is reserved before the password is verified, in one statement that also
 *   decides whether the attempt may come now (an upsert whose update only happens when the
 *   key's `next_at` has passed). A burst of parallel guesses therefore cannot all pass a
 *   check and fail later: the database row, shared by every server process, is the truth.
 *   A correct password hands its reservation back (`release`).
 * - Keys: an unknown client is counted per address and per account, so one address cannot
 *   spray many accounts and many addresses cannot hammer one account. A client holding a
 *   valid `device` cookie for the account (auth/trusted-devices.ts: signed by the server,
 *   set at a successful sign-in, bound to that account) is counted under its own device key
 *   only: an attacker hammering the account delays the account key and their own address,
 *   never the owner's browser. A stolen device cookie still gets only `free` guesses before
 *   the delays start.
 * - An attempt reserves under all its keys or under none: when a later key refuses, the
 *   earlier reservations are handed back.
 */
export interface DelayRule {
  /** Failures that cost nothing; the next attempt after them waits `baseMs`. */
  free: number;
  baseMs: number;
  /** The longest wait between two attempts. */
  capMs: number;
}

export const ACCOUNT_RULE: DelayRule = { free: 10, baseMs: 1_000, capMs: 15 * 60_000 };
export const ADDRESS_RULE: DelayRule = { free: 100, baseMs: 1_000, capMs: 15 * 60_000 };
/** A key without an attempt for this long starts again with its free failures. */
export const FORGET_AFTER_MS = 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export interface ThrottleKey {
  key: string;
  rule: DelayRule;
}

export interface Reservation {
  key: string;
  at: number;
  nextAt: number;
}

export const throttleKeys = {
  account: (account: string | number): ThrottleKey => ({ key: `user:${String(account).toLowerCase()}`, rule: ACCOUNT_RULE }),
  address: (address: string): ThrottleKey => ({ key: `addr:${address}`, rule: ADDRESS_RULE }),
  device: (device: string): ThrottleKey => ({ key: `device:${device}`, rule: ACCOUNT_RULE }),
  changePassword: (userId: string | number): ThrottleKey => ({ key: `change-password:${String(userId)}`, rule: ACCOUNT_RULE }),
};

/** The wait after the `failures`-th failure, in milliseconds. */
export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** (failures - rule.free));
}

/**
 * The earliest time of the next attempt after the `failures`-th failure at `at`, as SQL (a CASE
 * table: SQLite has no pow()). Free failures leave it at 0, not `at`: requests of one burst may
 * reach the database out of their clock order, and a free attempt must never wait for another.
 */
function nextAtSql(failures: RawBuilder<unknown>, rule: DelayRule, at: RawBuilder<unknown>): RawBuilder<unknown> {
  const steps: RawBuilder<unknown>[] = [];
  for (let n = rule.free; delayAfter(n, rule) < rule.capMs; n++) {
    steps.push(sql`when ${failures} = ${sql.lit(n)} then ${at} + ${sql.lit(delayAfter(n, rule))}`);
  }
  return sql`(case when ${failures} < ${sql.lit(rule.free)} then 0 ${sql.join(steps, sql` `)} else ${at} + ${sql.lit(rule.capMs)} end)`;
}

const time = (ms: number) => sql`cast(${Math.trunc(ms)} as bigint)`;

export class SigninThrottle {
  /** The clock; tests move it instead of waiting. */
  now: () => number = Date.now;
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /**
   * Reserves a failure under each key, in order, before the password is checked. Throws 429
   * (Retry-After) when a key's delay has not passed; then nothing stays reserved.
   */
  async reserve(keys: ThrottleKey[]): Promise<Reservation[]> {
    const at = this.now();
    await this.prune(at);
    const taken: Reservation[] = [];
    for (const { key, rule } of keys) {
      const nextAt = await this.reserveOne(key, rule, at);
      if (nextAt === undefined) {
        await this.release(taken);
        const row = await this.db.selectFrom('sys_signin_attempts').select('next_at').where('key', '=', key).executeTakeFirst();
        const wait = Math.max(1, Math.ceil((Number(row?.next_at ?? at) - at) / 1000));
        throw errors.tooManyFailures(wait);
      }
      taken.push({ key, at, nextAt });
    }
    return taken;
  }

  /** Hands reservations back: the password was right, so they were not failures. */
  async release(reservations: Reservation[]): Promise<void> {
    for (const r of reservations) {
      // next_at goes back (to "now allowed") only if no later attempt moved it since.
      await sql`
        update sys_signin_attempts
        set failures = failures - 1,
            next_at = case when next_at = ${time(r.nextAt)} then 0 else next_at end
        where key = ${r.key} and failures > 0`.execute(this.db);
    }
  }

  /** One statement: counts the failure and answers the next allowed time, or nothing when too early. */
  private async reserveOne(key: string, rule: DelayRule, at: number): Promise<number | undefined> {
    await this.db
      .deleteFrom('sys_signin_attempts')
      .where('key', '=', key)
      .where('last_at', '<=', sql<number>`${time(at - FORGET_AFTER_MS)}`)
      .execute();
    const next = sql`sys_signin_attempts.failures + 1`;
    const result = await sql<{ next_at: number | string }>`
      insert into sys_signin_attempts (key, failures, next_at, last_at)
      values (${key}, 1, ${nextAtSql(sql`1`, rule, time(at))}, ${time(at)})
      on conflict (key) do update set
        failures = ${next},
        next_at = ${nextAtSql(next, rule, time(at))},
        last_at = ${time(at)}
      where sys_signin_attempts.next_at <= ${time(at)}
      returning next_at`.execute(this.db);
    const row = result.rows[0];
    return row ? Number(row.next_at) : undefined;
  }

  private async prune(at: number): Promise<void> {
    if (at - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = at;
    await this.db
      .deleteFrom('sys_signin_attempts')
      .where('last_at', '<=', sql<number>`${time(at - FORGET_AFTER_MS)}`)
      .execute();
  }
}

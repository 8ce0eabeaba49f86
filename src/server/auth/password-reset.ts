import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { hashPassword, userIdOf, type Sessions } from './auth.js';
import type { Mail } from '../core/mail.js';
import type { ModelStore } from '../records/model-store.js';
import type { SiteSettings } from '../core/site-settings.js';
import { findAccount } from './user-identity.js';

/** Requests per e-mail address per hour that send mail; more are answered alike but send nothing. */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 5;
/** Requests per client address per hour; more are refused with 429 (whatever the e-mail). */
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 30;
const HOUR = 3600_000;
/** 20 bytes: 160 random bits, written as 32 base32 characters. */
const TOKEN_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** What a person may type for a token: any case, with spaces or dashes between the groups. */
export function normaliseToken(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** The token as the e-mail shows it: eight groups of four, easy to read out and type. */
export function groupToken(token: string): string {
  return token.match(/.{1,4}/g)?.join('-') ?? token;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(normaliseToken(token)).digest();
}

/** Compared against when the e-mail has no token, so a miss costs what a hit costs. */
const NO_TOKEN = { token_hash: createHash('sha256').update('no token').digest('hex'), user_id: '', expires_at: 0 };

interface Deps {
  db: Db;
  store: ModelStore;
  sessions: Sessions;
  mail: Mail;
  site: SiteSettings;
  log: FastifyBaseLogger;
  tokenMinutes: number;
}

/**
 * The lost-password flow (docs/operations.md, Lost password; routes/lost-password.ts). Stage 1 answers the same, in the same time, whether
 * or not the address belongs to an account: the request path does the same throttle bookkeeping
 * for every address and hands the lookup, the token and the mail to a background task. A token
 * is 160 random bits, stored only as its SHA-256 with its user and expiry, compared in constant
 * time, replaced by a newer request and consumed by the password change.
 */
export class PasswordReset {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: Deps) {}

  /** Stage 1. Throws 429 when this client asked too often; otherwise the caller answers success. */
  async request(email: string, client: string): Promise<void> {
    const address = email.trim();
    const now = Date.now();
    const { db } = this.deps;
    const mailKey = `reset-mail:${address.toLowerCase()}`;
    const clientKey = `reset-addr:${client}`;
    const counts = await db
      .selectFrom('sys_login_failures')
      .select(['key', (eb) => eb.fn.countAll().as('n')])
      .where('key', 'in', [mailKey, clientKey])
      .where('at', '>', now - HOUR)
      .groupBy('key')
      .execute();
    const count = (key: string) => Number(counts.find((c) => c.key === key)?.n ?? 0);
    if (count(clientKey) >= RESET_REQUESTS_PER_CLIENT_PER_HOUR) {
      throw errors.tooManyRequests('Too many lost-password requests from this address; please try again later');
    }
    await db.deleteFrom('sys_login_failures').where('at', '<', now - HOUR).execute();
    await db
      .insertInto('sys_login_failures')
      .values([
        { key: mailKey, at: now },
        { key: clientKey, at: now },
      ])
      .execute();
    const allowed = count(mailKey) < RESET_MAILS_PER_ADDRESS_PER_HOUR;
    this.background(() => (allowed ? this.issue(address) : this.skip(address)));
  }

  /** Runs work off the response path; its failures are logged, never answered. */
  private background(work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((e: unknown) => this.deps.log.error({ err: e }, 'Lost-password e-mail failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when every background task started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async skip(address: string): Promise<void> {
    this.deps.log.warn(`Lost-password e-mail to '${address}' not sent: more than ${RESET_MAILS_PER_ADDRESS_PER_HOUR} requests for it in the last hour`);
  }

  private async issue(address: string): Promise<void> {
    const { db, store, mail, site, log, tokenMinutes } = this.deps;
    const user = await findAccount(db, 'email', address);
    if (!user) {
      log.info(`Lost-password request for '${address}', which is no account's address: nothing sent`);
      return;
    }
    const settings = await site.current();
    if (!settings.smtp_host) {
      log.warn(`Lost-password e-mail to '${address}' not sent: SMTP is not configured (Settings)`);
      return;
    }
    const token = base32(randomBytes(TOKEN_BYTES));
    const now = Date.now();
    const userId = String(userIdOf(store, user.id));
    await db.transaction().execute(async (trx) => {
      // A new request replaces the older tokens of that user (Housekeeping purges expired ones).
      await trx.deleteFrom('sys_password_tokens').where('user_id', '=', userId).execute();
      await trx
        .insertInto('sys_password_tokens')
        .values({ token_hash: digest(token).toString('hex'), user_id: userId, created_at: now, expires_at: now + tokenMinutes * 60_000 })
        .execute();
    });
    const email = String(user.email);
    const link = settings.PUBLIC_URL
      ? `${settings.PUBLIC_URL.replace(/\/+$/, '')}/lost_password/token/${token}?email=${encodeURIComponent(email)}`
      : '';
    const text = [
      `Hello ${String(user.user)},`,
      '',
      `Someone (we hope you) asked to reset the password of your account at ${settings.ENVIRONMENT_NAME}.`,
      '',
      `Your token: ${groupToken(token)}`,
      '',
      link ? `Open this link to enter it: ${link}` : 'Enter it on the lost-password screen, with your e-mail address.',
      '',
      `The token works once, within ${tokenMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    ].join('\n');
    await mail.send({ to: email, subject: `${settings.ENVIRONMENT_NAME}: your password reset token`, text }, settings);
  }

  /** The token row an e-mail and token stand for, if it is live; every path compares one hash in constant time. */
  private async find(email: string, token: string): Promise<{ userId: string; hash: string } | null> {
    const { db, store } = this.deps;
    const user = await findAccount(db, 'email', email);
    const rows = user
      ? await db.selectFrom('sys_password_tokens').select(['token_hash', 'user_id', 'expires_at']).where('user_id', '=', String(userIdOf(store, user.id))).execute()
      : [];
    const typed = digest(token);
    const now = Date.now();
    let found: { userId: string; hash: string } | null = null;
    for (const row of rows.length > 0 ? rows : [NO_TOKEN]) {
      const same = timingSafeEqual(Buffer.from(String(row.token_hash), 'hex'), typed);
      if (same && row !== NO_TOKEN && Number(row.expires_at) > now) found = { userId: String(row.user_id), hash: String(row.token_hash) };
    }
    return found;
  }

  /** Stage 2: answers whether the token is live, without using it up. */
  async check(email: string, token: string): Promise<boolean> {
    return (await this.find(email, token)) !== null;
  }

  /**
   * Stage 3: consumes the token (one use: of two racing changes only one deletes it), sets the
   * new password and ends every session of the user.
   */
  async change(email: string, token: string, password: string): Promise<void> {
    const { db, store, sessions } = this.deps;
    const found = await this.find(email, token);
    if (!found) throw errors.invalidToken();
    const hashed = await hashPassword(password);
    const consumed = await db.deleteFrom('sys_password_tokens').where('token_hash', '=', found.hash).executeTakeFirst();
    if (Number(consumed.numDeletedRows) !== 1) throw errors.invalidToken();
    const userId = userIdOf(store, found.userId);
    await store.update('User', userId, { password: hashed });
    await sessions.revokeAll(userId);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import { tableOf, type ModelStore } from '../records/model-store.js';

/** OWASP's recommended argon2id parameters: 19 MiB, two passes, one lane. */
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Checked for unknown accounts too, so timing does not tell which user names exist. */
let dummyHash: Promise<string> | undefined;

export type { SessionUser } from '../../shared/api-types.js';

/**
 * The one spelling of a user id, the number the database reads: User ids are integers, so '02',
 * '2' and 2 are all user 2 to the database (ModelStore.idValue). Sessions, trusted devices and
 * password tokens store it as text, so a rule that compared the text as given would miss the
 * user the database matched: every user id from a request goes through here first, and the
 * services below take only the number. Anything that is no user id answers 404.
 */
export function userIdOf(store: ModelStore, raw: unknown): number {
  return Number(store.idValue(store.get('User'), raw));
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!stored) {
      dummyHash ??= hash(randomBytes(16).toString('hex'), ARGON2);
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(stored, password);
  } catch {
    return false;
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions live in the database, keyed by a hash of the token, so that any server process
 * can check them and a logout or password change revokes them everywhere at once.
 */
export class Sessions {
  /** ttlSeconds: a number, or a function read at each sign-in (the lifetime is a setting that can change). */
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number | (() => number),
  ) {}

  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const ttl = typeof this.ttlSeconds === 'function' ? this.ttlSeconds() : this.ttlSeconds;
    await this.db
      .insertInto('sys_sessions')
      .values({ token_hash: digest(token), user_id: String(userId), created_at: now, expires_at: now + ttl * 1000 })
      .execute();
    return token;
  }

  /**
   * The stored User row (id, user, email, Admin, FrontPage) a live token belongs to, in one
   * query: every signed-in request asks this, so the session and its user come together.
   */
  async userRow(token: string): Promise<Row | undefined> {
    const found = await sql<Row>`
      select u.id, u."user", u.email, u."Admin", u."FrontPage", s.expires_at
      from sys_sessions s join ${sql.table(tableOf('User'))} u on u.id = cast(s.user_id as integer)
      where s.token_hash = ${digest(token)}`.execute(this.db);
    const row = found.rows[0];
    if (!row || Number(row.expires_at) < Date.now()) return undefined;
    delete row.expires_at;
    return row;
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('sys_sessions').where('token_hash', '=', digest(token)).execute();
  }

  /** Ends every session of a user (userIdOf), except the one given (the session that changed the password). */
  async revokeAll(userId: number, except?: string): Promise<void> {
    let q = this.db.deleteFrom('sys_sessions').where('user_id', '=', String(userId));
    if (except) q = q.where('token_hash', '<>', digest(except));
    await q.execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sys_sessions').where('expires_at', '<', Date.now()).execute();
  }

  /** The user ids (as stored) that have a session, read through `db`. */
  async userIds(db: Db = this.db): Promise<string[]> {
    return (await db.selectFrom('sys_sessions').select('user_id').distinct().execute()).map((r) => String(r.user_id));
  }

  /** Ends every session of the given user ids (as stored), through `db` (a restore's transaction). */
  async revokeUsers(userIds: string[], db: Db = this.db): Promise<void> {
    for (let i = 0; i < userIds.length; i += 1000) {
      await db.deleteFrom('sys_sessions').where('user_id', 'in', userIds.slice(i, i + 1000)).execute();
    }
  }
}

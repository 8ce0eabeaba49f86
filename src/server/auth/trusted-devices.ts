import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connect.js';

/** The cookie naming a browser that signed in before; sent only to the sign-in call. */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** The sys_settings key of the secret; each instance keeps its own (a restore does not bring one). */
export const DEVICE_SECRET_KEY = 'device_secret';

export interface Device {
  id: string;
  userId: string;
}

/**
 * Trusted devices (see auth/signin-throttle.ts for why): at a successful sign-in the
 * browser gets `device=<user id>.<device id>.<HMAC>`, signed with a secret kept in
 * sys_settings so that every server process checks the same signature. The cookie trusts a
 * browser for one account only and never replaces the password.
 */
export class TrustedDevices {
  private secret: Promise<Buffer> | undefined;

  constructor(private readonly db: Db) {}

  /** Reads the secret again when next needed (a restore may have brought another). */
  forget(): void {
    this.secret = undefined;
  }

  /** The secret: made by whichever process needs it first, then read by all. */
  private key(): Promise<Buffer> {
    this.secret ??= (async () => {
      await this.db
        .insertInto('sys_settings')
        .values({ key: DEVICE_SECRET_KEY, value: JSON.stringify(randomBytes(32).toString('base64url')) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await this.db.selectFrom('sys_settings').select('value').where('key', '=', DEVICE_SECRET_KEY).executeTakeFirstOrThrow();
      return Buffer.from(JSON.parse(String(row.value)) as string, 'base64url');
    })();
    // A failed read is tried again at the next sign-in, not remembered.
    void this.secret.catch(() => (this.secret = undefined));
    return this.secret;
  }

  private async mac(userId: string, id: string): Promise<Buffer> {
    return createHmac('sha256', await this.key()).update(`${userId}.${id}`).digest();
  }

  /** A new cookie value for this account, or the old one refreshed when it is still this account's. */
  async issue(userId: number, current?: Device): Promise<string> {
    const user = String(userId);
    const id = current?.userId === user ? current.id : randomBytes(16).toString('base64url');
    return `${user}.${id}.${(await this.mac(user, id)).toString('base64url')}`;
  }

  /** The device a cookie names, when its signature is ours; undefined for anything else. */
  async read(cookie: string | undefined): Promise<Device | undefined> {
    const m = /^([0-9]{1,20})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
    if (!m) return undefined;
    const [, userId = '', id = '', given = ''] = m;
    const expected = await this.mac(userId, id);
    const actual = Buffer.from(given, 'base64url');
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? { id, userId } : undefined;
  }
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_RULE, ADDRESS_RULE, FORGET_AFTER_MS, delayAfter } from '../../src/server/auth/signin-throttle.js';
import { cookieValue } from '../support/cookies.js';
import { ADMIN, startTestApp, type Answer, type TestApp } from '../support/test-app.js';

/**
 * Sign-in slows attackers without locking the owner out. Failures are reserved in the
 * database before the password is checked, so a burst of parallel guesses gets no more than
 * the free allowance through; after that each attempt waits a growing delay (429 with
 * Retry-After); a browser that signed in before is not delayed by what others do to its account.
 */
let t: TestApp;
let clock: number;
const ATTACKER = '10.66.0.1';

beforeEach(async () => {
  t = await startTestApp();
  await t.setup();
  clock = Date.UTC(2026, 0, 1);
  t.app.services.throttle.now = () => clock;
});
afterEach(async () => {
  await t.close();
});

const signIn = (password: string, options: { user?: string; from?: string; device?: string } = {}) =>
  t.call<{ code?: string }>('POST', '/api/login', {
    body: { user: options.user ?? ADMIN.user, password },
    remoteAddress: options.from ?? ATTACKER,
    ...(options.device ? { cookie: `device=${options.device}` } : {}),
  });

const statuses = (answers: Answer[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.status] = (count[a.status] ?? 0) + 1;
  return count;
};

/** The owner signs in once from their browser and keeps its device cookie. */
async function ownersDevice(): Promise<string> {
  const res = await signIn(ADMIN.password, { from: '192.0.2.10' });
  expect(res.status).toBe(200);
  const device = cookieValue(res.headers['set-cookie'], 'device');
  expect(String(res.headers['set-cookie'])).toMatch(/device=[^;]+;.*HttpOnly/i);
  return device ?? '';
}

describe('a burst of wrong sign-ins to one account', () => {
  it('lets only the free failures reach the password check; the owner still signs in', async () => {
    const device = await ownersDevice();
    const burst = await Promise.all(Array.from({ length: 1000 }, (_, i) => signIn(`wrong-${i}`)));
    expect(statuses(burst)).toEqual({ 401: ACCOUNT_RULE.free, 429: 1000 - ACCOUNT_RULE.free });
    const refused = burst.find((r) => r.status === 429);
    expect(refused?.body.code).toBe('TOO_MANY_FAILURES');
    expect(refused?.headers['retry-after']).toBe(String(delayAfter(ACCOUNT_RULE.free, ACCOUNT_RULE) / 1000));

    // The owner's browser gets in at once, from another address as from the attacker's.
    expect((await signIn(ADMIN.password, { from: '192.0.2.10', device })).status).toBe(200);
    expect((await signIn(ADMIN.password, { from: ATTACKER, device })).status).toBe(200);

    // A browser that never signed in waits like the attacker, even with the right password...
    const early = await signIn(ADMIN.password, { from: '198.51.100.7' });
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    // ...but it is not locked out: once the delay has passed, the right password works.
    clock += 1000;
    expect((await signIn(ADMIN.password, { from: '198.51.100.7' })).status).toBe(200);
  }, 60_000);

  it('doubles the wait with each further failure, up to the cap', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    for (let step = 0; step < 4; step++) {
      const wait = delayAfter(ACCOUNT_RULE.free + step, ACCOUNT_RULE);
      expect(wait).toBe(1000 * 2 ** step);
      const early = await signIn('still wrong');
      expect(early.status).toBe(429);
      expect(early.headers['retry-after']).toBe(String(wait / 1000));
      clock += wait;
      expect((await signIn('still wrong')).status).toBe(401);
    }
    expect(delayAfter(ACCOUNT_RULE.free + 40, ACCOUNT_RULE)).toBe(ACCOUNT_RULE.capMs);
  });

  it('counts the user name and the e-mail of one account together', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free; i++) {
      const name = i % 2 ? ADMIN.user : ADMIN.email;
      expect((await signIn(`wrong-${i}`, { user: name, from: `10.0.0.${i}` })).status).toBe(401);
    }
    expect((await signIn('wrong', { user: ADMIN.email, from: '10.0.1.1' })).status).toBe(429);
  });

  it('forgets the failures of an account left alone for an hour', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    expect((await signIn('wrong')).status).toBe(429);
    clock += FORGET_AFTER_MS;
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await signIn(`again-${i}`)).status).toBe(401);
  });

  it('a successful sign-in hands its reservation back: it is not counted as a failure', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free - 1; i++) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await signIn(ADMIN.password, { from: '192.0.2.20' })).status).toBe(200);
    expect((await signIn('wrong, the last free one')).status).toBe(401);
    expect((await signIn('wrong')).status).toBe(429);
  });
});

describe('trusted devices', () => {
  it('limits wrong passwords from a trusted device too (a stolen cookie is no free pass)', async () => {
    const device = await ownersDevice();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(`wrong-${i}`, { device })));
    expect(statuses(burst)).toEqual({ 401: ACCOUNT_RULE.free, 429: 50 - ACCOUNT_RULE.free });
  });

  it("trusts a device for its own account only, and not a cookie with a forged signature", async () => {
    const device = await ownersDevice();
    const other = await t.user('olga');
    expect(other.id).toBeGreaterThan(0);
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect((await signIn(`wrong-${i}`, { user: 'olga' })).status).toBe(401);
    // The admin's device cookie does not skip olga's delay...
    expect((await signIn('olga-password-1', { user: 'olga', device, from: '192.0.2.10' })).status).toBe(429);
    // ...and a cookie naming olga with a made-up signature is ignored.
    const [, id] = device.split('.');
    const forged = `${other.id}.${id}.${'A'.repeat(43)}`;
    expect((await signIn('olga-password-1', { user: 'olga', device: forged, from: '192.0.2.10' })).status).toBe(429);
  });
});

describe('one address trying many accounts', () => {
  it('is slowed after the address allowance, whatever the account names', async () => {
    const n = ADDRESS_RULE.free + 50;
    const burst = await Promise.all(Array.from({ length: n }, (_, i) => signIn('guess', { user: `nobody-${i}` })));
    expect(statuses(burst)).toEqual({ 401: ADDRESS_RULE.free, 429: 50 });
    // Another address is not affected.
    expect((await signIn(ADMIN.password, { from: '192.0.2.30' })).status).toBe(200);
  }, 60_000);
});

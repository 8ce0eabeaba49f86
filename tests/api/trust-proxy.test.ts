import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * X-Forwarded-For is believed only for TRUST_PROXY hops. The client address feeds
 * the sign-in limits and the access log; a client that could write it would dodge the one and
 * forge the other. X-Forwarded-Proto (the Secure cookie flag) follows the same rule.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  delete process.env.TRUST_PROXY;
});

const FORWARDED = { 'x-requested-with': APP_REQUEST_HEADER, 'x-forwarded-for': '6.6.6.6, 10.0.0.8, 10.0.0.9', 'x-forwarded-proto': 'https' };

async function seenAddress(hops: string): Promise<{ address: string; secureCookie: boolean }> {
  process.env.TRUST_PROXY = hops;
  t = await startTestApp();
  const admin = await t.setup();
  const marker = `/api/proxy-probe-${hops}`;
  await t.app.inject({ method: 'GET', url: marker, headers: FORWARDED });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: FORWARDED, payload: { user: ADMIN.user, password: ADMIN.password } });
  await t.app.services.accessLog.flush();
  const day = new Date();
  const log = await t.call<{ path: string; address: string }[]>('POST', '/api/log', {
    token: admin,
    body: { start: 0, limit: 1000, fromDate: new Date(day.getTime() - 3_600_000).toISOString(), untilDate: new Date(day.getTime() + 3_600_000).toISOString() },
  });
  const entry = log.body.find((e) => e.path === marker);
  const cookie = String(login.headers['set-cookie'] ?? '');
  return { address: entry?.address ?? 'not logged', secureCookie: /;\s*Secure/i.test(cookie) };
}

describe('TRUST_PROXY', () => {
  it('believes no forwarded header by default', async () => {
    expect(await seenAddress('0')).toEqual({ address: '127.0.0.1', secureCookie: false });
  });

  it('with one proxy, takes the address that proxy saw, not what the client wrote before it', async () => {
    expect(await seenAddress('1')).toEqual({ address: '10.0.0.9', secureCookie: true });
  });

  it('sends HSTS only when the request came over https, as the trusted proxy says', async () => {
    process.env.TRUST_PROXY = '1';
    t = await startTestApp();
    const https = await t.app.inject({ method: 'GET', url: '/api/env/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const http = await t.app.inject({ method: 'GET', url: '/api/env/' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('with two proxies, goes one hop further', async () => {
    expect((await seenAddress('2')).address).toBe('10.0.0.8');
  });

  it('refuses a value that is not a number of proxies', async () => {
    process.env.TRUST_PROXY = 'everything';
    await expect(startTestApp()).rejects.toThrow(/TRUST_PROXY must be the number of proxies/);
  });
});

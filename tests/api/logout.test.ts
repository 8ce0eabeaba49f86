import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER } from '../../src/core/app-request.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 11: GET /api/logout acts only for the app's own fetches. A grid Image cell or an
 * <img src=/api/logout>, a frame or a link must not sign anyone out.
 */
let t: TestApp;
let users = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.setup();
});
afterAll(async () => {
  await t.close();
});

const signedIn = async (token: string) => (await t.call<{ user: unknown }>('GET', '/api/checkuser', { token })).body.user !== null;

describe('GET /api/logout', () => {
  it.each([
    ['no fetch metadata and no app header', {}],
    ['an image', { 'sec-fetch-dest': 'image' }],
    ['a frame', { 'sec-fetch-dest': 'iframe' }],
    ['a navigation', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }],
    ['another value of X-Requested-With', { 'x-requested-with': 'XMLHttpRequest' }],
  ])('refuses %s with 403 and keeps the session', async (_what, headers: Record<string, string>) => {
    const { token } = await t.user(`viewer${++users}`);
    const res = await t.call('GET', '/api/logout', { cookie: `token=${token}`, headers });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(token)).toBe(true);
  });

  it.each([
    ['the app header', { 'x-requested-with': APP_REQUEST_HEADER }],
    ["a browser's fetch (Sec-Fetch-Dest: empty)", { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }],
  ])('signs out a call with %s', async (_what, headers: Record<string, string>) => {
    const { token } = await t.user(`leaver${++users}`);
    const res = await t.call('GET', '/api/logout', { cookie: `token=${token}`, headers });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    expect(await signedIn(token)).toBe(false);
  });
});

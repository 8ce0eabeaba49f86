import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/logout acts only for the app's own fetches (src/server/http/origin-check.ts). A grid
 * Image cell or an <img src=/api/logout>, a frame, a link, or a fetch from another origin of
 * the same site (another port: the SameSite cookie goes along) must not sign anyone out.
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
    ['an image of the app itself', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' }],
    ['a frame', { 'sec-fetch-dest': 'iframe' }],
    ['a navigation', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }],
    ['another value of X-Requested-With', { 'x-requested-with': 'XMLHttpRequest' }],
    // Sec-Fetch-Dest: empty alone was taken as the app's own call: a no-cors fetch of another port is one too.
    ["a no-cors fetch from another port of the same host", { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors' }],
    ['the app header from another origin (the browser says so)', { 'sec-fetch-site': 'same-site', 'x-requested-with': APP_REQUEST_HEADER }],
    ['an Origin of another port', { origin: 'http://localhost:4301' }],
    // Only a bearer token the server reads spares the proof: this one is not, so the cookie would act.
    ["an Authorization header the server does not read as a bearer token", { authorization: 'Bearer\tnot-read' }],
    ['an empty bearer token', { authorization: 'Bearer ' }],
  ])('refuses %s with 403 and keeps the session', async (_what, headers: Record<string, string>) => {
    const { token } = await t.user(`viewer${++users}`);
    const res = await t.call('GET', '/api/logout', { cookie: `token=${token}`, headers, asApp: false });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CROSS_ORIGIN' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(token)).toBe(true);
  });

  it.each([
    ['the app header', { 'x-requested-with': APP_REQUEST_HEADER }],
    ["a browser's fetch of the app's own page", { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }],
    ['an Origin equal to its own', { origin: 'http://localhost' }],
  ])('signs out a call with %s', async (_what, headers: Record<string, string>) => {
    const { token } = await t.user(`leaver${++users}`);
    const res = await t.call('GET', '/api/logout', { cookie: `token=${token}`, headers, asApp: false });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    expect(await signedIn(token)).toBe(false);
  });
});

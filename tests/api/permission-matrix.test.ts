import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { sessionToken } from '../support/cookies.js';

/**
 * The permission matrix, derived from the server's own route table: a route added later is
 * covered without editing this file, and a route without an access level fails at start.
 */
let t: TestApp;
let userToken: string;
let userId: number;
const privateNames: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.setup();
  ({ token: userToken, id: userId } = await t.user('plain'));
  // Definitions nobody but admins may use: no access block at all.
  for (const [kind, body] of [
    ['page', { name: 'secret_page', title: 'Secret', definition: [] }],
    ['select', { name: 'secret_select', title: 'Secret', items: [{ value: '1', label: 'One' }] }],
  ] as const) {
    const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  Object.assign(privateNames, { form: 'user', grid: 'users', menu: 'admin', page: 'secret_page', select: 'secret_select' });
});
afterAll(async () => {
  await t.close();
});

/** A concrete url for a route pattern, aimed at admin-only things. */
function concrete(url: string): string {
  const area = url.split('/')[2] ?? '';
  return url
    .replace(':name', privateNames[area] ?? 'user')
    .replace(':kind', 'form')
    .replace(':model', 'User')
    .replace(':field', 'groups')
    .replace(':id', String(userId))
    .replace(':n', '5')
    .replace(':pageSize', '10')
    .replace(':page', '0')
    .replace('*', '');
}

function bodyFor(method: string, url: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  return url.startsWith('/api/link/') ? [] : {};
}

describe('permission matrix', () => {
  it('knows the routes', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
    const access = new Set(t.app.routeTable.map((r) => r.access));
    expect([...access].every((a) => ['public', 'setup', 'user', 'admin', 'definition', 'setupOrAdmin'].includes(a))).toBe(true);
  });

  it('answers 401 to anonymous callers and 403 to non-admins wherever the route is not theirs', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      const url = concrete(route.url);
      const body = bodyFor(route.method, route.url);
      // As the app calls (X-Requested-With): GET /api/logout refuses anything else (logout.test.ts).
      const headers = { 'x-requested-with': APP_REQUEST_HEADER };
      const anon = await t.call(route.method, url, { body, headers });
      // Logging out must not end the session the rest of this file uses.
      const token = route.url === '/api/logout' ? sessionToken(await t.call('POST', '/api/login', { body: { user: 'plain', password: 'plain-password-1' } })) : userToken;
      const user = await t.call(route.method, url, { body, token, headers });
      const expectAnon: Record<string, number | null> = { public: null, setup: 403, setupOrAdmin: 401, user: 401, admin: 401, definition: 401 };
      const expectUser: Record<string, number | null> = { public: null, setup: 403, setupOrAdmin: 403, user: null, admin: 403, definition: 403 };
      const a = expectAnon[route.access];
      const u = expectUser[route.access];
      if (a !== null && a !== undefined && anon.status !== a) failures.push(`${route.method} ${url} anonymous: ${anon.status}, expected ${a}`);
      if (a === null && (anon.status === 401 || anon.status === 403)) failures.push(`${route.method} ${url} anonymous: ${anon.status} on a public route`);
      if (u !== null && u !== undefined && user.status !== u) failures.push(`${route.method} ${url} user: ${user.status}, expected ${u}`);
      if (u === null && route.access === 'user' && user.status === 401) {
        failures.push(`${route.method} ${url} user: 401 on a signed-in route`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a group member use a definition granted to the group, and nobody else', async () => {
    const admin = t.adminToken ?? '';
    const g = await t.call<{ id: number }>('POST', '/api/form/group/add', { token: admin, body: { name: 'Readers', description: '' } });
    expect(g.status).toBe(200);
    await t.call('POST', '/api/definitions/page', { token: admin, body: { name: 'readers_page', title: 'For readers', definition: [], access: { groups: ['Readers'] } } });
    const reader = await t.user('reader', { groups: ['Readers'] });
    expect((await t.call('GET', '/api/page/readers_page/definition', { token: reader.token })).status).toBe(200);
    expect((await t.call('GET', '/api/page/readers_page/definition', { token: userToken })).status).toBe(403);
    expect((await t.call('GET', '/api/page/readers_page/definition')).status).toBe(401);
  });

  it('lets a user read and update only their own record through a self form', async () => {
    const mine = await t.call<{ user: string; _version: number }>('GET', `/api/form/mydetails/data/${userId}`, { token: userToken });
    expect(mine.status).toBe(200);
    expect(mine.body.user).toBe('plain');
    const adminRecord = await t.call('GET', '/api/form/mydetails/data/1', { token: userToken });
    expect(adminRecord.status).toBe(403);
    const upd = await t.call<{ _version: number }>('POST', `/api/form/mydetails/update/${userId}`, { token: userToken, body: { email: 'plain2@example.com', _version: mine.body._version } });
    expect(upd.status).toBe(200);
    expect((await t.call('POST', `/api/form/mydetails/update/${userId}`, { token: userToken, body: { Admin: true, _version: upd.body._version } })).status).toBe(400);
  });

  it('serves public definitions to anyone but never their records', async () => {
    expect((await t.call('GET', '/api/form/login/definition')).status).toBe(200);
    expect((await t.call('GET', `/api/form/register/data/${userId}`)).status).toBe(401);
    expect((await t.call('GET', `/api/form/register/data/${userId}`, { token: userToken })).status).toBe(403);
  });
});

import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, snapshot } from '../support/db-fingerprint.js';
import { arbRequest, heavyRequests, type FuzzRequest, type Role, type RouteInfo } from '../support/route-fuzz.js';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';

/**
 * The standing fuzz suite (docs/security.md) over the server's own route table: every route, as an
 * anonymous caller, a plain signed-in user and an admin, gets hostile requests (see
 * tests/support/route-fuzz.ts). Whatever arrives, the server
 * - never answers 5xx,
 * - refuses in at most REFUSAL_BOUND bytes (a listing may be big; an error never is), and
 * - changes nothing when it refuses: a fingerprint of the database (model tables' counts and
 *   versions, the system tables, the schema) around every refused request, and a hash of every
 *   row around each route whose requests were all refused.
 * Valid requests may change things (a random body can be a valid record); on destructive admin
 * routes the fuzzer aims only at fixtures made to be destroyed. No route is left out.
 *
 * The api-pg project runs this same file on PostgreSQL, with fewer cases (each is a few round
 * trips there). FUZZ_SEED replays a run; FUZZ_CASES overrides the count per route and role.
 */
const CASES = Number(process.env.FUZZ_CASES ?? (TEST_DB === 'sqlite' ? 64 : 6));
const PRE_SETUP_CASES = TEST_DB === 'sqlite' ? 12 : 2;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The largest refusal: a message, a code and at most a few details, whatever the request held. */
const REFUSAL_BOUND = 4096;

let t: TestApp;
const tokens: Record<Role, string | undefined> = { anonymous: undefined, user: undefined, admin: undefined };
const userIds: Record<Role, number> = { anonymous: 0, user: 0, admin: 1 };
let casesRun = 0;

async function ok(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await t.call(method, url, { token: tokens.admin, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Fixtures that reach code past the look-ups: a model with a link, granted to everyone. */
async function fixtures(): Promise<void> {
  const everyone = { groups: ['Everyone'] };
  // Every kind of field, so that hostile values meet every encoder and every column type.
  const fields = [
    { name: 'name', type: 'text', required: true },
    { name: 'n', type: 'number' },
    { name: 'd', type: 'date' },
    { name: 'dt', type: 'datetime' },
    { name: 'b', type: 'boolean' },
    { name: 'j', type: 'json' },
    { name: 'owner', type: 'reference', target: 'User' },
  ];
  await ok('POST', '/api/definitions/model', { name: 'Fuzz', title: 'Fuzz', fields });
  await ok('POST', '/api/definitions/model', {
    name: 'FuzzTag',
    title: 'Fuzz tags',
    fields: [
      { name: 'fuzz', type: 'reference', target: 'Fuzz', required: true },
      { name: 'group', type: 'reference', target: 'Group', required: true },
    ],
  });
  const fuzzModel = await ok('GET', '/api/definitions/model/Fuzz');
  await ok('PUT', '/api/definitions/model/Fuzz', { ...fuzzModel, fields: [...fields, { name: 'tags', type: 'link', target: 'Group', through: 'FuzzTag' }] });
  const cols = [
    { childType: 'Input', width: 2, name: 'name', label: 'Name', regularexpression: '^[a-z]*$' },
    ...['n', 'd', 'dt', 'b', 'j', 'owner'].map((name) => ({ childType: 'Input', width: 1, name, label: name })),
    { childType: 'DualList', width: 4, name: 'tags', label: 'Tags', link: 'id', url: '/link/Fuzz/tags' },
  ];
  await ok('POST', '/api/definitions/form', { name: 'fuzz', title: 'Fuzz', model: 'Fuzz', url: '/', access: everyone, definition: [{ cols }] });
  await ok('POST', '/api/definitions/grid', {
    name: 'fuzz',
    title: 'Fuzz',
    model: 'Fuzz',
    access: everyone,
    definition: ['name', 'n', 'd', 'dt', 'b', 'j', 'owner', 'tags'].map((name) => ({ name, label: name })),
  });
  await ok('POST', '/api/definitions/select', { name: 'fuzz_names', title: 'Fuzz', model: 'Fuzz', valuefield: 'name', labelfield: 'name', params: ['name'], access: everyone });
  await ok('POST', '/api/definitions/select', { name: 'fuzz_typed', title: 'Fuzz', model: 'Fuzz', labelfield: 'name', params: ['n', 'd', 'b', 'owner'], access: everyone });
  await ok('POST', '/api/definitions/select', { name: 'fuzz_items', title: 'Items', items: [{ value: '1', label: 'One' }], access: everyone });
  await ok('POST', '/api/definitions/page', { name: 'fuzz_doomed', title: 'Doomed', definition: [] });
  for (const name of ['a', 'b', 'c']) await ok('POST', '/api/form/fuzz/add', { name, n: 1, d: '2024-01-31', b: true, j: { x: [1] }, owner: 1 });
}

interface Outcome {
  failures: string[];
  accepted: boolean;
}

function describeRequest(role: Role, r: FuzzRequest): string {
  const body = r.payload === undefined ? '' : ` ${r.payload.slice(0, 120)}${r.payload.length > 120 ? `… (${r.payload.length} bytes)` : ''}`;
  return `${role} ${r.method} ${r.url.slice(0, 160)} [${r.kind}]${body}`;
}

/** Sends each request and checks the three rules; answers the problems found, one per kind. */
async function fuzz(app: FastifyInstance, route: RouteInfo, role: Role, requests: FuzzRequest[]): Promise<Outcome> {
  const { database, sessions } = app.services;
  const found = new Map<string, string>();
  let accepted = false;
  // The fingerprint after a refusal is the one before the next request.
  let print: string | undefined;
  for (const r of requests) {
    casesRun++;
    // Signing out ends the session it is sent with: it gets one of its own.
    const logout = route.url === '/api/logout' && role !== 'anonymous';
    const token = logout ? await sessions.create(userIds[role]) : tokens[role];
    if (print === undefined || logout) print = await fingerprint(database);
    const res = await app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // As the app calls: a caller who is not signed in needs proof of origin for a change (origin-check.ts).
        'x-requested-with': APP_REQUEST_HEADER,
        ...(r.payload !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {}),
      },
      ...(r.payload !== undefined ? { payload: r.payload } : {}),
    });
    const status = res.statusCode;
    const what = describeRequest(role, r);
    if (status >= 500) {
      found.set(`${status}`, `${status} ${res.body.slice(0, 200)} for ${what}`);
      print = undefined;
    } else if (status >= 400) {
      const size = res.rawPayload.length;
      if (size > REFUSAL_BOUND) found.set('oversized', `${status} of ${size} bytes for ${what}`);
      const after = await fingerprint(database);
      if (after !== print) found.set('changed', `${status} changed the database for ${what}`);
      print = after;
    } else {
      accepted = true;
      print = undefined;
    }
  }
  return { failures: [...found.values()], accepted };
}

/** The identities this file uses still work; a valid random request may have ended a session. */
async function keepIdentities(accepted: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const role of ['user', 'admin'] as const) {
    const res = await t.call<{ user?: { Admin?: boolean } }>('GET', '/api/checkuser', { token: tokens[role] });
    if (res.status === 200 && res.body.user?.Admin === (role === 'admin')) continue;
    if (!accepted) problems.push(`the ${role}'s session ended or changed after refused requests only`);
    tokens[role] = await t.app.services.sessions.create(userIds[role]);
  }
  return problems;
}

const ROLES: Role[] = ['anonymous', 'user', 'admin'];

/** The route table, read from a throwaway app when the file is collected, so that each route is a test. */
async function readRouteTable(): Promise<RouteInfo[]> {
  const probe = await startTestApp();
  const table = [...probe.app.routeTable];
  await probe.close();
  return table;
}
const ROUTES = await readRouteTable();

// One app with the fixtures serves the fuzzing and the origin rule.
beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await t.setup();
  await fixtures();
  const user = await t.user('plain');
  tokens.user = user.token;
  userIds.user = user.id;
});
afterAll(async () => {
  await t?.close();
});

describe(`fuzzing every route (seed ${SEED}, ${CASES} cases per route and role)`, () => {

  it('knows the routes', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(40);
  });

  it.each(ROUTES)('$method $url', async (route) => {
    const problems: string[] = [];
    const before = await snapshot(t.app.services.database);
    let accepted = false;
    for (const [i, role] of ROLES.entries()) {
      const requests = [...heavyRequests(route, role, SEED + i), ...fc.sample(arbRequest(route, role), { numRuns: CASES, seed: SEED + i })];
      const outcome = await fuzz(t.app, route, role, requests);
      accepted ||= outcome.accepted;
      problems.push(...outcome.failures, ...(await keepIdentities(outcome.accepted)));
    }
    if (!accepted && (await snapshot(t.app.services.database)) !== before) problems.push('refusals only, yet a row changed');
    expect(problems).toEqual([]);
  }, 120_000);

  it('ran at least the cases it promises', () => {
    const floor = TEST_DB === 'sqlite' ? 10_000 : 1000;
    expect(casesRun).toBeGreaterThanOrEqual(floor);
  });
});

/** What a page of another origin of the same site can send along with the victim's cookie. */
const FOREIGN: { what: string; headers: Record<string, string> }[] = [
  { what: 'no proof of origin', headers: {} },
  { what: 'a fetch from another port', headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty', origin: 'http://localhost:4301' } },
  { what: 'a form of another site', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', origin: 'https://evil.example' } },
  { what: 'an old browser on another port', headers: { origin: 'http://localhost:4301' } },
];

describe('the origin rule over every route that changes something', () => {
  // An incoming webhook is another system's call, never a browser page's: no session is read, its
  // url's secret token is the proof (origin-check.ts; tests/api/automation-runs.test.ts).
  const unsafe = ROUTES.filter((r) => (!['GET', 'HEAD', 'OPTIONS'].includes(r.method) || r.url === '/api/logout') && !r.url.startsWith('/api/hooks/'));

  it('covers every unsafe route of the table', () => {
    expect(unsafe.length).toBeGreaterThan(20);
  });

  // Requests shaped like valid ones (the fuzzer's real names and values), sent with the
  // admin's or a user's cookie but without proof that the app's page sent them.
  it.each(unsafe)('$method $url answers 403 CROSS_ORIGIN and changes nothing', async (route) => {
    const problems: string[] = [];
    const cookies = { anonymous: undefined, user: await t.app.services.sessions.create(userIds.user), admin: await t.app.services.sessions.create(userIds.admin) };
    const before = await snapshot(t.app.services.database);
    for (const [i, role] of ROLES.entries()) {
      const token = cookies[role];
      for (const [j, r] of fc.sample(arbRequest(route, role), { numRuns: FOREIGN.length, seed: SEED + i }).entries()) {
        const foreign = FOREIGN[j % FOREIGN.length]!;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: {
            ...(token ? { cookie: `token=${token}` } : {}),
            ...foreign.headers,
            ...(r.payload !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {}),
          },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        const code = (res.json() as { code?: string }).code;
        // The router refuses a url it cannot match before any hook runs: also nothing done.
        const unrouted = code === 'URL_TOO_LONG' || code === 'BAD_URL';
        if (!unrouted && (res.statusCode !== 403 || code !== 'CROSS_ORIGIN')) problems.push(`${res.statusCode} ${code} for ${role} with ${foreign.what}: ${describeRequest(role, r)}`);
      }
    }
    if ((await snapshot(t.app.services.database)) !== before) problems.push('a refused request changed a row');
    for (const token of [cookies.user, cookies.admin]) await t.app.services.sessions.revoke(token);
    expect(problems).toEqual([]);
  });
});

describe('fuzzing every route before setup', () => {
  it('never answers 5xx, answers refusals briefly and changes nothing by refusing', async () => {
    const pre = await startTestApp();
    try {
      const problems: string[] = [];
      for (const route of pre.app.routeTable) {
        const before = await snapshot(pre.app.services.database);
        const outcome = await fuzz(pre.app, route, 'anonymous', fc.sample(arbRequest(route, 'anonymous'), { numRuns: PRE_SETUP_CASES, seed: SEED }));
        problems.push(...outcome.failures);
        if (!outcome.accepted && (await snapshot(pre.app.services.database)) !== before) problems.push(`${route.method} ${route.url}: refusals only, yet a row changed`);
      }
      expect(problems).toEqual([]);
    } finally {
      await pre.close();
    }
  }, 120_000);
});


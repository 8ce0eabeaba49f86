import { APP_REQUEST_HEADER } from '../../src/shared/app-request.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';

/**
 * What the route fuzzer (fuzz-routes.test.ts) found, each case as a plain
 * regression test. A hostile request is refused with a 4xx of a few hundred bytes, never a
 * 500 and never an answer that grows with what was sent.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

async function send(method: 'GET' | 'POST', url: string, options: { token?: string; contentType?: string; payload?: string } = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'x-requested-with': APP_REQUEST_HEADER, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.contentType ? { 'content-type': options.contentType } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  return { status: res.statusCode, size: res.rawPayload.length, body: res.json<{ error: string; code: string }>() };
}

describe('a restore upload that is not a readable multipart form', () => {
  it.each([
    ['multipart/form-data', 'a=1&__proto__[x]=1'],
    ['multipart/form-data; boundary=x', '--x\r\n'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'],
  ])('answers 400, not 500 (%s)', async (contentType, payload) => {
    const res = await send('POST', '/api/backup/restore', { token: admin, contentType, payload });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
  });
});

describe('refusals that quote the request', () => {
  const bound = 4096;
  const longName = encodeURIComponent('é'.repeat(5000));

  it('a path parameter longer than the router takes: 414 in a few hundred bytes', async () => {
    const res = await send('GET', `/api/form/${longName}/definition`);
    expect(res.status).toBe(414);
    expect(res.body.code).toBe('URL_TOO_LONG');
    expect(res.size).toBeLessThan(bound);
  });

  it('a long url that no route knows: 404 in a few hundred bytes', async () => {
    const res = await send('GET', `/api/form/./data/${longName}`, { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/^No such API: GET \/api\/form\/data\/%C3%A9/);
    expect(res.size).toBeLessThan(bound);
  });

  it('a body whose keys are long: 400 in a few hundred bytes', async () => {
    const payload = JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${i}${'k'.repeat(20_000)}`, i])));
    for (const url of ['/api/definitions/form', '/api/settings', '/api/form/user/add']) {
      const res = await send('POST', url, { token: admin, contentType: 'application/json', payload });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.size).toBeLessThan(bound);
    }
  });

});

describe('a NUL character, which PostgreSQL text cannot hold', () => {
  it.each([
    '/api/form/%00/definition',
    '/api/grid/%00/data/0/10',
    '/api/models/%00',
    '/api/select/%00',
    '/api/grid/users/data?search=%00',
    '/api/link/User/groups/%00',
  ])('in the url %s: 400, not 500', async (url) => {
    const res = await send('GET', url, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
  });

  it.each([
    ['/api/login', '{"user":"admin\\u0000","password":"x"}', false],
    ['/api/form/user/add', '{"user":"a\\u0000b","email":"a@example.com","password":"long enough 1"}', true],
    ['/api/definitions/page', '{"name":"p","title":"T\\u0000","definition":[]}', true],
    ['/api/definitions/page', '{"name":"p","title":"T","definition":[],"x\\u0000":1}', true],
  ] as const)('in the body of %s: 400, not 500, and nothing is stored', async (url, payload, signedIn) => {
    const before = await t.call<{ name: string }[]>('GET', '/api/definitions/page', { token: admin });
    const res = await send('POST', url, { token: signedIn ? admin : undefined, contentType: 'application/json', payload });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/NUL/);
    expect((await t.call('GET', '/api/definitions/page', { token: admin })).body).toEqual(before.body);
  });
});

describe('a link field used where a column is needed', () => {
  // A link field lives in its through table: the model's own table has no column to sort or filter by.
  beforeAll(async () => {
    for (const [kind, body] of [
      ['grid', { name: 'users_groups', title: 'Users', model: 'User', paging: 1, definition: [{ name: 'user' }, { name: 'groups' }] }],
      ['grid', { name: 'users_groups_paged', title: 'Users', model: 'User', definition: [{ name: 'user' }, { name: 'groups' }] }],
      ['grid', { name: 'users_by_groups', title: 'Users', model: 'User', paging: 1, definition: [{ name: 'user' }], sorts: [{ fieldname: 'groups', sorttype: 'ASC' }] }],
      ['select', { name: 'users_labelled_by_groups', title: 'Users', model: 'User', labelfield: 'groups' }],
      ['select', { name: 'users_of_group', title: 'Users', model: 'User', labelfield: 'user', params: ['groups'] }],
    ] as const) {
      const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    }
  });

  it.each([
    '/api/grid/users_groups/data?sort=groups',
    '/api/grid/users_groups_paged/data/0/10?sort=groups',
    '/api/grid/users_by_groups/data',
    '/api/select/users_labelled_by_groups',
    '/api/select/users_of_group/1',
  ])('%s: 400, not 500', async (url) => {
    const res = await send('GET', url, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/'User.groups' is a link field/);
  });

  it('still lists the grid that shows the link column without sorting by it', async () => {
    expect((await send('GET', '/api/grid/users_groups/data', { token: admin })).status).toBe(200);
  });
});

describe('a reference beyond the id range', () => {
  // Ids are 32-bit integers on both databases; PostgreSQL failed the query for a larger one.
  beforeAll(async () => {
    const model = await t.call('POST', '/api/definitions/model', {
      token: admin,
      body: { name: 'Ticket', title: 'Tickets', fields: [{ name: 'name', type: 'text' }, { name: 'owner', type: 'reference', target: 'User' }] },
    });
    if (model.status !== 201) throw new Error(JSON.stringify(model.body));
    const cols = [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }, { childType: 'Input', width: 6, name: 'owner', label: 'Owner' }];
    for (const [kind, body] of [
      ['form', { name: 'ticket', title: 'Ticket', model: 'Ticket', url: '/', definition: [{ cols }] }],
      ['select', { name: 'tickets_of', title: 'Tickets', model: 'Ticket', labelfield: 'name', params: ['owner'] }],
    ] as const) {
      const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    }
  });

  it.each([3000000000, 2147483648, 1e308, '99999999999999999999999', 9007199254740992])('stored through a form (%s): 400, not 500', async (owner) => {
    const res = await t.call<{ details?: { pointer: string }[] }>('POST', '/api/form/ticket/add', { token: admin, body: { name: 'a', owner } });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.pointer).toBe('/owner');
  });

  it.each(['3000000000', '99999999999999999999999'])('as a select parameter (%s): 400, not 500', async (owner) => {
    const res = await send('GET', `/api/select/tickets_of/${owner}`, { token: admin });
    expect(res.status).toBe(400);
  });
});

describe('a definition nested thousands of levels deep', () => {
  // The schema validator recursed once per level and ran out of stack: a 500.
  const rows = (depth: number) => `[${'{"cols":[{"childType":"Card","width":12,"contenttype":"Rows","rows":['.repeat(depth)}${']}]}'.repeat(depth)}]`;
  const appFile = (depth: number) =>
    `{"format":"tessera-app","formatVersion":1,"exportedAt":"2024-01-01T00:00:00Z","definitions":{"form":[{"name":"deep","title":"d","model":"User","url":"/","definition":${rows(depth)}}]}}`;

  // 60 rows are 240 levels: past a definition's 200, within a request's 256 (input-checks.ts);
  // 3000 rows are 12,000 levels, refused before anything reads the body.
  const bodies: [string, (depth: number) => string][] = [
    ['/api/definitions/page', (depth) => `{"name":"deep","title":"d","definition":${rows(depth)}}`],
    ['/api/definitions/form', (depth) => `{"name":"deep","title":"d","model":"User","url":"/","definition":${rows(depth)}}`],
    ['/api/app/import?dryRun=1', appFile],
    ['/api/app/import', appFile],
  ];
  it.each(bodies.flatMap(([url, body]) => [[url, body, 60, 200] as const, [url, body, 3000, 256] as const]))('%s: 400, not 500, and nothing is stored (%#)', async (url, body, depth, levels) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: body(depth) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { message: string }[] }>().details[0]?.message).toBe(`nests deeper than ${levels} levels`);
    expect((await t.call('GET', '/api/definitions/form/deep', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/definitions/page/deep', { token: admin })).status).toBe(404);
  });

  it('still stores a design nested as deep as people build them', async () => {
    const res = await send('POST', '/api/definitions/page', { token: admin, contentType: 'application/json', payload: `{"name":"nested","title":"d","definition":${rows(40)}}` });
    expect(res.status).toBe(201);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../src/server/http/input-checks.js';
import { MAX_MODEL_FIELDS } from '../../src/server/records/model-check.js';
import { MAX_QUERY_FILTERS } from '../../src/server/records/model-store.js';
import { type TestApp, useTestApp } from '../support/test-app.js';

/**
 * Sizes the server cannot work with are refused with 400 before any work is done with them: a
 * request nesting deeper than MAX_BODY_DEPTH (the value's text, its JSON and its checks all
 * recurse once per level, and a million levels ran out of stack: 500), and a model of more than
 * MAX_MODEL_FIELDS fields (a table that wide was refused by the database: 500).
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

type Refusal = { error: string; code: string; details?: { pointer: string; message: string }[] };

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

async function send(url: string, payload: string, token: string | null = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json<Refusal>() };
}

const modelNames = async () => (await t.call<string[]>('GET', '/api/models', { token: admin })).body;

describe('a value nested a million levels deep', () => {
  beforeAll(async () => {
    const model = await t.call('POST', '/api/definitions/model', {
      token: admin,
      body: { name: 'Note', title: 'Notes', fields: [{ name: 'title', type: 'text' }, { name: 'data', type: 'json' }] },
    });
    expect(model.status, JSON.stringify(model.body)).toBe(201);
    const definition = ['title', 'data'].map((name) => ({ cols: [{ childType: 'Input', width: 12, name, label: name }] }));
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: { name: 'note', title: 'Note', model: 'Note', definition } })).status).toBe(201);
  });

  it.each([
    ['a json field', 'data'],
    ['a text field', 'title'],
  ])('in %s of a form: 400, and nothing is stored', async (_what, field) => {
    const res = await send('/api/form/note/add', `{"${field}":${nested(1_000_000)}}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
    expect(res.body.error).toMatch(new RegExp(`nests deeper than ${MAX_BODY_DEPTH} levels`));
    expect(await t.app.services.store.count('Note')).toBe(0);
  });

  it('in the public register form, as deep as a stranger may send: 400', async () => {
    expect((await t.call('POST', '/api/settings', { token: admin, body: { SELF_REGISTRATION: true } })).status).toBe(200);
    const res = await send('/api/form/register/add', `{"user":${nested(30_000)}}`, null);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/nests deeper than/);
  });

  it('in any other request body: 400', async () => {
    for (const url of ['/api/settings', '/api/link/User/groups/1', '/api/definitions/page', '/api/app/import']) {
      const res = await send(url, `{"x":${nested(100_000)}}`);
      expect(res.status, url).toBe(400);
    }
  });

  it(`still takes a value nested ${MAX_BODY_DEPTH - 1} levels`, async () => {
    const res = await send('/api/form/note/add', `{"title":"deep","data":${nested(MAX_BODY_DEPTH - 1)}}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('a model with ten thousand fields', () => {
  const fields = (n: number, type = 'text') => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type }));

  it('through the definitions API: 400 naming the limit, and nothing is made', async () => {
    const before = await modelNames();
    const res = await t.call<Refusal>('POST', '/api/definitions/model', { token: admin, body: { name: 'Wide', title: 'Wide', fields: fields(10_000) } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(res.body.details).toContainEqual({ pointer: '/fields', message: expect.stringContaining(`at most ${MAX_MODEL_FIELDS}`) });
    expect(await modelNames()).toEqual(before);
    expect((await t.app.services.store.hasTable('t_wide'))).toBe(false);
  });

  it('through an app import: 400 naming the limit, and nothing is made', async () => {
    const before = await modelNames();
    const file = { format: 'tessera-app', formatVersion: 1, exportedAt: '2024-01-01T00:00:00Z', definitions: { model: [{ name: 'Wide', title: 'Wide', fields: fields(10_000) }] } };
    for (const url of ['/api/app/import?dryRun=1', '/api/app/import']) {
      const res = await t.call<Refusal>('POST', url, { token: admin, body: file });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ pointer: '/definitions/model/0/fields', message: expect.stringContaining(`at most ${MAX_MODEL_FIELDS}`) });
    }
    expect(await modelNames()).toEqual(before);
    expect((await t.app.services.store.hasTable('t_wide'))).toBe(false);
  });

  it(`takes ${MAX_MODEL_FIELDS} fields, and refuses one more`, async () => {
    const more = await t.call<Refusal>('POST', '/api/definitions/model', { token: admin, body: { name: 'Wide', title: 'Wide', fields: fields(MAX_MODEL_FIELDS + 1, 'number') } });
    expect(more.status).toBe(400);
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Wide', title: 'Wide', fields: fields(MAX_MODEL_FIELDS, 'number') } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(await modelNames()).toContain('Wide');
  });
});

/**
 * Each filter of a grid or select is a condition of one SQL statement, and SQLite refuses a
 * statement nested deeper than 1,000 terms: a grid of 3,000 filters answered 500 on every read.
 */
describe('a grid or select with thousands of filters, sorts or columns', () => {
  const filters = (n: number) => Array.from({ length: n }, (_, i) => ({ fieldname: 'f0', value: `v${i}` }));
  const sorts = (n: number) => Array.from({ length: n }, () => ({ fieldname: 'f0', sorttype: 'ASC' }));
  const columns = (n: number) => Array.from({ length: n }, () => ({ name: 'f0', label: 'F' }));

  beforeAll(async () => {
    const fields = [{ name: 'f0', type: 'text' }];
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Tag', title: 'Tags', fields } })).status).toBe(201);
  });

  it(`refuses more than ${MAX_QUERY_FILTERS} filters when the definition is saved or imported, storing nothing`, async () => {
    for (const [kind, body] of [
      ['grid', { name: 'many', title: 'M', model: 'Tag', definition: columns(1), filters: filters(MAX_QUERY_FILTERS + 1) }],
      ['select', { name: 'many', title: 'M', model: 'Tag', labelfield: 'f0', filters: filters(3000) }],
    ] as const) {
      const res = await t.call<Refusal>('POST', `/api/definitions/${kind}`, { token: admin, body });
      expect(res.status, kind).toBe(400);
      expect(res.body.details).toContainEqual({ pointer: '/filters', message: expect.stringContaining(`at most ${MAX_QUERY_FILTERS}`) });
      expect((await t.call('GET', `/api/definitions/${kind}/many`, { token: admin })).status).toBe(404);
      const file = { format: 'tessera-app', formatVersion: 1, exportedAt: '2024-01-01T00:00:00Z', definitions: { [kind]: [body] } };
      const imported = await t.call<Refusal>('POST', '/api/app/import', { token: admin, body: file });
      expect(imported.status, kind).toBe(400);
      expect(imported.body.details).toContainEqual({ pointer: `/definitions/${kind}/0/filters`, message: expect.stringContaining(`at most ${MAX_QUERY_FILTERS}`) });
    }
  });

  it('reads a grid of thousands of columns and sorts over one field as a grid of one', async () => {
    const body = { name: 'repeats', title: 'R', model: 'Tag', definition: columns(3000), sorts: sorts(3000) };
    expect((await t.call('POST', '/api/definitions/grid', { token: admin, body })).status).toBe(201);
    for (const query of ['', '?search=abc', '?search=ab']) {
      const res = await t.call('GET', `/api/grid/repeats/data/0/10${query}`, { token: admin });
      expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('answers 400, not 500, for one stored before the limit, and changes nothing', async () => {
    const { store } = t.app.services;
    await store.insert('Grid', { name: 'legacy', title: 'L', model: 'Tag', definition: columns(1), filters: filters(3000), version: 1 });
    await store.insert('Select', { name: 'legacy', title: 'L', model: 'Tag', labelfield: 'f0', filters: filters(3000), version: 1 });
    expect((await t.call('POST', '/api/data/Tag', { token: admin, body: { name: 'p', title: 'p', definition: columns(1) } })).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/grid/legacy/data/0/10'],
      ['GET', '/api/select/legacy'],
      ['DELETE', '/api/grid/legacy/clear/'],
    ] as const) {
      const res = await t.call<Refusal>(method, url, { token: admin });
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error).toMatch(new RegExp(`at most ${MAX_QUERY_FILTERS}`));
    }
  });
});

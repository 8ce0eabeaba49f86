import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../src/server/input-checks.js';
import { MAX_MODEL_FIELDS } from '../../src/server/services/model-check.js';
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
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
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

import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';

/**
 * Model names map onto tables by lower case, so names that differ only in case
 * would share a table (USER onto the users, FORM onto the forms); and field names that are
 * Object.prototype's own would poison records built as plain objects. Both are refused,
 * and a refused model changes nothing.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

const model = (name: string, fields: unknown[] = [{ name: 'title', type: 'text' }]) => ({ name, title: name, fields });

async function modelNames(): Promise<string[]> {
  return (await t.call<string[]>('GET', '/api/models', { token: admin })).body;
}

describe('model names', () => {
  it.each(['USER', 'Form', 'GROUP', 'UserGROUP', 'MODEL', 'PAGE'])('refuses %s, which would map onto a built-in table', async (name) => {
    const before = await modelNames();
    const res = await t.call<{ error: string }>('POST', '/api/definitions/model', { token: admin, body: model(name) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already exists/);
    expect(await modelNames()).toEqual(before);
    // The built-in users are untouched and still readable.
    expect((await t.call('GET', '/api/grid/users/data/0/10', { token: admin })).status).toBe(200);
  });

  it('refuses a second model whose name differs from the first only in case', async () => {
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: model('Product') })).status).toBe(201);
    const res = await t.call<{ error: string }>('POST', '/api/definitions/model', { token: admin, body: model('PRODUCT') });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("A model named 'Product' already exists (model names are compared without regard to case)");
  });
});

describe('field names', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'])('refuses a field named %s', async (field) => {
    const before = await modelNames();
    const res = await t.call<{ error: string; details?: { pointer: string }[] }>('POST', '/api/definitions/model', {
      token: admin,
      body: model(`Thing_${field.replace(/_/g, '')}`, [{ name: field, type: 'text' }]),
    });
    expect(res.status).toBe(400);
    expect(res.body.details?.some((d) => d.pointer === '/fields/0/name')).toBe(true);
    expect(await modelNames()).toEqual(before);
  });
});

describe('display', () => {
  it('keeps a display that names the fields, and refuses one that names another', async () => {
    const fields = [
      { name: 'first', type: 'text' },
      { name: 'last', type: 'text' },
    ];
    const ok = await t.call<{ id: string }>('POST', '/api/definitions/model', { token: admin, body: { ...model('Reader', fields), display: '{first} {last}' } });
    expect(ok.status).toBe(201);
    const stored = await t.call<{ display?: string }>('GET', '/api/definitions/model/Reader', { token: admin });
    expect(stored.body.display).toBe('{first} {last}');
    const before = await modelNames();
    const bad = await t.call<{ details?: { pointer: string; message: string }[] }>('POST', '/api/definitions/model', {
      token: admin,
      body: { ...model('Writer', fields), display: '{first} {middle}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({ pointer: '/display', message: "'middle' is not a field of this model" });
    expect(await modelNames()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Bounded input: select parameters are decoded exactly once (a '%' or a '/' inside
 * a value is that character, never a 500 nor a second parameter), and ids outside the id
 * column's range are records that do not exist (404), never a database error (500).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const model = await t.call('POST', '/api/definitions/model', {
    token: admin,
    body: { name: 'Part', title: 'Parts', fields: [{ name: 'name', type: 'text' }, { name: 'bin', type: 'text' }] },
  });
  if (model.status !== 201) throw new Error(JSON.stringify(model.body));
  const form = await t.call('POST', '/api/definitions/form', {
    token: admin,
    body: { name: 'part', title: 'Part', model: 'Part', url: '/', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }, { childType: 'Input', width: 6, name: 'bin', label: 'Bin' }] }] },
  });
  if (form.status !== 201) throw new Error(JSON.stringify(form.body));
  for (const [name, bin] of [['Bolt', '100%'], ['Nut', 'A/B'], ['Washer', 'A'], ['Screw', '%']]) {
    await t.call('POST', '/api/form/part/add', { token: admin, body: { name, bin } });
  }
  const select = await t.call('POST', '/api/definitions/select', {
    token: admin,
    body: { name: 'parts', title: 'Parts', model: 'Part', valuefield: 'name', labelfield: 'name', params: ['bin'] },
  });
  if (select.status !== 201) throw new Error(JSON.stringify(select.body));
});
afterAll(async () => {
  await t.close();
});

const labels = async (path: string) => {
  const res = await t.call<[unknown, unknown][]>('GET', path, { token: admin });
  return { status: res.status, labels: Array.isArray(res.body) ? res.body.map((o) => o[1]) : res.body };
};

describe('select parameters', () => {
  it('decodes each parameter once', async () => {
    expect(await labels('/api/select/parts/%25')).toEqual({ status: 200, labels: ['Screw'] });
    expect(await labels('/api/select/parts/100%25')).toEqual({ status: 200, labels: ['Bolt'] });
    expect(await labels('/api/select/parts/A%2FB')).toEqual({ status: 200, labels: ['Nut'] });
    expect(await labels('/api/select/parts/A')).toEqual({ status: 200, labels: ['Washer'] });
    // '%2525' is the text '%25', which no part holds.
    expect(await labels('/api/select/parts/%2525')).toEqual({ status: 200, labels: [] });
  });

  it('answers 400, not 500, to a parameter that is not valid percent-encoding', async () => {
    const res = await t.call<{ error: string }>('GET', '/api/select/parts/%E0%A4%A', { token: admin });
    expect(res.status).toBe(400);
  });
});

describe('ids out of range', () => {
  it.each(['3000000000', '9007199254740993', '99999999999999999999', '-1', '1e3', '0x10'])('answers 404 for id %s', async (id) => {
    for (const path of [`/api/form/user/data/${id}`, `/api/form/part/data/${id}`]) {
      const res = await t.call('GET', path, { token: admin });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    const upd = await t.call('POST', `/api/form/part/update/${id}`, { token: admin, body: { name: 'x', _version: 1 } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(404);
    const del = await t.call('DELETE', `/api/form/part/delete/${id}`, { token: admin });
    expect(del.status, JSON.stringify(del.body)).toBe(404);
  });
});

describe('patterns from definitions', () => {
  const formWith = (name: string, pattern: string, extra: Record<string, unknown> = {}) => ({
    name,
    title: name,
    model: 'Part',
    url: '/',
    definition: [{ cols: [{ childType: 'Input', width: 12, name: 'name', label: 'Name', regularexpressionchecked: true, regularexpression: pattern, ...extra }] }],
  });

  it('runs a catastrophic pattern in linear time on the server: a long value is refused at once, not after minutes', async () => {
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: formWith('words', '^(\\w+\\s?)*$') })).status).toBe(201);
    const started = Date.now();
    const res = await t.call<{ error: string }>('POST', '/api/form/words/add', { token: admin, body: { name: `${'a'.repeat(30_000)}!` } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation Failed');
    // Native backtracking takes longer than the age of the universe here; RE2 takes milliseconds.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await t.call('POST', '/api/form/words/add', { token: admin, body: { name: 'two words' } })).status).toBe(200);
  });

  it('refuses to save a pattern the server cannot run in linear time, naming where it is', async () => {
    const before = (await t.call<unknown[]>('GET', '/api/definitions/form', { token: admin })).body.length;
    const res = await t.call<{ error: string; details: { pointer: string; message: string }[] }>('POST', '/api/definitions/form', {
      token: admin,
      body: formWith('lookahead', '^(?=.*[0-9]).+$'),
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0]?.pointer).toBe('/definition/0/cols/0/regularexpression');
    expect(res.body.details[0]?.message).toMatch(/linear time/);
    expect((await t.call<unknown[]>('GET', '/api/definitions/form', { token: admin })).body.length).toBe(before);
  });

  it('checks the length before the pattern, and caps any text at a server-side maximum', async () => {
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: formWith('short', '^[a-z]+$', { maxchecked: true, max: 5 }) })).status).toBe(201);
    const long = await t.call<{ details: { message: string }[] }>('POST', '/api/form/short/add', { token: admin, body: { name: 'abcdefgh' } });
    expect(long.status).toBe(400);
    expect(long.body.details[0]?.message).toBe('Length of Name is more then 5');
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: formWith('free', '.*') })).status).toBe(201);
    const huge = await t.call<{ details: { message: string }[] }>('POST', '/api/form/free/add', { token: admin, body: { name: 'x'.repeat(1_000_001) } });
    expect(huge.status).toBe(400);
    expect(huge.body.details[0]?.message).toBe('Length of Name is more then 1000000');
  });
});

describe('bounded bodies and answers', () => {
  it('refuses a big body from a caller who is not signed in with 413, before reading it as JSON', async () => {
    const big = { user: 'x', password: 'y'.repeat(70 * 1024) };
    const res = await t.call<{ code: string }>('POST', '/api/login', { body: big });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('TOO_LARGE');
    const register = await t.call('POST', '/api/form/register/add', { body: { user: 'big', email: 'big@example.com', password: 'z'.repeat(100 * 1024) } });
    expect(register.status).toBe(413);
    expect((await t.call('GET', '/api/grid/users/data/0/50?search=big', { token: admin })).body).toMatchObject({ rows: [] });
  });

  it('keeps sign-in, setup and the password routes small for everyone, signed in or not', async () => {
    // 20 KiB: under the 64 KiB a stranger may send anywhere, over these routes' own 16 KiB.
    const padding = 'p'.repeat(20 * 1024);
    for (const [url, body] of [
      ['/api/login', { user: 'admin', password: padding }],
      ['/api/changemypassword', { OldPassword: padding, NewPassword1: 'new password 1', NewPassword2: 'new password 1' }],
      ['/api/changeuserpassword', { id: 1, NewPassword1: padding, NewPassword2: padding }],
      ['/api/user/lost_password', { email: `${padding}@example.com` }],
    ] as const) {
      const res = await t.call<{ code: string }>('POST', url, { token: admin, body });
      expect(res.status, url).toBe(413);
    }
    // Nothing was changed: the admin's password still signs in.
    expect((await t.call('POST', '/api/login', { body: { user: 'admin', password: 'correct horse battery' } })).status).toBe(200);
  });

  it('lets a signed-in caller send a bigger body', async () => {
    const res = await t.call('POST', '/api/form/part/add', { token: admin, body: { name: 'Long', bin: 'b'.repeat(200 * 1024) } });
    expect(res.status).toBe(200);
  });

  it('lists at most ten reasons however many keys are wrong, so the answer stays small', async () => {
    const body: Record<string, string> = {};
    for (let i = 0; i < 5_000; i++) body[`k${i}`] = 'v';
    const res = await t.call<{ error: string; details: unknown[] }>('POST', '/api/form/part/add', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.details.length).toBeLessThanOrEqual(10);
    expect(JSON.stringify(res.body).length).toBeLessThan(JSON.stringify(body).length / 4);
    const login = await t.call<{ error: string; details: unknown[] }>('POST', '/api/login', { body: { ...Object.fromEntries(Object.entries(body).slice(0, 500)), user: 1 } });
    expect(login.status).toBe(400);
    expect(login.body.details.length).toBeLessThanOrEqual(10);
  });
});

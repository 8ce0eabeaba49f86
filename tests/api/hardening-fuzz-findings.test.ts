import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 11: what the route fuzzer (fuzz-routes.test.ts) found, each case as a plain
 * regression test. A hostile request is refused with a 4xx of a few hundred bytes, never a
 * 500 and never an answer that grows with what was sent.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

async function send(method: 'GET' | 'POST', url: string, options: { token?: string; contentType?: string; payload?: string } = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.contentType ? { 'content-type': options.contentType } : {}) },
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

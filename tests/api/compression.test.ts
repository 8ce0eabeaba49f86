import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../../src/server/http/app.js';
import { useTestApp, type TestApp } from '../support/test-app.js';

/**
 * Large API answers go compressed to a client that accepts it (a mode-1 grid of 100,000 rows
 * is megabytes of JSON); a 50-row page stays under the threshold and is sent as it is.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

const NOTE = 'A note long enough that a page of them is worth compressing. '.repeat(20);

async function seed(rows: number): Promise<void> {
  const ok = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: admin, body });
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await ok('/api/definitions/model', { name: 'Note', title: 'Notes', fields: [{ name: 'text', type: 'text' }] });
  await ok('/api/definitions/form', { name: 'note', title: 'Note', model: 'Note', url: '/', definition: [{ cols: [{ childType: 'Input', width: 4, name: 'text', label: 'Text' }] }] });
  for (let i = 0; i < rows; i++) await ok('/api/form/note/add', { text: `${i} ${NOTE}` });
}

const preview = (pageSize: number, encoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/Note',
    headers: { authorization: `Bearer ${admin}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    payload: { name: 'notes', definition: [{ name: 'text', label: 'Text' }], pageSize },
  });

describe('compressed API answers', () => {
  it('sends a large answer as brotli or gzip, as the client accepts, and as it is otherwise', async () => {
    await seed(60);
    const plain = await preview(60);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const rows = plain.json<{ text: string }[]>();
    expect(rows).toHaveLength(60);

    const br = await preview(60, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(rows);

    const gzip = await preview(60, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(rows);
  });

  it('sends an answer under the threshold as it is, whatever the client accepts', async () => {
    const small = await preview(5, 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(5);
  });
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The client's files go out precompressed (brotli and gzip made at build time),
 * hashed assets cached for good, index.html asked again every time.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tessera-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Tessera</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
  writeFileSync(join(clientDir, 'assets', 'index-AbCd1234.js'), script);
  writeFileSync(join(clientDir, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  t = await startTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the client files', () => {
  it('sends the brotli copy to a browser that takes brotli, gzip to one that takes only gzip, the plain file otherwise', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-AbCd1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year without asking, and always asks again for index.html', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbCd1234.js', encoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    // A client route answered with index.html (the SPA fallback) is not cached either.
    const route = await get('/grid/users');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Tessera</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
  });
});

describe('the build', () => {
  it('made a brotli and a gzip copy of every script and style sheet over 1 KB', () => {
    const assets = resolve(import.meta.dirname, '../../dist/client/assets');
    if (!existsSync(assets)) throw new Error('dist/client is missing: run `npx vite build` (npm test does) before this test');
    const texts = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f) && statSync(join(assets, f)).size > 1024);
    expect(texts.length).toBeGreaterThan(5);
    for (const file of texts) {
      const size = statSync(join(assets, file)).size;
      expect(existsSync(join(assets, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(join(assets, `${file}.gz`)), `${file}.gz`).toBe(true);
      expect(statSync(join(assets, `${file}.br`)).size, `${file}.br is smaller`).toBeLessThan(size);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

const iconsDir = join(dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')), 'icons');

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /action-icons/{name}.svg', () => {
  it('serves an icon before setup is completed, since the login screen may show icons too', async () => {
    const res = await t.call<string>('GET', '/action-icons/house.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toBe(readFileSync(join(iconsDir, 'house.svg'), 'utf8'));
  });

  it.each([
    ['an unknown name', 'no-such-icon-anywhere'],
    ['upper case', 'House'],
    ['an encoded path escape', '..%2Fpackage'],
    ['an encoded dot name', '%2E%2E'],
    ['an underscore', 'house_fill'],
  ])('answers 404 for %s', async (_what, name) => {
    const res = await t.call('GET', `/action-icons/${name}.svg`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/svg/);
  });

  it('answers 404 for a path that does not end in .svg', async () => {
    expect((await t.call('GET', '/action-icons/house.png')).status).toBe(404);
    expect((await t.call('GET', '/action-icons/house')).status).toBe(404);
  });
});

describe('GET /api/icons', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.setup();
  });

  it('lists every bootstrap icon name, sorted, for the icon picker', async () => {
    const res = await t.call<string[]>('GET', '/api/icons', { token: admin });
    expect(res.status).toBe(200);
    const files = readdirSync(iconsDir).filter((f) => f.endsWith('.svg'));
    expect(res.body).toHaveLength(files.length);
    expect(res.body).toContain('house');
    expect(res.body).toContain('gear-fill');
    expect([...res.body].sort()).toEqual(res.body);
    expect(res.body.every((n) => /^[a-z0-9-]+$/.test(n))).toBe(true);
  });

  it('every listed name is servable', async () => {
    const names = (await t.call<string[]>('GET', '/api/icons', { token: admin })).body;
    for (const name of [names[0], names[names.length - 1]]) {
      expect((await t.call('GET', `/action-icons/${String(name)}.svg`)).status).toBe(200);
    }
  });

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/icons')).status).toBe(401);
    const { token } = await t.user('iconviewer');
    expect((await t.call('GET', '/api/icons', { token })).status).toBe(403);
  });
});

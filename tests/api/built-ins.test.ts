import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../fixtures/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The definitions Tessera ships (fixtures/) are needed by the product: deleting the page
 * 'about' broke Settings > About. The server refuses to delete or rename one (409 BUILT_IN with
 * the reason), by the definitions API and through the designers' forms alike; an admin can
 * still change it, and its shipped version stays in its history to restore, however many saves
 * follow.
 */
let t: TestApp;
let admin = '';

type Doc = { id: string; name: string; title?: string; version: number } & Record<string, unknown>;
type Version = { version: number; savedAt: string | null; savedBy: string | null; current: boolean };

const fixtures = loadFixtures();
const SHIPPED = { form: fixtures.forms, grid: fixtures.grids, page: fixtures.pages, menu: fixtures.menus } as const;

beforeAll(async () => {
  process.env.VERSIONS_KEPT = '3';
  try {
    t = await startTestApp();
  } finally {
    delete process.env.VERSIONS_KEPT;
  }
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

const get = async (kind: string, name: string) => {
  const res = await t.call<Doc>('GET', `/api/definitions/${kind}/${name}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('built-in definitions', () => {
  it.each(Object.entries(SHIPPED))('refuses to delete any shipped %s, and keeps it', async (kind, docs) => {
    for (const { name } of docs) {
      const res = await t.call<{ error: string; code: string }>('DELETE', `/api/definitions/${kind}/${name}`, { token: admin });
      expect(res.status, name).toBe(409);
      expect(res.body.code).toBe('BUILT_IN');
      expect(res.body.error).toBe(
        `The ${kind} '${name}' is built in: Tessera needs it, so it cannot be deleted or renamed. Change it instead; its history keeps the shipped version to restore`,
      );
      expect((await get(kind, name)).name).toBe(name);
    }
  });

  it('refuses the delete through the designer form too (the page form deletes pages)', async () => {
    const about = await get('page', 'about');
    const res = await t.call<{ code: string }>('DELETE', `/api/form/page/delete/${about.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('BUILT_IN');
    expect((await get('page', 'about')).id).toBe(about.id);
  });

  it('refuses a rename, by the API and through the form, and changes nothing', async () => {
    const about = await get('page', 'about');
    const byApi = await t.call<{ code: string }>('PUT', `/api/definitions/page/${about.id}`, { token: admin, body: { ...about, name: 'about_us' } });
    expect(byApi.status).toBe(409);
    expect(byApi.body.code).toBe('BUILT_IN');
    const { version: _v, ...record } = about;
    const byForm = await t.call<{ code: string }>('POST', `/api/form/page/update/${about.id}`, { token: admin, body: { ...record, version: about.version, name: 'about_us' } });
    expect(byForm.status).toBe(409);
    expect(await get('page', 'about')).toEqual(about);
    expect((await t.call('GET', '/api/definitions/page/about_us', { token: admin })).status).toBe(404);
  });

  it('lets an admin change one, and restore its shipped version after more saves than are kept', async () => {
    const shipped = await get('page', 'about');
    let doc = shipped;
    for (let i = 1; i <= 5; i++) {
      const res = await t.call<Doc>('PUT', `/api/definitions/page/${doc.id}`, { token: admin, body: { ...doc, title: `About, take ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      doc = res.body;
    }
    const versions = (await t.call<Version[]>('GET', `/api/definitions/page/${doc.id}/versions`, { token: admin })).body;
    // The three newest saves (VERSIONS_KEPT=3), and the shipped version, saved by Tessera itself.
    expect(versions.map((v) => v.version)).toEqual([doc.version, doc.version - 1, doc.version - 2, shipped.version]);
    expect(versions.at(-1)?.savedBy).toBeNull();
    const restored = await t.call<Doc>('POST', `/api/definitions/page/${doc.id}/versions/${shipped.version}/restore`, { token: admin, body: { version: doc.version } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const { id: _i, version: _n, ...shippedBody } = shipped;
    const { id: _j, version: _m, ...restoredBody } = restored.body;
    expect(restoredBody).toEqual(shippedBody);
  });

  it('still deletes a definition an admin made', async () => {
    const made = await t.call<Doc>('POST', '/api/definitions/page', { token: admin, body: { name: 'scratch', title: 'Scratch', definition: [] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await t.call('DELETE', `/api/definitions/page/${made.body.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/definitions/page/scratch', { token: admin })).status).toBe(404);
  });
});

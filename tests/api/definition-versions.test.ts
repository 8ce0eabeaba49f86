import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Versions of definitions (docs/api.md): every save, from the raw API or a designer's form, keeps a
 * version with who saved it and when; any version can be read and restored as a new version;
 * the oldest beyond VERSIONS_KEPT are pruned. Admins only.
 */
let t: TestApp;
let admin: string;

type Version = { version: number; savedAt: string | null; savedBy: string | null; current: boolean };
type Select = { id: string; name: string; title: string; version: number; items: { value: string; label: string }[] };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

async function newSelect(name: string): Promise<Select> {
  const res = await t.call<Select>('POST', '/api/definitions/select', { token: admin, body: { name, title: 'Colours', items: [{ value: 'r', label: 'Red' }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function save(doc: Select, changes: Partial<Select>): Promise<Select> {
  const res = await t.call<Select>('PUT', `/api/definitions/select/${doc.id}`, { token: admin, body: { ...doc, ...changes } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const versions = async (id: string) => (await t.call<Version[]>('GET', `/api/definitions/select/${id}/versions`, { token: admin })).body;

describe('definition versions', () => {
  it('keeps every save with who saved it and when, newest first, and serves each whole document', async () => {
    const v1 = await newSelect('colours');
    const v2 = await save(v1, { title: 'Colors' });
    const v3 = await save(v2, { items: [...v2.items, { value: 'g', label: 'Green' }] });
    expect(v3.version).toBe(3);
    const list = await versions(v1.id);
    expect(list.map((v) => [v.version, v.savedBy, v.current])).toEqual([
      [3, 'admin', true],
      [2, 'admin', false],
      [1, 'admin', false],
    ]);
    for (const v of list) expect(Date.parse(v.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const first = await t.call<{ version: number; document: Select }>('GET', `/api/definitions/select/${v1.id}/versions/1`, { token: admin });
    expect(first.body.document).toEqual(v1);
    const second = await t.call<{ document: Select }>('GET', `/api/definitions/select/colours/versions/2`, { token: admin });
    expect(second.body.document).toEqual(v2);
  });

  it('keeps saves made through the built-in forms the designers use', async () => {
    const doc = await newSelect('sizes');
    const res = await t.call<{ version: number }>('POST', `/api/form/select/update/${doc.id}`, { token: admin, body: { ...doc, title: 'Sizes' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await versions(doc.id)).map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'admin'],
      [1, 'admin'],
    ]);
  });

  it('restores a version as a new one, leaving history as it was, and refuses a stale restore', async () => {
    const v1 = await newSelect('shapes');
    const v2 = await save(v1, { title: 'Forms', items: [{ value: 's', label: 'Square' }] });
    const restored = await t.call<Select>('POST', `/api/definitions/select/${v1.id}/versions/1/restore`, { token: admin, body: { version: v2.version } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toEqual({ ...v1, version: 3 });
    expect((await versions(v1.id)).map((v) => v.version)).toEqual([3, 2, 1]);
    const v2Again = await t.call<{ document: Select }>('GET', `/api/definitions/select/${v1.id}/versions/2`, { token: admin });
    expect(v2Again.body.document).toEqual(v2);

    const stale = await t.call<{ code: string }>('POST', `/api/definitions/select/${v1.id}/versions/2/restore`, { token: admin, body: { version: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await versions(v1.id)).map((v) => v.version)).toEqual([3, 2, 1]);
    expect((await t.call<Select>('GET', `/api/definitions/select/${v1.id}`, { token: admin })).body.title).toBe('Colours');
  });

  it('changes nothing when a save is refused', async () => {
    const v1 = await newSelect('moods');
    const bad = await t.call('PUT', `/api/definitions/select/${v1.id}`, { token: admin, body: { ...v1, items: 'none' } });
    expect(bad.status).toBe(400);
    const clash = await t.call('PUT', `/api/definitions/select/${v1.id}`, { token: admin, body: { ...v1, name: 'colours' } });
    expect(clash.status).toBe(409);
    expect((await versions(v1.id)).map((v) => v.version)).toEqual([1]);
  });

  it('creates a definition and its first version together, or neither', async () => {
    // A failure after the row is written (a crash, in the kill test) must not leave it without its history.
    const keep = vi.spyOn(t.app.services.defs, 'keepVersion').mockRejectedValueOnce(new Error('the disk went away'));
    try {
      const res = await t.call('POST', '/api/definitions/select', { token: admin, body: { name: 'half', title: 'Half', items: [] } });
      expect(res.status).toBe(500);
    } finally {
      keep.mockRestore();
    }
    expect((await t.call('GET', '/api/definitions/select/half', { token: admin })).status).toBe(404);
    const made = await t.call<{ id: string }>('POST', '/api/definitions/select', { token: admin, body: { name: 'half', title: 'Half', items: [] } });
    expect(made.status).toBe(201);
    expect((await t.call<unknown[]>('GET', `/api/definitions/select/${made.body.id}/versions`, { token: admin })).body).toHaveLength(1);
  });

  it('lists a definition saved before versions were kept with its stored state, and keeps that state on the next save', async () => {
    const v1 = await newSelect('legacy');
    await t.app.services.database.db.deleteFrom('sys_definition_versions').where('def_id', '=', v1.id).execute();
    expect(await versions(v1.id)).toEqual([{ version: 1, savedAt: null, savedBy: null, current: true }]);
    await save(v1, { title: 'Legacy 2' });
    const list = await versions(v1.id);
    expect(list.map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'admin'],
      [1, null],
    ]);
    expect((await t.call<{ document: Select }>('GET', `/api/definitions/select/${v1.id}/versions/1`, { token: admin })).body.document).toEqual(v1);
  });

  it('answers 404 for a version that is not kept, 400 for a restore without the version read, and keeps others out', async () => {
    const v1 = await newSelect('tastes');
    expect((await t.call('GET', `/api/definitions/select/${v1.id}/versions/7`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/definitions/select/${v1.id}/versions/x`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', `/api/definitions/select/${v1.id}/versions/1/restore`, { token: admin, body: {} })).status).toBe(400);
    const { token } = await t.user('visitor');
    expect((await t.call('GET', `/api/definitions/select/${v1.id}/versions`, { token })).status).toBe(403);
    expect((await t.call('GET', `/api/definitions/select/${v1.id}/versions`)).status).toBe(401);
  });
});

describe('pruning', () => {
  it('keeps the newest VERSIONS_KEPT versions of each definition', async () => {
    process.env.VERSIONS_KEPT = '3';
    const small = await startTestApp();
    delete process.env.VERSIONS_KEPT;
    try {
      const token = await small.setup();
      let doc = (await small.call<Select>('POST', '/api/definitions/select', { token, body: { name: 'many', title: 'v1', items: [] } })).body;
      for (let i = 2; i <= 6; i++) doc = (await small.call<Select>('PUT', `/api/definitions/select/${doc.id}`, { token, body: { ...doc, title: `v${i}` } })).body;
      const list = (await small.call<Version[]>('GET', `/api/definitions/select/${doc.id}/versions`, { token })).body;
      expect(list.map((v) => v.version)).toEqual([6, 5, 4]);
      expect((await small.call('GET', `/api/definitions/select/${doc.id}/versions/3`, { token })).status).toBe(404);
    } finally {
      await small.close();
    }
  });
});

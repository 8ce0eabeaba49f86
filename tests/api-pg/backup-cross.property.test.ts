import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbPage, arbMenu } from '../support/arbitraries.js';
import { repositoryState, restoreBackup, takeBackup } from '../support/backup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A backup is database-neutral. A random repository (users, groups, memberships, an
 * admin-made model with rows of every field type and references, pages and menus) is built on
 * SQLite, backed up and restored with 'Delete all data first' into PostgreSQL, backed up there
 * and restored into another SQLite: all three hold logically the same rows and definitions.
 */
const NUM_RUNS = 5;
const PASSWORD = 'cross-db password';
const folder = mkdtempSync(join(tmpdir(), 'tessera-cross-'));

let first: TestApp;
let pg: TestApp;
let last: TestApp;
/** The first instance right after setup, to start every run from. */
let baseline: Buffer;

beforeAll(async () => {
  first = await startTestApp({ databaseUrl: `sqlite:${join(folder, 'first.sqlite')}` });
  pg = await startTestApp();
  last = await startTestApp({ databaseUrl: `sqlite:${join(folder, 'last.sqlite')}` });
  expect([first.app.services.database.dialect, pg.app.services.database.dialect, last.app.services.database.dialect]).toEqual(['sqlite', 'postgres', 'sqlite']);
  // Each instance has its own admin session; the restores keep it (same id and name in every backup).
  await Promise.all([first.setup(), pg.setup(), last.setup()]);
  baseline = (await takeBackup(first, PASSWORD)).bytes;
}, 60_000);
afterAll(async () => {
  await Promise.all([first?.close(), pg?.close(), last?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

const FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'datetime', 'json', 'password'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

const arbText = fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', 'Z', ' ', 'é', '✓', "'", '"', '\\', '\n', '0') });
const arbJson = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const valueOf: Record<FieldType, fc.Arbitrary<unknown>> = {
  text: arbText,
  number: fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0))),
  boolean: fc.boolean(),
  date: fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  datetime: fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  json: arbJson,
  password: fc.string({ minLength: 1, maxLength: 20 }),
};

interface Repo {
  users: { admin: boolean; groups: number[] }[];
  groups: number;
  fields: FieldType[];
  rows: { values: unknown[]; owner: number | null; parent: number | null }[];
  pages: object[];
  menus: object[];
}

const arbRepo: fc.Arbitrary<Repo> = fc
  .record({
    groups: fc.integer({ min: 0, max: 3 }),
    users: fc.array(fc.record({ admin: fc.boolean(), groups: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }) }), { maxLength: 4 }),
    fields: fc.array(fc.constantFrom(...FIELD_TYPES), { minLength: 1, maxLength: 5 }),
    pages: fc.array(arbPage, { maxLength: 2 }),
    menus: fc.array(arbMenu, { maxLength: 1 }),
  })
  .chain((shape) =>
    fc
      .array(
        fc.record({
          values: fc.tuple(...shape.fields.map((t) => fc.option(valueOf[t], { nil: null }))),
          owner: fc.option(fc.nat(), { nil: null }),
          parent: fc.option(fc.nat(), { nil: null }),
        }),
        { maxLength: 6 },
      )
      .map((rows) => ({ ...shape, rows })),
  );

let serial = 0;

/** Writes a generated repository into an instance through its services (the data are the subject, not the forms). */
async function build(t: TestApp, repo: Repo): Promise<void> {
  const { store, defs } = t.app.services;
  serial += 1;
  const groupIds: unknown[] = [];
  for (let g = 0; g < repo.groups; g += 1) groupIds.push(await store.insert('Group', { name: `group ${serial}.${g}`, description: g % 2 ? 'odd' : '' }));
  const userIds: unknown[] = [await store.get1('User', 1).then((u) => u?.id)];
  for (const [i, u] of repo.users.entries()) {
    const id = await store.insert('User', { user: `user${serial}_${i}`, email: `u${serial}_${i}@example.com`, password: `$argon2id$fake${i}`, Admin: u.admin });
    userIds.push(id);
    const chosen = u.groups.map((g) => groupIds[g]).filter((g) => g !== undefined);
    if (chosen.length) await store.setLinks('User', 'groups', id, chosen);
  }
  // A model name never used before: tables outlive a restore that removes their model.
  const name = `Gen${serial}`;
  const fields = repo.fields.map((type, i) => ({ name: `f${i}`, type, label: `Field ${i}` }));
  const model = await defs.create('model', { name, title: name, fields: [...fields, { name: 'owner', type: 'reference', target: 'User', label: 'Owner' }] });
  await defs.update('model', name, { ...model, fields: [...(model.fields as object[]), { name: 'parent', type: 'reference', target: name, label: 'Parent' }], version: model.version });
  const rowIds: unknown[] = [];
  for (const row of repo.rows) {
    const values: Record<string, unknown> = { owner: row.owner === null ? null : userIds[row.owner % userIds.length] };
    row.values.forEach((v, i) => (values[`f${i}`] = v));
    // A parent among the rows already in, or itself (a self-reference, filled in after the rows on restore).
    const id = await store.insert(name, values);
    if (row.parent !== null) await store.update(name, id, { parent: [...rowIds, id][row.parent % (rowIds.length + 1)] });
    rowIds.push(id);
  }
  for (const [i, page] of repo.pages.entries()) await defs.create('page', { ...page, name: `page_${serial}_${i}` });
  for (const [i, menu] of repo.menus.entries()) await defs.create('menu', { ...menu, name: `menu_${serial}_${i}` });
  // The Settings travel too (only the record a restore takes: src/server/ops/backup-settings.ts).
  expect((await t.call('POST', '/api/settings', { token: t.adminToken, body: { ENVIRONMENT_NAME: `Generated ${serial}: ${repo.fields.join(' ')}` } })).status).toBe(200);
}

async function restoreInto(t: TestApp, archive: Buffer): Promise<void> {
  const res = await restoreBackup(t, { file: archive, password: PASSWORD, delete: 'true' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('backups across databases', { timeout: 120_000 }, () => {
  it('SQLite -> PostgreSQL -> SQLite with Delete all data first: the same repository', async () => {
    await fc.assert(
      fc.asyncProperty(arbRepo, async (repo) => {
        await restoreInto(first, baseline);
        await build(first, repo);
        const expected = await repositoryState(first);
        // The state compared holds what was generated.
        expect(expected[`Gen${serial}`]).toHaveLength(repo.rows.length);
        expect(expected.User).toHaveLength(1 + repo.users.length);
        expect(expected.UserGroup).toHaveLength(repo.users.reduce((n, u) => n + u.groups.filter((g) => g < repo.groups).length, 0));
        expect((expected.Page as { name: string }[]).filter((p) => p.name.startsWith(`page_${serial}_`))).toHaveLength(repo.pages.length);

        await restoreInto(pg, (await takeBackup(first, PASSWORD)).bytes);
        expect(await repositoryState(pg)).toEqual(expected);
        await restoreInto(last, (await takeBackup(pg, PASSWORD)).bytes);
        expect(await repositoryState(last)).toEqual(expected);

        // The restored instances work on: a new user gets an id after the restored ones.
        const next = await pg.app.services.store.insert('User', { user: `after${serial}`, email: `after${serial}@example.com` });
        const ids = (expected.User as { id: number }[]).map((u) => u.id);
        expect(Number(next)).toBeGreaterThan(Math.max(...ids));
        await pg.app.services.store.delete('User', next);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

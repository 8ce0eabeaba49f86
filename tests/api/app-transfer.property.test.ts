import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraries, mutations, type DefinitionArbitraryKind, type Mutated } from '../support/arbitraries.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Generated apps (on SQLite and PostgreSQL): what one instance exports, an empty instance
 * imports, and then exports the very same file. A file with one schema-breaking definition is
 * refused at that place and changes nothing.
 */
const NUM_RUNS = 8;
const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];
type Definitions = Record<string, Record<string, unknown>[]>;
type AppFile = { format: string; formatVersion: number; exportedAt: string; definitions: Definitions };

let source: TestApp;

/** The generated forms, grids and selects name these models (tests/support/arbitraries.ts). */
const models = ['Customer', 'Order_2'].map((name) => ({
  name,
  title: name,
  fields: [{ name: 'name', type: 'text', label: 'Name' }],
}));

let serial = 0;
const arbApp: fc.Arbitrary<Definitions> = fc.record(
  Object.fromEntries(kinds.map((kind) => [kind, fc.array((arbitraries[kind] as fc.Arbitrary<object>).map((d) => ({ ...d }) as Record<string, unknown>), { maxLength: 3 })])),
).map((byKind) => {
  // Names unique across runs and shrinks, so each run adds definitions instead of changing earlier ones.
  const out: Definitions = {};
  for (const [kind, docs] of Object.entries(byKind)) out[kind] = docs.map((doc) => ({ ...doc, name: `${String(doc.name)}_${(serial += 1)}` }));
  return out;
});

const appFile = (definitions: Definitions) => ({ format: 'tessera-app', formatVersion: 1, definitions });

async function exported(t: TestApp): Promise<AppFile> {
  const res = await t.call<AppFile>('POST', '/api/app/export', { token: t.adminToken, body: {} });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  source = await startTestApp();
  await source.setup();
  for (const body of models) {
    const res = await source.call('POST', '/api/definitions/model', { token: source.adminToken, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
});
afterAll(async () => {
  await source.close();
});

// 43 to 50 s on PostgreSQL on the two-core machine at a load of 5, past 60 s when the suite runs beside it: a margin, as the browser tests have.
describe('app files', { timeout: 180_000 }, () => {
  it('export, import into an empty instance, export: the same file', async () => {
    await fc.assert(
      fc.asyncProperty(arbApp, async (generated) => {
        const added = await source.call('POST', '/api/app/import', { token: source.adminToken, body: appFile(generated) });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const file = await exported(source);
        const target = await startTestApp();
        try {
          await target.setup();
          const res = await target.call('POST', '/api/app/import', { token: target.adminToken, body: file });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const again = await exported(target);
          expect(again.definitions).toEqual(file.definitions);
          expect({ ...again, exportedAt: file.exportedAt }).toEqual(file);
        } finally {
          await target.close();
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses a file with one broken definition at its place, and changes nothing', async () => {
    const breakers: ((d: object, seed: number) => Mutated | undefined)[] = [
      mutations.extraTopLevelKey,
      mutations.badName,
      mutations.widthThirteen,
      mutations.missingChildType,
      mutations.wrongEnum,
    ];
    await fc.assert(
      fc.asyncProperty(arbApp, fc.constantFrom(...kinds), fc.nat(breakers.length - 1), fc.nat(), async (generated, kind, which, seed) => {
        const [victim] = fc.sample(arbitraries[kind] as fc.Arbitrary<object>, { numRuns: 1, seed });
        const mutated = victim && breakers[which]?.(victim, seed);
        fc.pre(mutated !== undefined);
        if (!mutated) return;
        const before = await exported(source);
        const list = [...(generated[kind] ?? []), mutated.value];
        const file = appFile({ ...generated, [kind]: list });
        for (const url of ['/api/app/import?dryRun=1', '/api/app/import']) {
          const res = await source.call<{ details: { pointer: string }[] }>('POST', url, { token: source.adminToken, body: file });
          expect(res.status, mutated.description).toBe(400);
          expect(res.body.details.map((d) => d.pointer)).toContain(`/definitions/${kind}/${list.length - 1}${mutated.pointer}`);
        }
        expect((await exported(source)).definitions).toEqual(before.definitions);
      }),
      { numRuns: NUM_RUNS * 3 },
    );
  });
});

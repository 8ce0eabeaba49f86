import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraries, mutations, type DefinitionArbitraryKind, type Mutated } from '../support/arbitraries.js';
import { type TestApp, useTestApp } from '../support/test-app.js';

/**
 * Definitions generated from the schemas go through the real API (on SQLite and PostgreSQL)
 * and come back exactly as sent; a broken one is refused with 400 naming the place, and the
 * stored definition stays as it was. A save with a stale version answers 409 and changes nothing.
 */
const NUM_RUNS = 15;
const kinds = Object.keys(arbitraries) as DefinitionArbitraryKind[];
type Doc = Record<string, unknown> & { id: string; version: number; name: string };

let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

function withoutServerKeys(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, version: _version, ...rest } = doc;
  return rest;
}

/** Every generated definition gets a name no earlier run used, so a shrinking run never collides. */
let serial = 0;
function unique<T extends object>(definition: T): T & { name: string } {
  serial += 1;
  return { ...definition, name: `${(definition as { name?: string }).name ?? 'd'}_${serial}` };
}

/** JSON drops undefined keys; the stored copy is compared with what JSON could carry. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

async function create(kind: string, doc: unknown): Promise<Doc> {
  const res = await t.call<Doc>('POST', `/api/definitions/${kind}`, { token: admin, body: doc });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function read(kind: string, id: string): Promise<Doc> {
  const res = await t.call<Doc>('GET', `/api/definitions/${kind}/${id}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
}

describe.each(kinds)('%s definitions through the API', (kind) => {
  const arb = arbitraries[kind] as fc.Arbitrary<object>;

  it('round-trip unchanged, by id and by name', async () => {
    await fc.assert(
      fc.asyncProperty(arb.map(unique), async (definition) => {
        const created = await create(kind, definition);
        expect(created.id).toMatch(/^[0-9a-f]{32}$/);
        expect(created.version).toBe(1);
        expect(withoutServerKeys(created)).toEqual(asJson(definition));
        expect(await read(kind, created.name)).toEqual(created);
        await t.call('DELETE', `/api/definitions/${kind}/${created.id}`, { token: admin });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses a mutated update with 400 at the broken place and keeps the stored one', async () => {
    const breakers: ((d: object, seed: number) => Mutated | undefined)[] = [
      mutations.extraTopLevelKey,
      mutations.badName,
      mutations.widthThirteen,
      mutations.missingChildType,
      mutations.wrongEnum,
    ];
    await fc.assert(
      fc.asyncProperty(arb.map(unique), fc.nat(breakers.length - 1), fc.nat(), async (definition, which, seed) => {
        const mutated = breakers[which]?.(definition, seed);
        fc.pre(mutated !== undefined);
        if (!mutated) return;
        const stored = await create(kind, definition);
        const res = await t.call<{ details: { pointer: string }[] }>('PUT', `/api/definitions/${kind}/${stored.id}`, {
          token: admin,
          body: { ...mutated.value, version: stored.version },
        });
        expect(res.status, mutated.description).toBe(400);
        expect(res.body.details.map((d) => d.pointer)).toContain(mutated.pointer);
        expect(await read(kind, stored.id)).toEqual(stored);
        await t.call('DELETE', `/api/definitions/${kind}/${stored.id}`, { token: admin });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers 409 to a save with a stale version and keeps the newer one', async () => {
    const [first] = fc.sample(arb.map(unique), { numRuns: 1, seed: kind.length });
    const stored = await create(kind, first);
    const title = { ...withoutServerKeys(stored), title: 'saved first' };
    const ok = await t.call<Doc>('PUT', `/api/definitions/${kind}/${stored.id}`, { token: admin, body: { ...title, version: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(2);
    const stale = await t.call<{ code: string }>('PUT', `/api/definitions/${kind}/${stored.id}`, {
      token: admin,
      body: { ...title, title: 'saved late', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await read(kind, stored.id)).title).toBe('saved first');
  });
});

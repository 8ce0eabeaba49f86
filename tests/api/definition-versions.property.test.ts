import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraries } from '../support/arbitraries.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Versions hold whole documents: after any sequence of saves of generated definitions (on SQLite
 * and PostgreSQL), version N serves exactly what save N stored, and restoring version N gives back
 * exactly that document as the newest version, while every earlier version stays as it was.
 */
type Doc = Record<string, unknown> & { id: string; version: number; name: string };

let t: TestApp;
let admin: string;
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

const withoutVersion = ({ version: _v, ...rest }: Doc) => rest;

describe('restoring a version', () => {
  it('gives back exactly the document version N stored, as a new version', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraries.page, { minLength: 2, maxLength: 4 }), fc.nat(), async (pages, pick) => {
        const name = `versioned_${++serial}`;
        const first = await t.call<Doc>('POST', '/api/definitions/page', { token: admin, body: { ...pages[0], name } });
        expect(first.status, JSON.stringify(first.body)).toBe(201);
        const stored: Doc[] = [first.body];
        for (const page of pages.slice(1)) {
          const saved = await t.call<Doc>('PUT', `/api/definitions/page/${first.body.id}`, { token: admin, body: { ...page, name, version: stored.at(-1)!.version } });
          expect(saved.status, JSON.stringify(saved.body)).toBe(200);
          stored.push(saved.body);
        }
        for (const doc of stored) {
          const kept = await t.call<{ document: Doc }>('GET', `/api/definitions/page/${first.body.id}/versions/${doc.version}`, { token: admin });
          expect(kept.body.document).toEqual(doc);
        }
        const n = stored[pick % stored.length]!;
        const latest = stored.at(-1)!;
        const restored = await t.call<Doc>('POST', `/api/definitions/page/${first.body.id}/versions/${n.version}/restore`, { token: admin, body: { version: latest.version } });
        expect(restored.status, JSON.stringify(restored.body)).toBe(200);
        expect(restored.body.version).toBe(latest.version + 1);
        expect(withoutVersion(restored.body)).toEqual(withoutVersion(n));
        const listed = await t.call<{ version: number }[]>('GET', `/api/definitions/page/${first.body.id}/versions`, { token: admin });
        expect(listed.body.map((v) => v.version)).toEqual([latest.version + 1, ...stored.map((d) => d.version).reverse()]);
      }),
      { numRuns: 12 },
    );
  });
});

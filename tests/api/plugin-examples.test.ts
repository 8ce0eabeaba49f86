import { describe, expect, it } from 'vitest';
import { pluginHints } from '../../src/shared/plugin-hints.js';
import type { AnyColumnPlugin } from '../../src/plugin-kit/index.js';
import { type TestApp, useTestApp } from '../support/test-app.js';

/**
 * The plugin contract's round trip (docs/plugins.md): every plugin folder's examples and a new
 * column of its type, saved in a form (and in a page when the page designer offers the type),
 * come back unchanged from the definition API and from the runtime's definition route, on
 * SQLite and PostgreSQL alike. A folder added under plugins/ is covered with no edit here.
 */
const folders = Object.entries(import.meta.glob<{ plugin: AnyColumnPlugin }>('../../plugins/*/index.ts', { eager: true })).map(
  ([path, module]) => ({ folder: path.split('/').at(-2)!, plugin: module.plugin }),
);

let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

type Doc = { id: string; name: string; definition: unknown };

async function roundTrip(kind: 'form' | 'page', name: string, cols: unknown[]) {
  const definition = [{ cols }];
  const doc = kind === 'form' ? { name, title: name, model: 'User', definition, actions: [] } : { name, title: name, definition, actions: [] };
  const created = await t.call<Doc>('POST', `/api/definitions/${kind}`, { token: admin, body: doc });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const raw = await t.call<Doc>('GET', `/api/definitions/${kind}/${created.body.id}`, { token: admin });
  expect(raw.status).toBe(200);
  expect(raw.body.definition).toEqual(definition);
  const runtime = await t.call<Doc>('GET', `/api/${kind}/${name}/definition`, { token: admin });
  expect(runtime.status, JSON.stringify(runtime.body)).toBe(200);
  expect(runtime.body.definition).toEqual(definition);
}

const examplesOf = (plugin: AnyColumnPlugin) => [...(plugin.examples ?? []), plugin.create()];
const nameOf = (folder: string) => `ex_${folder.replace(/-/g, '_')}`;

describe.each(folders)('plugins/$folder through the form definition API', ({ folder, plugin }) => {
  it('round-trips its examples and a new column', async () => {
    await roundTrip('form', nameOf(folder), examplesOf(plugin));
  });
});

// The page designer offers only some types (their `designers` hint); those must survive a page too.
const pageTypes = folders.filter(({ plugin }) => pluginHints(plugin.childType)?.designers.includes('page'));

describe.each(pageTypes)('plugins/$folder through the page definition API', ({ folder, plugin }) => {
  it('round-trips its examples and a new column', async () => {
    await roundTrip('page', nameOf(folder), examplesOf(plugin));
  });
});

it('covers the eight page designer types', () => {
  expect(pageTypes.map((f) => f.plugin.childType).sort()).toEqual(['Card', 'Grid', 'Html', 'None', 'Rows', 'Tabs', 'Text', 'WorkFlow']);
});

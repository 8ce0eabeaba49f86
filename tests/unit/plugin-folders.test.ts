import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverPluginFolders, PluginFolderError, verifyPluginFolders } from '../../src/server/http/plugin-folders.js';
import { childTypes } from '../../src/shared/schema-registry.js';

/** Discovery over a scratch plugins/ folder: each kind of broken folder is refused, naming it. */
const repo = path.resolve(import.meta.dirname, '../..');
let dir: string;

function copyPlugin(folder: string, as = folder): void {
  fs.cpSync(path.join(repo, 'plugins', folder), path.join(dir, as), { recursive: true });
}
function writeSchema(folder: string, schema: object | string): void {
  fs.mkdirSync(path.join(dir, folder), { recursive: true });
  fs.writeFileSync(path.join(dir, folder, 'schema.json'), typeof schema === 'string' ? schema : JSON.stringify(schema));
  fs.writeFileSync(path.join(dir, folder, 'index.ts'), 'export {};\n');
}
function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    if (e instanceof PluginFolderError) return e.problems;
    throw e;
  }
  return [];
}
const sparkline = (extra: object = {}) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://tessera.dev/schemas/plugins/sparkline.json',
  type: 'object',
  properties: { childType: { const: 'Sparkline' }, width: { $ref: 'https://tessera.dev/schemas/common.json#/$defs/width' } },
  required: ['childType', 'width'],
  additionalProperties: false,
  'x-tessera': { label: 'Sparkline', description: 'A tiny chart.', icon: 'graph-up', category: 'content', designers: ['form', 'page'] },
  ...extra,
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-plugins-'));
  for (const folder of ['none', 'text', 'rows']) copyPlugin(folder);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('plugin discovery', () => {
  it('finds every folder of the repository, one per childType', () => {
    const found = discoverPluginFolders(path.join(repo, 'plugins'));
    expect(found.map((p) => p.childType).sort()).toEqual([...childTypes].sort());
  });

  it('finds a new folder with no other file edited', () => {
    writeSchema('sparkline', sparkline());
    expect(discoverPluginFolders(dir).map((p) => p.folder)).toEqual(['none', 'rows', 'sparkline', 'text']);
  });

  it('refuses a schema without root hints, naming it', () => {
    writeSchema('sparkline', sparkline({ 'x-tessera': undefined }));
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([expect.stringMatching(/^plugins\/sparkline\/schema\.json: has no "x-tessera" hints/)]);
  });

  it('refuses a folder without a schema, naming it', () => {
    fs.mkdirSync(path.join(dir, 'sparkline'));
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([expect.stringMatching(/^plugins\/sparkline: has no schema\.json/)]);
  });

  it('refuses a schema that is not JSON, naming the file', () => {
    writeSchema('sparkline', '{ "type": ');
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([expect.stringMatching(/^plugins\/sparkline\/schema\.json: is not valid JSON/)]);
  });

  it('refuses a schema that does not compile, naming the folder and the reason', () => {
    writeSchema('sparkline', sparkline({ properties: { childType: { const: 'Sparkline' }, width: { type: 'integr' } } }));
    const problems = problemsOf(() => discoverPluginFolders(dir));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^plugins\/sparkline\/schema\.json: does not compile: .*type/);
  });

  it('refuses a misspelt designer hint as a schema that does not compile', () => {
    writeSchema('sparkline', sparkline({ 'x-tessera': { lable: 'Sparkline' } }));
    expect(problemsOf(() => discoverPluginFolders(dir))[0]).toMatch(/^plugins\/sparkline\/schema\.json: does not compile: .*x-tessera/);
  });

  it('refuses a folder that declares the childType of another folder, or a reserved one', () => {
    const text = JSON.parse(fs.readFileSync(path.join(repo, 'plugins/text/schema.json'), 'utf8')) as { properties: object };
    writeSchema('words', { ...text, $id: 'https://tessera.dev/schemas/plugins/words.json' });
    writeSchema('tab', sparkline({ $id: 'https://tessera.dev/schemas/plugins/tab.json', properties: { childType: { const: 'Tab' } } }));
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([
      "plugins/tab: childType 'Tab' is reserved by the core schemas",
      "plugins/words: the folder of childType 'Text' must be named plugins/text",
    ]);
  });

  it('refuses a folder not named after its childType, and a wrong $id', () => {
    copyPlugin('text', 'words');
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([expect.stringMatching(/^plugins\/words\/schema\.json: \$id must be "https:\/\/tessera\.dev\/schemas\/plugins\/words\.json"/)]);
  });

  it('refuses a folder without index.ts', () => {
    writeSchema('sparkline', sparkline());
    fs.rmSync(path.join(dir, 'sparkline', 'index.ts'));
    expect(problemsOf(() => discoverPluginFolders(dir))).toEqual([expect.stringMatching(/^plugins\/sparkline: has no index\.ts/)]);
  });

  it('at start-up, names a folder the generated index does not know yet', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-root-'));
    try {
      fs.cpSync(path.join(repo, 'plugins'), path.join(root, 'plugins'), { recursive: true });
      fs.mkdirSync(path.join(root, 'src/generated'), { recursive: true });
      fs.copyFileSync(path.join(repo, 'src/generated/plugin-schemas.ts'), path.join(root, 'src/generated/plugin-schemas.ts'));
      expect(verifyPluginFolders(root).length).toBe(childTypes.length);
      dir = path.join(root, 'plugins');
      writeSchema('sparkline', sparkline());
      fs.rmSync(path.join(root, 'plugins/none'), { recursive: true });
      expect(problemsOf(() => verifyPluginFolders(root))).toEqual([
        'plugins/sparkline: is not in the generated index; run `npm run gen:types`',
        'plugins/none: is in the generated index but no longer exists; run `npm run gen:types`',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
  it('at start-up, compiles schemas once per content: a later edit that breaks one is still named', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-root-'));
    try {
      fs.cpSync(path.join(repo, 'plugins'), path.join(root, 'plugins'), { recursive: true });
      fs.cpSync(path.join(repo, 'schemas'), path.join(root, 'schemas'), { recursive: true });
      fs.mkdirSync(path.join(root, 'src/generated'), { recursive: true });
      fs.copyFileSync(path.join(repo, 'src/generated/plugin-schemas.ts'), path.join(root, 'src/generated/plugin-schemas.ts'));
      expect(verifyPluginFolders(root).length).toBe(childTypes.length);
      expect(fs.readdirSync(path.join(root, 'node_modules/.cache/tessera'))).toEqual([expect.stringMatching(/^plugin-schemas-[0-9a-f]{32}\.ok$/)]);
      // Same files: the remembered compile stands.
      expect(verifyPluginFolders(root).length).toBe(childTypes.length);
      const file = path.join(root, 'plugins/text/schema.json');
      const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
      schema.properties.broken = { type: 'integr' };
      fs.writeFileSync(file, JSON.stringify(schema));
      expect(problemsOf(() => verifyPluginFolders(root))).toEqual([expect.stringMatching(/^plugins\/text\/schema\.json: does not compile: .*type/)]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

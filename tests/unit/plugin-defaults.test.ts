import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childTypes, getValidator, pluginSchemas, validateDefinition } from '../../src/shared/schema-registry.js';
import { STEPS_FOLDER } from '../../src/server/http/plugin-folders.js';

/**
 * Contract over every plugin folder: it has a schema.json whose $id follows the folder name,
 * and its create() makes a new column that validates on its own, inside a form and inside a page,
 * and survives a JSON round trip unchanged.
 */

const pluginsDir = path.resolve(import.meta.dirname, '../../plugins');
// plugins/steps/ holds the automation step types (src/server/http/step-folders.ts), not a column type.
const folders = fs.readdirSync(pluginsDir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== STEPS_FOLDER).map((d) => d.name).sort();

/** Folder names are the kebab-case of the childType. */
const kebab = (childType: string) => childType.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

describe('plugin folders', () => {
  it('there is exactly one folder per childType', () => {
    expect(folders).toEqual(childTypes.map(kebab).sort());
  });
});

describe.each(folders)('plugin %s', (folder) => {
  it('has a schema whose $id and childType match the folder', async () => {
    const schema = JSON.parse(fs.readFileSync(path.join(pluginsDir, folder, 'schema.json'), 'utf8')) as { $id: string; properties: { childType: { const: string } } };
    expect(schema.$id).toBe(`https://tessera.dev/schemas/plugins/${folder}.json`);
    expect(kebab(schema.properties.childType.const)).toBe(folder);
    expect(pluginSchemas[schema.properties.childType.const]?.$id).toBe(schema.$id);
  });

  it('create() gives a new column that validates where columns go', async () => {
    const { create } = (await import(`../../plugins/${folder}/create.ts`)) as { create: () => { childType: string; width: number } };
    const column = create();
    expect(kebab(column.childType)).toBe(folder);
    expect(column.width).toBe(0);
    const validate = getValidator(`https://tessera.dev/schemas/plugins/${folder}.json`);
    expect(validate(column), JSON.stringify(validate.errors)).toBe(true);
    for (const kind of ['form', 'page'] as const) {
      const result = validateDefinition(kind, { name: 'contract', definition: [{ cols: [column] }] });
      expect(result.ok ? [] : result.errors).toEqual([]);
    }
    expect(JSON.parse(JSON.stringify(column))).toEqual(column);
  });

  it('create() returns a fresh object each time', async () => {
    const { create } = (await import(`../../plugins/${folder}/create.ts`)) as { create: () => object };
    expect(create()).not.toBe(create());
    expect(create()).toEqual(create());
  });
});

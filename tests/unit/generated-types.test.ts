import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/gen-types.js';

const root = path.resolve(import.meta.dirname, '../..');

/** src/generated and schemas/column.json are committed; they must be exactly what the schemas and plugin folders produce, every time. */
describe('generated types', () => {
  // generate() compiles every schema for the types and again for the standalone validators: seconds under load.
  it('are up to date and deterministic', async () => {
    const first = await generate();
    const second = await generate();
    expect([...first.keys()]).toEqual([
      'schemas/column.json', 'src/generated/built-ins.ts', 'src/generated/definitions.ts', 'src/generated/plugin-schemas.ts', 'src/generated/plugins.ts', 'src/generated/validators.ts',
      // The automation step folders' union, their schemas and their runners (plugins/steps/).
      'schemas/step.json', 'src/generated/step-schemas.ts', 'src/generated/steps.ts',
    ]);
    for (const [name, content] of first) {
      expect(second.get(name)).toBe(content);
      if (name.endsWith('.ts')) expect(content.startsWith('/* eslint-disable */\n/**\n * GENERATED FILE')).toBe(true);
      expect(fs.readFileSync(path.join(root, name), 'utf8'), `${name} is stale: run npm run gen:types`).toBe(content);
    }
  }, 30_000);

  it('name every shared type once, readably', async () => {
    const code = (await generate()).get('src/generated/definitions.ts') ?? '';
    const names = [...code.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const name of [
      'FormDefinition', 'GridDefinition', 'PageDefinition', 'MenuDefinition', 'SelectDefinition', 'ModelDefinition',
      'Row', 'Column', 'InputColumn', 'CardColumn', 'Tab', 'Action', 'RowAction', 'ModelField', 'Access', 'FieldCommon',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.filter((n) => /\d$/.test(n ?? ''))).toEqual([]);
  });
});

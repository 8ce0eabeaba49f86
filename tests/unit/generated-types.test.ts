import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, outDir } from '../../scripts/gen-types.js';

/** src/generated is committed; it must be exactly what the schemas produce, every time. */
describe('generated types', () => {
  it('are up to date and deterministic', async () => {
    const first = await generate();
    const second = await generate();
    expect([...first.keys()]).toEqual(['definitions.ts']);
    for (const [name, content] of first) {
      expect(second.get(name)).toBe(content);
      expect(content.startsWith('/* eslint-disable */\n/**\n * GENERATED FILE')).toBe(true);
      expect(fs.readFileSync(path.join(outDir, name), 'utf8'), `${name} is stale: run npm run gen:types`).toBe(content);
    }
  });

  it('name every shared type once, readably', async () => {
    const code = (await generate()).get('definitions.ts') ?? '';
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

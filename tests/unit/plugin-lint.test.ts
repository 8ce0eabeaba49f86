import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps a plugin on the plugin kit: what it refuses and what it lets through. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function refused(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('plugin imports', () => {
  it.each([
    "import { api } from '../../src/runtime/api/http';",
    "import { RowsView } from '../../src/runtime/Interpreter';",
    "import type { InputColumn } from '../../src/generated/definitions';",
    "import { validateField } from '../../src/shared/field-validation';",
    "import { errors } from '../../src/server/core/errors';",
    "import { TabsView } from '../tabs/TabsView';",
    "import { renderColumns } from '../../src/plugin-kit/testing';",
    "import { FieldFrame } from '../../src/plugin-kit/FieldFrame';",
    "import { DesignerColumn } from '../../src/plugin-kit/designer';",
    "import { DesignerColumn } from '../../src/designer/ui/DesignerColumn';",
  ])('refuses %s in a plugin', async (line) => {
    const messages = await refused(`${line}\nexport const x = 1;\n`, 'plugins/sparkline/Sparkline.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/imports only the plugin kit/);
  });

  it('lets a plugin import the kit, its own files and npm packages', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { definePlugin, useDesignerColumn, type RenderProps } from '../../src/plugin-kit';",
      "import { create } from './create';",
      "import schema from './schema.json' with { type: 'json' };",
      'export const x = [useState, definePlugin, useDesignerColumn, create, schema] as unknown as RenderProps;',
    ].join('\n');
    expect(await refused(code, 'plugins/sparkline/index.ts')).toEqual([]);
  });

  it("lets a plugin's tests add the kit's testing helpers, and nothing else of Tessera", async () => {
    expect(await refused("import { renderColumns } from '../../src/plugin-kit/testing';\nexport { renderColumns };\n", 'plugins/sparkline/Sparkline.test.tsx')).toEqual([]);
    expect(await refused("import { server } from '../../tests/support/msw';\nexport { server };\n", 'plugins/sparkline/Sparkline.test.tsx')).toHaveLength(1);
  });

  it('does not restrict the app itself', async () => {
    expect(await refused("import { api } from '../api/http';\nexport { api };\n", 'src/app/screens/Thing.tsx')).toEqual([]);
  });
});

import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../../scripts/layers.mjs';
import { cycles, importGraph, wrongArrows, type ImportGraph } from '../support/import-graph';

/**
 * The layers run one way (scripts/layers.mjs, docs/architecture.md) and no module imports itself
 * back through others. The whole source is read here, so a new wrong arrow or cycle fails CI even
 * where the lint rule's patterns could not see it (a dynamic import, a generated file).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
// The kit's test helpers mount runtime internals for plugin tests: test code, not a layer's.
const TEST_HELPERS = (file: string) => file === 'src/plugin-kit/testing.tsx';

describe('the source', () => {
  const graph = importGraph(ROOT, ['src', 'plugins']);

  it('is read whole', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/app/main.tsx')?.length).toBeGreaterThan(0);
  });

  it('imports only downwards, from every layer', () => {
    expect(wrongArrows(graph, TEST_HELPERS)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has layer folders that exist and belong to one layer each', () => {
    const folders = LAYERS.flatMap((l) => l.folders);
    expect(new Set(folders).size).toBe(folders.length);
    for (const folder of folders) expect([...graph.keys()].some((f) => f.startsWith(`${folder}/`)), folder).toBe(true);
  });
});

describe('the checks themselves', () => {
  const fake: ImportGraph = new Map([
    ['src/runtime/form.ts', ['src/app/screens/FormScreen.tsx', 'src/shared/paging.ts']],
    ['src/app/screens/FormScreen.tsx', ['src/runtime/form.ts']],
    ['src/server/http/app.ts', ['src/ui/Modal.tsx']],
    ['src/server/records/model-store.ts', ['src/server/http/context.ts', 'src/server/core/errors.ts']],
    ['src/server/auth/auth.ts', ['src/server/definitions/definitions.ts', 'src/generated/definitions.ts']],
    ['plugins/a/index.ts', ['plugins/b/index.ts', 'plugins/a/A.tsx', 'src/plugin-kit/index.ts']],
    ['src/plugin-kit/designer.ts', ['src/designer/ui/DesignerColumn.tsx']],
    ['src/designer/ui/Inspector.tsx', ['src/runtime/api/useApi.ts', 'src/runtime/loaded.ts', 'src/designer/services.tsx']],
    ['src/designer/ui/Toolbar.tsx', ['src/runtime/registry.ts', 'src/runtime/plugin.ts']],
    ['src/shared/paging.ts', []],
  ]);

  it('find a wrong arrow', () => {
    expect(wrongArrows(fake)).toEqual([
      'src/runtime/form.ts -> src/app/screens/FormScreen.tsx (runtime -> app)',
      'src/server/http/app.ts -> src/ui/Modal.tsx (server/http -> ui)',
      'src/server/records/model-store.ts -> src/server/http/context.ts (server/records -> server/http)',
      'src/server/auth/auth.ts -> src/server/definitions/definitions.ts (server/auth -> server/definitions)',
      'plugins/a/index.ts -> plugins/b/index.ts (plugins -> plugins)',
      'src/plugin-kit/designer.ts -> src/designer/ui/DesignerColumn.tsx (plugin-kit -> designer)',
      'src/designer/ui/Inspector.tsx -> src/runtime/api/useApi.ts (designer -> src/runtime/api, handed in instead)',
      'src/designer/ui/Toolbar.tsx -> src/runtime/registry.ts (designer -> src/runtime/registry, handed in instead)',
    ]);
  });

  it('find a cycle', () => {
    expect(cycles(fake)).toEqual([['src/runtime/form.ts', 'src/app/screens/FormScreen.tsx']]);
  });
});

describe('the lint rule', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const refused = async (code: string, file: string) => {
    const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, { filePath: file });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'tessera/layer-imports').map((m) => m.message);
  };

  it.each([
    ["import { FormScreen } from '../app/screens/FormScreen';", 'src/runtime/form-logic.ts'],
    ["import { Designer } from '../../designer/ui/Designer';", 'src/runtime/views/GridView.tsx'],
    ["import { api } from '../runtime/api/http';", 'src/ui/Loading.tsx'],
    ["import { errors } from '../server/core/errors';", 'src/shared/paging.ts'],
    ["import { Modal } from '../../ui/Modal';", 'src/server/routes/forms.ts'],
    ["import { buildApp } from '../http/app';", 'src/server/records/model-store.ts'],
    ["export { buildApp } from '../http/app';", 'src/server/records/model-store.ts'],
    ["const app = await import('../http/app.js');", 'src/server/records/model-store.ts'],
    ["import type { Definitions } from '../definitions/definitions.js';", 'src/server/auth/auth.ts'],
    ["import { backup } from '../ops/backup.js';", 'src/server/definitions/definitions.ts'],
    ["import type { Services } from '../ops/services.js';", 'src/server/core/site-settings.ts'],
    ["import { GridScreen } from '../../app/screens/GridScreen';", 'src/designer/ui/Canvas.tsx'],
    ["import { DesignerColumn } from '../designer/ui/DesignerColumn';", 'src/plugin-kit/index.ts'],
    ["import { useApi } from '../../runtime/api/useApi';", 'src/designer/ui/Inspector.tsx'],
    ["import { api } from '../../../runtime/api/http.js';", 'src/designer/ui/editors/IconPicker.tsx'],
    ["import { createRegistry } from '../../runtime/registry';", 'src/designer/ui/Toolbar.tsx'],
  ])('refuses %s in %s', async (line, file) => {
    const messages = await refused(line, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/layer imports only|layer is handed/);
  });

  it('says what the designer is handed instead of importing', async () => {
    expect(await refused("import { useApi } from '../../runtime/api/useApi';", 'src/designer/ui/Inspector.tsx')).toEqual([
      "The designer layer is handed src/runtime/api and does not import it: see docs/architecture.md.",
    ]);
  });

  it('lets each layer import what lies below it', async () => {
    expect(await refused("import { RowsView } from '../../runtime/Interpreter';\nimport { Modal } from '../../ui/Modal';", 'src/designer/ui/Canvas.tsx')).toEqual([]);
    expect(await refused("import type { PluginRegistry } from '../../runtime/plugin';\nimport { useLoaded } from '../../runtime/loaded';", 'src/designer/ui/Canvas.tsx')).toEqual([]);
    expect(await refused("import { api } from '../runtime/api/http';\nimport { createRegistry } from '../runtime/registry';", 'src/app/host.tsx')).toEqual([]);
    expect(await refused("import { pageCount } from '../../shared/paging';", 'src/server/routes/grids.ts')).toEqual([]);
    expect(await refused("import { ModelStore } from '../records/model-store.js';\nimport { errors } from '../core/errors.js';", 'src/server/auth/auth.ts')).toEqual([]);
    expect(await refused("import type { Services } from '../ops/services.js';", 'src/server/http/app.ts')).toEqual([]);
    expect(await refused("import { buildApp } from './http/app.js';", 'src/server/main.ts')).toEqual([]);
    expect(await refused("import { GridView } from '../../runtime/views/GridView';", 'src/app/screens/GridScreen.tsx')).toEqual([]);
  });

  it('tells folders apart by their whole path, not by their last name', async () => {
    // src/generated/definitions.ts and src/runtime/api/http.ts share a name with server folders.
    expect(await refused("import type { FormDefinition } from '../../generated/definitions.js';", 'src/server/records/model-store.ts')).toEqual([]);
    expect(await refused("import { api } from '../../runtime/api/http';", 'src/app/screens/FormScreen.tsx')).toEqual([]);
    expect(await refused("import { x } from '../definitions/definitions.js';", 'src/server/records/model-store.ts')).toHaveLength(1);
  });
});

import { dirname, join, relative, sep } from 'node:path';

/**
 * The source's layers, lowest first, and what each may import (docs/architecture.md). One table
 * serves eslint.config.js (the `tessera/layer-imports` rule below) and the structure test
 * (tests/unit/layers.test.ts, which also refuses import cycles). Paths outside src/ and plugins/
 * (schemas/*.json, npm packages) are open to every layer. `not` names modules of an allowed layer
 * that a layer is handed instead of importing them (a folder, or a file without its extension).
 */
export const LAYERS = [
  { name: 'shared', folders: ['src/shared', 'src/generated'], may: [] },
  { name: 'ui', folders: ['src/ui'], may: ['shared'] },
  { name: 'runtime', folders: ['src/runtime'], may: ['shared', 'ui'] },
  // The app hands the designer its API client and its plugins (src/designer/services.tsx).
  { name: 'designer', folders: ['src/designer'], may: ['shared', 'ui', 'runtime'], not: ['src/runtime/api', 'src/runtime/registry'] },
  // A designer column gets the designer from the host (runtime/host.tsx), not from the kit.
  { name: 'plugin-kit', folders: ['src/plugin-kit'], may: ['shared', 'ui', 'runtime'] },
  // Automation step types (plugins/steps/<type>/run.ts): the step kit alone; the server's runner
  // imports them (through src/generated/steps.ts), as the app imports the column plugins.
  { name: 'steps', folders: ['plugins/steps'], may: ['plugin-kit'] },
  { name: 'plugins', folders: ['plugins'], may: ['plugin-kit'] },
  { name: 'app', folders: ['src/app'], may: ['shared', 'ui', 'runtime', 'designer', 'plugin-kit', 'plugins'] },
  // The server, one layer per folder: what every part reads, the model tables, the definitions
  // and the callers beside them, the jobs on the whole application, and the HTTP surface on top.
  { name: 'server/core', folders: ['src/server/core', 'src/server/db'], may: ['shared'] },
  { name: 'server/records', folders: ['src/server/records'], may: ['shared', 'server/core'] },
  { name: 'server/definitions', folders: ['src/server/definitions'], may: ['shared', 'server/core', 'server/records'] },
  { name: 'server/auth', folders: ['src/server/auth'], may: ['shared', 'server/core', 'server/records'] },
  // The record history: what is kept of each record's changes, and reading it back.
  { name: 'server/history', folders: ['src/server/history'], may: ['shared', 'server/core', 'server/records'] },
  { name: 'server/ops', folders: ['src/server/ops'], may: ['shared', 'server/core', 'server/records', 'server/definitions', 'server/auth', 'steps'] },
  {
    name: 'server/http',
    folders: ['src/server/http', 'src/server/routes'],
    may: ['shared', 'server/core', 'server/records', 'server/definitions', 'server/auth', 'server/ops', 'server/history'],
  },
];

/**
 * Files that sit in one layer's folder (or in none) but belong to another: the generated plugin
 * list belongs to the app's composition root (it imports every plugin folder; src/app/host.tsx
 * registers them); the generated step list belongs to the step folders it imports (the server's
 * automations runner imports it); the server's entry point stays at src/server/main.ts, where `npm start` runs it.
 */
export const PLACED = { 'src/generated/plugins.ts': 'app', 'src/generated/steps.ts': 'steps', 'src/server/main.ts': 'server/http' };

/** The layer of a repository path (forward slashes), or undefined outside every layer. */
export function layerOf(path) {
  if (PLACED[path]) return PLACED[path];
  return LAYERS.find((l) => l.folders.some((f) => path === f || path.startsWith(`${f}/`)))?.name;
}

/** Whether a file of layer `from` may import one of layer `to`. */
export function mayImport(from, to) {
  if (from === to || to === undefined) return true;
  return LAYERS.find((l) => l.name === from)?.may.includes(to) ?? true;
}

/**
 * The module of `to` (a repository path) that a file of layer `from` may not import although its
 * layer may (the layer's `not`), or undefined.
 */
export function withheld(from, to) {
  const own = LAYERS.find((l) => l.name === from);
  return (own?.not ?? []).find((p) => to === p || to.startsWith(`${p}.`) || to.startsWith(`${p}/`));
}

/** A path as the table writes it: relative to the repository, with forward slashes. */
function repositoryPath(root, path) {
  return relative(root, path).split(sep).join('/');
}

/**
 * The ESLint rule made from the table: a relative import (static, re-export or dynamic) whose
 * target lies in a layer the file's layer may not import is refused. The specifier is resolved
 * against the file's folder before its layer is looked up, so folders are told apart by their
 * whole path: '../../generated/definitions' is shared, '../definitions/definitions' the server's
 * definitions folder, and a layer's folder may share its name with a file anywhere else.
 */
export const layerImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run down the layers of scripts/layers.mjs (docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const file = repositoryPath(context.cwd, context.filename);
    const layer = layerOf(file);
    if (layer === undefined) return {};
    const allowance = LAYERS.find((l) => l.name === layer)?.may.join(', ') || 'its own files';
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const path = repositoryPath(context.cwd, join(dirname(context.filename), spec));
      const target = layerOf(path);
      const kept = withheld(layer, path);
      if (kept !== undefined) {
        context.report({ node: node.source, message: `The ${layer} layer is handed ${kept} and does not import it: see docs/architecture.md.` });
        return;
      }
      if (mayImport(layer, target)) return;
      context.report({
        node: node.source,
        message: `The ${layer} layer imports only ${allowance} (and npm packages), not ${target}: see docs/architecture.md.`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

import { dirname, join, relative, sep } from 'node:path';

/**
 * The source's layers, lowest first, and what each may import (docs/architecture.md). One table
 * serves eslint.config.js (the `tessera/layer-imports` rule below) and the structure test
 * (tests/unit/layers.test.ts, which also refuses import cycles). Paths outside src/ and plugins/
 * (schemas/*.json, npm packages) are open to every layer.
 */
export const LAYERS = [
  { name: 'shared', folders: ['src/shared', 'src/generated'], may: [] },
  { name: 'ui', folders: ['src/ui'], may: ['shared'] },
  { name: 'runtime', folders: ['src/runtime'], may: ['shared', 'ui'] },
  { name: 'designer', folders: ['src/designer'], may: ['shared', 'ui', 'runtime'] },
  { name: 'plugin-kit', folders: ['src/plugin-kit'], may: ['shared', 'ui', 'runtime', 'designer'] },
  { name: 'plugins', folders: ['plugins'], may: ['plugin-kit'] },
  { name: 'app', folders: ['src/app'], may: ['shared', 'ui', 'runtime', 'designer', 'plugin-kit', 'plugins'] },
  // The server, one layer per folder: what every part reads, the model tables, the definitions
  // and the callers beside them, the jobs on the whole application, and the HTTP surface on top.
  { name: 'server/core', folders: ['src/server/core', 'src/server/db'], may: ['shared'] },
  { name: 'server/records', folders: ['src/server/records'], may: ['shared', 'server/core'] },
  { name: 'server/definitions', folders: ['src/server/definitions'], may: ['shared', 'server/core', 'server/records'] },
  { name: 'server/auth', folders: ['src/server/auth'], may: ['shared', 'server/core', 'server/records'] },
  { name: 'server/ops', folders: ['src/server/ops'], may: ['shared', 'server/core', 'server/records', 'server/definitions', 'server/auth'] },
  {
    name: 'server/http',
    folders: ['src/server/http', 'src/server/routes'],
    may: ['shared', 'server/core', 'server/records', 'server/definitions', 'server/auth', 'server/ops'],
  },
];

/**
 * Files that sit in one layer's folder (or in none) but belong to another: the generated plugin
 * list is the app's composition root (it imports every plugin folder and registers it); the
 * server's entry point stays at src/server/main.ts, where `npm start` runs it.
 */
export const PLACED = { 'src/generated/plugins.ts': 'app', 'src/server/main.ts': 'server/http' };

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
      const target = layerOf(repositoryPath(context.cwd, join(dirname(context.filename), spec)));
      if (mayImport(layer, target)) return;
      context.report({
        node: node.source,
        message: `The ${layer} layer imports only ${allowance} (and npm packages), not ${target}: see docs/architecture.md.`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * The source's layers, lowest first, and what each may import (docs/architecture.md). One table
 * serves eslint.config.js (a `no-restricted-imports` rule per layer) and the structure test
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
  { name: 'server', folders: ['src/server'], may: ['shared'] },
];

/**
 * Files that sit in one layer's folder but belong to another: the generated plugin list is the
 * app's composition root (it imports every plugin folder and registers it).
 */
export const PLACED = { 'src/generated/plugins.ts': 'app' };

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

/** The last path segment of each layer's folders, as they appear in a relative import. */
function segments(layer) {
  return layer.folders.map((f) => f.split('/').at(-1));
}

/**
 * A regex over relative import specifiers that a file of `layer` must not use: any that names
 * a folder of a layer it may not import ('../app/screens/X', '../../server/errors').
 */
export function forbiddenImportPattern(layer) {
  const own = LAYERS.find((l) => l.name === layer);
  const banned = LAYERS.filter((l) => l.name !== layer && !own.may.includes(l.name)).flatMap(segments);
  // Folder names are plain words (no regex characters), each unique among the layers (the test checks it).
  return String.raw`^\.{1,2}/(?:.*/)?(?:${banned.join('|')})(?:/|$)`;
}

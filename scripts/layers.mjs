/**
 * The source's layers, lowest first, and what each may import (docs/architecture.md). One table
 * serves eslint.config.js (a `no-restricted-imports` rule per layer) and the structure test
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
  { name: 'plugins', folders: ['plugins'], may: ['plugin-kit'] },
  { name: 'app', folders: ['src/app'], may: ['shared', 'ui', 'runtime', 'designer', 'plugin-kit', 'plugins'] },
  { name: 'server', folders: ['src/server'], may: ['shared'] },
];

/**
 * Files that sit in one layer's folder but belong to another: the generated plugin list belongs
 * to the app's composition root (it imports every plugin folder; src/app/host.tsx registers them).
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

/**
 * The module of `to` (a repository path) that a file of layer `from` may not import although its
 * layer may (the layer's `not`), or undefined.
 */
export function withheld(from, to) {
  const own = LAYERS.find((l) => l.name === from);
  return (own?.not ?? []).find((p) => to === p || to.startsWith(`${p}.`) || to.startsWith(`${p}/`));
}

/** The last path segment of each layer's folders, as they appear in a relative import. */
function segments(layer) {
  return layer.folders.map((f) => f.split('/').at(-1));
}

/**
 * A regex over relative import specifiers that a file of `layer` must not use: any that names
 * a folder of a layer it may not import ('../app/screens/X', '../../server/errors'), or a module
 * its layer's `not` withholds ('../../runtime/api/useApi' in the designer).
 */
export function forbiddenImportPattern(layer) {
  const own = LAYERS.find((l) => l.name === layer);
  const banned = LAYERS.filter((l) => l.name !== layer && !own.may.includes(l.name)).flatMap(segments);
  // A withheld module by its folder and name ('../../runtime/api/http', '../runtime/registry.js').
  const withheldModules = (own.not ?? []).map((p) => p.split('/').slice(-2).join('/'));
  // Folder names are plain words (no regex characters), each unique among the layers (the test checks it).
  const layers = banned.length ? [String.raw`(?:${banned.join('|')})(?:/|$)`] : [];
  const modules = withheldModules.length ? [String.raw`(?:${withheldModules.join('|')})(?:\.[a-z]+)?(?:/|$)`] : [];
  const parts = [...layers, ...modules];
  return parts.length ? String.raw`^\.{1,2}/(?:.*/)?(?:${parts.join('|')})` : '(?!)';
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { layerOf, mayImport, withheld } from '../../scripts/layers.mjs';

/** Repository-relative file -> the repository-relative files it imports (relative specifiers only). */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx)$/;

function walk(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path.split('\\').join('/'));
  }
}

/** Where a relative specifier written in `from` lands, as TypeScript and Vite resolve it. */
function resolveSpecifier(root: string, from: string, spec: string): string | undefined {
  const base = normalize(join(dirname(from), spec)).split('\\').join('/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  if (base.endsWith('.js')) candidates.unshift(`${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.tsx`);
  return candidates.find((c) => SOURCE.test(c) && existsSync(join(root, c)));
}

/** Every static and dynamic relative import of the TypeScript files under `folders`. */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const files: string[] = [];
  for (const folder of folders) walk(root, folder, files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveSpecifier(root, file, spec))
      .filter((t): t is string => t !== undefined);
    graph.set(relative(root, join(root, file)).split('\\').join('/'), targets);
  }
  return graph;
}

/** Imports that go against the layers (scripts/layers.mjs): `from -> to (layer -> layer)`. */
export function wrongArrows(graph: ImportGraph, allowed: (file: string) => boolean = () => false): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    if (allowed(from)) continue;
    for (const to of targets) {
      const a = layerOf(from);
      const b = layerOf(to);
      // A plugin imports only the kit and its own folder (the plugin lint rule says so too).
      const sameFolder = a === 'plugins' && b === 'plugins' && from.split('/')[1] === to.split('/')[1];
      if (a !== undefined && !sameFolder && (a === 'plugins' && b === 'plugins' ? true : !mayImport(a, b))) wrong.push(`${from} -> ${to} (${a} -> ${b})`);
      // A module the layer is handed rather than imports (the designer's API client and plugins).
      else if (a !== undefined && withheld(a, to)) wrong.push(`${from} -> ${to} (${a} -> ${withheld(a, to)}, handed in instead)`);
    }
  }
  return wrong;
}

/** The import cycles, each as its files in order (Tarjan's strongly connected components). */
export function cycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.reverse());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleFigures {
  /** The entry script and what loads with it: its modulepreloads and static imports. */
  firstLoad: ChunkSize[];
  firstLoadGzip: number;
  /** Every other JS chunk: loaded on demand by a dynamic import. */
  lazy: ChunkSize[];
  css: ChunkSize[];
  /** Source modules, by group, bundled into the first-load chunks (minified bytes, before gzip). */
  inFirstLoad: Record<string, { modules: number; bytes: number }>;
}

/** Groups of source modules kept out of the first load (docs/performance.md). */
const LAZY_GROUPS: Record<string, RegExp> = {
  // A designer's registration (index, create, schema) loads with the app; its UI must not.
  designers: /\/plugins\/[a-z-]*designer\/(?!index\.ts|create\.ts|schema\.json)/,
  codemirror: /\/node_modules\/(@codemirror|codemirror|@lezer)\//,
  'rich text (tiptap)': /\/node_modules\/(@tiptap|prosemirror-[a-z-]+)\//,
  // The admins' API reference page (/apidocs) and its Swagger UI.
  'swagger-ui (/apidocs)': /\/node_modules\/swagger-ui-dist\/|\/src\/client\/screens\/ApiDocsViewer\.tsx/,
};

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/**
 * Builds the app exactly as `npm run build` does (same config file, dist/client) with one probe
 * plugin added that records which source modules went into which chunk; that is what tells
 * whether the designers or CodeMirror ride along in the first load. The build takes a few
 * seconds, so it is always redone rather than trusting a dist/client of unknown age.
 */
export async function measureBundle(root: string): Promise<BundleFigures> {
  const modulesOf = new Map<string, Record<string, number>>();
  const probe: Plugin = {
    name: 'bench-chunk-probe',
    generateBundle(_options, bundle) {
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        const sizes: Record<string, number> = {};
        for (const [id, info] of Object.entries(out.modules)) sizes[id] = info.renderedLength;
        modulesOf.set(file, sizes);
      }
    },
  };
  await build({ configFile: join(root, 'vite.config.ts'), plugins: [probe], logLevel: 'warn' });

  const dist = join(root, 'dist/client');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/client/index.html has no <script type="module" src>');
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  const asFile = (href: string) => href.replace(/^\.?\//, '');

  // Walk static imports from the entry too: a chunk imported statically loads at once even
  // when no modulepreload link names it. Dynamic import("...") calls are not followed.
  const first = new Set<string>();
  const queue = [entry, ...preloads].map(asFile);
  while (queue.length) {
    const file = queue.shift() as string;
    if (first.has(file)) continue;
    first.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    const statics = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
    for (const m of code.matchAll(statics)) queue.push(normalizeRelative(dir, m[1] as string));
  }

  const size = (file: string): ChunkSize => {
    const bytes = readFileSync(join(dist, file));
    return { file, bytes: bytes.length, gzip: gz(bytes) };
  };
  const assets = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  const firstLoad = [...first].map(size);
  const lazy = assets.filter((f) => f.endsWith('.js') && !first.has(f)).map(size).sort((a, b) => b.gzip - a.gzip);
  const css = assets.filter((f) => f.endsWith('.css')).map(size);

  const inFirstLoad: BundleFigures['inFirstLoad'] = {};
  for (const [group, pattern] of Object.entries(LAZY_GROUPS)) {
    const tally = { modules: 0, bytes: 0 };
    for (const file of first) {
      for (const [id, bytes] of Object.entries(modulesOf.get(file) ?? {})) {
        if (pattern.test(id)) {
          tally.modules++;
          tally.bytes += bytes;
        }
      }
    }
    inFirstLoad[group] = tally;
  }
  if (!modulesOf.size) throw new Error('the chunk probe saw no chunks');
  return { firstLoad, firstLoadGzip: firstLoad.reduce((s, c) => s + c.gzip, 0), lazy, css, inFirstLoad };
}

/** `dir` + a relative import, as a path inside dist (no leading slash). */
function normalizeRelative(dir: string, spec: string): string {
  const parts = (dir + spec).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '.' || p === '') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

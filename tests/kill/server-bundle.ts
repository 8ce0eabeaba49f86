import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Packages left out of the bundle and loaded from node_modules as usual: native addons,
 * WebAssembly, binaries and thread workers find their files next to their own code.
 */
const EXTERNAL = ['better-sqlite3', 'pg-native', '@node-rs/argon2', 're2-wasm', '7zip-bin', 'pino', 'thread-stream', 'pino-pretty', 'tsx', 'tsx/*'];

export interface ServerBundle {
  /** The bundled src/server/main.ts: start it with `node <entry>` from the project folder. */
  entry: string;
  remove(): void;
}

/**
 * The server as one JavaScript file, built once per test run, so a test that starts it a hundred
 * times does not pay tsx's transpiling of every module at each start (measured: a start via tsx
 * took 3.5-5 s here, the bundle about half; docs/durability.md). Every `import.meta.url` in our
 * sources keeps naming its source file, so what the server reads beside its code (fixtures/,
 * plugins/, src/generated/, bootstrap-icons through createRequire) is found as under tsx; the
 * access log's writer thread is bundled too and placed where access-log.ts looks for it.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bundle-'));
  // The bundle's own imports (the external packages) resolve from its folder.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'server'));
  const workerHost = join(ROOT, 'src/server/ops/access-log.ts');
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { 'server/main': 'src/server/main.ts', 'server/access-log-worker': 'src/server/ops/access-log-writer.ts' },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __tesseraRequire } from 'node:module'; const require = __tesseraRequire(import.meta.url);" },
    logLevel: 'error',
    plugins: [
      {
        name: 'source-urls',
        setup(build) {
          build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
            if (args.path.includes(`${'/'}node_modules${'/'}`)) return undefined;
            const text = readFileSync(args.path, 'utf8');
            // access-log.ts finds its worker beside the bundle (server/access-log-worker.mjs).
            const contents = args.path === workerHost ? text : text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
            const loader = args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js';
            return { contents, loader };
          });
        },
      },
    ],
  });
  return { entry: join(dir, 'server/main.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

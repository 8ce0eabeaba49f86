import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { freePort } from '../../../tests/support/server-process.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built folder on 127.0.0.1 at a free port, and other folders under URL prefixes. The page is cross-origin isolated
 * (COOP + COEP): Chromium then gives performance.now() 5 µs resolution instead of 100 µs, which
 * matters when one keystroke costs well under a millisecond.
 */
export async function serveStatic(dir: string, mounts: Readonly<Record<string, string>> = {}): Promise<StaticServer> {
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    // A mount serves another folder under a URL prefix (the designers' /action-icons/).
    const mount = Object.keys(mounts).find((prefix) => path.startsWith(prefix));
    const base = mount ? (mounts[mount] as string) : dir;
    const file = normalize(join(base, mount ? path.slice(mount.length) : path === '/' ? 'index.html' : path));
    if (!file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
          'Cache-Control': 'no-store',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

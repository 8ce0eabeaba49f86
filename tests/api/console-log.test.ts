import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';

/**
 * At the default log level the console says what a person running the server needs
 * (ready, closing, warnings, errors) and nothing per request; the access log is the record of
 * requests. Written asynchronously, the lines are still all there when the server stops.
 */
describe('the console log at the default level', () => {
  it('says the server is ready and closing, and nothing for each request', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-console-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' });
    try {
      for (let i = 0; i < 30; i++) {
        await (await fetch(`${server.url}/api/checkuser?probe=${i}`)).arrayBuffer();
        await (await fetch(`${server.url}/api/no-such-route-${i}`)).arrayBuffer();
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const lines = server.output().split('\n').filter(Boolean);
    expect(lines.some((l) => l.includes('Tessera is ready at http://localhost:'))).toBe(true);
    // Written at close, after the last request: the buffered destination was flushed.
    expect(lines.some((l) => l.includes('SIGTERM: closing'))).toBe(true);
    expect(lines.filter((l) => /checkuser|no-such-route|incoming request|request completed/.test(l))).toEqual([]);
    expect(lines.length).toBeLessThan(15);
  }, 90_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { cookieValue } from './cookies';

const ROOT = resolve(import.meta.dirname, '../..');
const SETUP_CODE = /setup code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

/** The last setup code a server's log shows; waits a moment for the line to be flushed. */
export async function setupCodeFromLog(log: () => string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = [...log().matchAll(new RegExp(SETUP_CODE, 'g'))].at(-1)?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no setup code in the server's log:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Every server this test process started and has not seen exit. A test file whose setup fails
 * part-way (Chromium missing after the server started) has no handle to stop them with, and a
 * server outlives its test process unless told: so they all go when this process exits.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** The setup code this server printed in its log at start, as a person reads it there. */
  setupCode(): Promise<string>;
  /** Finishes setup with the printed code; answers the new admin's session token (from its cookie). */
  finishSetup(body: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the server as its own process, as `npm start` does (scripts/start-server.sh, which execs
 * node, so the child's pid is the server's), and waits until it answers. `nodeOptions` are added
 * to node's (a bench's --cpu-prof).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, nodeOptions: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('sh', ['scripts/start-server.sh', ...nodeOptions], {
    cwd: ROOT,
    // One process unless a test asks for workers: a cluster takes longer to start.
    env: { ...process.env, LOG_LEVEL: 'warn', WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/env/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const setupCode = () => setupCodeFromLog(() => log);
  return {
    url,
    child,
    output: () => log,
    setupCode,
    async finishSetup(body) {
      const res = await fetch(`${url}/api/setup/finish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' },
        body: JSON.stringify({ ...body, setupCode: await setupCode() }),
      });
      if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
      const token = cookieValue(res.headers.getSetCookie(), 'token');
      if (!token) throw new Error('setup answered no token cookie');
      return token;
    },
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

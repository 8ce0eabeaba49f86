import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * REQUEST_TIMEOUT_SECONDS: a request must arrive whole (headers and body) within it, or the
 * server answers 408 and closes the connection. Fastify turns Node's own limit off by default,
 * so a client sending its body a byte at a time held a socket for as long as it liked; a
 * hundred of them held a hundred sockets past 100 s. A real listening server and raw sockets
 * here, since app.inject has no socket to hold.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  delete process.env.REQUEST_TIMEOUT_SECONDS;
});

async function listening(seconds: string): Promise<number> {
  process.env.REQUEST_TIMEOUT_SECONDS = seconds;
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

interface Outcome {
  /** What the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Opens a socket, writes `first`, then one byte of `drip` every `everyMs`, until the server closes it or `giveUpMs` passes. */
function slowClient(port: number, first: string, drip: string, everyMs: number, giveUpMs: number): Promise<Outcome | 'still open'> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const started = Date.now();
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve('still open');
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(first);
      timer = setInterval(() => {
        if (!socket.writable) return;
        socket.write(drip[sent % drip.length] ?? 'x');
        sent += 1;
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may reset the connection while a byte is on its way: the close still counts.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('answers 408 and closes a connection whose body comes a byte at a time', async () => {
    const port = await listening('1');
    const headers = 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: tessera\r\nContent-Length: 1000\r\n\r\n';
    const outcome = await slowClient(port, headers, '{"user":"x"', 200, 6_000);
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    // One second, and the check runs every quarter of it (config.ts).
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  it('closes a connection whose headers never end, within the same time', async () => {
    const port = await listening('1');
    const outcome = await slowClient(port, 'GET /api/env/ HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: y\r\n', 200, 6_000);
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.closedAfterMs).toBeLessThan(3_000);
  });

  it('leaves requests that arrive in time alone', async () => {
    const port = await listening('1');
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' }, body: JSON.stringify({ user: 'x', password: 'y' }) });
    expect(res.status).toBe(403); // setup is not completed: answered, not timed out
  });
});

import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The compression section of `npm run bench:api`: a mode-1 grid of up to 100,000 orders (all
 * records in one answer) fetched as it is, as brotli and as gzip, timed to the last byte on
 * loopback, with the time the bytes would take on a 100 Mbit/s link added; and the 50-row page
 * (under COMPRESS_THRESHOLD) from a client that accepts compression and from one that does not,
 * so its req/s can be read beside today's.
 */
export interface CompressionFigure {
  encoding: string;
  bytes: number;
  /** Median time to the last byte on loopback, ms. */
  serverMs: number;
  /** serverMs plus the bytes at 100 Mbit/s, ms. */
  at100MbitMs: number;
}

const LINK_BITS_PER_SECOND = 100e6;
const SAMPLES = 5;

type Headers = Record<string, string>;

/** Makes (once) a mode-1 copy of the orders grid named `orders_all`, as an administrator would. */
async function allOrdersGrid(base: string, cookie: Headers): Promise<string> {
  const headers = { ...cookie, 'content-type': 'application/json', 'x-requested-with': 'tessera' };
  const existing = await fetch(`${base}/api/definitions/grid/orders_all`, { headers });
  if (existing.status === 200) return 'orders_all';
  const orders = (await (await fetch(`${base}/api/definitions/grid/orders`, { headers })).json()) as Record<string, unknown>;
  const { id: _id, version: _version, ...rest } = orders;
  const made = await fetch(`${base}/api/definitions/grid`, { method: 'POST', headers, body: JSON.stringify({ ...rest, name: 'orders_all', title: 'All orders', paging: 1 }) });
  if (made.status >= 300) throw new Error(`making orders_all failed: ${made.status} ${await made.text()}`);
  return 'orders_all';
}

/** A GET whose body is counted as it came over the wire (fetch would decompress it). */
function rawGet(url: string, headers: Headers): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'none'), bytes }));
      res.on('error', fail);
    }).on('error', fail);
  });
}

export async function compressionFigures(base: string, cookie: Headers): Promise<CompressionFigure[]> {
  const grid = await allOrdersGrid(base, cookie);
  const url = `${base}/api/grid/${grid}/data`;
  const figures: CompressionFigure[] = [];
  for (const [encoding, accept] of [['none', 'identity'], ['br', 'br'], ['gzip', 'gzip']] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < SAMPLES + 1; i++) {
      const t0 = performance.now();
      const answer = await rawGet(url, { ...cookie, 'accept-encoding': accept });
      if (i > 0) times.push(performance.now() - t0);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
      if (answer.encoding !== encoding) throw new Error(`asked for ${accept}, got ${answer.encoding}`);
      bytes = answer.bytes;
    }
    const serverMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    const at100MbitMs = serverMs + (bytes * 8 * 1000) / LINK_BITS_PER_SECOND;
    figures.push({ encoding, bytes, serverMs: Math.round(serverMs), at100MbitMs: Math.round(at100MbitMs) });
    console.log(
      `mode-1 grid, ${encoding.padEnd(4)}: ${(bytes / 1e6).toFixed(2).padStart(6)} MB   ${String(Math.round(serverMs)).padStart(5)} ms on loopback   ${String(Math.round(at100MbitMs)).padStart(5)} ms with 100 Mbit/s`,
    );
  }
  return figures;
}

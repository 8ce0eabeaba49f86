import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { seedDemo } from '../seed/demo.js';
import { freePort, startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';
import { arg, signInCookie } from './common.js';

/**
 * `npm run bench:relations`: grids over related records on the demo shop's 1,000,000 orders
 * (10,000 customers, 1,000 products) on SQLite, the server as `npm start` runs it: a 50-row page
 * with and without the customer's and product's names, sorted by the customer's name (first and
 * last page), searched by a customer's name, and filtered by three conditions (status one of
 * two, total between, ordered in the last 30 days), each with its count; beside the naive
 * LIMIT/OFFSET + COUNT(*) peer on the same file. req/s and p99 of each, and the ratios the
 * targets are stated in (docs/performance.md). `--orders N` and `--seconds S` scale it down.
 */

const ORDERS = arg('orders', 1_000_000);
const SECONDS = arg('seconds', 6);
const CONNECTIONS = 8;
const PAGE = 50;
const ROOT = resolve(import.meta.dirname, '../..');
// The same data folder as bench:api: its seed is shared.
const dataDir = join(ROOT, 'bench-results', `data-${ORDERS}`);
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'bench password 1' };

async function prepare(): Promise<void> {
  const fresh = !existsSync(join(dataDir, 'tessera.sqlite'));
  mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(loadConfig({ dataDir, databaseUrl: undefined, logLevel: 'warn' }));
  try {
    if (fresh) {
      const res = await app.inject({ method: 'POST', url: '/api/setup/finish', headers: { 'x-requested-with': 'tessera' }, payload: { ...ADMIN, setupCode: app.services.setupCode } });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    await seedDemo(app.services, { customers: 10_000, products: 1_000, orders: ORDERS }, (l) => console.log(`  seed ${l}`));
  } finally {
    await app.close();
  }
}

interface Figure {
  label: string;
  reqPerSec: number;
  p99: number;
  errors: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const figure = { label, reqPerSec: Math.round(result.requests.average), p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
  console.log(`${label.padEnd(52)} ${String(figure.reqPerSec).padStart(7)} req/s   p99 ${String(figure.p99).padStart(5)} ms${figure.errors ? `   ${figure.errors} failed` : ''}`);
  return figure;
}

interface Cold {
  label: string;
  median: number;
  max: number;
}

/**
 * Each url asked once, one after the other: none of them is in the page cache (a page is cached
 * until its tables change), so this is what the query itself costs, as a person paging, sorting
 * or searching meets it. The figures above it, repeated asks of one url, are mostly the cache's.
 */
async function coldSamples(label: string, urls: string[], headers: Record<string, string>): Promise<Cold> {
  const times: number[] = [];
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const cold = { label, median: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10, max: Math.round((times.at(-1) ?? 0) * 10) / 10 };
  console.log(`${label.padEnd(52)} uncached: median ${String(cold.median).padStart(7)} ms   slowest ${String(cold.max).padStart(7)} ms   (${urls.length} asks)`);
  return cold;
}


/** The two grids compared: the orders' own fields, and the same with the customer and product by name. */
async function makeGrids(server: ServerProcess, cookie: Record<string, string>): Promise<void> {
  const own = [
    { name: 'ordered', label: 'Ordered on', type: 'Date' },
    { name: 'quantity', label: 'Quantity', type: 'Number' },
    { name: 'total', label: 'Total', type: 'Number' },
    { name: 'status', label: 'Status', type: 'Text' },
  ];
  const grids = [
    { name: 'bench_orders_plain', title: 'Orders (ids)', model: 'Order', paging: 3, pageSize: PAGE, hideClear: true, definition: own },
    {
      name: 'bench_orders_named',
      title: 'Orders (names)',
      model: 'Order',
      paging: 3,
      pageSize: PAGE,
      hideClear: true,
      definition: [...own, { name: 'customer', label: 'Customer', type: 'Reference' }, { name: 'product', label: 'Product', type: 'Reference' }],
    },
  ];
  for (const grid of grids) {
    const res = await fetch(`${server.url}/api/definitions/grid`, { method: 'POST', headers: { ...cookie, 'content-type': 'application/json', 'x-requested-with': 'tessera' }, body: JSON.stringify(grid) });
    if (res.status !== 201 && res.status !== 409) throw new Error(`grid ${grid.name}: ${res.status} ${await res.text()}`);
  }
}

async function peerFirstPage(): Promise<Figure> {
  const port = await freePort();
  const peer = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/peer-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PEER_DB: join(dataDir, 'tessera.sqlite') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ok) => peer.stdout?.once('data', () => ok()));
    return await measure('peer (LIMIT/OFFSET + COUNT(*)), first page', `http://127.0.0.1:${port}/page/0/${PAGE}`);
  } finally {
    peer.kill();
  }
}

async function main(): Promise<void> {
  console.log(`bench:relations: ${ORDERS.toLocaleString('en-US')} orders, ${SECONDS} s a figure, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await prepare();
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ACCESS_LOG: '' }, 300_000);
  const figures: Figure[] = [];
  try {
    const cookie = await signInCookie(server.url, ADMIN);
    await makeGrids(server, cookie);
    const base = `${server.url}/api/grid`;
    const count = ((await (await fetch(`${base}/bench_orders_named/data/0/1`, { headers: cookie })).json()) as { count: number }).count;
    const last = Math.max(0, Math.ceil(count / PAGE) - 1);
    const filter = encodeURIComponent(
      JSON.stringify({
        and: [
          { field: 'status', op: 'in', value: ['new', 'paid'] },
          { field: 'total', op: 'between', value: [100, 1000] },
          { field: 'ordered', op: 'lastDays', value: 30 },
        ],
      }),
    );
    const plain = await measure('page without names', `${base}/bench_orders_plain/data/0/${PAGE}`, cookie);
    const named = await measure('page with customer and product names', `${base}/bench_orders_named/data/0/${PAGE}`, cookie);
    figures.push(plain, named);
    figures.push(await measure('sorted by customer name, first page', `${base}/bench_orders_named/data/0/${PAGE}?sort=customer&dir=asc`, cookie));
    figures.push(await measure(`sorted by customer name, last page (${last})`, `${base}/bench_orders_named/data/${last}/${PAGE}?sort=customer&dir=asc`, cookie));
    figures.push(await measure("searched by a customer's name", `${base}/bench_orders_named/data/0/${PAGE}?search=${encodeURIComponent('Customer 4242')}`, cookie));
    figures.push(await measure('filtered by three conditions, first page', `${base}/bench_orders_named/data/0/${PAGE}?filter=${filter}`, cookie));
    figures.push(await peerFirstPage());
    console.log('');
    const pages = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i);
    const colds: Cold[] = [];
    colds.push(await coldSamples('page without names', pages(20, 100).map((p) => `${base}/bench_orders_plain/data/${p}/${PAGE}`), cookie));
    colds.push(await coldSamples('page with names', pages(20, 100).map((p) => `${base}/bench_orders_named/data/${p}/${PAGE}`), cookie));
    colds.push(await coldSamples('sorted by customer name, first pages', pages(10, 1).map((p) => `${base}/bench_orders_named/data/${p}/${PAGE}?sort=customer&dir=asc`), cookie));
    colds.push(await coldSamples('sorted by customer name, last pages', pages(10, last - 10).map((p) => `${base}/bench_orders_named/data/${p}/${PAGE}?sort=customer&dir=asc`), cookie));
    colds.push(await coldSamples("searched by a customer's name", pages(10, 1000).map((n) => `${base}/bench_orders_named/data/0/${PAGE}?search=${encodeURIComponent(`Customer ${n}`)}`), cookie));
    const byDays = (days: number) =>
      encodeURIComponent(JSON.stringify({ and: [{ field: 'status', op: 'in', value: ['new', 'paid'] }, { field: 'total', op: 'between', value: [100, 1000] }, { field: 'ordered', op: 'lastDays', value: days }] }));
    colds.push(await coldSamples('filtered by three conditions, first page', pages(10, 30).map((d) => `${base}/bench_orders_named/data/0/${PAGE}?filter=${byDays(d)}`), cookie));
    const ratio = Math.round((named.p99 / Math.max(1, plain.p99)) * 100) / 100;
    console.log(`\nnames cost: p99 ${named.p99} ms with, ${plain.p99} ms without: ${ratio}x (target at most 1.2x, and under 15 ms)`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'relations.json'), JSON.stringify({ orders: ORDERS, load: loadavg(), figures, colds, namesRatio: ratio }, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

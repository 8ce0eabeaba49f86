import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { AccessLog, FileLogStore } from '../../src/server/ops/access-log.js';
import { hashPassword } from '../../src/server/auth/auth.js';
import { tableOf } from '../../src/server/records/model-store.js';
import { seedDemo } from '../seed/demo.js';
import { searchBench } from './search.js';
import { compressionFigures } from './compression.js';
import { signInCookie } from './common.js';
import { freePort, startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';

/**
 * `npm run bench:api`: req/s and p99 of a cookie-authenticated 50-row page (mode 3, with
 * count) at the first, middle and last page of a 1,000,000-row table on SQLite, and of the
 * users grid, on the server in its default configuration (WORKERS = the machine's cores, the
 * access log on, the default LOG_LEVEL); the first and last page on the same server with
 * WORKERS=1; beside the naive LIMIT/OFFSET + COUNT(*) peer on the same file; and the first
 * page with the access log on and off (the same file, two fresh one-process servers alike but
 * for the log). Loopback only, bounded by duration. `--orders N` and `--seconds S` scale it
 * down for a quick look. Each section is a function: a new one is measured in main() and
 * reported beside the others.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ORDERS = arg('orders', 1_000_000);
const USERS = arg('users', 10_000);
const SECONDS = arg('seconds', 8);
const CONNECTIONS = 16;
const WARM_UP_SECONDS = 2;
const SERVER_WARM_UP_SECONDS = arg('server-warm-up', 8);
const PAGE = 50;
/**
 * On/off pairs of the access log's figure, LOG_SECONDS each: on this 2-core virtual machine
 * two runs of the same server differ by up to 30% from one moment to the next, so the cost is
 * the median of many short pairs rather than of a few long ones.
 */
const LOG_ROUNDS = 7;
const LOG_SECONDS = 5;
const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = join(ROOT, 'bench-results', `data-${ORDERS}`);
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'bench password 1' };
/**
 * The default configuration: only where the data lives is set; an empty value is an unset one
 * (startServerProcess would quieten the log, and the caller's environment must not leak in).
 */
const DEFAULTS = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: '', WORKERS: '', ACCESS_LOG: '' };
/** What WORKERS is by default. */
const WORKERS = availableParallelism();

async function prepare(): Promise<void> {
  const fresh = !existsSync(join(dataDir, 'tessera.sqlite'));
  mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(loadConfig({ dataDir, databaseUrl: undefined, logLevel: 'warn' }));
  try {
    if (fresh) {
      const res = await app.inject({ method: 'POST', url: '/api/setup/finish', headers: { 'x-requested-with': 'tessera' }, payload: { ...ADMIN, setupCode: app.services.setupCode } });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const t0 = Date.now();
    await seedDemo(app.services, { customers: 10_000, products: 1_000, orders: ORDERS }, (l) => console.log(`  seed ${l}`));
    const { store, database } = app.services;
    const users = await store.count('User');
    if (users < USERS) {
      const hash = await hashPassword('bench user password');
      for (let i = users; i < USERS; i += 500) {
        const rows = [];
        for (let j = i; j < Math.min(i + 500, USERS); j++) {
          rows.push({ user: `user${j}`, email: `user${j}@example.com`, password: hash, Admin: database.dialect === 'postgres' ? false : 0, FrontPage: 'frontpage' });
        }
        await database.db.insertInto(tableOf('User')).values(rows).execute();
      }
    }
    console.log(`  data ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

interface Figure {
  label: string;
  reqPerSec: number;
  p99: number;
  errors: number;
  /** The first request's time, before any cache holds the answer. */
  coldMs: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Figure> {
  // The first request reads the database: no cache holds this answer yet.
  const t0 = performance.now();
  const first = await fetch(url, { headers });
  await first.arrayBuffer();
  const coldMs = Math.round((performance.now() - t0) * 10) / 10;
  // A short unmeasured run first, so the JIT and the caches are warm for every figure alike.
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  const figure = { label, reqPerSec: Math.round(result.requests.average), p99: result.latency.p99, errors: bad, coldMs };
  console.log(
    `${label.padEnd(34)} ${String(figure.reqPerSec).padStart(7)} req/s   p99 ${String(figure.p99).padStart(4)} ms   first (cold) ${String(coldMs).padStart(7)} ms${bad ? `   ${bad} failed` : ''}`,
  );
  return figure;
}

/**
 * The access log's own work per request, in process and free of the HTTP noise, on a log file
 * beside the bench data as the server keeps it: recording (the response hook) and handing a
 * batch to the writer thread, both on the server's thread, and the writer thread's own work
 * (message, JSON, the INSERT), for 30,000 requests in batches of 1,000. Microseconds a request.
 */
async function accessLogWork(): Promise<{ recordUs: number; handOverUs: number; writerUs: number }> {
  const folder = join(dataDir, 'access-log-work');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const store = new FileLogStore({ file: join(folder, 'work.access-log.sqlite') });
  const quiet = { error: (...args: unknown[]) => console.error(...args) } as unknown as FastifyBaseLogger;
  const accessLog = new AccessLog(store, quiet, { enabled: true, retentionDays: 30, flushAt: Number.MAX_SAFE_INTEGER });
  // The buffer the log hands over, taken as the store sees it.
  const batches: Parameters<FileLogStore['write']>[0][] = [];
  const write = store.write.bind(store);
  store.write = async (batch) => void batches.push(batch);
  let recordMs = 0;
  let handOverMs = 0;
  let writerMs = 0;
  const N = 1000;
  for (let round = 0; round < 30; round++) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) accessLog.record('GET', `/api/grid/orders/data/0/${PAGE}?r=${i}`, 200, 3.21, ADMIN.user, `req-${(round * N + i).toString(36)}`, '127.0.0.1');
    const t1 = performance.now();
    await accessLog.flush();
    const batch = batches.pop() ?? [];
    const t2 = performance.now();
    const written = write(batch);
    const t3 = performance.now();
    await written;
    const t4 = performance.now();
    if (round >= 5) {
      // The first rounds warm the JIT, the thread and SQLite up.
      recordMs += t1 - t0;
      handOverMs += t3 - t2;
      writerMs += t4 - t3;
    }
  }
  await accessLog.close();
  rmSync(folder, { recursive: true, force: true });
  const per = (ms: number) => Math.round(((ms * 1000) / (25 * N)) * 100) / 100;
  return { recordUs: per(recordMs), handOverUs: per(handOverMs), writerUs: per(writerMs) };
}

type Cookie = Record<string, string>;

/** Signs the bench's admin in on one server; the session is in the file, so valid on every server of it. */
function signIn(server: ServerProcess): Promise<Cookie> {
  return signInCookie(server.url, ADMIN);
}

async function gridCount(server: ServerProcess, cookie: Cookie, grid: string): Promise<number> {
  return ((await (await fetch(`${server.url}/api/grid/${grid}/data/0/1`, { headers: cookie })).json()) as { count: number }).count;
}

interface Sizes {
  orders: number;
  users: number;
  lastOrders: number;
  lastUsers: number;
}

/** The first, middle and last page of orders and users, and the ceiling, on the default server. */
async function gridFigures(server: ServerProcess, cookie: Cookie, sizes: Sizes): Promise<{ figures: Figure[]; ceiling: Figure }> {
  const figures: Figure[] = [];
  for (const [label, page] of [['first', 0], ['middle', Math.floor(sizes.lastOrders / 2)], ['last', sizes.lastOrders]] as const) {
    figures.push(await measure(`orders, ${label} page (${page})`, `${server.url}/api/grid/orders/data/${page}/${PAGE}`, cookie));
  }
  for (const [label, page] of [['first', 0], ['middle', Math.floor(sizes.lastUsers / 2)], ['last', sizes.lastUsers]] as const) {
    figures.push(await measure(`users grid, ${label} page (${page})`, `${server.url}/api/grid/users/data/${page}/${PAGE}`, cookie));
  }
  // The machine's ceiling for a signed-in request that does nearly nothing (session and user
  // look-up, a tiny answer): the grid figures read best beside it.
  const ceiling = await measure('ceiling: GET /api/checkuser', `${server.url}/api/checkuser`, cookie);
  return { figures, ceiling };
}

/** The orders' first and last page on a server with the given number of workers (WORKERS). */
async function workerFigures(server: ServerProcess, workers: number, cookie: Cookie, sizes: Sizes): Promise<{ workers: number; first: Figure; last: Figure }> {
  const first = await measure(`WORKERS=${workers}: orders, first page`, `${server.url}/api/grid/orders/data/0/${PAGE}`, cookie);
  const last = await measure(`WORKERS=${workers}: orders, last page`, `${server.url}/api/grid/orders/data/${sizes.lastOrders}/${PAGE}`, cookie);
  return { workers, first, last };
}

/**
 * Access log on and off, on two fresh one-process twins, in pairs back to back (on-off, off-on,
 * on-off) so drift over the run (heat, other work on the machine) weighs on both alike; the
 * cost is the median pair's.
 */
async function accessLogFigures(logged: ServerProcess, unlogged: ServerProcess, cookie: Cookie) {
  const firstPage = (base: string) => `${base}/api/grid/orders/data/0/${PAGE}`;
  const runs: { on: Figure; off: Figure }[] = [];
  for (let round = 0; round < LOG_ROUNDS; round++) {
    const on = () => measure('orders, first page, access log on', firstPage(logged.url), cookie, LOG_SECONDS);
    const off = () => measure('orders, first page, access log off', firstPage(unlogged.url), cookie, LOG_SECONDS);
    if (round % 2 === 0) {
      const a = await on();
      runs.push({ on: a, off: await off() });
    } else {
      const b = await off();
      runs.push({ off: b, on: await on() });
    }
  }
  return {
    runs,
    on: median(runs.map((r) => r.on.reqPerSec)),
    off: median(runs.map((r) => r.off.reqPerSec)),
    p99On: median(runs.map((r) => r.on.p99)),
    p99Off: median(runs.map((r) => r.off.p99)),
    cost: 1 - median(runs.map((r) => r.on.reqPerSec / r.off.reqPerSec)),
  };
}

/** The peer: LIMIT/OFFSET + COUNT(*) on the same file, first, middle and last page. */
async function peerFigures(sizes: Sizes): Promise<Figure[]> {
  const port = await freePort();
  const peer = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/peer-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PEER_DB: join(dataDir, 'tessera.sqlite') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ok) => peer.stdout?.once('data', () => ok()));
    const peers: Figure[] = [];
    for (const [label, page] of [['first', 0], ['middle', Math.floor(sizes.lastOrders / 2)], ['last', sizes.lastOrders]] as const) {
      peers.push(await measure(`peer (OFFSET + COUNT(*)), ${label}`, `http://127.0.0.1:${port}/page/${page}/${PAGE}`));
    }
    return peers;
  } finally {
    peer.kill();
  }
}

/**
 * A fresh server runs a request more slowly for its first tens of thousands (the JIT is still
 * compiling; see docs/performance.md, the A/A check), longer than each figure's own warm-up: each server
 * first serves the orders' second and last-but-one page for SERVER_WARM_UP_SECONDS, unmeasured,
 * so the figure measured first is not the one that pays for it.
 */
async function warmUp(server: ServerProcess, cookie: Cookie, sizes: Sizes): Promise<void> {
  // Pages next to the measured ones: the same code, while the measured pages stay uncached for their cold figure.
  for (const page of [1, sizes.lastOrders - 1]) {
    await autocannon({ url: `${server.url}/api/grid/orders/data/${page}/${PAGE}`, connections: CONNECTIONS, duration: SERVER_WARM_UP_SECONDS / 2, headers: cookie });
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  await prepare();
  const logWork = await accessLogWork();
  const load = loadavg()[0] ?? 0;
  // The default configuration (WORKERS = the cores) and the same with one process.
  const server = await startServerProcess(DEFAULTS, 180_000);
  // It answers once its first worker listens: autocannon's connections, made at its start, must
  // find every worker listening, or the cluster's figure would be one worker's.
  for (const deadline = Date.now() + 180_000; WORKERS > 1 && !server.output().includes(`all ${WORKERS} worker processes are listening`); ) {
    if (Date.now() > deadline) throw new Error(`not every worker started:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const single = await startServerProcess({ ...DEFAULTS, WORKERS: '1' });
  // Fresh one-process twins for the access log's cost, alike but for the log. (A server that
  // served other figures before is slower by itself, by 0 to 50% in an A/A check, which a
  // comparison against a fresh server would count as the log's cost.)
  const unlogged = await startServerProcess({ ...DEFAULTS, WORKERS: '1', ACCESS_LOG: '0' });
  const logged = await startServerProcess({ ...DEFAULTS, WORKERS: '1' });
  try {
    const cookie = await signIn(server);
    const orders = await gridCount(server, cookie, 'orders');
    const users = await gridCount(server, cookie, 'users');
    const sizes: Sizes = { orders, users, lastOrders: Math.ceil(orders / PAGE) - 1, lastUsers: Math.ceil(users / PAGE) - 1 };
    console.log(`\nbench:api on SQLite: ${orders} orders, ${users} users, ${CONNECTIONS} connections, ${SECONDS} s each; ${WORKERS} workers by default on ${availableParallelism()} cores; load average ${load.toFixed(2)} at the start\n`);

    for (const s of [server, single, logged, unlogged]) await warmUp(s, cookie, sizes);
    const { figures, ceiling } = await gridFigures(server, cookie, sizes);
    const byWorkers = [await workerFigures(single, 1, cookie, sizes)];
    const accessLog = await accessLogFigures(logged, unlogged, cookie);
    const peers = await peerFigures(sizes);
    // The 50-row page stays under the compression threshold: the same figure whether or not the client accepts compression.
    const pageAccepting = await measure('orders, first page, accepts br/gzip', `${server.url}/api/grid/orders/data/0/${PAGE}`, { ...cookie, 'accept-encoding': 'gzip, deflate, br' });
    const compression = await compressionFigures(server.url, cookie);
    const loadAfter = loadavg()[0] ?? 0;

    const [first, middle, last] = figures;
    const ratio = (a = 0, b = 1) => (b ? (a / b).toFixed(2) : 'n/a');
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log('');
    console.log(`default configuration (WORKERS=${WORKERS}, access log on), orders:`);
    console.log(`  first page req/s:                ${first?.reqPerSec} (target >= 5000: ${verdict((first?.reqPerSec ?? 0) >= 5000)})`);
    console.log(`  first page p99:                  ${first?.p99} ms (target < 10 ms: ${verdict((first?.p99 ?? Infinity) < 10)})`);
    console.log(`  last page p99:                   ${last?.p99} ms (target < 10 ms: ${verdict((last?.p99 ?? Infinity) < 10)})`);
    console.log(`  first / last page req/s:         ${ratio(first?.reqPerSec, last?.reqPerSec)} (target <= 1.2: ${verdict((first?.reqPerSec ?? 0) <= 1.2 * (last?.reqPerSec ?? 0))})`);
    console.log(`  last / first page p99:           ${ratio(last?.p99, first?.p99)} (target <= 1.2: ${verdict((last?.p99 ?? Infinity) <= 1.2 * (first?.p99 ?? 0))})`);
    console.log(`  middle page req/s vs first:      ${ratio(middle?.reqPerSec, first?.reqPerSec)}`);
    console.log(`  first page req/s vs the ceiling: ${ratio(first?.reqPerSec, ceiling.reqPerSec)}`);
    for (const w of byWorkers) {
      console.log(`WORKERS=${w.workers}: first page ${w.first.reqPerSec} req/s, p99 ${w.first.p99} ms; last page ${w.last.reqPerSec} req/s, p99 ${w.last.p99} ms; WORKERS=${WORKERS} / WORKERS=${w.workers} first page req/s: ${ratio(first?.reqPerSec, w.first.reqPerSec)}`);
    }
    console.log(`access log on / off, first page (WORKERS=1): ${accessLog.on} / ${accessLog.off} req/s (medians of ${LOG_ROUNDS} pairs); on costs ${(accessLog.cost * 100).toFixed(1)}% (median pair, target < 10%)`);
    // What the log's work takes of the server's one JavaScript thread at the rate it reached without the log.
    const logShare = ((logWork.recordUs + logWork.handOverUs) * accessLog.off) / 1e6;
    console.log(
      `access log work per request:       ${logWork.recordUs} us recording + ${logWork.handOverUs} us handing over = ${(logShare * 100).toFixed(1)}% of the server's thread at ${accessLog.off} req/s; the writer thread: ${logWork.writerUs} us`,
    );
    const plain = compression.find((c) => c.encoding === 'none');
    for (const c of compression.filter((f) => f !== plain)) {
      console.log(`mode-1 grid as ${c.encoding}:             ${ratio(plain?.bytes, c.bytes)}x smaller, ${ratio(plain?.at100MbitMs, c.at100MbitMs)}x faster with 100 Mbit/s, ${ratio(c.serverMs, plain?.serverMs)}x the loopback time`);
    }
    console.log(`first page, accepting / not:       ${pageAccepting.reqPerSec} / ${first?.reqPerSec} req/s (${ratio(pageAccepting.reqPerSec, first?.reqPerSec)}; under the threshold, nothing is compressed)`);
    peers.forEach((p, i) => console.log(`Tessera / peer req/s, ${['first', 'middle', 'last'][i]} page:   ${ratio(figures[i]?.reqPerSec, p.reqPerSec)}`));
    // Other work on the machine skews every figure: the load average says whether there was any.
    console.log(`load average (1 min): ${load.toFixed(2)} at the start, ${loadAfter.toFixed(2)} at the end${Math.max(load, loadAfter) > 0.5 ? ' -- the machine was busy: these figures were measured under load' : ''}`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results', 'api.json'),
      JSON.stringify(
        {
          orders,
          users,
          seconds: SECONDS,
          connections: CONNECTIONS,
          workers: WORKERS,
          loadAverage: { start: load, end: loadAfter },
          figures,
          ceiling,
          byWorkers,
          peers,
          compression: { grid: compression, pageAccepting },
          accessLog: { ...accessLog, work: { ...logWork, threadShare: logShare } },
        },
        null,
        2,
      ),
    );
    const all = [...figures, ceiling, pageAccepting, ...byWorkers.flatMap((w) => [w.first, w.last]), ...peers, ...accessLog.runs.flatMap((r) => [r.on, r.off])];
    if (all.some((f) => f.errors)) process.exitCode = 1;
    await searchBench({ dataDir, url: server.url, cookie });
  } finally {
    await Promise.all([server.stop(), single.stop(), unlogged.stop(), logged.stop()]);
  }
}

await main();

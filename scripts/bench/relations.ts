import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { seedDemo } from '../seed/demo.js';
import { freePort, startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';
import { arg, benchCall, benchPgDatabase, type Cookie, percentile, signInCookie } from './common.js';

/**
 * `npm run bench:relations`: grids over related records on the demo shop's 1,000,000 orders
 * (10,000 customers, 1,000 products) on SQLite, the server as `npm start` runs it: a 50-row page
 * with and without the customer's and product's names, sorted by the customer's name (first and
 * last page), searched by a customer's name, and filtered by three conditions (status one of
 * two, total between, ordered in the last 30 days), each with its count; beside the naive
 * LIMIT/OFFSET + COUNT(*) peer on the same file. req/s and p99 of each, and the ratios the
 * targets are stated in (docs/performance.md). Then a record rule: the same page read by a user
 * whose grant reaches only the orders of customers in their region (`customer.city =
 * CURRENT_USER.region`, a field of the bench's own on User), against a user whose grant has no
 * rule: repeated and uncached, p95. `--orders N` and `--seconds S` scale it down.
 */

const ORDERS = arg('orders', 1_000_000);
const SECONDS = arg('seconds', 6);
const CONNECTIONS = 8;
const PAGE = 50;
const ROOT = resolve(import.meta.dirname, '../..');
/** `--postgres`: the same on PostgreSQL (a database of its own on the local server), without the SQLite peer. */
const POSTGRES = process.argv.includes('--postgres');
const benchDb = benchPgDatabase(`tessera_bench_relations_${ORDERS}`);
const databaseUrl = POSTGRES ? benchDb.url : undefined;
// The same data folder as bench:api: its seed is shared (PostgreSQL's keeps only the server's own files).
const dataDir = join(ROOT, 'bench-results', POSTGRES ? `data-pg-${ORDERS}` : `data-${ORDERS}`);
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'bench password 1' };

/**
 * PostgreSQL's orders in one statement, of the demo seed's shape (a customer and a product at
 * random, 1 to 9 items, a day in 2,500 from 2020, the five statuses in turn), with the stats
 * trigger off as bench:models does: a row trigger updating one stats row a million times in a
 * transaction takes far longer than the rows. Then ANALYZE, as autovacuum would a minute later.
 */
async function seedPgOrders(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const { db } = app.services.database;
  if ((await app.services.store.count('Order')) > 0) return;
  console.log(`  seed orders: ${ORDERS} in one statement`);
  await db.transaction().execute(async (trx) => {
    await sql`alter table t_order disable trigger t_order__stats`.execute(trx);
    await sql`insert into t_order (customer, product, quantity, total, ordered, status)
      select c, p, q, round((q * (1 + random() * 499))::numeric, 2), to_char(date '2020-01-01' + (random() * 2499)::int, 'YYYY-MM-DD'),
        (array['new', 'paid', 'shipped', 'delivered', 'cancelled'])[1 + i % 5]
      from (select i, (select min(id) from t_customer) + (random() * 9999)::int as c, (select min(id) from t_product) + (random() * 999)::int as p, 1 + (random() * 8)::int as q
            from generate_series(0, ${ORDERS - 1}) as i) as r`.execute(trx);
    await sql`alter table t_order enable trigger t_order__stats`.execute(trx);
    await sql`update sys_table_stats set row_count = (select count(*) from t_order), version = version + 1 where tbl = 't_order'`.execute(trx);
  });
  await sql`analyze`.execute(db);
}

async function prepare(): Promise<void> {
  const fresh = POSTGRES ? await benchDb.create() : !existsSync(join(dataDir, 'tessera.sqlite'));
  mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(loadConfig({ dataDir, databaseUrl, logLevel: 'warn' }));
  try {
    if (fresh) {
      const res = await app.inject({ method: 'POST', url: '/api/setup/finish', headers: { 'x-requested-with': 'tessera' }, payload: { ...ADMIN, setupCode: app.services.setupCode } });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    await seedDemo(app.services, { customers: 10_000, products: 1_000, orders: POSTGRES ? 0 : ORDERS }, (l) => console.log(`  seed ${l}`));
    if (POSTGRES) await seedPgOrders(app);
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

const call = (server: ServerProcess, cookie: Cookie, method: string, path: string, body?: unknown) => benchCall(server.url, cookie, method, path, body);

const RULE_REGION = 'Oslo';

/**
 * The record rule's setting, made through the API as an administrator would in the screens: a
 * `region` field on User, two groups, a grid with a grant without a rule and one with the rule,
 * and a user in each (idempotent: a second run finds them). Answers the two users' cookies.
 */
async function makeRuledGrids(server: ServerProcess, admin: Cookie): Promise<{ all: Cookie; region: Cookie }> {
  const user = (await call(server, admin, 'GET', '/api/definitions/model/User')).data as { fields: { name: string }[] };
  if (!user.fields.some((f) => f.name === 'region')) {
    const saved = await call(server, admin, 'PUT', '/api/definitions/model/User', { ...user, fields: [...user.fields, { name: 'region', type: 'text', label: 'Region' }] });
    if (saved.status !== 200) throw new Error(`User.region: ${saved.status} ${JSON.stringify(saved.data)}`);
  }
  // As an administrator puts it on the user form to set it per user.
  const form = (await call(server, admin, 'GET', '/api/definitions/form/user')).data as { definition: unknown[] };
  if (!JSON.stringify(form.definition).includes('"name":"region"')) {
    const row = { cols: [{ childType: 'Input', width: 6, name: 'region', label: 'Region', fieldtype: 'text' }] };
    const saved = await call(server, admin, 'PUT', '/api/definitions/form/user', { ...form, definition: [...form.definition, row] });
    if (saved.status !== 200) throw new Error(`user form: ${saved.status} ${JSON.stringify(saved.data)}`);
  }
  for (const name of ['BenchAll', 'BenchRegion']) await call(server, admin, 'POST', '/api/form/group/add', { name });
  const columns = [
    { name: 'ordered', label: 'Ordered on', type: 'Date' },
    { name: 'quantity', label: 'Quantity', type: 'Number' },
    { name: 'total', label: 'Total', type: 'Number' },
    { name: 'status', label: 'Status', type: 'Text' },
    { name: 'customer', label: 'Customer', type: 'Reference' },
    { name: 'product', label: 'Product', type: 'Reference' },
  ];
  const rule = { and: [{ field: 'customer.city', op: 'eq', value: { var: 'CURRENT_USER.region' } }] };
  const grids = [
    { name: 'bench_orders_granted', grants: [{ group: 'BenchAll', actions: ['read'] }] },
    { name: 'bench_orders_ruled', grants: [{ group: 'BenchRegion', actions: ['read'], rules: { read: rule } }] },
  ];
  for (const g of grids) {
    const res = await call(server, admin, 'POST', '/api/definitions/grid', { name: g.name, title: g.name, model: 'Order', paging: 3, pageSize: PAGE, hideClear: true, definition: columns, access: { grants: g.grants } });
    if (res.status !== 201 && res.status !== 409) throw new Error(`grid ${g.name}: ${res.status} ${JSON.stringify(res.data)}`);
  }
  const cookies: Cookie[] = [];
  for (const [name, group] of [['bench_all', 'BenchAll'], ['bench_region', 'BenchRegion']] as const) {
    const account = { user: name, password: `${name} password 1` };
    const found = (await call(server, admin, 'GET', `/api/view-as/choices?search=${name}`)).data as { users: { id: number; user: string }[] };
    let id = found.users.find((u) => u.user === name)?.id;
    if (id === undefined) {
      const made = await call(server, admin, 'POST', '/api/form/user/add', { user: name, email: `${name}@example.com`, password: account.password, Admin: false });
      if (made.status !== 200) throw new Error(`user ${name}: ${made.status} ${JSON.stringify(made.data)}`);
      id = (made.data as { id: number }).id;
      const items = (await call(server, admin, 'GET', `/api/link/User/groups/${id}`)).data as { id: number; name: string }[];
      await call(server, admin, 'POST', `/api/link/User/groups/${id}`, items.filter((i) => i.name === group).map((i) => ({ id: i.id, selected: true })));
    }
    if (group === 'BenchRegion') {
      const record = (await call(server, admin, 'GET', `/api/form/user/data/${id}`)).data as Record<string, unknown>;
      if (record.region !== RULE_REGION) {
        const saved = await call(server, admin, 'POST', `/api/form/user/update/${id}`, { ...record, password: '', region: RULE_REGION });
        if (saved.status !== 200) throw new Error(`user ${name}'s region: ${saved.status} ${JSON.stringify(saved.data)}`);
      }
    }
    cookies.push(await signInCookie(server.url, account));
  }
  return { all: cookies[0] as Cookie, region: cookies[1] as Cookie };
}

/** Each url of `a` and `b` asked once, in turn (so load drifts alike on both); the p95 of each. */
async function coldPair(urlsA: string[], a: Cookie, urlsB: string[], b: Cookie): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < Math.max(urlsA.length, urlsB.length); i++) {
    for (const [k, url, cookie] of [[0, urlsA[i], a], [1, urlsB[i], b]] as const) {
      if (!url) continue;
      const t0 = performance.now();
      const res = await fetch(url, { headers: cookie });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      times[k].push(performance.now() - t0);
    }
  }
  return [Math.round(percentile(times[0], 95) * 10) / 10, Math.round(percentile(times[1], 95) * 10) / 10];
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
  const where = POSTGRES ? 'PostgreSQL' : 'SQLite';
  console.log(`bench:relations on ${where}: ${ORDERS.toLocaleString('en-US')} orders, ${SECONDS} s a figure, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await prepare();
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn', ACCESS_LOG: '' }, 300_000);
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
    if (!POSTGRES) figures.push(await peerFirstPage());
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

    console.log(`\na record rule (customer.city = CURRENT_USER.region, '${RULE_REGION}': a tenth of the orders), read by a user whose grant has it, against one whose grant has none:`);
    const users = await makeRuledGrids(server, cookie);
    const granted = await measure('page, grant without a rule', `${base}/bench_orders_granted/data/0/${PAGE}`, users.all);
    const ruled = await measure('page, grant with the record rule', `${base}/bench_orders_ruled/data/0/${PAGE}`, users.region);
    const reached = ((await (await fetch(`${base}/bench_orders_ruled/data/0/1`, { headers: users.region })).json()) as { count: number }).count;
    // A rule that reaches nothing would be cheap and prove nothing.
    if (reached < count / 20) throw new Error(`the record rule reaches ${reached} of ${count} orders: the bench user's region is not set`);
    console.log(`the rule reaches ${reached.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} orders`);
    figures.push(granted, ruled);
    const urls = (grid: string) => pages(40, 0).map((p) => `${base}/${grid}/data/${p}/${PAGE}`);
    const [coldGranted, coldRuled] = await coldPair(urls('bench_orders_granted'), users.all, urls('bench_orders_ruled'), users.region);
    const warmRatio = Math.round((ruled.p99 / Math.max(1, granted.p99)) * 100) / 100;
    const ruleRatio = Math.round((coldRuled / Math.max(0.1, coldGranted)) * 100) / 100;
    console.log(`rule cost, repeated: p99 ${ruled.p99} ms with, ${granted.p99} ms without: ${warmRatio}x`);
    console.log(`rule cost, uncached pages 1 to 40: p95 ${coldRuled} ms with, ${coldGranted} ms without: ${ruleRatio}x (target at most 1.15x)`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', POSTGRES ? 'relations-pg.json' : 'relations.json'), JSON.stringify({ database: where, orders: ORDERS, load: loadavg(), figures, colds, namesRatio: ratio, rule: { warmRatio, coldGranted, coldRuled, ruleRatio } }, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';
import { arg, benchCall, benchPgDatabase, type Cookie, percentile, runBench, signInCookie, verdict } from './common.js';

/**
 * bench:history, its reading half (docs/performance.md, "Record history"): the record history's
 * reading targets on a history of --entries entries (10,000,000 by default) seeded with SQL
 * straight into `sys_record_history` (20 models, 100 users, two years, 10,000 entries on one
 * record), kept under bench-results/ and re-used by the next run, read through the server as
 * `npm start` runs it:
 * - a record's timeline (10,000 entries), first page and a later page (keyset `before`), target
 *   under 100 ms;
 * - the administrators' global list filtered by model, user, action, a range of dates, model and
 *   dates, all of them, first page and a page deep in (`before` an id in the middle), target under
 *   200 ms. p50 and p95 of --asks asks (20), each url asked once or with values varying.
 * Then pruning: --expired entries (1,000,000) past RECORD_HISTORY_DAYS, given the oldest ids, and
 * the server started on them (its housekeeping prunes at start, in the background, in batches)
 * while a client asks a grid page and the record's timeline in a loop; the longest request
 * against the same loop on a start with nothing to prune. Target: no request held more than
 * 50 ms by the pruning. `--postgres`: the same on PostgreSQL (a database of its own).
 */
const ENTRIES = arg('entries', 10_000_000);
const EXPIRED = arg('expired', 1_000_000);
const ASKS = arg('asks', 20);
const POSTGRES = process.argv.includes('--postgres');
/** `--no-read`, `--no-prune`: one half only. */
const READ = !process.argv.includes('--no-read');
const PRUNE = !process.argv.includes('--no-prune');
const ROOT = resolve(import.meta.dirname, '../..');
const benchDb = benchPgDatabase(`tessera_bench_history_${ENTRIES}`);
const databaseUrl = POSTGRES ? benchDb.url : undefined;
const dataDir = join(ROOT, 'bench-results', POSTGRES ? `history-pg-${ENTRIES}` : `history-${ENTRIES}`);
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'bench password 1' };
const MODELS = 20;
const USERS = 100;
const HOT_EVERY = 1000; // one entry in this many is the hot record's: 10,000 of 10,000,000
const DAY = 24 * 3600 * 1000;
const SPAN_DAYS = 730;
/** The seeded entries' ids start after these: the expired ones take the oldest ids, as they would. */
const RESERVED = EXPIRED;
/** The server keeps ten years: none of the seeded two is pruned, the expired ones (twelve years old) are. */
const KEEP_DAYS = 3650;
const TARGET_TIMELINE = 100;
const TARGET_LIST = 200;
const TARGET_STALL = 50;
const modelName = (k: number) => `HistBench${String(k).padStart(2, '0')}`;

/** Runs statements on the bench's database, outside the server: the seed, the expired entries, counting. */
interface Raw {
  exec(text: string): Promise<void>;
  one(text: string): Promise<Record<string, unknown> | undefined>;
  all(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function openRaw(): Promise<Raw> {
  if (POSTGRES) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      exec: async (text) => void (await client.query(text)),
      one: async (text) => (await client.query(text)).rows[0] as Record<string, unknown> | undefined,
      all: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      close: () => client.end(),
    };
  }
  const db = new Database(join(dataDir, 'tessera.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 60000');
  db.pragma('cache_size = -500000');
  return {
    exec: async (text) => void db.exec(text),
    one: async (text) => db.prepare(text).get() as Record<string, unknown> | undefined,
    all: async (text) => db.prepare(text).all() as Record<string, unknown>[],
    close: async () => void db.close(),
  };
}

/** Entry i's columns as SQL expressions of `i` (0-based) and the seed's first instant `t0` (ms). */
function entryColumns(t0: number, stepMs: number, idBase: number): string {
  const at = POSTGRES
    ? `to_char(to_timestamp((${t0} + i * ${stepMs}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', (${t0} + i * ${stepMs}) / 1000.0, 'unixepoch')`;
  const cat = (...parts: string[]) => (POSTGRES ? `concat(${parts.join(', ')})` : parts.join(' || '));
  const int = (e: string) => (POSTGRES ? `(${e})::bigint` : `(${e})`);
  const div = (a: string, b: number) => `(${a} / ${b})`;
  const model = `case when i % ${HOT_EVERY} = 0 then '${modelName(1)}' else ${cat(`'HistBench'`, POSTGRES ? `lpad((1 + i % ${MODELS})::text, 2, '0')` : `printf('%02d', 1 + i % ${MODELS})`)} end`;
  const record = `case when i % ${HOT_EVERY} = 0 then '1' else ${POSTGRES ? `(2 + (i / ${MODELS}) % 50000)::text` : `cast(2 + (i / ${MODELS}) % 50000 as text)`} end`;
  const action = `case ${div('i', 100)} % 20 when 0 then 'insert' when 1 then 'delete' else 'update' end`;
  const user = `1 + ${div('i', 7)} % ${USERS}`;
  const changes = cat(`'{"qty":['`, `i % 1000`, `','`, `i % 1000 + 1`, `']}'`);
  return `${int(`${idBase} + i`)}, ${model}, ${record}, ${action}, ${changes}, ${user}, ${cat(`'user '`, user)}, ${at}, 'POST /api/form/:name/update/:id', '127.0.0.1', ${cat(`'r'`, 'i')}`;
}

const COLUMNS = '(id, model, record_id, action, changes, user_id, user_name, at, source, address, request_id)';

/** `body` over the rows i = first..first+count-1 (its FROM clause given). */
function series(first: number, count: number, body: (from: string) => string): string {
  const last = first + count - 1;
  return POSTGRES ? body(`generate_series(${first}::bigint, ${last}::bigint) as g(i)`) : `with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${last}) ${body('n')}`;
}

/** The seeded history's first instant: kept in the database, so a later run pages the same days. */
async function seedStart(raw: Raw): Promise<number> {
  const row = await raw.one(`select at from sys_record_history where id = ${RESERVED + 1}`);
  if (!row) throw new Error('the seed is missing');
  return Date.parse(String(row.at));
}

/** The ten million entries, the indexes dropped while they go in and made again after (faster than keeping them). */
async function seedEntries(raw: Raw): Promise<void> {
  const have = await raw.one(`select count(*) as n from sys_record_history where id > ${RESERVED}`);
  if (Number(have?.n) >= ENTRIES) return;
  console.log(`  seeding ${ENTRIES.toLocaleString('en')} entries...`);
  const began = performance.now();
  await raw.exec(`delete from sys_record_history where id > ${RESERVED}`);
  const indexes = POSTGRES
    ? (await raw.all(`select indexname as name, indexdef as sql from pg_indexes where tablename = 'sys_record_history' and indexname not like '%pkey'`))
    : (await raw.all(`select name, sql from sqlite_master where type = 'index' and tbl_name = 'sys_record_history' and sql is not null`));
  for (const ix of indexes) await raw.exec(`drop index ${String(ix.name)}`);
  const t0 = Date.now() - SPAN_DAYS * DAY;
  const step = Math.floor((SPAN_DAYS * DAY) / ENTRIES);
  const BATCH = 1_000_000;
  for (let from = 0; from < ENTRIES; from += BATCH) {
    const n = Math.min(BATCH, ENTRIES - from);
    await raw.exec(series(from, n, (src) => `insert into sys_record_history ${COLUMNS} select ${entryColumns(t0, step, RESERVED + 1)} from ${src}`));
    process.stdout.write(`  ${(from + n).toLocaleString('en')}\r`);
  }
  for (const ix of indexes) await raw.exec(String(ix.sql));
  if (POSTGRES) await raw.exec(`select setval(pg_get_serial_sequence('sys_record_history', 'id'), (select max(id) from sys_record_history))`);
  await raw.exec(POSTGRES ? 'analyze sys_record_history' : 'analyze');
  console.log(`  seeded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

/** The expired entries, twelve years old, with ids 1..EXPIRED (what a previous run left is replaced). */
async function seedExpired(raw: Raw): Promise<number> {
  await raw.exec(`delete from sys_record_history where id <= ${RESERVED}`);
  const t0 = Date.now() - 12 * 365 * DAY;
  const began = performance.now();
  await raw.exec(series(0, EXPIRED, (src) => `insert into sys_record_history ${COLUMNS} select ${entryColumns(t0, 1000, 1)} from ${src}`));
  if (POSTGRES) await raw.exec('analyze sys_record_history');
  console.log(`  ${EXPIRED.toLocaleString('en')} expired entries written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return t0;
}

async function prepare(): Promise<void> {
  const fresh = POSTGRES ? await benchDb.create() : !existsSync(join(dataDir, 'tessera.sqlite'));
  mkdirSync(dataDir, { recursive: true });
  // Its housekeeping must not prune the seed (two years) by the default days.
  const app = await buildApp(loadConfig({ dataDir, databaseUrl, logLevel: 'warn', recordHistoryDays: KEEP_DAYS }));
  try {
    if (fresh) {
      const res = await app.inject({ method: 'POST', url: '/api/setup/finish', headers: { 'x-requested-with': 'tessera' }, payload: { ...ADMIN, setupCode: app.services.setupCode } });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
  } finally {
    await app.close();
  }
}

const call = (server: ServerProcess, cookie: Cookie, method: string, path: string, body?: unknown) => benchCall(server.url, cookie, method, path, body);

/** The 20 models (the history's entries name them), a form and a grid over the first, and 200 of its records. */
async function makeModels(server: ServerProcess, admin: Cookie): Promise<void> {
  const fields = [
    { name: 'name', type: 'text' },
    { name: 'qty', type: 'number' },
  ];
  for (let k = 1; k <= MODELS; k++) {
    const res = await call(server, admin, 'POST', '/api/definitions/model', { name: modelName(k), fields });
    if (res.status !== 201 && res.status !== 200 && res.status !== 409) throw new Error(`model ${k}: ${res.status} ${JSON.stringify(res.data)}`);
  }
  const made = await call(server, admin, 'POST', '/api/definitions/form', {
    name: 'histbench_form',
    title: 'HistBench',
    model: modelName(1),
    definition: [{ cols: fields.map((f) => ({ childType: 'Input', width: 6, name: f.name, label: f.name, fieldtype: f.type })) }],
  });
  if (made.status === 201) for (let i = 0; i < 200; i++) await call(server, admin, 'POST', '/api/form/histbench_form/add', { name: `item ${i}`, qty: i });
  const grid = await call(server, admin, 'POST', '/api/definitions/grid', {
    name: 'histbench_grid',
    title: 'HistBench',
    model: modelName(1),
    paging: 3,
    pageSize: 20,
    hideClear: true,
    definition: [
      { name: 'name', label: 'Name', type: 'Text' },
      { name: 'qty', label: 'Qty', type: 'Number' },
    ],
  });
  if (grid.status !== 201 && grid.status !== 409) throw new Error(`grid: ${grid.status} ${JSON.stringify(grid.data)}`);
}

interface Figure {
  label: string;
  p50: number;
  p95: number;
  target: number;
  rows: number;
}

async function asked(label: string, urls: string[], cookie: Cookie, target: number): Promise<Figure> {
  const times: number[] = [];
  let rows = 0;
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: cookie });
    const body = (await res.json()) as { entries?: unknown[] };
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    rows += body.entries?.length ?? 0;
  }
  const f = { label, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(percentile(times, 95) * 10) / 10, target, rows: Math.round(rows / urls.length) };
  console.log(`  ${label.padEnd(44)} p50 ${String(f.p50).padStart(7)} ms   p95 ${String(f.p95).padStart(7)} ms   ${String(f.rows).padStart(3)} entries/page   ${verdict(f.p95 < target)}`);
  return f;
}

async function reading(server: ServerProcess, cookie: Cookie, t0: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const api = `${server.url}/api/history`;
  const n = (k: number) => Array.from({ length: ASKS }, (_, i) => k + i);
  const step = Math.floor((SPAN_DAYS * DAY) / ENTRIES);
  /** The id of the seeded entry written at `ms` (ids and times grow together). */
  const idAt = (ms: number) => RESERVED + 1 + Math.floor((ms - t0) / step);
  const day = (d: number) => new Date(t0 + d * DAY).toISOString().slice(0, 10);
  const middle = RESERVED + Math.floor(ENTRIES / 2);

  console.log(`\n  a record's timeline (${(ENTRIES / HOT_EVERY).toLocaleString('en')} entries), 50 a page:`);
  const hot = `${api}/${modelName(1)}/1`;
  figures.push(await asked('timeline, first page', n(0).map(() => hot), cookie, TARGET_TIMELINE));
  // Later pages by keyset: walk to page 80, then each of pages 80..99.
  const befores: number[] = [];
  let next: number | null = null;
  for (let p = 0; p < 80 + ASKS && (p === 0 || next !== null); p++) {
    const body = (await (await fetch(`${hot}${next ? `?before=${next}` : ''}`, { headers: cookie })).json()) as { next: number | null };
    if (p >= 80) befores.push(next ?? 0);
    next = body.next;
  }
  if (befores.length) figures.push(await asked('timeline, pages 80-99 (keyset)', befores.map((b) => `${hot}?before=${b}`), cookie, TARGET_TIMELINE));

  console.log('\n  the global list, 50 a page, first page and a page deep in (before an id half way):');
  const cases: { label: string; q: (i: number) => string; deep: (i: number) => number }[] = [
    { label: 'no filter', q: () => '', deep: (i) => middle + i * 1000 },
    { label: 'model', q: (i) => `model=${modelName(1 + (i % MODELS))}`, deep: (i) => middle + i * 1000 },
    { label: 'user', q: (i) => `user=${1 + ((i * 5) % USERS)}`, deep: (i) => middle + i * 1000 },
    { label: 'action (delete)', q: () => 'action=delete', deep: (i) => middle + i * 1000 },
    // A week somewhere in the two years; deep: half way into it.
    { label: 'a week of dates', q: (i) => `from=${day(30 + i * 30)}&to=${day(36 + i * 30)}`, deep: (i) => idAt(t0 + (33.5 + i * 30) * DAY) },
    { label: 'model and a month', q: (i) => `model=${modelName(1 + (i % MODELS))}&from=${day(30 + i * 30)}&to=${day(59 + i * 30)}`, deep: (i) => idAt(t0 + (45 + i * 30) * DAY) },
    {
      label: 'model, user, action and a month',
      q: (i) => `model=${modelName(1 + (i % MODELS))}&user=${1 + ((i * 7) % USERS)}&action=update&from=${day(30 + i * 30)}&to=${day(59 + i * 30)}`,
      deep: (i) => idAt(t0 + (45 + i * 30) * DAY),
    },
  ];
  for (const c of cases) {
    const first = n(0).map((i) => `${api}?${c.q(i)}`);
    const deep = n(0).map((i) => `${api}?${c.q(i)}${c.q(i) ? '&' : ''}before=${c.deep(i)}`);
    figures.push(await asked(`${c.label}, first page`, first, cookie, TARGET_LIST));
    figures.push(await asked(`${c.label}, deep page`, deep, cookie, TARGET_LIST));
  }
  return figures;
}

interface Loop {
  asks: number;
  max: number;
  p99: number;
  p50: number;
  maxTimeline: number;
}

/** Asks a grid page (20 pages in turn: the page cache keeps each, so this is the server's turn-around) and the hot timeline until `until` says stop. */
async function askLoop(server: ServerProcess, cookie: Cookie, until: () => Promise<boolean>): Promise<Loop> {
  const grid: number[] = [];
  const timeline: number[] = [];
  let stop = false;
  const watcher = (async () => {
    while (!(await until())) await new Promise((r) => setTimeout(r, 250));
    stop = true;
  })();
  for (let i = 0; !stop; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/grid/histbench_grid/data/${i % 10}/20`, { headers: cookie });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`grid page: ${res.status}`);
    grid.push(performance.now() - t0);
    if (i % 5 === 4) {
      const t1 = performance.now();
      const r = await fetch(`${server.url}/api/history/${modelName(1)}/1?limit=20`, { headers: cookie });
      await r.arrayBuffer();
      timeline.push(performance.now() - t1);
    }
  }
  await watcher;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { asks: grid.length, max: r(Math.max(...grid)), p99: r(percentile(grid, 99)), p50: r(percentile(grid, 50)), maxTimeline: r(Math.max(...timeline, 0)) };
}

const serverEnv = () => ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn', ACCESS_LOG: '', RECORD_HISTORY_DAYS: String(KEEP_DAYS) });

async function pruning(raw: Raw): Promise<{ idle: Loop; during: Loop; seconds: number; pruned: number }> {
  console.log(`\n  pruning ${EXPIRED.toLocaleString('en')} expired entries at start, a grid page and the record's timeline asked in a loop meanwhile:`);
  // The same start without anything to prune: what the first seconds after a start cost anyway,
  // over 30 s, so that its longest ask has had about as many chances as the pruning's (a loaded
  // machine's scheduler holds a process now and then whatever it does).
  const base = await startServerProcess(serverEnv(), 300_000);
  let idle: Loop;
  try {
    const cookie = await signInCookie(base.url, ADMIN);
    const began = performance.now();
    idle = await askLoop(base, cookie, async () => performance.now() - began > 30_000);
  } finally {
    await base.stop();
  }
  const old = await seedExpired(raw);
  const cutoff = new Date(old + (EXPIRED + 10) * 1000).toISOString();
  const expired = async () => Number((await raw.one(`select count(*) as n from sys_record_history where id <= ${RESERVED} and at < '${cutoff}'`))?.n);
  const before = await expired();
  const server = await startServerProcess(serverEnv(), 300_000);
  const began = performance.now();
  let seconds = 0;
  let during: Loop;
  try {
    const cookie = await signInCookie(server.url, ADMIN);
    during = await askLoop(server, cookie, async () => {
      const left = await expired();
      if (left === 0 && !seconds) seconds = (performance.now() - began) / 1000;
      return left === 0;
    });
  } finally {
    await server.stop();
  }
  const show = (name: string, l: Loop) =>
    console.log(`  ${name.padEnd(24)} ${String(l.asks).padStart(5)} grid pages: p50 ${String(l.p50).padStart(6)} ms  p99 ${String(l.p99).padStart(6)} ms  longest ${String(l.max).padStart(6)} ms; longest timeline ${l.maxTimeline} ms`);
  show('start, nothing to prune', idle);
  show('start, pruning', during);
  const stall = during.max - idle.max;
  console.log(`  pruned ${before.toLocaleString('en')} entries in about ${seconds.toFixed(1)} s; longest grid page ${during.max} ms against ${idle.max} ms: the pruning held a request at most about ${Math.max(0, Math.round(stall))} ms (target ${TARGET_STALL} ms) ${verdict(stall <= TARGET_STALL)}`);
  return { idle, during, seconds, pruned: before };
}

async function main(): Promise<number> {
  const where = POSTGRES ? 'PostgreSQL' : 'SQLite';
  console.log(`bench:history (reading) on ${where}: ${ENTRIES.toLocaleString('en')} entries, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await prepare();
  const raw = await openRaw();
  try {
    await seedEntries(raw);
    const t0 = await seedStart(raw);
    const server = await startServerProcess(serverEnv(), 300_000);
    let figures: Figure[] = [];
    try {
      const cookie = await signInCookie(server.url, ADMIN);
      await makeModels(server, cookie);
      if (READ) figures = await reading(server, cookie, t0);
    } finally {
      await server.stop();
    }
    const prune = PRUNE ? await pruning(raw) : null;
    const load = loadavg();
    console.log(`  load average at the end: ${load.map((l) => l.toFixed(2)).join(' ')}`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', POSTGRES ? 'history-read-pg.json' : 'history-read.json'), JSON.stringify({ database: where, entries: ENTRIES, load, figures, prune }, null, 2));
    return 0;
  } finally {
    await raw.close();
  }
}

runBench('bench:history (reading)', 120 * 60_000, main);

import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, openAsBlob, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { basename, join, resolve } from 'node:path';
import pg from 'pg';
import type { ImportFile, ImportJob } from '../../src/shared/import-types.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';
import { arg, benchCall, type Cookie, freshPgDatabase, loadAverage, percentile, rssMb, runBench, signInCookie, verdict } from './common.js';

/**
 * `npm run bench:import`: a CSV of 1,000,000 rows imported into a new model through the API a
 * user's browser calls (docs/import.md), into the server as `npm start` runs it (its own process,
 * one worker), on SQLite, or with `--postgres` on PostgreSQL (a database of its own, made afresh).
 * The file is uploaded (`POST /api/import/{model}/files`, multipart), the job started
 * (`POST /api/import/{model}/jobs`) and read back (`GET /api/import/jobs/{id}`) until it ends, as
 * the import dialog does; the time is the upload's plus the job's. Measured, each into a model made
 * for it (`POST /api/definitions/model`):
 * - 6 fields (two texts, a number, a date, a yes/no, a free text with commas and quotes), all or
 *   nothing (the default);
 * - the same 6 fields and 2 references named by their targets' display (10,000 customers, 1,000
 *   products), all or nothing;
 * - the 6 fields in batches (`batches: true`; `--no-batches` leaves it out).
 * Meanwhile the server's resident memory (VmRSS, every thread) is read every 100 ms, and a client
 * asks a 50-row page of another model's generated grid (50,000 rows) 100 ms after the last answer, each page
 * uncached (page, sort and direction vary, then searches): p50, p99 and the longest, against
 * the same loop with nothing importing. Beside it the floor: the database's own bulk load of the
 * same file (SQLite: `.import` of the sqlite3 command-line shell into a fresh file; PostgreSQL:
 * `COPY ... FROM STDIN` through psql), for the references followed by one `INSERT ... SELECT`
 * joining the names to their ids. Targets (docs/performance.md): under 60 s on SQLite, 90 s on
 * PostgreSQL, 120 s with the references; the server under 300 MB throughout; a grid page's p99
 * under 50 ms while an import runs. `--rows N` scales it down; `--cpu-prof` writes the server's
 * CPU profiles (each thread's) to bench-results/import-prof/. The files are generated once into
 * bench-results/ (deterministic) and re-used.
 */
const ROWS = arg('rows', 1_000_000);
const POSTGRES = process.argv.includes('--postgres');
const BATCHES = !process.argv.includes('--no-batches');
const CPU_PROF = process.argv.includes('--cpu-prof');
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const DB = POSTGRES ? 'PostgreSQL' : 'SQLite';
const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'bench-results');
const dataDir = join(RESULTS, POSTGRES ? 'import-data-pg' : 'import-data');
const PG_NAME = 'tessera_bench_import';
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'bench password 1' };
const CUSTOMERS = 10_000;
const PRODUCTS = 1_000;
const GRID_ROWS = 50_000;
const PAGE = 50;
/** The pause between two asks of the grid loop: a person paging fast, not a load test that would take the cores the import is timed on. */
const ASK_EVERY_MS = 100;
const TARGETS = { plainSeconds: POSTGRES ? 90 : 60, refsSeconds: 120, rssMb: 300, gridP99Ms: 50 };

// ---- the files ----

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Eve', 'Farah', 'Gustav', 'Hana', 'Ivo', 'Júlia', 'Kofi', 'Lena', 'Mateo', 'Nora', 'Oskar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tomás'];
const LAST = ['Andersen', 'Bianchi', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Horvat', 'Ito', 'Jansen', 'Kowalski', 'Laine', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quist', 'Rossi', 'Silva', 'Tanaka'];
const WORDS = ['blue', 'order', 'paid', 'late', 'call back', 'gift', 'fragile', 'north', 'south', 'priority', 'returned', 'invoice', 'box', 'spare', 'urgent', 'note'];

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
function cell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const customerName = (k: number) => `Customer ${pad(k, 5)}`;
const productName = (k: number) => `Product ${pad(k, 4)}`;

/** The 6 fields of row i (and, with references, the customer's and product's names). */
function personRow(next: () => number, i: number, references: boolean): string {
  const first = FIRST[Math.floor(next() * FIRST.length)] as string;
  const last = LAST[Math.floor(next() * LAST.length)] as string;
  const amount = (next() * 10_000).toFixed(2);
  const born = new Date(Date.UTC(1940, 0, 1) + Math.floor(next() * 24_000) * 86_400_000).toISOString().slice(0, 10);
  const active = next() < 0.7 ? 'true' : 'false';
  const words: string[] = [];
  for (let w = 1 + Math.floor(next() * 6); w > 0; w--) words.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  let note = words.join(next() < 0.2 ? ', ' : ' ');
  if (next() < 0.02) note = `"${note}" said ${first}`;
  const cells = [`${first} ${last}`, `${first}.${last}.${i}@example.com`.toLowerCase(), amount, born, active, note];
  if (references) cells.push(customerName(1 + Math.floor(next() * CUSTOMERS)), productName(1 + Math.floor(next() * PRODUCTS)));
  return cells.map(cell).join(',');
}

/** Writes a CSV once (through a .part file, so a run stopped half way leaves none): answers its path. */
async function csvFile(name: string, header: string[], rows: number, line: (next: () => number, i: number) => string): Promise<string> {
  const path = join(RESULTS, name);
  if (existsSync(path)) return path;
  const began = performance.now();
  const part = `${path}.part`;
  const out = createWriteStream(part);
  const next = random(rows * 31 + name.length);
  let chunk = `${header.join(',')}\n`;
  for (let i = 1; i <= rows; i++) {
    chunk += `${line(next, i)}\n`;
    if (chunk.length > 1 << 20 || i === rows) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end();
  await once(out, 'finish');
  renameSync(part, path);
  console.log(`  generated ${name} (${rows.toLocaleString('en')} rows) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return path;
}

interface Files {
  plain: string;
  refs: string;
  customers: string;
  products: string;
  grid: string;
}

const PEOPLE_HEADER = ['Name', 'E-mail', 'Amount', 'Born', 'Active', 'Note'];

async function files(): Promise<Files> {
  mkdirSync(RESULTS, { recursive: true });
  return {
    plain: await csvFile(`import-${ROWS}.csv`, PEOPLE_HEADER, ROWS, (next, i) => personRow(next, i, false)),
    refs: await csvFile(`import-${ROWS}-references.csv`, [...PEOPLE_HEADER, 'Customer', 'Product'], ROWS, (next, i) => personRow(next, i, true)),
    customers: await csvFile(`import-customers-${CUSTOMERS}.csv`, ['Name', 'City'], CUSTOMERS, (next, i) => `${customerName(i)},${['Oslo', 'Lyon', 'Porto', 'Turku'][Math.floor(next() * 4)]}`),
    products: await csvFile(`import-products-${PRODUCTS}.csv`, ['Name', 'Price'], PRODUCTS, (next, i) => `${productName(i)},${(next() * 500).toFixed(2)}`),
    grid: await csvFile(`import-grid-${GRID_ROWS}.csv`, ['Title', 'Code', 'Amount', 'Day'], GRID_ROWS, (next, i) => {
      const title = `${WORDS[Math.floor(next() * WORDS.length)]} ${LAST[Math.floor(next() * LAST.length)]} ${pad(i, 5)}`;
      const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 2500) * 86_400_000).toISOString().slice(0, 10);
      return `${title},C-${pad(Math.floor(next() * 1e6), 6)},${(next() * 1000).toFixed(2)},${day}`;
    }),
  };
}

// ---- the models ----

const PEOPLE_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'E-mail', type: 'text' },
  { name: 'amount', label: 'Amount', type: 'number' },
  { name: 'born', label: 'Born', type: 'date' },
  { name: 'active', label: 'Active', type: 'boolean' },
  { name: 'note', label: 'Note', type: 'text' },
];
const REFERENCE_FIELDS = [
  { name: 'customer', label: 'Customer', type: 'reference', target: 'BenchCustomer' },
  { name: 'product', label: 'Product', type: 'reference', target: 'BenchProduct' },
];

async function makeModel(server: ServerProcess, cookie: Cookie, model: Record<string, unknown>): Promise<void> {
  const res = await benchCall(server.url, cookie, 'POST', '/api/definitions/model', model);
  if (res.status !== 201 && res.status !== 200) throw new Error(`model ${String(model.name)}: ${res.status} ${JSON.stringify(res.data)}`);
}

// ---- the import, as the dialog runs it ----

async function upload(server: ServerProcess, cookie: Cookie, model: string, path: string): Promise<ImportFile> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), basename(path));
  const res = await fetch(`${server.url}/api/import/${model}/files`, { method: 'POST', headers: { ...cookie, 'x-requested-with': 'tessera' }, body: form });
  const body = (await res.json()) as ImportFile;
  if (res.status !== 200) throw new Error(`upload into ${model}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Uploads the file, starts the job and reads it back until it ends (every 250 ms, as a progress bar would). */
async function importFile(server: ServerProcess, cookie: Cookie, model: string, path: string, options: { batches?: boolean; references?: boolean }, watch?: (job: ImportJob) => void): Promise<{ uploadSeconds: number; job: ImportJob }> {
  const began = performance.now();
  const file = await upload(server, cookie, model, path);
  const uploadSeconds = (performance.now() - began) / 1000;
  const unmapped = Object.entries(file.mapping).filter(([, f]) => f === null);
  if (unmapped.length) throw new Error(`the proposed mapping left out ${unmapped.map(([h]) => h).join(', ')}`);
  const request = { file: file.file, mapping: file.mapping, mode: 'insert', dryRun: false, batches: options.batches === true, ...(options.references ? { references: { customer: 'display', product: 'display' } } : {}) };
  const started = await benchCall(server.url, cookie, 'POST', `/api/import/${model}/jobs`, request);
  if (started.status !== 202) throw new Error(`job into ${model}: ${started.status} ${JSON.stringify(started.data)}`);
  let job = started.data as ImportJob;
  while (!['done', 'failed', 'cancelled'].includes(job.state)) {
    await new Promise((r) => setTimeout(r, 250));
    const res = await benchCall(server.url, cookie, 'GET', `/api/import/jobs/${job.id}`);
    if (res.status !== 200) throw new Error(`job ${job.id}: ${res.status} ${JSON.stringify(res.data)}`);
    job = res.data as ImportJob;
    watch?.(job);
  }
  if (job.state !== 'done') throw new Error(`the import into ${model} ended ${job.state}: ${JSON.stringify(job.error)}`);
  return { uploadSeconds, job };
}

// ---- the grid asked meanwhile ----

const GRID_SORTS = ['title', 'code', 'amount', 'day'].flatMap((f) => [`sort=${f}&dir=asc`, `sort=${f}&dir=desc`]);
/** Each ask of a run gets a page, sort and search no ask before it had, so the page cache never answers. */
let asked = 0;

function gridUrl(grid: string): string {
  const pages = Math.ceil(GRID_ROWS / PAGE);
  const i = asked++;
  const page = (i * 7919) % pages;
  const sort = GRID_SORTS[Math.floor(i / pages) % GRID_SORTS.length] as string;
  const round = Math.floor(i / (pages * GRID_SORTS.length));
  // Once every page has been asked in every order, the same again searching for a word of the titles.
  const search = round === 0 ? '' : `&search=${encodeURIComponent(`${WORDS[round % WORDS.length] as string} ${round}`)}`;
  return `/api/grid/${grid}/data/${round === 0 ? page : 0}/${PAGE}?${sort}${search}`;
}

interface Loop {
  asks: number;
  p50: number;
  p99: number;
  max: number;
}

/** Asks uncached grid pages one after the other (ASK_EVERY_MS apart) until `stop()` is called; answers their latencies. */
function gridLoop(server: ServerProcess, cookie: Cookie, grid: string): { stop(): Promise<Loop> } {
  const times: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}${gridUrl(grid)}`, { headers: cookie });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`grid page: ${res.status}`);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, ASK_EVERY_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      const r = (v: number) => Math.round(v * 10) / 10;
      return { asks: times.length, p50: r(percentile(times, 50)), p99: r(percentile(times, 99)), max: r(Math.max(...times)) };
    },
  };
}

// ---- the floor ----

function run(command: string, args: string[], input: string | NodeJS.ReadableStream): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e) => fail(new Error(`${command}: ${e.message}${(e as NodeJS.ErrnoException).code === 'ENOENT' ? ` (not installed: ${command === 'sqlite3' ? 'apt-get install -y sqlite3' : 'apt-get install -y postgresql-client'})` : ''}`)));
    child.once('exit', (code) => (code === 0 && !err.trim() ? ok() : fail(new Error(`${command} ${args.join(' ')}: exit ${code}: ${err}`))));
    if (typeof input === 'string') child.stdin.end(input);
    else input.pipe(child.stdin);
  });
}

const FLOOR_COLUMNS = 'name text, email text, amount real, born text, active text, note text';
const STAGING_COLUMNS = 'name text, email text, amount text, born text, active text, note text, customer text, product text';
const RESOLVE = (schema: string) =>
  `insert into ${schema}people_refs (name, email, amount, born, active, note, customer, product)
   select s.name, s.email, cast(s.amount as real), s.born, s.active, s.note, c.id, p.id
   from ${schema}staging s join ${schema}customer c on c.name = s.customer join ${schema}product p on p.name = s.product`;

/** The database's own bulk load of the same files: seconds for the plain file, and for the file with references (loaded, then its names joined to ids). */
async function floor(f: Files): Promise<{ plain: number; refs: number }> {
  const timed = async (work: () => Promise<void>) => {
    const t0 = performance.now();
    await work();
    return Math.round((performance.now() - t0) / 100) / 10;
  };
  if (!POSTGRES) {
    // The sqlite3 command-line shell (Debian: apt-get install -y sqlite3), into a fresh file.
    const file = join(RESULTS, 'import-floor.sqlite');
    const fresh = () => {
      for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    fresh();
    await run('sqlite3', [file], `create table people (${FLOOR_COLUMNS});\n`);
    const plain = await timed(() => run('sqlite3', [file], `.mode csv\n.import --skip 1 ${f.plain} people\n`));
    fresh();
    await run('sqlite3', [file], [
      `create table customer (id integer primary key, name text unique, city text); create table product (id integer primary key, name text unique, price real);`,
      `create table customer_raw (name text, city text); create table product_raw (name text, price text);`,
      `create table staging (${STAGING_COLUMNS}); create table people_refs (${FLOOR_COLUMNS}, customer integer references customer, product integer references product);`,
      `.mode csv`,
      `.import --skip 1 ${f.customers} customer_raw`,
      `.import --skip 1 ${f.products} product_raw`,
      `insert into customer (name, city) select * from customer_raw; insert into product (name, price) select * from product_raw;`,
      '',
    ].join('\n'));
    const refs = await timed(() => run('sqlite3', [file], `.mode csv\n.import --skip 1 ${f.refs} staging\n${RESOLVE('')};\n`));
    fresh();
    return { plain, refs };
  }
  const url = PG_URL as string;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists floor cascade; create schema floor;
      create table floor.people (${FLOOR_COLUMNS});
      create table floor.customer (id integer generated always as identity primary key, name text unique, city text);
      create table floor.product (id integer generated always as identity primary key, name text unique, price real);
      create table floor.staging (${STAGING_COLUMNS});
      create table floor.people_refs (${FLOOR_COLUMNS}, customer integer references floor.customer, product integer references floor.product)`);
    const copy = (table: string, path: string) => run('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy floor.${table} from stdin (format csv, header true)`], createReadStream(path));
    await copy('customer (name, city)', f.customers);
    await copy('product (name, price)', f.products);
    await client.query('analyze floor.customer; analyze floor.product');
    const plain = await timed(() => copy('people', f.plain));
    const refs = await timed(async () => {
      await copy('staging', f.refs);
      await client.query(RESOLVE('floor.'));
    });
    await client.query('drop schema floor cascade');
    return { plain, refs };
  } finally {
    await client.end();
  }
}

// ---- the run ----

let PG_URL: string | undefined;

interface Figure {
  import: string;
  rows: number;
  uploadSeconds: number;
  jobSeconds: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  floorSeconds: number;
  ratio: number;
  grid: Loop;
  load: string;
}

async function measure(server: ServerProcess, cookie: Cookie, grid: string, label: string, model: string, path: string, options: { batches?: boolean; references?: boolean }, target: number, floorSeconds: number): Promise<Figure> {
  await makeModel(server, cookie, { name: model, title: label, fields: options.references ? [...PEOPLE_FIELDS, ...REFERENCE_FIELDS] : PEOPLE_FIELDS });
  const pid = server.child.pid as number;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 100);
  const loop = gridLoop(server, cookie, grid);
  let shown = Date.now();
  try {
    const { uploadSeconds, job } = await importFile(server, cookie, model, path, options, (j) => {
      if (Date.now() - shown < 10_000) return;
      shown = Date.now();
      console.log(`    ${j.state} ${j.done.toLocaleString('en')} of ${j.total?.toLocaleString('en') ?? '?'} rows, ${Math.round(j.rate).toLocaleString('en')} rows/s, server RSS ${rssMb(pid)} MB, load ${loadAverage()}`);
    });
    const gridFigures = await loop.stop();
    if (job.counts.added !== ROWS || job.counts.refused !== 0) throw new Error(`${label}: ${JSON.stringify(job.counts)} (first refused: ${JSON.stringify(job.refused[0])})`);
    const jobSeconds = (Date.parse(job.endedAt as string) - Date.parse(job.startedAt)) / 1000;
    const seconds = Math.round((uploadSeconds + jobSeconds) * 10) / 10;
    const figure: Figure = {
      import: label,
      rows: ROWS,
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      jobSeconds: Math.round(jobSeconds * 10) / 10,
      seconds,
      rssBeforeMb,
      rssPeakMb,
      floorSeconds,
      ratio: Math.round((seconds / floorSeconds) * 10) / 10,
      grid: gridFigures,
      load: loadAverage(),
    };
    console.log(
      `  ${label}: ${ROWS.toLocaleString('en')} rows in ${seconds} s (upload ${figure.uploadSeconds} s, job ${figure.jobSeconds} s; target ${target} s: ${verdict(seconds < target)});` +
        ` ${figure.ratio}x the floor (${floorSeconds} s); server RSS ${rssBeforeMb} MB before, peak ${rssPeakMb} MB (target under ${TARGETS.rssMb} MB: ${verdict(rssPeakMb < TARGETS.rssMb)})`,
    );
    console.log(`    grid page meanwhile (${gridFigures.asks} asks): p50 ${gridFigures.p50} ms, p99 ${gridFigures.p99} ms (target ${TARGETS.gridP99Ms} ms: ${verdict(gridFigures.p99 < TARGETS.gridP99Ms)}), longest ${gridFigures.max} ms; load average ${figure.load}`);
    return figure;
  } finally {
    clearInterval(sampler);
    await loop.stop().catch(() => undefined);
  }
}

runBench('bench:import', 90 * 60_000, async () => {
  console.log(`bench:import on ${DB}: ${ROWS.toLocaleString('en')} rows; load average ${loadAverage()}`);
  const f = await files();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (POSTGRES) PG_URL = await freshPgDatabase(PG_NAME);
  console.log(`  the floor (${POSTGRES ? 'COPY ... FROM STDIN through psql' : "the sqlite3 shell's .import"}), load average ${loadAverage()}:`);
  const floors = await floor(f);
  console.log(`    6 fields ${floors.plain} s; with 2 references joined to their ids ${floors.refs} s`);
  const profDir = join(RESULTS, 'import-prof');
  if (CPU_PROF) rmSync(profDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: PG_URL ?? '', LOG_LEVEL: 'warn', ACCESS_LOG: '' };
  // `--cpu-prof` goes on node's command line (NODE_OPTIONS refuses it); the import threads inherit
  // it: each writes its profile to profDir when it ends, the server its own when it stops.
  const server = await startServerProcess(env, 300_000, CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
  const figures: Figure[] = [];
  let idle: Loop;
  try {
    await server.finishSetup(ADMIN);
    const cookie = await signInCookie(server.url, ADMIN);
    // The other model, its generated screens, and the targets of the references, filled through the import too.
    await makeModel(server, cookie, { name: 'BenchGridItem', title: 'Grid items', display: 'title', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'code', type: 'text', label: 'Code' }, { name: 'amount', type: 'number', label: 'Amount' }, { name: 'day', type: 'date', label: 'Day' }] });
    await makeModel(server, cookie, { name: 'BenchCustomer', title: 'Customers', display: 'name', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }, { name: 'city', type: 'text', label: 'City' }] });
    await makeModel(server, cookie, { name: 'BenchProduct', title: 'Products', display: 'name', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }, { name: 'price', type: 'number', label: 'Price' }] });
    for (const [model, path] of [['BenchGridItem', f.grid], ['BenchCustomer', f.customers], ['BenchProduct', f.products]] as const) await importFile(server, cookie, model, path, {});
    const screens = await benchCall(server.url, cookie, 'POST', '/api/definitions/model/BenchGridItem/screens', {});
    const grid = (screens.data as { created?: { kind: string; name: string }[] }).created?.find((c) => c.kind === 'grid')?.name;
    if (screens.status !== 201 || !grid) throw new Error(`screens: ${screens.status} ${JSON.stringify(screens.data)}`);

    const want = (name: string) => !ONLY || ONLY === name;
    if (want('plain')) figures.push(await measure(server, cookie, grid, '6 fields, all or nothing', 'BenchImportPlain', f.plain, {}, TARGETS.plainSeconds, floors.plain));
    if (want('references')) figures.push(await measure(server, cookie, grid, '6 fields and 2 references by name, all or nothing', 'BenchImportReferences', f.refs, { references: true }, TARGETS.refsSeconds, floors.refs));
    if (BATCHES && want('batches')) figures.push(await measure(server, cookie, grid, '6 fields, in batches', 'BenchImportBatches', f.plain, { batches: true }, TARGETS.plainSeconds, floors.plain));

    // The same loop with nothing importing, as long as the first import's (at least 10 s, at most 120 s).
    const seconds = Math.min(120, Math.max(10, figures[0]?.seconds ?? 10));
    const loop = gridLoop(server, cookie, grid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    idle = await loop.stop();
    console.log(`  grid page with nothing importing (${idle.asks} asks over ${seconds} s): p50 ${idle.p50} ms, p99 ${idle.p99} ms, longest ${idle.max} ms; server RSS ${rssMb(server.child.pid as number)} MB; load average ${loadAverage()}`);
  } finally {
    await server.stop();
  }
  writeFileSync(join(RESULTS, `import-${POSTGRES ? 'postgres' : 'sqlite'}.json`), JSON.stringify({ database: DB, rows: ROWS, targets: TARGETS, floor: floors, figures, idle }, null, 2));
  const missed = figures.some((x) => {
    const target = x.import.includes('references') ? TARGETS.refsSeconds : TARGETS.plainSeconds;
    return x.seconds >= target || x.rssPeakMb >= TARGETS.rssMb || x.grid.p99 >= TARGETS.gridP99Ms;
  });
  return missed ? 1 : 0;
});

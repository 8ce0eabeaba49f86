import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { apiCaller, launchBrowser, signedInContext } from '../../tests/support/browser.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';
import { startSmtp, type Inbox } from '../../tests/support/smtp.js';
import { arg, loadAverage, ms, percentile, runBench, verdict } from './common.js';

/**
 * `npm run bench:automations`: the automations' two figures (docs/performance.md, "Automations").
 *
 * The production build of the app on the real server (`npm start`'s process, its default number
 * of workers), a real SMTP server on loopback (smtp-server, as the tests use) set in Settings.
 *
 * 1. A form save, as a person makes it: Chromium signed in at /form/<name>/add/0, the title
 *    typed, Create pressed, timed until the app has left the form for the model's grid (the
 *    save's answer arrived and the app acted on it). Two models of the same fields: `Plain`,
 *    which nothing watches, and `Watched`, with three after-insert automations (create an audit
 *    record, send a mail, update the saved record). Saves alternate between the two; p95 of each
 *    and the ratio, target at most 1.1x: the runs are queued in the save's transaction and carried
 *    out outside it. Judged with each save made once the runs of the saves before it are carried
 *    out (what the save itself costs); then the same back to back, each save beside the runs
 *    before it on the same two cores, printed for information.
 * 2. The queue: 1,000 records inserted through the API into a model whose after-insert
 *    automation mails the record's address and then updates the record; timed from the first
 *    insert until every record is updated and the SMTP server has all 1,000 messages; target
 *    within 60 s.
 *
 * `--saves N` (default 60 per model) and `--runs N` (default 1,000) scale it. Exit code 0 when
 * everything was measured (a missed target prints MISSED), 1 when something could not be.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'bench-results');
const SAVES = arg('saves', 60);
const WARMUP_SAVES = 5;
const RUNS = arg('runs', 1000);
const INSERTERS = 4;
const DEADLINE_MS = 15 * 60_000;
const TARGET = { saveRatio: 1.1, drainSeconds: 60 };
const ADMIN = { user: 'bench', email: 'bench@example.com', password: 'Bench-automations-1' };

type Call = ReturnType<typeof apiCaller>;

const FIELDS = [
  { name: 'title', type: 'text', label: 'Title', required: true },
  { name: 'amount', type: 'number', label: 'Amount' },
  { name: 'email', type: 'text', label: 'E-mail' },
  { name: 'note', type: 'text', label: 'Note' },
  { name: 'sent', type: 'boolean', label: 'Sent' },
];

/** A model of FIELDS with its generated form and grid named after it. */
async function makeModel(call: Call, name: string): Promise<{ form: string; grid: string }> {
  const form = name.toLowerCase();
  const grid = `${form}s`;
  await call('POST', '/api/definitions/model', { name, title: name, fields: FIELDS });
  await call('POST', `/api/definitions/model/${name}/screens`, { names: { form, grid } });
  return { form, grid };
}

async function prepare(call: Call): Promise<void> {
  await makeModel(call, 'Plain');
  await makeModel(call, 'Watched');
  await makeModel(call, 'Audit');
  await makeModel(call, 'Job');
  const afterInsert = (model: string) => ({ type: 'record', model, on: ['insert'] });
  const automations = [
    { name: 'watched_audit', trigger: afterInsert('Watched'), runAs: ADMIN.user, steps: [{ type: 'createRecord', form: 'audit', values: { title: 'saved {{record.title}}', amount: '{{record.id}}' } }] },
    { name: 'watched_mail', trigger: afterInsert('Watched'), runAs: ADMIN.user, steps: [{ type: 'sendMail', to: 'watcher@example.com', subject: 'New: {{record.title}}', text: '{{record.title}} was saved at {{now}}.' }] },
    { name: 'watched_note', trigger: afterInsert('Watched'), runAs: ADMIN.user, steps: [{ type: 'updateRecord', form: 'watched', id: '{{record.id}}', values: { note: 'seen {{now}}' } }] },
    {
      name: 'job_mail_update',
      trigger: afterInsert('Job'),
      runAs: ADMIN.user,
      steps: [
        { type: 'sendMail', to: '{{record.email}}', subject: 'Job {{record.title}}', text: 'Your job {{record.title}} ({{record.amount}}) is in.' },
        { type: 'updateRecord', form: 'job', id: '{{record.id}}', values: { sent: true } },
      ],
    },
  ];
  for (const a of automations) await call('POST', '/api/definitions/automation', { title: a.name, ...a });
}

/** One save in the form at its real route: type the title, press Create, until the app shows the grid. Answers the ms. */
async function saveOnce(page: Page, base: string, form: string, grid: string, title: string): Promise<number> {
  await page.goto(`${base}/form/${form}/add/0`);
  const field = page.getByLabel('Title', { exact: true });
  try {
    await field.waitFor();
  } catch (e) {
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'automations-failure.png') });
    throw new Error(`${form}'s form did not show its Title field at ${page.url()} (bench-results/automations-failure.png): ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: e });
  }
  await field.fill(title);
  await page.getByLabel('Amount', { exact: true }).fill('42');
  const save = page.getByRole('button', { name: 'Create', exact: true });
  const t0 = performance.now();
  await save.click();
  await page.waitForURL((u) => u.pathname === `/grid/${grid}`, { timeout: 30_000 });
  return performance.now() - t0;
}

interface SaveFigures {
  plain: number[];
  watched: number[];
}

/** Whether every watched save so far has had its three runs carried out: its audit record, its mail and its note. */
async function watchedRunsDone(call: Call, inbox: Inbox, saved: number): Promise<boolean> {
  if (inbox.messages.filter((m) => m.to.includes('watcher@example.com')).length < saved) return false;
  if ((await countOf(call, 'audits')) < saved) return false;
  return (await countOf(call, 'watcheds', { and: [{ field: 'note', op: 'notEmpty' }] })) >= saved;
}

/**
 * `SAVES` saves of each model after the warm-up, alternating which goes first. `settled`: each
 * save starts once the runs of every save before it are carried out (the same wait, the same
 * questions, after a save of either model), so a save meets no run; otherwise back to back, each
 * save beside the runs of the ones before it.
 */
async function measureSaves(browser: Browser, server: ServerProcess, call: Call, inbox: Inbox, settled: boolean): Promise<SaveFigures> {
  const { context, page } = await signedInContext(browser, server.url, ADMIN, { width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  try {
    const figures: SaveFigures = { plain: [], watched: [] };
    let watched = await countOf(call, 'watcheds');
    for (let i = 0; i < WARMUP_SAVES + SAVES; i++) {
      const order = i % 2 ? (['watched', 'plain'] as const) : (['plain', 'watched'] as const);
      for (const which of order) {
        if (settled) await until("a watched save's runs", 60_000, () => watchedRunsDone(call, inbox, watched));
        const took = await saveOnce(page, server.url, which, `${which}s`, `${which} ${settled ? 'settled' : 'back to back'} ${i}`);
        if (which === 'watched') watched++;
        if (i >= WARMUP_SAVES) figures[which].push(took);
      }
    }
    await until("the watched saves' runs", 120_000, () => watchedRunsDone(call, inbox, watched));
    if (errors.length) throw new Error(`page errors:\n${errors.join('\n')}`);
    return figures;
  } finally {
    await context.close();
  }
}

/** Prints a protocol's figures; answers the p95 ratio. */
function printSaves(label: string, saves: SaveFigures): { p50: { plain: number; watched: number }; p95: { plain: number; watched: number }; ratio: number } {
  const p95 = { plain: percentile(saves.plain, 95), watched: percentile(saves.watched, 95) };
  const p50 = { plain: percentile(saves.plain, 50), watched: percentile(saves.watched, 50) };
  const ratio = p95.watched / p95.plain;
  console.log(`  ${label}`);
  console.log('  model                            p50 ms   p95 ms    max ms');
  console.log(`  Plain (nothing watches it)     ${ms(p50.plain)} ${ms(p95.plain)} ${ms(Math.max(...saves.plain))}`);
  console.log(`  Watched (3 after-insert)       ${ms(p50.watched)} ${ms(p95.watched)} ${ms(Math.max(...saves.watched))}`);
  return { p50, p95, ratio };
}

/** The count of a grid's records that `filter` finds, as the grid's first page answers it. */
async function countOf(call: Call, grid: string, filter?: unknown): Promise<number> {
  const query = filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : '';
  return (await call<{ count: number }>('GET', `/api/grid/${grid}/data/0/1${query}`)).count;
}

/** Until `done` answers true, checked every 100 ms; fails past `timeoutMs`. */
async function until(what: string, timeoutMs: number, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface DrainFigures {
  insertSeconds: number;
  drainSeconds: number;
  afterLastInsertSeconds: number;
  mails: number;
  updated: number;
}

async function measureDrain(call: Call, inbox: Inbox): Promise<DrainFigures> {
  const mailsBefore = inbox.messages.length;
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: INSERTERS }, async () => {
      while (next < RUNS) {
        const i = next++;
        await call('POST', '/api/form/job/add', { title: `job ${i}`, amount: i, email: `member${i}@example.com`, sent: false });
      }
    }),
  );
  const inserted = performance.now();
  const mailsOf = () => inbox.messages.length - mailsBefore;
  // Generous: the figure is judged against its target below, this only stops a stuck queue.
  await until('the queue', 10 * 60_000, async () => mailsOf() >= RUNS && (await countOf(call, 'jobs', { and: [{ field: 'sent', op: 'eq', value: true }] })) >= RUNS);
  const drained = performance.now();
  const updated = await countOf(call, 'jobs', { and: [{ field: 'sent', op: 'eq', value: true }] });
  const jobMails = inbox.messages.slice(mailsBefore).filter((m) => m.to.some((t) => /^member\d+@example\.com$/.test(t)));
  const distinct = new Set(jobMails.map((m) => m.to.join())).size;
  if (distinct !== RUNS) throw new Error(`${distinct} distinct members mailed, expected ${RUNS}`);
  return {
    insertSeconds: (inserted - t0) / 1000,
    drainSeconds: (drained - t0) / 1000,
    afterLastInsertSeconds: (drained - inserted) / 1000,
    mails: jobMails.length,
    updated,
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log(`bench:automations: load ${loadAverage()}; building the app (dist/client)...`);
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const inbox = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-automations-'));
  const workers = availableParallelism();
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: String(workers), ACCESS_LOG: '' }, 120_000);
    const token = await server.finishSetup({ ...ADMIN, smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_from: 'bench@example.com', smtp_secure: false });
    const started_ = server;
    const call = apiCaller(() => started_.url, () => token);
    await prepare(call);
    browser = await launchBrowser();
    console.log(`SQLite, ${workers} server process(es), Chromium ${browser.version()}`);

    console.log(`\n1. A form save in the app, click Create -> the grid shown: ${SAVES} saves of each model after ${WARMUP_SAVES} warm-up, alternating`);
    const settledSaves = await measureSaves(browser, server, call, inbox, true);
    const settled = printSaves('each save once the runs before it are carried out (the target):', settledSaves);
    const ratio = settled.ratio;
    console.log(`  p95 watched / plain ${ratio.toFixed(3)}   target <= ${TARGET.saveRatio}   ${verdict(ratio <= TARGET.saveRatio)}`);
    const backSaves = await measureSaves(browser, server, call, inbox, false);
    const back = printSaves('back to back, each save beside the runs of the saves before it (informational):', backSaves);
    console.log(`  p95 watched / plain ${back.ratio.toFixed(3)}`);
    console.log(`  (every watched save's three runs carried out: its audit record, its mail and its note)`);

    console.log(`\n2. The queue: ${RUNS} records inserted through the API (${INSERTERS} at a time), each run mails and then updates its record`);
    const drain = await measureDrain(call, inbox);
    console.log(`inserted in ${drain.insertSeconds.toFixed(1)} s; all ${drain.mails} mails received and ${drain.updated} records updated ${drain.drainSeconds.toFixed(1)} s after the first insert (${drain.afterLastInsertSeconds.toFixed(1)} s after the last)`);
    console.log(`drained in ${drain.drainSeconds.toFixed(1)} s   target <= ${TARGET.drainSeconds} s   ${verdict(drain.drainSeconds <= TARGET.drainSeconds)}`);

    const missed = [ratio <= TARGET.saveRatio ? '' : 'save p95 ratio', drain.drainSeconds <= TARGET.drainSeconds ? '' : 'queue drain'].filter(Boolean);
    console.log(`\n${missed.length ? `MISSED: ${missed.join('; ')}` : 'All targets met.'}`);
    mkdirSync(OUT, { recursive: true });
    const result = { date: new Date().toISOString(), load: loadAverage(), workers, targets: TARGET, saves: { settled: { samples: settledSaves, ...settled }, backToBack: { samples: backSaves, ...back } }, drain, missed, seconds: (Date.now() - started) / 1000 };
    writeFileSync(join(OUT, 'automations.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Wrote bench-results/automations.json in ${result.seconds.toFixed(0)} s.`);
    return 0;
  } finally {
    await browser?.close();
    await server?.stop();
    await inbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('bench:automations', DEADLINE_MS, main);

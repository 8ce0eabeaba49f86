import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../tests/support/browser.js';
import { measureBundle, type BundleFigures } from './ui/bundle.js';
import type { GridFigures, KeystrokeTimes } from './ui/harness.js';
import { arg, ms, percentile, runBench, verdict } from './common.js';
import { serveStatic } from './ui/serve.js';

/**
 * `npm run bench:ui`: the runtime's UI figures (docs/performance.md), each printed against its target.
 *
 * 1. Keystrokes: a production build of a bench page (scripts/bench/ui) renders N text fields
 *    with Tessera's interpreter, or with @rjsf/core as the peer, in the same Chromium and the
 *    same run. In the page, each keystroke is timed from dispatching the input event to the end
 *    of the render it causes (microtasks and a forced layout included): p50/p95 per library and
 *    size, and the ratios tessera/rjsf and 2,000/500 fields.
 * 2. Grid: the real GridView in mode 1 over 100,000 generated rows (fetch answered in the page):
 *    clientSort/clientSearch times, and the <tr> in the DOM against the rows in view.
 * 3. Bundle: the app's first-load JavaScript, gzipped, and the lazy chunks.
 *
 * Exit code 0 when everything was measured (a missed target prints MISSED), 1 when something
 * could not be measured. `--rounds N` (default 2) and `--keys N` (default 60) scale it.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'bench-results');
const PAGE_DIST = join(OUT, 'ui-dist');
const SIZES = [500, 2000] as const;
const LIBS = ['tessera', 'rjsf'] as const;
const WARMUP_KEYS = 10;
const KEYS = arg('keys', 60);
const ROUNDS = arg('rounds', 2);
const VIEWPORT = { width: 1280, height: 800 };
/** The whole bench stops itself after this, whatever hangs. */
const DEADLINE_MS = 5 * 60_000;

const TARGET = { ratioVsRjsf: 0.2, flat: 1.5, sortSearchMs: 100, domPerVisible: 2, firstLoadKb: 250 };

type Lib = (typeof LIBS)[number];
interface FormRun {
  lib: Lib;
  fields: number;
  mountMs: number[];
  render: number[];
  script: number[];
  nextTask: number[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function openPage(browser: Browser, url: string): Promise<{ page: Page; close(): Promise<void>; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** Fails with what the page said when it reports an error instead of getting ready. */
async function waitReady(page: Page, errors: string[], ready: 'benchInfo' | 'benchGrid'): Promise<void> {
  await page.waitForFunction((key) => Boolean(window[key] || window.benchError), ready, { timeout: 60_000 });
  const pageError = await page.evaluate(() => window.benchError);
  if (pageError) throw new Error(`bench page failed: ${pageError}`);
  if (errors.length) throw new Error(`bench page errors:\n${errors.join('\n')}`);
}

async function runForm(browser: Browser, base: string, lib: Lib, fields: number): Promise<{ mountMs: number; times: KeystrokeTimes }> {
  const { page, errors, close } = await openPage(browser, `${base}/?lib=${lib}&n=${fields}`);
  try {
    await waitReady(page, errors, 'benchInfo');
    const info = await page.evaluate(() => window.benchInfo);
    if (!info || info.inputs !== fields) throw new Error(`${lib} rendered ${info?.inputs} text inputs, expected ${fields}`);
    const middle = Math.floor(fields / 2);
    // Warm-up: JIT, React's first event of a kind, lazy style work; not counted.
    await page.evaluate(([i, n]) => window.benchType?.(i, n), [middle, WARMUP_KEYS] as const);
    const times = await page.evaluate(([i, n]) => window.benchType?.(i, n), [middle, KEYS] as const);
    if (!times || times.render.length !== KEYS) throw new Error(`${lib} ${fields}: benchType returned no times`);
    if (errors.length) throw new Error(`bench page errors:\n${errors.join('\n')}`);
    return { mountMs: info.mountMs, times };
  } finally {
    await close();
  }
}

async function runGrid(browser: Browser, base: string): Promise<GridFigures> {
  const { page, errors, close } = await openPage(browser, `${base}/?grid=1`);
  try {
    await waitReady(page, errors, 'benchGrid');
    const figures = await page.evaluate(() => window.benchGrid?.());
    if (!figures) throw new Error('benchGrid returned nothing');
    if (errors.length) throw new Error(`bench page errors:\n${errors.join('\n')}`);
    return figures;
  } finally {
    await close();
  }
}

function printForms(runs: FormRun[]): { checks: Record<string, { value: number; target: number; ok: boolean }> } {
  console.log(`\nKeystroke in the middle field: input event -> render done (microtasks + layout), main thread, ms`);
  console.log(`${ROUNDS} rounds x ${KEYS} keystrokes after ${WARMUP_KEYS} warm-up, fresh page per round;`);
  console.log('script = the part before the forced layout; next task = up to the next task (catches deferred work)\n');
  console.log('library   fields   mount ms      p50      p95      max   script p95   next task p95');
  const p95 = (lib: Lib, n: number) => percentile(runs.find((r) => r.lib === lib && r.fields === n)?.render ?? [NaN], 95);
  for (const r of runs) {
    console.log(
      `${r.lib.padEnd(9)} ${String(r.fields).padStart(6)} ${ms(percentile(r.mountMs, 50), 1).padStart(10)} ${ms(percentile(r.render, 50))} ${ms(percentile(r.render, 95))} ${ms(Math.max(...r.render))} ${ms(percentile(r.script, 95)).padStart(12)} ${ms(percentile(r.nextTask, 95)).padStart(15)}`,
    );
  }
  const checks: Record<string, { value: number; target: number; ok: boolean }> = {};
  for (const n of SIZES) {
    const value = p95('tessera', n) / p95('rjsf', n);
    checks[`tessera p95 / rjsf p95 at ${n} fields`] = { value, target: TARGET.ratioVsRjsf, ok: value <= TARGET.ratioVsRjsf };
  }
  const flat = p95('tessera', 2000) / p95('tessera', 500);
  checks['tessera p95 at 2000 / at 500 fields'] = { value: flat, target: TARGET.flat, ok: flat <= TARGET.flat };
  const rjsfGrowth = p95('rjsf', 2000) / p95('rjsf', 500);
  console.log('');
  for (const [label, c] of Object.entries(checks)) {
    console.log(`${label.padEnd(40)} ${c.value.toFixed(3).padStart(7)}   target <= ${c.target.toFixed(2)}   ${verdict(c.ok)}`);
  }
  console.log(`${'(rjsf p95 at 2000 / at 500 fields)'.padEnd(40)} ${rjsfGrowth.toFixed(3).padStart(7)}   informational`);
  return { checks };
}

function printGrid(g: GridFigures): Record<string, { value: number; target: number; ok: boolean }> {
  const checks: Record<string, { value: number; target: number; ok: boolean }> = {};
  console.log(`\nGrid: GridView, paging mode 1, ${g.rows.toLocaleString('en')} rows, viewport ${g.viewport.width}x${g.viewport.height}`);
  console.log(`  loaded and first rows shown in ${g.loadMs.toFixed(0)} ms (fetch answered in the page, JSON parse included; informational)`);
  console.log(`  rows in view: ${g.visibleRows} (${g.bodyHeight.toFixed(0)} px of body / ${g.rowHeight.toFixed(1)} px a row)`);
  // Judged on the record rows in the DOM; the (at most two) spacer <tr> hold no record and
  // are printed beside them.
  const limit = TARGET.domPerVisible * g.visibleRows;
  console.log(`  DOM rows (target: record rows <= ${TARGET.domPerVisible} x ${g.visibleRows} = ${limit}):`);
  for (const d of g.dom) {
    const ok = d.dataRows <= limit;
    checks[`DOM record rows ${d.at}`] = { value: d.dataRows, target: limit, ok };
    console.log(
      `    ${d.at.padEnd(24)} ${String(d.trs).padStart(3)} <tr> = ${String(d.dataRows).padStart(3)} record rows (${(d.dataRows / g.visibleRows).toFixed(2)}x; ${d.inView} at least partly in view) + ${d.spacers} spacer   ${verdict(ok)}`,
    );
  }
  for (const sc of g.scroll) {
    console.log(
      `  scroll top to bottom in ${sc.steps} jumps, ${sc.when.padEnd(16)}: ${sc.longTasks} long tasks (longest ${sc.longestTaskMs.toFixed(0)} ms), max frame gap ${sc.maxFrameGapMs.toFixed(1)} ms (informational)`,
    );
  }
  console.log('  clientSort / clientSearch over all rows, median of 3 fresh copies, ms:');
  for (const s of g.sort) {
    const label = `sort ${s.field} (${s.type}) ${s.dir} ${s.cold ? 'first' : 'reverse'}`;
    const ok = s.ms <= TARGET.sortSearchMs;
    checks[label] = { value: s.ms, target: TARGET.sortSearchMs, ok };
    console.log(`    ${label.padEnd(36)} ${ms(s.ms, 1)}   target <= ${TARGET.sortSearchMs}   ${verdict(ok)}`);
  }
  for (const s of g.search) {
    const label = `search "${s.term}" ${s.cold ? 'first (cold)' : 'again (warm)'}`;
    const ok = s.ms <= TARGET.sortSearchMs;
    checks[label] = { value: s.ms, target: TARGET.sortSearchMs, ok };
    console.log(`    ${`${label}, ${s.matches} hits`.padEnd(36)} ${ms(s.ms, 1)}   target <= ${TARGET.sortSearchMs}   ${verdict(ok)}`);
  }
  console.log('  in the real GridView (informational; it pre-sorts every column in idle callbacks after load):');
  for (const c of g.clicks) console.log(`    click ${c.field} header (${c.dir}) -> first row changed ${ms(c.ms, 1)} ms`);
  console.log(`    type "${g.searchBox.term}" in the search box -> "${g.searchBox.shown}" shown ${ms(g.searchBox.ms, 1)} ms`);
  return checks;
}

function printBundle(b: BundleFigures): Record<string, { value: number; target: number; ok: boolean }> {
  console.log('\nBundle: dist/client (vite build), gzip level 9');
  console.log('  first load (entry + modulepreload + static imports):');
  for (const c of b.firstLoad) console.log(`    ${c.file.padEnd(40)} ${kb(c.bytes).padStart(8)} KB  ${kb(c.gzip).padStart(7)} KB gz`);
  const firstKb = b.firstLoadGzip / 1024;
  const ok = firstKb <= TARGET.firstLoadKb;
  console.log(`  first-load JS total ${firstKb.toFixed(1)} KB gz   target <= ${TARGET.firstLoadKb} KB   ${verdict(ok)}`);
  console.log('  lazy chunks (not in the first load):');
  for (const c of b.lazy) console.log(`    ${c.file.padEnd(40)} ${kb(c.bytes).padStart(8)} KB  ${kb(c.gzip).padStart(7)} KB gz`);
  for (const c of b.css) console.log(`  css ${c.file} ${kb(c.gzip)} KB gz (informational)`);
  const checks: Record<string, { value: number; target: number; ok: boolean }> = { 'first-load JS KB gz': { value: firstKb, target: TARGET.firstLoadKb, ok } };
  console.log('  must load lazily (source modules found in the first-load chunks):');
  for (const [group, t] of Object.entries(b.inFirstLoad)) {
    const lazyOk = t.modules === 0;
    checks[`${group} lazy (modules in first load)`] = { value: t.modules, target: 0, ok: lazyOk };
    console.log(`    ${group.padEnd(22)} ${String(t.modules).padStart(4)} modules, ${kb(t.bytes).padStart(6)} KB minified   ${lazyOk ? 'ok, lazy' : 'MISSED, in the first load'}`);
  }
  return checks;
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log('bench:ui: building the bench page and the app...');
  await build({ configFile: join(import.meta.dirname, 'ui/vite.config.ts') });
  const bundle = await measureBundle(ROOT);

  const server = await serveStatic(PAGE_DIST);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const isolated = await (async () => {
      const { page, close } = await openPage(browser as Browser, `${server.url}/?lib=tessera&n=4`);
      const answer = await page.evaluate(() => crossOriginIsolated);
      await close();
      return answer;
    })();
    console.log(`Chromium ${browser.version()}, page served at ${server.url}, cross-origin isolated: ${isolated} (timer resolution ${isolated ? '5 us' : '100 us'})`);

    const runs: FormRun[] = [];
    for (const lib of LIBS) for (const fields of SIZES) runs.push({ lib, fields, mountMs: [], render: [], script: [], nextTask: [] });
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order per round, so neither library always runs on a warmer machine.
      const order = round % 2 ? [...runs].reverse() : runs;
      for (const run of order) {
        const { mountMs, times } = await runForm(browser, server.url, run.lib, run.fields);
        run.mountMs.push(mountMs);
        run.render.push(...times.render);
        run.script.push(...times.script);
        run.nextTask.push(...times.nextTask);
      }
    }
    runs.sort((a, b) => a.fields - b.fields || LIBS.indexOf(a.lib) - LIBS.indexOf(b.lib));
    const grid = await runGrid(browser, server.url);

    const { checks: formChecks } = printForms(runs);
    const gridChecks = printGrid(grid);
    const bundleChecks = printBundle(bundle);
    const checks = { ...formChecks, ...gridChecks, ...bundleChecks };
    const missed = Object.entries(checks).filter(([, c]) => !c.ok).map(([k]) => k);
    console.log(`\n${missed.length ? `MISSED ${missed.length} target(s): ${missed.join('; ')}` : 'All targets met.'}`);

    mkdirSync(OUT, { recursive: true });
    const summary = runs.map((r) => ({
      lib: r.lib,
      fields: r.fields,
      mountMs: r.mountMs,
      p50: percentile(r.render, 50),
      p95: percentile(r.render, 95),
      max: Math.max(...r.render),
      scriptP95: percentile(r.script, 95),
      nextTaskP95: percentile(r.nextTask, 95),
      samples: r.render,
    }));
    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      crossOriginIsolated: isolated,
      rounds: ROUNDS,
      keystrokes: KEYS,
      warmup: WARMUP_KEYS,
      targets: TARGET,
      forms: summary,
      grid,
      bundle,
      checks,
      missed,
      seconds: (Date.now() - started) / 1000,
    };
    writeFileSync(join(OUT, 'ui.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Wrote bench-results/ui.json in ${result.seconds.toFixed(0)} s.`);
    return 0;
  } finally {
    await browser?.close();
    await server.close();
  }
}

runBench('bench:ui', DEADLINE_MS, main);

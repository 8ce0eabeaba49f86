/**
 * `npm run bench:designer`, in the app: the designer as users open it, at /pagedesigner/edit/:id
 * and /formdesigner/edit/:id of the real server (the 'page' and 'form' forms, whose designer
 * column is the designer, with the form's own fields, leave guard and history panel around it).
 *
 * A fresh data folder; the server started as the test suites start it (tests/support/
 * server-process.ts), setup finished for an admin, the definitions seeded through the API with
 * the admin's bearer token and the header the origin rule asks of scripts; Chromium signs in
 * through the login screen as a person does. The keystrokes are timed inside the page exactly as
 * the bench page times them (harness.ts): native value setter and an `input` event, until the
 * selected block on the canvas shows the text, a forced layout included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCaller, signInPage } from '../../../tests/support/browser.js';
import { startServerProcess, type ServerProcess } from '../../../tests/support/server-process.js';
import type { Kind } from './harness.js';
import { documentOf, pathOf } from './tessera-doc.js';

const ADMIN = { user: 'bench', email: 'bench@example.com', password: 'Bench-designer-1' };

export interface AppFigures {
  /** Keystroke in the property editor -> the canvas shows it, layout done, ms. */
  keystroke: number[];
  longTasks: number;
  longestTaskMs: number;
  /** From navigating to the designer's url until every block is drawn, ms (signed in already). */
  openMs: number;
}

export interface App {
  url: string;
  /** The designer's url for a case, its definition seeded. */
  urlOf(kind: Kind, blocks: number): string;
  /** A browser context signed in as the admin. */
  signedIn(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Starts the server on a fresh data folder, finishes setup and seeds one definition per case. */
export async function startApp(cases: { kind: Kind; blocks: number }[]): Promise<App> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-designer-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, 120_000);
    const token = await server.finishSetup({ ...ADMIN, smtp_host: '' });
    const started = server;
    // apiCaller sends the bearer token and x-requested-with: tessera (the origin rule for scripts).
    const call = apiCaller(() => started.url, () => token);
    const ids = new Map<string, string>();
    for (const { kind, blocks } of cases) {
      const doc = documentOf(kind, blocks);
      // The form's fields are bound to the built-in User model's (unknown names are fine in a definition).
      const body = kind === 'form' ? { ...doc, name: `bench_form_${blocks}`, model: 'User' } : { ...doc, name: `bench_page_${blocks}` };
      const created = await call<{ id: string }>('POST', `/api/definitions/${kind}`, body);
      ids.set(`${kind}/${blocks}`, created.id);
    }
    return {
      url: started.url,
      urlOf: (kind, blocks) => `${started.url}/${kind}designer/edit/${ids.get(`${kind}/${blocks}`)}`,
      async signedIn(browser, viewport) {
        const context = await browser.newContext({ viewport });
        // tsx keeps function names with an __name helper, which typeInPage's source then calls in the page.
        await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
        const page = await context.newPage();
        await signInPage(page, started.url, ADMIN);
        await page.close();
        return context;
      },
      async close() {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/** Opens a case's designer in a new page of `context`, selects the middle block, and times `keys` keystrokes after `warmup`. */
export async function measureInApp(context: BrowserContext, url: string, kind: Kind, blocks: number, keys: number, warmup: number): Promise<AppFigures> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  try {
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll('.dz-canvas .dz-col').length === n, blocks, { timeout: 60_000 });
    const openMs = Date.now() - t0;
    const target = Math.floor(blocks / 2);
    const key = pathOf(target).join('/');
    await page.locator(`.dz-canvas [data-dz-path="${key}"] > .dz-handle`).click();
    const label = kind === 'page' ? 'Text' : 'Label';
    await propertyEditor(page, label);
    // Let the first loads (the history panel, the field picker's list) settle before measuring.
    await page.waitForTimeout(500);
    if (errors.length) throw new Error(`page errors:\n${errors.join('\n')}`);
    await page.evaluate(typeInPage, { label, key, count: warmup, first: 0 });
    const figures = await page.evaluate(typeInPage, { label, key, count: keys, first: warmup });
    if (errors.length) throw new Error(`page errors:\n${errors.join('\n')}`);
    if (figures.keystroke.length !== keys) throw new Error(`${kind} of ${blocks} in the app: ${figures.keystroke.length} keystrokes timed, expected ${keys}`);
    return { ...figures, openMs };
  } finally {
    await page.close();
  }
}

async function propertyEditor(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('aside[aria-label="Properties"] label')].some((l) => l.textContent?.trim() === text),
    label,
    { timeout: 30_000 },
  );
}

/**
 * Runs in the page (self-contained: Playwright sends its source). The same timing as the bench
 * page's harness: the span starts before the native value setter and the `input` event, and ends
 * when the selected block shows the text and a forced layout is done; each keystroke starts
 * after a frame. Long tasks (over 50 ms) are observed while typing.
 */
async function typeInPage({ label, key, count, first }: { label: string; key: string; count: number; first: number }): Promise<{ keystroke: number[]; longTasks: number; longestTaskMs: number }> {
  const nextTask = () =>
    new Promise<void>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(0);
    });
  const afterFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const forceLayout = () => {
    void document.body.getBoundingClientRect();
    void document.body.offsetHeight;
  };
  const editor = (): HTMLInputElement | HTMLTextAreaElement | null => {
    const found = [...document.querySelectorAll<HTMLLabelElement>('aside[aria-label="Properties"] label')].find((l) => l.textContent?.trim() === label);
    const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
    return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control : null;
  };
  let block: Element | null = null;
  const selected = () => (block?.isConnected ? block : (block = document.querySelector(`.dz-canvas [data-dz-path="${key}"] .dz-col-body`)));
  const inputSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const areaSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

  const long: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  const keystroke: number[] = [];
  for (let k = 0; k < count; k++) {
    const input = editor();
    if (!input) throw new Error('the property editor is not there');
    input.focus();
    const next = input.value + String.fromCharCode(97 + ((first + k) % 26));
    const setter = input instanceof HTMLTextAreaElement ? areaSetter : inputSetter;
    if (!setter) throw new Error('no value setter');
    const t0 = performance.now();
    setter.call(input, next);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
    while (!(selected()?.textContent ?? '').includes(next)) {
      if (performance.now() - t0 > 3000) throw new Error(`keystroke ${k}: the canvas did not show ${JSON.stringify(next.slice(-12))} within 3 s`);
      await nextTask();
    }
    forceLayout();
    keystroke.push(performance.now() - t0);
    await afterFrame();
  }
  await nextTask();
  observer.disconnect();
  long.push(...observer.takeRecords());
  return { keystroke, longTasks: long.filter((e) => e.duration > 50).length, longestTaskMs: Math.max(0, ...long.map((e) => e.duration)) };
}

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from './server-process';

const ROOT = resolve(import.meta.dirname, '../..');

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_INSTALL = 'apt-get update && apt-get install -y chromium';

/**
 * Content-Security-Policy violations seen by any page of any browser launched here. The
 * browser project's setup (tests/support/browser-setup.ts) fails the test during which one
 * happened: the server's real CSP is on every page the tests load, so a violation means the
 * app needs something the policy forbids (an eval, an inline script) or injected markup got
 * as far as the browser's last line of defence.
 */
const cspViolations: string[] = [];

/** The violations recorded since the last call, emptied. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Reported from inside the page, by the page's own `securitypolicyviolation` events. */
const CSP_MARKER = '[csp-violation]';
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error(${JSON.stringify(CSP_MARKER)} + ' ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
}, true);`;

function watchPage(page: Page): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith(CSP_MARKER) || /Content Security Policy/i.test(text)) cspViolations.push(`${page.url()}: ${text}`);
  });
}

async function watchContext(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(REPORT_VIOLATIONS);
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  return context;
}

/**
 * Debian's Chromium, headless, with the background chatter that slows CI turned off. Every
 * context and page it makes reports CSP violations (see takeCspViolations).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => watchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    await page.context().addInitScript(REPORT_VIOLATIONS);
    watchPage(page);
    return page;
  };
  return browser;
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it as root with:\n  ${CHROMIUM_INSTALL}\n` +
        '(or run: bash scripts/ensure-chromium.sh)',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const RESULTS = join(resolve(import.meta.dirname, '../..'), 'test-results');

/** A full-page screenshot in test-results/<name>.png, to be looked at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: true });
}

/**
 * A JSON caller of a test server's API: `call(method, path, body?, token?)` answers the body
 * and throws on any status of 300 or more. `base` and `token` are read at each call, since
 * the server starts and the admin signs in after the caller is made.
 */
export function apiCaller(base: () => string, token: () => string) {
  return async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, bearer = token()): Promise<T> {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { 'x-requested-with': 'tessera', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Signs `page` in through the login screen, as a person would, and waits for the front page. */
export async function signInPage(page: Page, base: string, account: { user: string; password: string }): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('User name or e-mail').fill(account.user);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/`);
}

/** A new browser context signed in as `account`, with its page. */
export async function signedInContext(
  browser: Browser,
  base: string,
  account: { user: string; password: string },
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInPage(page, base, account);
  return { context, page };
}

/** What a browser test file starts with: a fresh server on its own data folder, set up, and a browser. */
export interface BrowserApp {
  server: ServerProcess;
  browser: Browser;
  /** The API as the first admin (bearer token; throws on an answer of 300 or more). */
  call: ReturnType<typeof apiCaller>;
  /** Closes the browser, stops the server and removes the data folder; safe after a failed start. */
  close(): Promise<void>;
}

/**
 * Starts the built app on a fresh SQLite folder (`name` marks the folder), finishes setup with
 * `admin` and launches Chromium. A start that fails part-way closes what it had opened before
 * throwing, so no server is left listening.
 */
export async function startBrowserApp(name: string, admin: { user: string; email: string; password: string }): Promise<BrowserApp> {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
  const dataDir = mkdtempSync(join(tmpdir(), `tessera-${name}-`));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let token = '';
  const close = async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    token = await server.finishSetup({ ...admin, smtp_host: '' });
    browser = await launchBrowser();
  } catch (e) {
    await close();
    throw e;
  }
  const started = server;
  return { server: started, browser, call: apiCaller(() => started.url, () => token), close };
}

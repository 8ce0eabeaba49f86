import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_INSTALL = 'apt-get update && apt-get install -y chromium';

/** Debian's Chromium, headless, with the background chatter that slows CI turned off. */
export async function launchBrowser(): Promise<Browser> {
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
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * A browser suite over the demo shop: a fresh data folder seeded as `npm run seed:demo` seeds it
 * (a handful of rows), the real server started on it, setup finished for the admin, Chromium
 * launched; and signing in through the login screen as a person does. `{ seed: false }` starts
 * a fresh instance instead: an empty data folder, setup finished for the same admin.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, launchBrowser } from './browser';
import { startServerProcess, type ServerProcess } from './server-process';

const ROOT = resolve(import.meta.dirname, '../..');
export const DEMO_ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Browser-admin-1' };

export interface DemoSuite {
  server: ServerProcess;
  browser: Browser;
  call: ReturnType<typeof apiCaller>;
  close(): Promise<void>;
}

export interface DemoSuiteOptions {
  /** false: a fresh instance that has only completed setup, without the demo shop. */
  seed?: boolean;
}

export async function startDemoSuite({ seed = true }: DemoSuiteOptions = {}): Promise<DemoSuite> {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
  // Chromium first: on a machine without it, the suite fails before a server is started.
  const browser = await launchBrowser();
  const dataDir = mkdtempSync(join(tmpdir(), seed ? 'tessera-demo-' : 'tessera-fresh-'));
  let server: ServerProcess | undefined;
  try {
    if (seed) seedDemo(dataDir);
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    let token = '';
    const call = apiCaller(() => server!.url, () => token);
    token = await server.finishSetup({ ...DEMO_ADMIN, smtp_host: '' });
    const started = server;
    return {
      server: started,
      browser,
      call,
      async close() {
        await browser.close();
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    // Whatever started before the failure is closed here: the caller never got a handle on it.
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

function seedDemo(dataDir: string): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts', '--customers', '3', '--products', '3', '--orders', '0'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:demo failed:\n${seeded.stdout}${seeded.stderr}`);
}

/** A new browser context signed in through the login screen; answers its page at /. */
export async function signIn(suite: DemoSuite, viewport = { width: 1280, height: 800 }, account = DEMO_ADMIN): Promise<Page> {
  const page = await (await suite.browser.newContext({ viewport })).newPage();
  await page.goto(`${suite.server.url}/login`);
  await page.getByLabel('User name or e-mail').fill(account.user);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${suite.server.url}/`);
  return page;
}

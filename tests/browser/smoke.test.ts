/**
 * Smoke test of the whole product as a user first meets it: a fresh data directory, the real
 * server, the built client, real Chromium. `/` must send a new install to the setup wizard,
 * and finishing both steps must leave the user signed in at `/`.
 *
 * Needs `dist/client` built (`npm test` builds first) and src/server/main.ts honouring
 * PORT, HOST, DATA_DIR and serving dist/client with an SPA fallback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { setupCodeFromLog } from '../support/server-process';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'test-results');

interface Column {
  childType: string;
  name?: string;
  label?: string;
  fieldtype?: string;
  required?: boolean;
  rows?: { cols?: Column[] }[];
}
interface FormDefinition {
  title?: string;
  definition?: { cols?: Column[] }[];
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Input and Checkbox columns with a name, through nested Rows, in order. */
function fields(def: FormDefinition): Column[] {
  const out: Column[] = [];
  const walk = (rows: { cols?: Column[] }[] | undefined) => {
    for (const row of rows ?? []) {
      for (const col of row.cols ?? []) {
        if ((col.childType === 'Input' || col.childType === 'Checkbox') && col.name) out.push(col);
        walk(col.rows);
      }
    }
  };
  walk(def.definition);
  return out;
}

const PASSWORD = 'Smoke-test-passw0rd';
/** Read off the server's log, as the person setting up reads it. */
let setupCode = '';
const USER_NAME = 'smokeadmin';

/** A value the server's setup schema accepts for this kind of field. */
function valueFor(col: Column): string {
  const name = (col.name ?? '').toLowerCase();
  if (name === 'setupcode') return setupCode;
  if (col.fieldtype === 'password' || name.includes('password')) return PASSWORD;
  if (col.fieldtype === 'email' || name.includes('email')) return 'smoke@example.com';
  if (col.fieldtype === 'number' || name.includes('port')) return '2525';
  if (name === 'user' || name.includes('user')) return USER_NAME;
  if (name.includes('host')) return 'localhost';
  if (col.fieldtype === 'url') return 'https://example.com';
  return 'smoke';
}

async function fillStep(page: Page, def: FormDefinition, onlyRequired: boolean): Promise<void> {
  for (const col of fields(def)) {
    if (onlyRequired && !col.required) continue;
    const input = page.getByLabel(col.label || col.name || '', { exact: true });
    if (col.childType === 'Checkbox') await input.check();
    else await input.fill(valueFor(col));
  }
}

describe('first run in a browser', () => {
  let server: ChildProcess | undefined;
  let serverLog = '';
  let dataDir = '';
  let base = '';
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/client/index.html'))) {
      throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
    }
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-smoke-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL; // the embedded SQLite default, whatever the caller's shell says
    // As `npm start` runs it; its own process group, so the kill below reaches the whole group.
    server = spawn('sh', ['scripts/start-server.sh'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));

    const deadline = Date.now() + 45_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${serverLog}`);
      try {
        const res = await fetch(`${base}/api/env/`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not answer GET /api/env/ within 45 s:\n${serverLog}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    setupCode = await setupCodeFromLog(() => serverLog);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (server?.pid) process.kill(-server.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a new install to /setup and ends signed in at /', async () => {
    const load = async (name: string): Promise<FormDefinition> => {
      const res = await fetch(`${base}/api/form/${name}/definition`);
      expect(res.status, `GET /api/form/${name}/definition`).toBe(200);
      return (await res.json()) as FormDefinition;
    };
    const userStep = await load('setup_user');
    const smtpStep = await load('setup_smtp');
    expect(userStep.title, 'setup_user has a title').toBeTruthy();
    expect(smtpStep.title, 'setup_smtp has a title').toBeTruthy();
    expect(fields(userStep).length, 'setup_user has fields').toBeGreaterThan(0);

    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    try {
      await page.goto(`${base}/`);
      await page.waitForURL(`${base}/setup`);
      await page.getByRole('heading', { name: userStep.title, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect((await seriousViolations(page)).join('\n'), 'axe on setup').toBe('');

      // Next on an empty step is refused with the required-field message of the first required field.
      const firstRequired = fields(userStep).find((c) => c.required && c.childType === 'Input');
      if (firstRequired) {
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(`${firstRequired.label || firstRequired.name} is a required field`).waitFor();
        await page.getByRole('heading', { name: userStep.title, exact: true }).waitFor();
      }

      // Step 1 asks for the code printed in the server's log, and checks it when leaving the
      // step: a wrong one is refused there, where it can be fixed, not at Finish on step 2.
      const rightCode = setupCode;
      setupCode = 'AAAA-BBBB-CCCC';
      await page.getByText("Printed in the server's log when it started").waitFor();
      await fillStep(page, userStep, false);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText("The setup code is missing or wrong: it is printed in the server's log when it started").waitFor();
      await page.getByRole('heading', { name: userStep.title, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Finish' }).count()).toBe(0);
      await page.screenshot({ path: '/tmp/wayin-setup-wrong-code.png', fullPage: true });
      setupCode = rightCode;
      await page.getByLabel('Setup code', { exact: true }).fill(setupCode);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: smtpStep.title, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Test SMTP' }).waitFor();
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);

      await fillStep(page, smtpStep, true);
      // Back and forth keeps the values (the right code passes its check again).
      await page.getByRole('button', { name: 'Previous' }).click();
      expect(await page.getByLabel('Setup code', { exact: true }).inputValue()).toBe(setupCode);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Finish' }).click();

      await page.waitForURL(`${base}/`);
      const userField = fields(userStep).find((c) => c.name === 'user');
      const shownName = userField ? valueFor(userField) : USER_NAME;
      await page.locator('footer').getByText(`User: ${shownName}`, { exact: true }).waitFor();
      expect(page.url()).toBe(`${base}/`);
      // The new administrator's home leads to the designers.
      await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
      await page.getByRole('button', { name: 'Build' }).waitFor();

      mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: join(RESULTS, 'smoke-setup.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } catch (e) {
      mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: join(RESULTS, 'smoke-setup-failure.png'), fullPage: true }).catch(() => undefined);
      (e as Error).message += `\n--- page errors ---\n${pageErrors.join('\n')}\n--- server log ---\n${serverLog}`;
      throw e;
    } finally {
      await context.close();
    }
  });
});

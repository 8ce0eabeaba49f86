/**
 * Settings and lost password (docs/operations.md) as people use them, in real Chromium against the built
 * app, the real server and a real SMTP server on loopback: an admin points Settings at the
 * SMTP server, tests it, saves and sees the new environment name; a user who forgot their
 * password gets the token by e-mail, enters it, chooses a new password and signs in with it.
 * Screenshots land in test-results/ to be looked at.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCaller, launchBrowser, shot, signInPage } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtp, tokenIn, type Inbox } from '../support/smtp';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Browser-admin-1' };
const FRANK = { user: 'frank', email: 'frank@example.com', password: 'Browser-frank-1' };

let server: ServerProcess;
let browser: Browser;
let inbox: Inbox;
let dataDir = '';
let adminToken = '';

const call = apiCaller(() => server.url, () => adminToken);

async function signIn(page: Page, account: { user: string; password: string }): Promise<void> {
  await signInPage(page, server.url, account);
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
  inbox = await startSmtp();
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-browser-settings-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  adminToken = await server.finishSetup({ ...ADMIN, smtp_host: '' });
  await call('POST', '/api/form/user/add', { ...FRANK, Admin: false });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Settings', () => {
  it('an admin sets the environment name and SMTP, tests SMTP, saves, and the footer shows the new name', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto(`${server.url}/users`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Save' }).waitFor();
    expect(await dialog.getByLabel('Environment name').inputValue()).toBe('Tessera');
    await dialog.getByLabel('Environment name').fill('Browser Staging');
    await dialog.getByLabel('Administrator e-mail').fill('ops@example.com');
    await dialog.getByLabel('Address of this site').fill(server.url);
    await dialog.getByLabel('SMTP server').fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(inbox.port));
    await dialog.getByLabel('Sender address').fill('noreply@example.com');
    await dialog.getByRole('button', { name: 'Test SMTP' }).click();
    await dialog.getByRole('status').getByText('SMTP Test Status: Success', { exact: true }).waitFor();
    const test = await inbox.waitFor((m) => m.to.includes('ops@example.com'));
    expect(test.raw).toContain('Outgoing mail works.');
    expect((await seriousViolations(page)).join('\n'), 'axe on the Settings dialogue').toBe('');
    await shot(page, 'settings-dialog');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${server.url}/`);
    await page.locator('footer').getByText('Browser Staging').waitFor();
    await shot(page, 'settings-saved');
    // The saved values come back, the password never did leave the server (none was set here).
    const stored = await call<Record<string, unknown>>('GET', '/api/settings');
    expect(stored).toMatchObject({ ENVIRONMENT_NAME: 'Browser Staging', smtp_host: '127.0.0.1', smtp_port: inbox.port, ADMIN_EMAIL: 'ops@example.com' });
    await context.close();
  });

  it('asks before discarding changes, and refuses to turn security off', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Save' }).waitFor();
    await dialog.getByLabel('Security (sign-in required)').uncheck();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toEqual(['Discard changes?']);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Control+s');
    await dialog.getByRole('alert').getByText(/Security cannot be turned off from Settings/).waitFor();
    await shot(page, 'settings-refused');
    page.once('dialog', (d) => void d.accept());
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await call<{ ENABLE_SECURITY: number }>('GET', '/api/env/')).ENABLE_SECURITY).toBe(1);
    await context.close();
  });
});

describe('Lost password', () => {
  it('by e-mail, end to end: request, read the mail, enter the token, choose a new password, sign in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Lost password?' }).click();
    await page.waitForURL(`${server.url}/lost_password`);
    await page.getByLabel('E-mail', { exact: true }).fill(FRANK.email);
    await shot(page, 'lost-password-1-email');
    const before = inbox.messages.length;
    await page.getByRole('button', { name: 'Send token' }).click();
    await page.waitForURL(`${server.url}/lost_password/token`);
    await page.getByRole('status').getByText(/If this address belongs to an account/).waitFor();
    const mail = await inbox.waitFor((m) => inbox.messages.indexOf(m) >= before && m.to.includes(FRANK.email));
    const token = tokenIn(mail);
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(FRANK.email);
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await shot(page, 'lost-password-2-token');
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/lost_password/change/'));
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-frank-2');
    await page.getByLabel('Repeat the new password').fill('Other-frank-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').getByText('Password mismatch').waitFor();
    await page.getByLabel('Repeat the new password').fill('Brand-new-frank-2');
    await shot(page, 'lost-password-3-change');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/login`);
    await signIn(page, { user: FRANK.user, password: 'Brand-new-frank-2' });
    await page.locator('footer').getByText('User: frank').waitFor();
    await context.close();
  });

  it("opens the e-mail's link in a fresh browser with the address and token filled in", async () => {
    const before = inbox.messages.length;
    await fetch(`${server.url}/api/user/lost_password`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' }, body: JSON.stringify({ email: FRANK.email }) });
    const mail = await inbox.waitFor((m) => inbox.messages.indexOf(m) >= before && m.to.includes(FRANK.email));
    const link = /Open this link to enter it: (\S+)/.exec(mail.raw)?.[1];
    expect(link).toBeDefined();
    expect(link?.startsWith(`${server.url}/lost_password/token/`)).toBe(true);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link ?? '');
    await page.getByRole('button', { name: 'Check token' }).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(FRANK.email);
    expect(await page.getByRole('textbox', { name: 'Token' }).inputValue()).toBe(tokenIn(mail).replace(/-/g, ''));
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/lost_password/change/'));
    await page.getByLabel('New password', { exact: true }).waitFor();
    await context.close();
  });
});

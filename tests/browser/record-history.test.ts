/**
 * A record's history as an administrator meets it (docs/history.md, "Reading the history"): in
 * Chromium, a purchase changed by two people shows both changes in its form's History, newest
 * first, in words; Revert on one field puts it back and the form shows the value again; a revert
 * after someone else changed the record answers the server's 409 and offers to reload. axe finds
 * nothing serious in the dialogue. Screenshots in test-results/ are to be looked at.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCaller, launchBrowser, shot, signedInContext } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'History-read-1' };
const BOB = { user: 'bob', email: 'bob@example.com', password: 'History-read-2' };

let server: ServerProcess;
let browser: Browser;
let dataDir = '';
let call: ReturnType<typeof apiCaller>;
let purchase = 0;

/** A session token for `account`, signed in through the login call (the token rides in its cookie). */
async function tokenOf(account: { user: string; password: string }): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' },
    body: JSON.stringify({ user: account.user, password: account.password }),
  });
  const token = /^token=([^;]*)/.exec(login.headers.getSetCookie().find((c) => c.startsWith('token=')) ?? '')?.[1];
  if (!token) throw new Error(`sign-in failed: ${login.status}`);
  return token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-record-history-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const token = await server.finishSetup({ ...ADMIN, smtp_host: '' });
  call = apiCaller(() => server.url, () => token);
  browser = await launchBrowser();
  // Bob is an administrator too: the generated screens are theirs.
  await call('POST', '/api/form/user/add', { ...BOB, Admin: true });
  const bob = await tokenOf(BOB);
  await call('POST', '/api/definitions/model', {
    name: 'Purchase',
    title: 'Purchases',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'amount', type: 'number', label: 'Amount' },
      { name: 'status', type: 'text', label: 'Status' },
    ],
  });
  await call('POST', '/api/definitions/menu', { name: 'home', title: 'Home', definition: [] });
  await call('POST', '/api/definitions/model/Purchase/screens', { menu: 'home' });
  // Added by the admin, then changed by the admin and by bob: the recording writes each entry.
  purchase = (await call<{ id: number }>('POST', '/api/form/purchase/add', { title: 'Lamp', amount: 10, status: 'new' })).id;
  let version = (await call<{ _version: number }>('GET', `/api/form/purchase/data/${purchase}`))._version;
  version = (await call<{ _version: number }>('POST', `/api/form/purchase/update/${purchase}`, { amount: 20, _version: version }))._version;
  await call('POST', `/api/form/purchase/update/${purchase}`, { amount: 35, status: 'shipped', _version: version }, bob);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the record history', () => {
  it('shows the changes newest first, reverts one field, and answers a stale revert with the 409', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    await page.goto(`${server.url}/form/purchase/edit/${purchase}`);
    const amount = page.getByRole('spinbutton', { name: 'Amount' });
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('35');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    await dialog.waitFor();
    const entries = dialog.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(3);
    const newest = entries.nth(0);
    expect(await newest.textContent()).toContain('Changed');
    expect(await newest.textContent()).toContain('by bob');
    expect(await newest.textContent()).toContain('Amount: 20 → 35');
    expect(await newest.textContent()).toContain('Status: new → shipped');
    expect(await entries.nth(1).textContent()).toContain('by admin');
    expect(await entries.nth(2).textContent()).toContain('Added');
    expect((await seriousViolations(page)).join('\n'), 'axe on the history').toBe('');
    await shot(page, 'record-history');

    // One field of bob's change back: the amount only; the form shows it again.
    await newest.getByRole('button', { name: 'Revert Amount' }).click();
    await dialog.getByText('Amount was put back.').waitFor();
    await page.waitForFunction(() => (document.querySelector('input[name="amount"]') as HTMLInputElement | null)?.value === '20');
    expect(await amount.inputValue()).toBe('20');
    const stored = await call<{ amount: number; status: string }>('GET', `/api/form/purchase/data/${purchase}`);
    expect([stored.amount, stored.status]).toEqual([20, 'shipped']);

    // Someone changes the record meanwhile: the revert is refused at the version the form holds.
    await call('POST', `/api/form/purchase/update/${purchase}`, { status: 'returned', _version: (await call<{ _version: number }>('GET', `/api/form/purchase/data/${purchase}`))._version });
    await newest.getByRole('button', { name: 'Revert this change' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('changed since');
    await shot(page, 'record-history-stale');
    expect((await call<{ status: string }>('GET', `/api/form/purchase/data/${purchase}`)).status).toBe('returned');
    await alert.getByRole('button', { name: 'Reload the record' }).click();
    await page.waitForFunction(() => (document.querySelector('input[name="status"]') as HTMLInputElement | null)?.value === 'returned');

    // Escape closes the dialogue, and focus goes back to the History button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

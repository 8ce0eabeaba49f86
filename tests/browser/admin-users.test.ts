/**
 * Users and groups as people manage them in Chromium against the built app and the real
 * server: an admin creates a user and puts them in a group, adds a member from the group's
 * side, and changes the user's password; that user signs in, edits My Details and changes
 * their own password, after which only the newest password signs in.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCaller, launchBrowser, shot, signedInContext } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Browser-admin-1' };
const CAROL = { user: 'carol', email: 'carol@example.com', password: 'Carol-first-1' };

let server: ServerProcess;
let browser: Browser;
let dataDir = '';
let adminToken = '';
const call = apiCaller(() => server.url, () => adminToken);

interface Item {
  id: number;
  name: string;
  selected: boolean;
}

async function signIn(account: { user: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  return signedInContext(browser, server.url, account, { width: 1280, height: 900 });
}

/** Whether a sign-in with these credentials is accepted by the server. */
async function canSignIn(user: string, password: string): Promise<boolean> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' },
    body: JSON.stringify({ user, password }),
  });
  return res.status === 200;
}

async function openFromSettings(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-admin-users-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  adminToken = await server.finishSetup({ ...ADMIN, smtp_host: '' });
  await call('POST', '/api/form/group/add', { name: 'Editors', description: 'Edit things' });
  await call('POST', '/api/form/group/add', { name: 'Reviewers', description: 'Review things' });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an admin manages a user', () => {
  let context: BrowserContext;
  let page: Page;
  let carolId = 0;
  beforeAll(async () => {
    ({ context, page } = await signIn(ADMIN));
  });
  afterAll(async () => {
    await context.close();
  });

  it('creates a user from /users and puts them in a group through the dual list', async () => {
    await openFromSettings(page, 'Users');
    await page.waitForURL(`${server.url}/users`);
    await page.getByRole('link', { name: 'New user' }).click();
    await page.waitForURL(`${server.url}/user/add/0`);
    await page.getByLabel(/^User name/).fill(CAROL.user);
    await page.getByLabel(/^E-mail/).fill(CAROL.email);
    await page.getByLabel(/^Password/).fill(CAROL.password);
    const available = page.locator('select[id$="-available"]');
    await available.getByRole('option', { name: 'Editors' }).dblclick();
    await page.locator('select[id$="-selected"]').getByRole('option', { name: 'Editors' }).waitFor();
    await shot(page, 'admin-user-form');
    expect((await seriousViolations(page)).join('\n'), 'axe on the user form').toBe('');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}/users`);
    await page.getByRole('cell', { name: CAROL.email }).waitFor();

    const found = await call<{ rows: { id: number; user: string }[] }>('GET', '/api/grid/users/data/0/50?search=carol');
    carolId = found.rows.find((r) => r.user === CAROL.user)?.id ?? 0;
    expect(carolId).toBeGreaterThan(0);
    const groups = await call<Item[]>('GET', `/api/link/User/groups/${carolId}`);
    expect(groups.filter((g) => g.selected).map((g) => g.name)).toEqual(['Editors']);
  });

  it("adds the same user to another group from the group's side", async () => {
    const groups = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/grid/groups/data/0/50?search=Reviewers');
    const reviewers = groups.rows.find((g) => g.name === 'Reviewers');
    expect(reviewers).toBeDefined();
    await page.goto(`${server.url}/group/edit/${reviewers?.id}`);
    await page.locator('select[id$="-available"]').getByRole('option', { name: CAROL.user }).dblclick();
    await page.locator('select[id$="-selected"]').getByRole('option', { name: CAROL.user }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/group/edit'));

    // Seen from the user's side, in their form, as the admin would check it.
    await page.goto(`${server.url}/user/edit/${carolId}`);
    const selected = page.locator('select[id$="-selected"]');
    await selected.getByRole('option', { name: 'Reviewers' }).waitFor();
    expect(await selected.getByRole('option').allTextContents()).toEqual(['Editors', 'Reviewers']);
  });

  it("changes the user's password: a mismatch is refused on the spot, a match goes back to /users", async () => {
    await page.goto(`${server.url}/users`);
    const row = page.getByRole('row').filter({ hasText: CAROL.email });
    await row.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/changeuserpassword/${carolId}`);
    await page.getByLabel(/^New password/).fill('Carol-second-2');
    await page.getByLabel(/^Repeat the new password/).fill('Carol-second-X');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password mismatch').waitFor();
    expect(page.url()).toBe(`${server.url}/changeuserpassword/${carolId}`);
    expect(await canSignIn(CAROL.user, CAROL.password)).toBe(true);

    await page.getByLabel(/^Repeat the new password/).fill('Carol-second-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/users`);
    expect(await canSignIn(CAROL.user, CAROL.password)).toBe(false);
    expect(await canSignIn(CAROL.user, 'Carol-second-2')).toBe(true);
  });
});

describe('the user looks after themselves', () => {
  it('signs in, edits My Details and changes their own password', async () => {
    const { context, page } = await signIn({ user: CAROL.user, password: 'Carol-second-2' });
    await page.locator('footer').getByText(`User: ${CAROL.user}`).waitFor();

    await openFromSettings(page, 'My Details');
    const details = page.getByRole('dialog', { name: /My Details/ });
    await details.getByLabel(/^E-mail/).waitFor();
    expect(await details.getByLabel(/^E-mail/).inputValue()).toBe(CAROL.email);
    // The dialogue offers no way to touch the admin flag.
    expect(await details.getByLabel(/Administrator/).count()).toBe(0);
    await details.getByLabel(/^E-mail/).fill('carol.new@example.com');
    await shot(page, 'my-details');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    const me = await call<{ email: string; Admin: boolean }>('GET', '/api/form/user/data/' + String((await call<{ rows: { id: number; user: string }[] }>('GET', '/api/grid/users/data/0/50?search=carol')).rows[0]?.id));
    expect(me.email).toBe('carol.new@example.com');
    expect(me.Admin).toBe(false);

    await openFromSettings(page, 'Change password');
    const dialog = page.getByRole('dialog', { name: /password/i });
    await dialog.getByLabel(/^Current password/).fill('Carol-second-2');
    await dialog.getByLabel(/^New password/).fill('Carol-second-2');
    await dialog.getByLabel(/^Repeat the new password/).fill('Carol-second-2');
    await dialog.getByRole('button', { name: /save|change/i }).click();
    await dialog.getByText('New password must be different from the old one').waitFor();
    await dialog.getByLabel(/^New password/).fill('Carol-third-3');
    await dialog.getByLabel(/^Repeat the new password/).fill('Carol-third-X');
    await dialog.getByRole('button', { name: /save|change/i }).click();
    await dialog.getByText('Password mismatch').waitFor();
    await dialog.getByLabel(/^Current password/).fill('not-my-password');
    await dialog.getByLabel(/^Repeat the new password/).fill('Carol-third-3');
    await dialog.getByRole('button', { name: /save|change/i }).click();
    await dialog.getByRole('alert').filter({ hasText: /old password/i }).waitFor();
    await dialog.getByLabel(/^Current password/).fill('Carol-second-2');
    await shot(page, 'change-my-password');
    await dialog.getByRole('button', { name: /save|change/i }).click();
    await dialog.waitFor({ state: 'detached' });

    // The session goes on with the cookie the server set; the old password no longer works.
    await page.reload();
    await page.locator('footer').getByText(`User: ${CAROL.user}`).waitFor();
    expect(await canSignIn(CAROL.user, 'Carol-second-2')).toBe(false);
    expect(await canSignIn(CAROL.user, 'Carol-third-3')).toBe(true);
    await context.close();
  });
});

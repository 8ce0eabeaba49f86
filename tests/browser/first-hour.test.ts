/**
 * A new administrator's first hour, in real Chromium against the built app and the real server:
 * the Build menu and the getting-started home page lead to the designers (and a plain user sees
 * neither), the work flows have a list at /menus, a form without a url keeps the record it
 * created, and Clear grid stands apart from the search, says how many rows it deletes and is off
 * for a grid made in the designer. Screenshots land in /tmp/wayin-*.png to be looked at.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'First-hour-admin-1' };
const ALICE = { user: 'alice', email: 'alice@example.com', password: 'First-hour-alice-1' };

let app: BrowserApp;
let server: BrowserApp['server'];
let browser: Browser;
const call: BrowserApp['call'] = (...args) => app.call(...args);

const snap = (page: Page, name: string) => page.screenshot({ path: `/tmp/wayin-${name}.png`, fullPage: true });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

beforeAll(async () => {
  app = await startBrowserApp('first-hour', ADMIN);
  ({ server, browser } = app);
  await call('POST', '/api/form/user/add', { ...ALICE, Admin: false });
  await call('POST', '/api/definitions/model', { name: 'Note', title: 'Notes', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }] });
  // A form with no url, as an admin makes one who leaves 'Return url' empty.
  await call('POST', '/api/definitions/form', {
    name: 'note',
    title: 'Note',
    model: 'Note',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name', showlabelchecked: true, fieldtype: 'text', required: true }] }],
    actions: [],
  });
  await call('POST', '/api/definitions/grid', {
    name: 'notes',
    title: 'Notes',
    model: 'Note',
    paging: 3,
    hideClear: false,
    definition: [{ name: 'name', label: 'Name', type: 'Text' }],
    actions: [{ url: '/form/note/add/0', label: 'New note' }],
    rowactions: [{ url: '/form/note/edit/:id', label: 'Edit' }],
  });
  for (let i = 1; i <= 1234; i++) await call('POST', '/api/form/note/add', { name: `Note ${i}` });
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe("an administrator's way in", () => {
  it('lands on a getting-started page and finds every designer list in a keyboard-usable Build menu', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
      expect(await page.getByText('Use the menus above').count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'Work Flows' }).getAttribute('href')).toBe('/menus');
      expect((await seriousViolations(page)).join('\n'), 'axe on the getting-started page').toBe('');
      await snap(page, 'home-admin');

      // The keyboard: Tab to Build, Enter opens it with focus on the first entry.
      const toggle = page.getByRole('button', { name: 'Build' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Build' });
      await menu.waitFor();
      expect(await focusedText(page)).toBe('Forms');
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Forms', 'Grids', 'Pages', 'Work Flows', 'Selects', 'Automations', 'Models', 'Users', 'Groups', 'Export and import', 'API Reference']);
      await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toBe('Grids');
      await snap(page, 'build-menu-open');
      expect((await seriousViolations(page)).join('\n'), 'axe with the Build menu open').toBe('');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await snap(page, 'build-menu-closed');

      // ArrowDown opens it too; Enter on Work Flows goes to the work-flow list.
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toBe('Work Flows');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/menus`);
      await page.getByRole('heading', { level: 1, name: 'Work Flows' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Administration' });
      const design = await row.getByRole('link', { name: 'Design' }).getAttribute('href');
      expect(design).toMatch(/^\/menudesigner\/edit\/[0-9a-f]{32}$/);
      const raw = await row.getByRole('link', { name: 'Edit JSON' }).getAttribute('href');
      expect(raw).toMatch(/^\/menudesignerraw\/edit\/[0-9a-f]{32}$/);
      await snap(page, 'menus-list');

      // The raw menu editor's Cancel comes back to this list, not to the home page.
      await page.goto(`${server.url}${raw}`);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(`${server.url}/menus`);
      await page.getByRole('heading', { level: 1, name: 'Work Flows' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps a plain user on their front page, with no Build menu', async () => {
    const { context, page } = await signedInContext(browser, server.url, ALICE);
    try {
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      expect(await page.getByRole('button', { name: 'Build' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Getting started' }).count()).toBe(0);
      await snap(page, 'home-user');
    } finally {
      await context.close();
    }
  });
});

describe('a form with no url', () => {
  it('after Create opens the new record in edit mode and says it was saved', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      await page.goto(`${server.url}/form/note/add/0`);
      await page.getByLabel('Name').fill('Written just now');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/form\/note\/edit\/\d+$/);
      await page.getByText('Saved.', { exact: true }).waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe('Written just now');
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
      await snap(page, 'form-saved');
      // Back does not return to an empty add form.
      await page.goBack();
      expect(page.url()).not.toMatch(/\/add\/0$/);
    } finally {
      await context.close();
    }
  });
});

describe('Clear grid', () => {
  it('stands apart from the search, asks with the row count, and is off for a grid made in the designer', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      // 1,234 notes, and the one the form test may have added.
      const total = (await call<{ count: number }>('GET', '/api/grid/notes/data/0/1')).count;
      expect(total).toBeGreaterThanOrEqual(1234);
      await page.goto(`${server.url}/grid/notes`);
      await page.getByText(`${total} records`, { exact: true }).waitFor();
      const clear = page.getByRole('button', { name: 'Clear grid' });
      const search = page.getByRole('search');
      // Not side by side with the search box's own Clear.
      const gap = (await clear.boundingBox())!.x - ((await search.boundingBox())!.x + (await search.boundingBox())!.width);
      expect(gap).toBeGreaterThan(40);
      await snap(page, 'grid-toolbar');
      await clear.hover();
      await page.screenshot({ path: '/tmp/wayin-grid-clear-hover.png', clip: { x: 0, y: 40, width: 1280, height: 120 } });

      await page.getByLabel('Search', { exact: true }).fill('Note 12');
      const counter = page.getByText(/^\d+ records?$/);
      await expect.poll(async () => (await counter.textContent()) ?? '', { timeout: 10_000 }).not.toBe(`${total} records`);
      const question = new Promise<string>((ok) => page.once('dialog', (d) => void d.dismiss().then(() => ok(d.message()))));
      await clear.click();
      // The whole grid's count, not the few the search shows; and nothing was deleted.
      expect(await question).toBe(`Clear grid? This deletes all ${total.toLocaleString('en-US')} rows.`);
      expect((await call<{ count: number }>('GET', '/api/grid/notes/data/0/1')).count).toBe(total);

      // A grid started in the grid designer has hideClear on.
      await page.goto(`${server.url}/griddesigner/add/0`);
      await page.getByRole('region', { name: 'Grid designer design area' }).waitFor();
      await page.getByLabel('Name', { exact: true }).first().fill('fresh');
      await page.keyboard.press('Control+s');
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer
      expect(await call('GET', '/api/grid/fresh/definition')).toMatchObject({ name: 'fresh', hideClear: true });
      await page.goto(`${server.url}/grid/fresh`);
      await page.getByRole('search').waitFor();
      expect(await page.getByRole('button', { name: 'Clear grid' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

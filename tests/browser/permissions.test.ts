/**
 * Setting access in the screens, in real Chromium: an admin opens a group's record, follows its
 * Permissions link, finds a grid by kind and name in the matrix and ticks Read; the grid's stored
 * access then holds the group's grant, and the grid designer's Access panel shows it. Both screens
 * are shot to test-results/permissions.png and test-results/access-panel.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Permissions-1' };

let app: BrowserApp;
let browser: Browser;
let base = '';
let salesId = '';

beforeAll(async () => {
  app = await startBrowserApp('permissions', ADMIN);
  browser = app.browser;
  base = app.server.url;
  const sales = await app.call<{ id: number | string }>('POST', '/api/form/group/add', { name: 'Sales', description: 'Sells things' });
  salesId = String(sales.id);
  await app.call('POST', '/api/definitions/model', {
    name: 'Chore',
    title: 'Chores',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'cost', type: 'number', label: 'Cost' },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'home', title: 'Home', definition: [] });
  await app.call('POST', '/api/definitions/model/Chore/screens', { menu: 'home' });
});

afterAll(async () => {
  await app?.close();
});

describe('setting access in the screens', () => {
  it("grants a group read on a grid from its Permissions screen, and the grid's stored access holds the grant", async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/group/edit/${salesId}`);
      await page.getByRole('link', { name: 'Permissions' }).click();
      await page.waitForURL(`${base}/permissions/Sales`);
      await page.getByRole('heading', { name: 'Permissions: Sales' }).waitFor();
      const read = page.getByRole('checkbox', { name: 'Read on grid chores' });
      await read.waitFor();
      await expect.poll(() => page.getByText(/Reading definitions/).count()).toBe(0);
      await page.getByLabel('Kind').selectOption('grid');
      await page.getByLabel('Name').fill('chor');
      // Only grids whose name or title holds the words are left.
      await expect.poll(async () => (await page.locator('tbody tr th a').allTextContents()).every((n) => n.includes('chor'))).toBe(true);
      expect(await page.locator('tbody tr th .badge').allTextContents()).toEqual(expect.arrayContaining(['Grid']));
      expect(new Set(await page.locator('tbody tr th .badge:first-child').allTextContents())).toEqual(new Set(['Grid']));
      // By keyboard: Space ticks the focused box.
      await read.focus();
      await page.keyboard.press('Space');
      await page.getByText('Saved chores.').waitFor({ state: 'attached' });
      expect(await read.isChecked()).toBe(true);

      const stored = await app.call<{ version: number; access?: unknown }>('GET', '/api/definitions/grid/chores');
      expect(stored.access).toEqual({ grants: [{ group: 'Sales', actions: ['read'] }] });

      await page.getByLabel('Name').fill('');
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'permissions');
      expect((await seriousViolations(page)).join('\n'), 'axe on the Permissions screen').toBe('');

      // The grid designer's Access panel shows the same grant, and edits it.
      const grids = await app.call<{ id: string; name: string }[]>('GET', '/api/definitions/grid');
      await page.goto(`${base}/griddesigner/edit/${grids.find((g) => g.name === 'chores')!.id}`);
      const access = page.getByRole('region', { name: /^Access/ });
      await access.waitFor();
      const grant = access.getByRole('group', { name: 'Grant 1: Sales' });
      expect(await grant.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(true);
      await grant.getByRole('checkbox', { name: 'Export' }).check();
      await grant.getByRole('button', { name: /Record rules/ }).click();
      await grant.getByRole('button', { name: 'Add condition to Read' }).click();
      const rule = grant.getByRole('region', { name: 'Read rule' });
      const field = rule.getByLabel('Field', { exact: true });
      await field.locator('option[value="owner"]').waitFor({ state: 'attached' });
      await field.selectOption('owner');
      await rule.getByLabel('Value: compare with').selectOption('CURRENT_USER.id');
      await grant.getByRole('button', { name: /^. Fields/ }).click();
      await grant.getByLabel('Cost (cost)').selectOption('hidden');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(async () => (await app.call<{ access?: unknown }>('GET', '/api/definitions/grid/chores')).access)
        .toEqual({
          grants: [{ group: 'Sales', actions: ['read', 'export'], rules: { read: { and: [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] } }, fields: { cost: 'hidden' } }],
        });
      await page.goto(`${base}/griddesigner/edit/${grids.find((g) => g.name === 'chores')!.id}`);
      await access.waitFor();
      await grant.getByRole('button', { name: /Record rules/ }).waitFor();
      // Tall enough for the whole side panel (it scrolls within the window's height).
      await page.setViewportSize({ width: 1280, height: 2600 });
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.getByRole('complementary', { name: 'Properties' }).screenshot({ path: 'test-results/access-panel.png' });
      expect((await seriousViolations(page)).join('\n'), 'axe on the Access panel').toBe('');
    } finally {
      await context.close();
    }
  });
});

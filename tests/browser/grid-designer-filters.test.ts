/**
 * The grid designer's Data Filters in real Chromium: an admin adds a condition of the filter
 * language whose value is a variable (the signed-in user), sees a wrong value refused at its
 * input first, saves, and the grid lists only the matching rows. The Data Filters and the filter's
 * panel are shot to test-results/grid-designer-filters.png (and -problem.png, with the refusal).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Grid-filters-1' };
const ANN = { user: 'ann', email: 'ann@example.com', password: 'Grid-filters-2' };

let app: BrowserApp;
let browser: Browser;
let base = '';

beforeAll(async () => {
  app = await startBrowserApp('grid-designer-filters', ADMIN);
  browser = app.browser;
  base = app.server.url;
  const ann = await app.call<{ id: number }>('POST', '/api/form/user/add', { ...ANN, Admin: false });
  const me = await app.call<{ user: { id: number } }>('GET', '/api/checkuser');
  await app.call('POST', '/api/definitions/model', {
    name: 'Chore',
    title: 'Chores',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'home', title: 'Home', definition: [] });
  await app.call('POST', '/api/definitions/model/Chore/screens', { menu: 'home' });
  for (const [title, owner] of [['Water plants', me.user.id], ['Pay rent', ann.id], ['Fix bike', me.user.id], ['Walk dog', ann.id]] as const) {
    await app.call('POST', '/api/form/chore/add', { title, owner });
  }
});

afterAll(async () => {
  await app?.close();
});

async function titles(page: Page): Promise<string[]> {
  const rows = page.locator('tbody tr:not(.grid-spacer)');
  return (await rows.locator('td:first-child').allTextContents()).sort();
}

describe("the grid designer's Data Filters", () => {
  it('adds a condition with a variable, and the saved grid shows only the matching rows', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/chores`);
      await expect.poll(() => titles(page)).toHaveLength(4);

      const grids = await app.call<{ id: string; name: string }[]>('GET', '/api/definitions/grid');
      await page.goto(`${base}/griddesigner/edit/${grids.find((g) => g.name === 'chores')!.id}`);
      const canvas = page.getByRole('region', { name: 'Grid designer design area' });
      await canvas.waitFor();
      await canvas.getByRole('button', { name: 'Add condition' }).click();
      const panel = page.getByRole('complementary', { name: 'Properties' });
      await panel.getByRole('heading', { name: 'Data filter 1' }).waitFor();
      const field = panel.getByLabel('Field', { exact: true });
      await field.locator('option[value="owner"]').waitFor({ state: 'attached' });
      // By keyboard: focus the field and pick Owner.
      await field.focus();
      await field.selectOption('owner');
      // A typed id that is not a number is refused at its input.
      await panel.getByLabel('Value', { exact: true }).fill('me');
      await expect.poll(() => panel.getByLabel('Value', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await panel.getByText('This value must be the id of a record of User (a whole number, not in quotes).').waitFor();
      await shot(page, 'grid-designer-filters-problem');
      await panel.getByLabel('Value: compare with').selectOption('CURRENT_USER.id');
      await canvas.getByRole('button', { name: 'owner eq CURRENT_USER.id' }).waitFor();
      expect(await panel.locator('[aria-invalid="true"]').count()).toBe(0);

      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'grid-designer-filters');
      expect((await seriousViolations(page)).join('\n'), 'axe on the Data Filters panel').toBe('');

      await page.keyboard.press('Control+s');
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const saved = await app.call<{ filters: unknown[] }>('GET', `/api/definitions/grid/chores`);
      expect(saved.filters).toEqual([{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }]);

      await page.goto(`${base}/grid/chores`);
      await expect.poll(() => titles(page)).toEqual(['Fix bike', 'Water plants']);
    } finally {
      await context.close();
    }
  });
});

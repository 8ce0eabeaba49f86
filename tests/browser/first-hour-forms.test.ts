/**
 * A new administrator's first hour, the forms and their settings, in real Chromium against the
 * built app and the real server: a shipped definition offers no Delete and says why; an e-mail
 * field refuses 'bad@' on the field; a new record starts with its model's defaults; a grid's
 * search finds a year by its digits; the property panel shows Show label on while the label
 * shows and offers a Checkbox no placeholder; the lookup list form and My Details pick from what
 * exists. Screenshots land in /tmp/forms-*.png to be looked at.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'First-hour-forms-1' };
const BOB = { user: 'bob', email: 'bob@example.com', password: 'First-hour-bob-1' };

let app: BrowserApp;
let server: BrowserApp['server'];
let browser: Browser;
const call: BrowserApp['call'] = (...args) => app.call(...args);

const snap = (page: Page, name: string) => page.screenshot({ path: `/tmp/forms-${name}.png`, fullPage: true });

beforeAll(async () => {
  app = await startBrowserApp('first-hour-forms', ADMIN);
  ({ server, browser } = app);
  await call('POST', '/api/form/user/add', { ...BOB, Admin: false });
  await call('POST', '/api/definitions/page', { name: 'staff_only', title: 'Staff only', definition: [] });
  await call('POST', '/api/definitions/model', {
    name: 'Book',
    title: 'Books',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'year', type: 'number', label: 'Year' },
      { name: 'contact', type: 'text', label: 'Contact' },
      { name: 'available', type: 'boolean', label: 'Available', default: true },
    ],
  });
  await call('POST', '/api/definitions/form', {
    name: 'book',
    title: 'Book',
    model: 'Book',
    url: '/grid/books',
    definition: [
      {
        cols: [
          { childType: 'Input', width: 4, name: 'title', label: 'Title', fieldtype: 'text', required: true },
          { childType: 'Input', width: 2, name: 'year', label: 'Year', fieldtype: 'number' },
          { childType: 'Input', width: 4, name: 'contact', label: 'Contact', fieldtype: 'email' },
          { childType: 'Checkbox', width: 2, name: 'available', label: 'Available' },
        ],
      },
    ],
    actions: [],
  });
  await call('POST', '/api/definitions/grid', {
    name: 'books',
    title: 'Books',
    model: 'Book',
    paging: 3,
    definition: [
      { name: 'title', label: 'Title', type: 'Text' },
      { name: 'year', label: 'Year', type: 'Number' },
    ],
    actions: [{ url: '/form/book/add/0', label: 'New book' }],
    rowactions: [{ url: '/form/book/edit/:id', label: 'Edit' }],
  });
  for (const [title, year] of [
    ['Dune', 1965],
    ['Neuromancer', 1984],
    ['Hyperion', 1989],
    ['Foundation', 1951],
    ['Anathem', 2008],
  ] as const) {
    await call('POST', '/api/form/book/add', { title, year });
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe('forms that do what their settings say', () => {
  it('refuses a malformed e-mail on its field, and starts a new record with the model defaults', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      await page.goto(`${server.url}/form/book/add/0`);
      // Available = true is the model's default: the box starts ticked.
      expect(await page.getByLabel('Available').isChecked()).toBe(true);
      await page.getByLabel(/Title/).fill('Solaris');
      await page.getByLabel('Contact').fill('bad@');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Contact must be an e-mail address, such as name@example.com').waitFor();
      await snap(page, 'email-refused');
      await page.getByLabel('Contact').fill('stanislaw@example.com');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(`${server.url}/grid/books`);
      const saved = (await call('GET', '/api/grid/books/data/0/50?search=Solaris')) as { rows: { id: number }[] };
      expect(saved.rows).toHaveLength(1);
      const record = (await call('GET', `/api/form/book/data/${saved.rows[0]!.id}`)) as Record<string, unknown>;
      expect(record).toMatchObject({ title: 'Solaris', contact: 'stanislaw@example.com', available: true });
    } finally {
      await context.close();
    }
  });

  it("finds a year by its digits in the grid's search", async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      await page.goto(`${server.url}/grid/books`);
      await page.getByRole('cell', { name: 'Dune' }).waitFor();
      await page.getByPlaceholder('Input search string...').fill('19');
      await page.getByRole('cell', { name: 'Anathem' }).waitFor({ state: 'detached' });
      const titles = await page.locator('tbody tr td:first-child').allTextContents();
      expect(titles.sort()).toEqual(['Dune', 'Foundation', 'Hyperion', 'Neuromancer']);
      await snap(page, 'search-year');
    } finally {
      await context.close();
    }
  });
});

describe('built-in definitions', () => {
  it("offer no Delete in their designer, and the delete route says why and keeps the page", async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      const about = (await call('GET', '/api/definitions/page/about')) as { id: string };
      await page.goto(`${server.url}/pagedesigner/edit/${about.id}`);
      await page.getByRole('button', { name: 'Save' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      // The designer's own form is Tessera's screen: no link to redesign it.
      expect(await page.getByRole('link', { name: 'Edit form' }).count()).toBe(0);
      await page.goto(`${server.url}/pagedesigner/delete/${about.id}`);
      await page.getByText("The page 'about' is built in: Tessera needs it, so it cannot be deleted or renamed.", { exact: false }).waitFor();
      await snap(page, 'built-in-delete');
      expect(((await call('GET', '/api/definitions/page/about')) as { id: string }).id).toBe(about.id);
    } finally {
      await context.close();
    }
  });
});

describe('pick, do not type', () => {
  it('lists the models and then their fields in the lookup list form', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      await page.goto(`${server.url}/form/select/add/0`);
      const model = page.getByLabel(/^Model/);
      await expect.poll(async () => (await model.locator('option').allTextContents()).includes('Books (Book)')).toBe(true);
      await model.selectOption('Book');
      const label = page.getByLabel('Label field');
      await expect.poll(async () => label.locator('option').allTextContents()).toEqual([
        '',
        'id',
        'Title (title)',
        'Year (year)',
        'Contact (contact)',
        'Available (available)',
        // Kept by the server on every model's rows (src/shared/audit-fields.ts), after the model's own.
        'Created by (_created_by)',
        'Created at (_created_at)',
        'Updated by (_updated_by)',
        'Updated at (_updated_at)',
      ]);
      await label.selectOption('title');
      await snap(page, 'lookup-list-pickers');
    } finally {
      await context.close();
    }
  });

  it("offers a user the pages they may open as My Details' front page", async () => {
    const { context, page } = await signedInContext(browser, server.url, BOB);
    try {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'My Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'My Details' });
      const front = dialog.getByLabel('Front page');
      await expect.poll(async () => (await front.locator('option').allTextContents()).length).toBeGreaterThan(1);
      const answer = await front.locator('option').evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
      await snap(page, 'my-details-front-page');
      expect(answer.map(([name]) => name)).toContain('about');
      // Only what bob may open: the admin-only page an admin would see is not offered.
      expect(answer.map(([name]) => name)).not.toContain('staff_only');
    } finally {
      await context.close();
    }
  });
});

describe('the property panel', () => {
  it('shows Show label on while the label shows, and offers a Checkbox no placeholder or pattern', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN);
    try {
      const form = (await call('GET', '/api/definitions/form/book')) as { id: string };
      await page.goto(`${server.url}/formdesigner/edit/${form.id}`);
      const canvas = page.getByRole('region', { name: 'Form designer design area' });
      await canvas.waitFor();
      const panel = page.getByRole('complementary', { name: 'Properties' });
      await canvas.getByRole('button', { name: 'Input: Contact' }).click();
      const showLabel = panel.getByRole('switch', { name: 'Show label' });
      expect(await showLabel.isChecked()).toBe(true);
      expect(await panel.getByRole('switch', { name: 'Show placeholder' }).count()).toBe(1);
      await canvas.getByRole('button', { name: 'Checkbox: Available' }).click();
      await panel.getByRole('switch', { name: 'Show label' }).waitFor();
      expect(await panel.getByRole('switch', { name: 'Show placeholder' }).count()).toBe(0);
      expect(await panel.getByRole('switch', { name: 'Check a regular expression' }).count()).toBe(0);
      expect(await panel.getByRole('switch', { name: 'Check minimum' }).count()).toBe(0);
      await snap(page, 'checkbox-panel');
    } finally {
      await context.close();
    }
  });
});

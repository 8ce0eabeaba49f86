/**
 * The filter builder in real Chromium on a generated grid: three conditions built with the
 * keyboard and the mouse narrow the rows, the chips say them, the url holds them, and a reload of
 * that url shows the same rows; then a grid with a reference column is filtered by a field of the
 * record it refers to and by "is one of" two records picked by name. Screenshots land in
 * test-results/filter-builder-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Filter-builder-1' };

let app: BrowserApp;
let browser: Browser;
let base = '';

beforeAll(async () => {
  app = await startBrowserApp('filter-builder', ADMIN);
  browser = app.browser;
  base = app.server.url;
  await app.call('POST', '/api/definitions/model', {
    name: 'Loan',
    title: 'Loans',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'copies', type: 'number', label: 'Copies' },
      { name: 'due', type: 'date', label: 'Due' },
      { name: 'late', type: 'boolean', label: 'Late' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'library', title: 'Library', definition: [] });
  await app.call('POST', '/api/definitions/model/Loan/screens', { menu: 'library' });
  const loans: [string, number, string, boolean][] = [
    ['Dune', 3, '2024-05-01', true],
    ['Dune Messiah', 1, '2024-06-01', true],
    ['Emma', 2, '2024-05-15', true],
    ['Dracula', 5, '2024-05-20', false],
    ['Don Quixote', 4, '2023-12-01', true],
  ];
  for (const [title, copies, due, late] of loans) await app.call('POST', '/api/form/loan/add', { title, copies, due, late });

  // Lendings of books: a grid with a reference column.
  await app.call('POST', '/api/definitions/model', {
    name: 'Book',
    title: 'Books',
    display: 'title',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'year', type: 'number', label: 'Year' },
    ],
  });
  await app.call('POST', '/api/definitions/model', {
    name: 'Lending',
    title: 'Lendings',
    fields: [
      { name: 'label', type: 'text', label: 'Label', required: true },
      { name: 'book', type: 'reference', target: 'Book', label: 'Book' },
    ],
  });
  await app.call('POST', '/api/definitions/model/Book/screens', { menu: 'library' });
  await app.call('POST', '/api/definitions/model/Lending/screens', { menu: 'library' });
  const books: Record<string, unknown> = {};
  for (const [title, year] of [['Dune', 1965], ['Emma', 1815], ['Dracula', 1897], ['Middlemarch', 1871]] as const) {
    const added = (await app.call('POST', '/api/form/book/add', { title, year })) as { id: unknown };
    books[title] = added.id;
  }
  for (const [label, book] of [['first Dune', 'Dune'], ['second Dune', 'Dune'], ['Emma', 'Emma'], ['Dracula', 'Dracula'], ['Middlemarch', 'Middlemarch']] as const) {
    await app.call('POST', '/api/form/lending/add', { label, book: books[book] });
  }
});

afterAll(async () => {
  await app?.close();
});

async function titles(page: Page): Promise<string[]> {
  const rows = page.locator('tbody tr:not(.grid-spacer)');
  return (await rows.locator('td:first-child').allTextContents()).sort();
}

describe('the filter builder', () => {
  it('narrows a generated grid by three conditions, and a reload of its url shows the same rows', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/loans`);
      await page.getByRole('heading', { name: 'Loans' }).first().waitFor();
      await expect.poll(() => titles(page)).toHaveLength(5);

      await page.getByRole('button', { name: 'Filter' }).click();
      const panel = page.getByRole('form', { name: 'Filter builder' });
      // Title starts with D.
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(0).selectOption('title');
      await panel.getByLabel('Operator for Title').selectOption('startsWith');
      await panel.getByLabel('Value of Title').fill('d');
      // Late is yes.
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(1).selectOption('late');
      // Due between May and June 2024: a wrong value first, shown at its input.
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(2).selectOption('copies');
      await panel.getByLabel('Value of Copies').fill('many');
      await panel.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => panel.getByLabel('Value of Copies').getAttribute('aria-invalid')).toBe('true');
      await panel.getByLabel('Field').nth(2).selectOption('due');
      await panel.getByLabel('Operator for Due').selectOption('between');
      await panel.getByLabel('Due from').fill('2024-05-01');
      await panel.getByLabel('Due to').fill('2024-06-30');
      await shot(page, 'filter-builder-panel');
      expect(await seriousViolations(page)).toEqual([]);
      // Enter applies.
      await panel.getByLabel('Value of Title').press('Enter');
      await panel.waitFor({ state: 'detached' });

      await expect.poll(() => titles(page)).toEqual(['Dune', 'Dune Messiah']);
      const chips = page.getByRole('list', { name: 'Active filters' });
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining('Title starts with d'),
        expect.stringContaining('Late is yes'),
        expect.stringContaining('Due is between 2024-05-01 and 2024-06-30'),
      ]);
      await shot(page, 'filter-builder-chips');
      expect(await seriousViolations(page)).toEqual([]);
      const filtered = page.url();
      expect(new URL(filtered).searchParams.get('filter')).toContain('startsWith');

      await page.reload();
      await page.getByRole('list', { name: 'Active filters' }).waitFor();
      await expect.poll(() => titles(page)).toEqual(['Dune', 'Dune Messiah']);

      // A chip removed widens the rows; Back brings the filter back.
      await page.getByRole('button', { name: 'Remove filter: Late is yes' }).click();
      await expect.poll(() => titles(page)).toEqual(['Dracula', 'Dune', 'Dune Messiah']);
      await page.goBack();
      await expect.poll(() => titles(page)).toEqual(['Dune', 'Dune Messiah']);
      expect(page.url()).toBe(filtered);

      // Saved as a view, the filter comes back on the plain grid with one click.
      await page.getByRole('button', { name: 'Views' }).click();
      const views = page.getByRole('dialog', { name: 'Saved views' });
      await views.getByLabel('Save the current view as').fill('Late D books in May and June');
      await views.getByRole('button', { name: 'Save view' }).click();
      await views.getByRole('button', { name: 'Late D books in May and June', exact: true }).waitFor();
      // Away from the buttons: one in mid hover transition is no contrast finding.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'filter-builder-views');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${base}/grid/loans`);
      await expect.poll(() => titles(page)).toHaveLength(5);
      await page.getByRole('button', { name: 'Views' }).click();
      await page.getByRole('dialog', { name: 'Saved views' }).getByRole('button', { name: 'Late D books in May and June', exact: true }).click();
      await expect.poll(() => titles(page)).toEqual(['Dune', 'Dune Messiah']);
      expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').count()).toBe(3);
    } finally {
      await context.close();
    }
  });

  it('filters a grid by a field of the referred record and by "is one of" two records picked by name', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/lendings`);
      await page.getByRole('heading', { name: 'Lendings' }).first().waitFor();
      await expect.poll(() => titles(page)).toHaveLength(5);

      await page.getByRole('button', { name: 'Filter' }).click();
      const panel = page.getByRole('form', { name: 'Filter builder' });
      // Book › Year after 1850: a field of the book, with a number's operators.
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(0).selectOption('book.year');
      await panel.getByLabel('Operator for Book › Year').selectOption('gt');
      await panel.getByLabel('Value of Book › Year').fill('1850');
      // Book is one of Dune and Middlemarch, picked by name: typed and Enter, then a click.
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(1).selectOption('book');
      await panel.getByLabel('Operator for Book', { exact: true }).selectOption('in');
      const records = panel.getByRole('combobox', { name: 'Records of Book' });
      await records.fill('du');
      const list = panel.getByRole('listbox', { name: 'Records of Book' });
      await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['Dune']);
      await records.press('ArrowDown');
      await records.press('Enter');
      await records.fill('mid');
      await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['Middlemarch']);
      await list.getByRole('option', { name: 'Middlemarch' }).click();
      // And Emma, taken away again with Backspace.
      await records.fill('em');
      await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['Emma']);
      await records.press('ArrowDown');
      await records.press('Enter');
      const picked = panel.getByRole('list', { name: 'Picked: Records of Book' });
      await expect.poll(() => picked.getByRole('listitem').locator('span').allTextContents()).toEqual(['Dune', 'Middlemarch', 'Emma']);
      await records.press('Backspace');
      await expect.poll(() => picked.getByRole('listitem').locator('span').allTextContents()).toEqual(['Dune', 'Middlemarch']);
      // The focus stays in the input, and the list open: Escape closes the list only.
      expect(await records.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await records.getAttribute('aria-expanded')).toBe('true');
      await records.press('Escape');
      expect(await records.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => list.getByRole('option').count()).toBe(0);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'filter-builder-records');
      expect(await seriousViolations(page)).toEqual([]);
      // Enter with the list closed applies.
      await records.press('Enter');
      await panel.waitFor({ state: 'detached' });

      // Dune (1965) and Middlemarch (1871) are after 1850; Emma (1815) and Dracula are not picked.
      await expect.poll(() => titles(page)).toEqual(['Middlemarch', 'first Dune', 'second Dune']);
      const chips = page.getByRole('list', { name: 'Active filters' });
      const said = [expect.stringContaining('Book › Year is more than 1850'), expect.stringContaining('Book is one of Dune, Middlemarch')];
      expect(await chips.getByRole('listitem').allTextContents()).toEqual(said);
      const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? 'null') as unknown;
      expect(filter).toEqual({ and: [{ field: 'book.year', op: 'gt', value: 1850 }, { field: 'book', op: 'in', value: [expect.any(Number), expect.any(Number)] }] });

      // A reload knows the ids only: the chips ask the records' names.
      await page.reload();
      await expect.poll(() => titles(page)).toEqual(['Middlemarch', 'first Dune', 'second Dune']);
      await expect.poll(() => page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').allTextContents()).toEqual(said);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'filter-builder-record-chips');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

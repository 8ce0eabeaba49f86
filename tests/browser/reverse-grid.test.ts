/**
 * The reverse side of a relation in real Chromium against the built app and the real server
 * (docs/api.md, "The records that refer to this one"): with Loan.book generated, a book's form
 * shows only that book's loans, New there opens a loan with the book already picked, and Create
 * returns to the book, which lists the new loan. Screenshot: test-results/reverse-grid-book.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Reverse-grid-1' };

let app: BrowserApp;
let browser: Browser;
let base = '';
const books: Record<string, number> = {};

beforeAll(async () => {
  app = await startBrowserApp('reverse-grid', ADMIN);
  browser = app.browser;
  base = app.server.url;
  await app.call('POST', '/api/definitions/model', { name: 'Book', title: 'Books', display: 'title', fields: [{ name: 'title', type: 'text', label: 'Title', required: true }] });
  await app.call('POST', '/api/definitions/model', {
    name: 'Loan',
    title: 'Loans',
    fields: [
      { name: 'borrower', type: 'text', label: 'Borrower', required: true },
      { name: 'book', type: 'reference', target: 'Book', label: 'Book', required: true },
    ],
  });
  await app.call('POST', '/api/definitions/model/Book/screens', {});
  await app.call('POST', '/api/definitions/model/Loan/screens', {});
  for (const title of ['Dune', 'Emma']) books[title] = ((await app.call('POST', '/api/form/book/add', { title })) as { id: number }).id;
  await app.call('POST', '/api/form/loan/add', { borrower: 'Ann', book: books.Dune });
  await app.call('POST', '/api/form/loan/add', { borrower: 'Cy', book: books.Emma });
});

afterAll(async () => {
  await app?.close();
});

describe("a book's loans", () => {
  it('shows only its loans; New presets the book; Create returns to the book, listing the new loan', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/form/book/edit/${books.Dune}`);
      const loans = page.getByRole('region', { name: 'Loans' });
      const cell = (text: string) => loans.getByRole('cell', { name: text, exact: true });
      await cell('Ann').waitFor();
      expect(await cell('Cy').count()).toBe(0);
      await loans.getByRole('link', { name: 'New' }).click();
      await page.waitForURL(`${base}/form/loan/add/0?book=${books.Dune}`);
      // The book is picked already, shown by its title.
      await expect.poll(async () => page.getByRole('combobox', { name: 'Book' }).inputValue()).toBe('Dune');
      await page.getByLabel(/^Borrower/).fill('Bo');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(`${base}/form/book/edit/${books.Dune}`);
      await cell('Bo').waitFor();
      expect(await cell('Ann').count()).toBe(1);
      expect(await cell('Cy').count()).toBe(0);
      await shot(page, 'reverse-grid-book');
      // A new book has no loans yet: the list says to save it first.
      await page.goto(`${base}/form/book/add/0`);
      await page.getByText('Save the book first to add its loans.').waitFor();
    } finally {
      await context.close();
    }
  });
});

/**
 * The import of a CSV file into a model in Chromium, client and server together (docs/import.md):
 * an admin opens Import on the Books grid, uploads 3,000 books whose "Book title" column is mapped
 * to Title by hand, runs the dry run (2,995 to add, 5 refused, each with its line and reason),
 * downloads the refused rows, imports and watches the progress to the end (the grid counts
 * 2,995), fixes the five rows in the downloaded file and imports it (3,000), then exports the grid
 * filtered to the books of 2000 and later as XLSX and reads it back: exactly those books, authors
 * by name; that workbook, uploaded as an update by ISBN, changes nothing. Screenshots of each
 * step land in test-results/import-*.png.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Import-browser-1' };
const AUTHORS = ['Ursula K. Le Guin', 'Octavia E. Butler', 'Italo Calvino', 'Chinua Achebe', 'Wisława Szymborska', 'Jorge Luis Borges', 'Toni Morrison', 'Haruki Murakami'];
const BOOKS = 3_000;

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp('import', ADMIN);
  await app.call('POST', '/api/definitions/model', { name: 'Author', title: 'Authors', display: 'name', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }] });
  await app.call('POST', '/api/definitions/model', {
    name: 'Book',
    title: 'Books',
    display: 'title',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'author', type: 'reference', target: 'Author', label: 'Author' },
      { name: 'year', type: 'number', label: 'Year' },
      { name: 'isbn', type: 'text', label: 'ISBN', unique: true },
      { name: 'inPrint', type: 'boolean', label: 'In print' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'library', title: 'Library', definition: [] });
  await app.call('POST', '/api/definitions/model/Author/screens', { menu: 'library' });
  await app.call('POST', '/api/definitions/model/Book/screens', { menu: 'library' });
  for (const name of AUTHORS) await app.call('POST', '/api/form/author/add', { name });
});

afterAll(async () => {
  await app?.close();
});

interface Book {
  title: string;
  author: string;
  year: string;
  isbn: string;
  inPrint: string;
}

const isbnOf = (i: number) => `978-${String(1_000_000_000 + i * 7).slice(1)}`;

/** The 3,000 books, every one valid. */
function goodBooks(): Book[] {
  return Array.from({ length: BOOKS }, (_, i) => ({
    title: `Book ${String(i + 1).padStart(4, '0')}`,
    author: AUTHORS[i % AUTHORS.length]!,
    year: String(1950 + (i % 75)),
    isbn: isbnOf(i),
    inPrint: i % 3 === 0 ? 'no' : 'yes',
  }));
}

/** Lines (1 is the header) spoilt in the uploaded file, and how. */
const SPOILT: Record<number, { spoil(b: Book, all: Book[]): Book; reason: RegExp }> = {
  101: { spoil: (b) => ({ ...b, year: 'nineteen-eighty' }), reason: /^year: 'nineteen-eighty' is not a number$/i },
  702: { spoil: (b) => ({ ...b, title: '' }), reason: /title is a required field/i },
  1203: { spoil: (b) => ({ ...b, author: 'Nobody Atall' }), reason: /no Author has the name 'Nobody Atall'/ },
  2004: { spoil: (b, all) => ({ ...b, isbn: all[10]!.isbn }), reason: /^ISBN: '978-000000070' repeats line 12$/ },
  2905: { spoil: (b) => ({ ...b, inPrint: 'perhaps' }), reason: /perhaps/ },
};

const HEADER = ['Book title', 'Author', 'Year', 'ISBN', 'In print'];
const rowOf = (b: Book) => [b.title, b.author, b.year, b.isbn, b.inPrint];

function fileOf(books: Book[]): string {
  return stringify([HEADER, ...books.map(rowOf)]);
}

/**
 * The window as the user sees it with the dialog open, in test-results/<name>.png (a full-page shot
 * would run on past the backdrop down the grid's rows); `bottom` scrolls the dialog's body to its end first.
 */
async function dialogShot(page: Page, name: string, bottom = false): Promise<void> {
  if (bottom) await page.locator('.modal-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
  await page.screenshot({ path: join(import.meta.dirname, '../../test-results', `${name}.png`) });
}

/** The refused rows the dialog lists: [line, why] as shown. */
async function listedRefused(dialog: Locator): Promise<string[][]> {
  const rows = dialog.getByRole('region', { name: 'Refused rows' }).locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/** The grid's "N records" under the rows. */
async function gridCount(page: Page): Promise<string> {
  return (await page.locator('.tessera-grid [aria-live="polite"]').first().textContent()) ?? '';
}

/** Chooses `name` holding `text` in the dialog's file step and uploads it; answers the mapping step. */
async function upload(dialog: Locator, name: string, text: string): Promise<void> {
  await dialog.getByLabel('File (CSV or XLSX)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByRole('heading', { name: 'Match the columns to fields' }).waitFor();
}

/** Runs the dry run then the import from the mapping step; answers when the import's result shows. */
async function dryRunThenImport(page: Page, dialog: Locator, shots: string | null): Promise<void> {
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await dialog.getByRole('heading', { name: 'Dry run result' }).waitFor({ timeout: 30_000 });
  if (shots) await dialogShot(page, `${shots}-dry-run`);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The job's answer (queued or running) shows its bar before the first read-back.
  await dialog.getByRole('heading', { name: 'Import under way' }).waitFor();
  await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
  if (shots) await dialogShot(page, `${shots}-progress`);
  await dialog.getByRole('heading', { name: 'Import result' }).waitFor({ timeout: 30_000 });
  if (shots) await dialogShot(page, `${shots}-result`);
}

describe('importing a CSV into the Books grid', () => {
  // About 30 s on an idle machine; the margin is for a loaded one.
  it('maps, dry-runs, imports, fixes the refused rows, imports them, and exports the filtered grid', async () => {
    const books = goodBooks();
    const uploaded = books.map((b, i) => SPOILT[i + 2]?.spoil(b, books) ?? b);
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      await page.goto(`${app.server.url}/grid/books`);
      await page.getByRole('heading', { name: 'Books' }).first().waitFor();
      await expect.poll(() => gridCount(page)).toBe('0 records');

      // The file step.
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import into Book' });
      await dialog.getByRole('heading', { name: 'Choose a file' }).waitFor();
      // A place to drop a file looks like one.
      expect(await dialog.getByTestId('import-drop').evaluate((zone) => getComputedStyle(zone).borderTopStyle)).toBe('dashed');
      await dialogShot(page, 'import-file');
      await upload(dialog, 'books.csv', fileOf(uploaded));

      // The mapping step: all but "Book title" proposed; that one is mapped by hand.
      const fieldFor = (header: string) => dialog.getByLabel(`Field for column ${header}`);
      expect(await fieldFor('Book title').inputValue()).toBe('');
      expect(await fieldFor('Author').inputValue()).toBe('author');
      expect(await fieldFor('Year').inputValue()).toBe('year');
      expect(await fieldFor('ISBN').inputValue()).toBe('isbn');
      expect(await fieldFor('In print').inputValue()).toBe('inPrint');
      await expect.poll(() => dialog.getByText(/Required field not mapped: Title/).count()).toBe(1);
      await fieldFor('Book title').selectOption({ label: 'Title' });
      await expect.poll(() => dialog.getByText(/Required field not mapped/).count()).toBe(0);
      expect(await dialog.getByLabel('Author: find the Author by').inputValue()).toBe('display');
      expect((await seriousViolations(page)).join('\n'), 'axe on the mapping step').toBe('');
      await dialogShot(page, 'import-mapping');
      await dialogShot(page, 'import-mapping-end', true);

      // The dry run: counts and the refused rows with their lines and reasons.
      await dialog.getByRole('button', { name: 'Dry run' }).click();
      await dialog.getByRole('heading', { name: 'Dry run result' }).waitFor({ timeout: 30_000 });
      expect(await dialog.getByLabel('What importing would do').innerText()).toMatch(/To add\s+2,995\s+To update\s+0\s+Unchanged\s+0\s+Refused\s+5/);
      const listed = await listedRefused(dialog);
      expect(listed.map(([line]) => Number(line))).toEqual(Object.keys(SPOILT).map(Number));
      for (const [line, why] of listed) expect(why, `line ${line}`).toMatch(SPOILT[Number(line)]!.reason);
      expect((await seriousViolations(page)).join('\n'), 'axe on the dry run').toBe('');
      await dialogShot(page, 'import-dry-run');

      // The refused rows' file, downloaded as the link gives it.
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download refused rows' }).click()]);
      expect(download.suggestedFilename()).toBe('books-refused.csv');
      const refusedFile = parse(await readFile((await download.path())!), { bom: true }) as string[][];
      expect(refusedFile[0]).toEqual([...HEADER, 'Reason']);
      expect(refusedFile.slice(1).map((r) => r.slice(0, 5))).toEqual(Object.keys(SPOILT).map((line) => rowOf(uploaded[Number(line) - 2]!)));

      // The import, its progress to the end, and the grid read again.
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByRole('heading', { name: 'Import under way' }).waitFor();
      const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
      await bar.waitFor();
      await dialogShot(page, 'import-progress');
      // Watched to the end: what the bar says never goes back, nor past the file's rows.
      const seen: number[] = [];
      let shotRows = false;
      const result = dialog.getByRole('heading', { name: 'Import result' });
      for (const deadline = Date.now() + 30_000; !(await result.isVisible()); ) {
        expect(Date.now(), 'the import ends within 30 s').toBeLessThan(deadline);
        const now = await bar.getAttribute('aria-valuenow', { timeout: 100 }).catch(() => null);
        if (now !== null && Number(now) !== seen.at(-1)) seen.push(Number(now));
        if (Number(now) > 0 && !shotRows) {
          shotRows = true;
          await dialogShot(page, 'import-progress-rows');
        }
        await page.waitForTimeout(50);
      }
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen.every((v) => v <= BOOKS)).toBe(true);
      expect(await dialog.getByLabel('What the import did').innerText()).toMatch(/Added\s+2,995\s+Updated\s+0\s+Unchanged\s+0\s+Refused\s+5/);
      // The import refuses the rows its dry run said it would, for the same reasons.
      expect(await listedRefused(dialog)).toEqual(listed);
      await dialogShot(page, 'import-result');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => gridCount(page)).toBe('2995 records');

      // The refused file fixed: the five rows corrected, its columns kept, Reason skipped.
      const fixed = [refusedFile[0]!, ...refusedFile.slice(1).map((r, i) => {
        const line = Number(Object.keys(SPOILT)[i]);
        return [...rowOf(books[line - 2]!), r[5]!];
      })];
      await page.getByRole('button', { name: 'Import' }).click();
      await dialog.getByRole('heading', { name: 'Choose a file' }).waitFor();
      await upload(dialog, 'books-refused.csv', stringify(fixed));
      expect(await fieldFor('Reason').inputValue()).toBe('');
      await fieldFor('Book title').selectOption({ label: 'Title' });
      await dialogShot(page, 'import-fixed-mapping');
      await dryRunThenImport(page, dialog, 'import-fixed');
      expect(await dialog.getByLabel('What the import did').innerText()).toMatch(/Added\s+5\s+Updated\s+0\s+Unchanged\s+0\s+Refused\s+0/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => gridCount(page)).toBe('3000 records');

      // The grid filtered to 2000 and later, exported as XLSX.
      await page.getByRole('button', { name: 'Filter' }).click();
      const panel = page.getByRole('form', { name: 'Filter builder' });
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Field').nth(0).selectOption('year');
      await panel.getByLabel('Operator for Year').selectOption('gte');
      await panel.getByLabel('Value of Year').fill('2000');
      await panel.getByRole('button', { name: 'Apply' }).click();
      await panel.waitFor({ state: 'detached' });
      const expected = books.filter((b) => Number(b.year) >= 2000);
      await expect.poll(() => gridCount(page)).toBe(`${expected.length} records`);
      await page.getByRole('button', { name: 'Export' }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Export' });
      const [xlsx] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: /^XLSX/ }).click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile((await xlsx.path())!);
      const rows = ((book.worksheets[0]?.getSheetValues() ?? []).slice(1) as unknown[][]).map((r) => r.slice(1));
      expect(rows[0]).toEqual(['Title', 'Author', 'Year', 'ISBN', 'In print']);
      const byTitle = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
      expect(rows.slice(1).map((r) => r.slice(0, 4)).sort(byTitle)).toEqual(expected.map((b) => [b.title, b.author, Number(b.year), b.isbn]).sort(byTitle));
      await exportDialog.waitFor({ state: 'detached' });

      // The export read back as an import, updating by ISBN: every row matches its record, nothing to change.
      await page.getByRole('button', { name: 'Import' }).click();
      await dialog.getByRole('heading', { name: 'Choose a file' }).waitFor();
      await dialog.getByLabel('File (CSV or XLSX)').setInputFiles({ name: xlsx.suggestedFilename(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await readFile((await xlsx.path())!) });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.getByRole('heading', { name: 'Match the columns to fields' }).waitFor();
      expect(await Promise.all(['Title', 'Author', 'Year', 'ISBN', 'In print'].map((h) => fieldFor(h).inputValue()))).toEqual(['title', 'author', 'year', 'isbn', 'inPrint']);
      await dialog.getByLabel('Add or update by').check();
      await dialog.getByLabel('Key: the field that finds the record a row updates').selectOption('isbn');
      await dialog.getByRole('button', { name: 'Dry run' }).click();
      await dialog.getByRole('heading', { name: 'Dry run result' }).waitFor({ timeout: 30_000 });
      expect(await dialog.getByLabel('What importing would do').innerText()).toMatch(new RegExp(`To add\\s+0\\s+To update\\s+0\\s+Unchanged\\s+${expected.length.toLocaleString('en-US')}\\s+Refused\\s+0`));
    } finally {
      await context.close();
    }
  }, 120_000);
});

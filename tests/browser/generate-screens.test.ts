/**
 * Generated screens in real Chromium against the built app and the real server: a model's screens
 * made by POST /api/definitions/model/{name}/screens open at their own routes, New leads to the
 * form, the form saves a record (its reference picked by name from the target's records) and returns to
 * the grid, which lists it. Screenshots land in test-results/generate-screens-*.png.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Generate-screens-1' };

let app: BrowserApp;
let browser: Browser;
let base = '';

beforeAll(async () => {
  app = await startBrowserApp('generate-screens', ADMIN);
  browser = app.browser;
  base = app.server.url;
  await app.call('POST', '/api/definitions/model', { name: 'Company', title: 'Companies', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }] });
  await app.call('POST', '/api/definitions/model', {
    name: 'Contact',
    title: 'Contacts',
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true },
      { name: 'age', type: 'number', label: 'Age' },
      { name: 'since', type: 'date', label: 'Customer since' },
      { name: 'active', type: 'boolean', label: 'Active' },
      { name: 'company', type: 'reference', target: 'Company', label: 'Company' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'office', title: 'Office', definition: [] });
  await app.call('POST', '/api/definitions/model/Company/screens', { menu: 'office' });
  await app.call('POST', '/api/definitions/model/Contact/screens', { menu: 'office' });
  for (const name of ['Globex', 'Acme']) await app.call('POST', '/api/form/company/add', { name });
});

afterAll(async () => {
  await app?.close();
});

describe('generated screens', () => {
  it('open at their routes: New, fill the form, Save, and the row is in the grid', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/contacts`);
      await page.getByRole('heading', { name: 'Contacts' }).first().waitFor();
      await page.getByRole('link', { name: 'New' }).click();
      await page.waitForURL(`${base}/form/contact/add/0`);
      await page.getByLabel(/^Name/).fill('Ada Lovelace');
      await page.getByLabel('Age').fill('36');
      await page.getByLabel('Customer since').fill('1843-09-01');
      await page.getByLabel('Active').check();
      const company = page.getByRole('combobox', { name: 'Company' });
      await company.click();
      // The reference offers the target's records by name, sorted.
      await expect.poll(async () => page.getByRole('option').allTextContents()).toEqual(['Acme', 'Globex']);
      await page.getByRole('option', { name: 'Acme' }).click();
      await expect.poll(() => company.inputValue()).toBe('Acme');
      await shot(page, 'generate-screens-form');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(`${base}/grid/contacts`);
      const row = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Ada Lovelace', '36', '1843-09-01']));
      // The pointer stays where Create was, over the grid's toolbar: a button in mid hover transition is no contrast finding.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'generate-screens-grid');
      expect(await seriousViolations(page)).toEqual([]);
      // Its Edit row action opens the record in the generated form.
      await row.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/\/form\/contact\/edit\/\d+$/);
      await expect.poll(async () => page.getByLabel(/^Name/).inputValue()).toBe('Ada Lovelace');
      // The stored company is shown by its name, and opens in the company form.
      await expect.poll(async () => page.getByRole('combobox', { name: 'Company' }).inputValue()).toBe('Acme');
      expect(await page.getByRole('link', { name: 'Open' }).getAttribute('href')).toMatch(/^\/form\/company\/edit\/\d+$/);
    } finally {
      await context.close();
    }
  });
});

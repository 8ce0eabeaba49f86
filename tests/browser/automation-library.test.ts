/**
 * The automations' proof, in Chromium against the real server: an administrator builds
 * "when a loan is marked returned, set the book available and mail the member" in the automation
 * designer, returns a book in the Loan form, and sees the book available, the mail received by a
 * real SMTP server, and the run in the Runs log with each step's outcome. Screenshots in
 * test-results/ are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCaller, launchBrowser, shot, signedInContext } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtp, type Inbox } from '../support/smtp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Automation-proof-1' };

let server: ServerProcess;
let browser: Browser;
let inbox: Inbox;
let dataDir = '';
let call: ReturnType<typeof apiCaller>;
let book = 0;
let loan = 0;

beforeAll(async () => {
  inbox = await startSmtp();
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-automation-library-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const token = await server.finishSetup({ ...ADMIN, smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_from: 'library@example.com', smtp_secure: false });
  call = apiCaller(() => server.url, () => token);
  browser = await launchBrowser();
  await call('POST', '/api/definitions/model', { name: 'Book', title: 'Books', fields: [{ name: 'title', type: 'text', label: 'Title', required: true }, { name: 'available', type: 'boolean', label: 'Available' }] });
  await call('POST', '/api/definitions/model', { name: 'Member', title: 'Members', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }, { name: 'email', type: 'text', label: 'E-mail' }] });
  await call('POST', '/api/definitions/model', {
    name: 'Loan',
    title: 'Loans',
    fields: [
      { name: 'book', type: 'reference', target: 'Book', label: 'Book' },
      { name: 'member', type: 'reference', target: 'Member', label: 'Member' },
      { name: 'returned', type: 'boolean', label: 'Returned' },
    ],
  });
  for (const model of ['Book', 'Member', 'Loan']) await call('POST', `/api/definitions/model/${model}/screens`, {});
  book = (await call<{ id: number }>('POST', '/api/form/book/add', { title: 'Dune', available: false })).id;
  const member = (await call<{ id: number }>('POST', '/api/form/member/add', { name: 'Ada', email: 'ada@example.com' })).id;
  loan = (await call<{ id: number }>('POST', '/api/form/loan/add', { book, member, returned: false })).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Adds a step of the type labelled `label` at the end of the automation's steps; its panel opens. */
async function addStep(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add step', exact: true }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: new RegExp(`: ${label}$`) }).waitFor();
}

describe('an automation built in the designer', () => {
  it('marks the book available and mails the member when a loan is returned, and logs the run', async () => {
    const { context, page } = await signedInContext(browser, server.url, ADMIN, { width: 1400, height: 1000 });
    await page.goto(`${server.url}/automationdesigner/new`);
    await page.getByLabel('Name', { exact: true }).fill('loan_returned');
    await page.getByLabel('Title', { exact: true }).fill('Loan returned');

    // The trigger: a loan changed, its Returned field among the changes, and now returned.
    const model = page.getByLabel('Model', { exact: true });
    await model.locator('option[value="Loan"]').waitFor({ state: 'attached' });
    await model.selectOption('Loan');
    await page.getByLabel('Returned', { exact: true }).check();
    const condition = page.getByRole('group', { name: 'Only when the record', exact: true });
    await condition.getByRole('button', { name: 'Add condition: Only when the record' }).click();
    const field = condition.getByLabel('Field');
    await field.locator('option[value="returned"]').waitFor({ state: 'attached' });
    await field.selectOption('returned');
    expect(await condition.getByLabel('Value', { exact: true }).inputValue()).toBe('true');

    // Step 1: the book, through its form, available again.
    await addStep(page, 'Update a record');
    const panel = page.getByRole('complementary', { name: 'Step settings' });
    const form = panel.getByLabel('Form', { exact: true });
    await form.locator('option[value="book"]').waitFor({ state: 'attached' });
    await form.selectOption('book');
    await panel.getByLabel('ID', { exact: true }).fill('{{record.book}}');
    const addField = panel.getByLabel('Add a field to Values');
    await addField.locator('option[value="available"]').waitFor({ state: 'attached' });
    await addField.selectOption('available');
    expect(await panel.getByLabel(/^Available \(available\)$/).inputValue()).toBe('true');

    // Step 2: the member's mail, its address read through the loan's reference.
    await addStep(page, 'Send mail');
    await panel.getByLabel('To', { exact: true }).fill('{{record.member.email}}');
    await panel.getByLabel('Subject', { exact: true }).fill('Thank you for returning {{record.book.title}}');
    await panel.getByLabel('Text', { exact: true }).fill('Dear {{record.member.name}}, we have {{record.book.title}} back.');
    await shot(page, 'automation-designer');
    expect((await seriousViolations(page)).join('\n'), 'axe on the automation designer').toBe('');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}/automationdesigner/edit/loan_returned`);
    await page.getByText('Saved.').waitFor();
    const stored = await call<{ trigger: unknown; condition: unknown; steps: unknown[] }>('GET', '/api/definitions/automation/loan_returned');
    expect(stored.trigger).toEqual({ type: 'record', model: 'Loan', on: ['update'], fields: ['returned'] });
    expect(stored.condition).toEqual({ and: [{ field: 'returned', op: 'eq', value: true }] });
    expect(stored.steps).toEqual([
      { type: 'updateRecord', form: 'book', id: '{{record.book}}', values: { available: true } },
      { type: 'sendMail', to: '{{record.member.email}}', subject: 'Thank you for returning {{record.book.title}}', text: 'Dear {{record.member.name}}, we have {{record.book.title}} back.' },
    ]);

    // A librarian's work: the loan returned in its form.
    await page.goto(`${server.url}/form/loan/edit/${loan}`);
    const returned = page.getByRole('checkbox', { name: 'Returned' });
    await returned.waitFor();
    await returned.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const mail = await inbox.waitFor((m) => m.to.includes('ada@example.com'), 30_000);
    expect(mail.raw).toContain('Thank you for returning Dune');
    expect(mail.raw).toContain('Dear Ada, we have Dune back.');

    // The book is available again, in its own form.
    await expect.poll(async () => (await call<{ available: boolean }>('GET', `/api/form/book/data/${book}`)).available, { timeout: 30_000 }).toBe(true);
    await page.goto(`${server.url}/form/book/edit/${book}`);
    const available = page.getByRole('checkbox', { name: 'Available' });
    await available.waitFor();
    expect(await available.isChecked()).toBe(true);

    // The run in the log: done, the loan as its record, each step's outcome in its dialog.
    await page.goto(`${server.url}/automations/runs`);
    const row = page.getByRole('row').filter({ hasText: 'loan_returned' }).first();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 30_000 }).toContain('Done');
    expect(await row.textContent()).toContain(`Loan ${loan}`);
    await shot(page, 'automation-runs');
    await row.getByRole('button', { name: /^Open the run of loan_returned/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Run of loan_returned' });
    await dialog.getByText('Update a record').waitFor();
    expect(await dialog.getByText('Send mail').count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel("The run's input as JSON").textContent()).toContain('"returned": true');
    expect((await seriousViolations(page)).join('\n'), 'axe on the run').toBe('');
    await shot(page, 'automation-run');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it("runs a button automation from a book's form and shows the record as it left it", async () => {
    await call('POST', '/api/definitions/automation', {
      name: 'lend_out',
      title: 'Lend out',
      trigger: { type: 'button', model: 'Book', label: 'Mark lent' },
      steps: [{ type: 'updateRecord', form: 'book', id: '{{record.id}}', values: { available: false } }],
    });
    const { context, page } = await signedInContext(browser, server.url, ADMIN, { width: 1400, height: 1000 });
    await page.goto(`${server.url}/form/book/edit/${book}`);
    const available = page.getByRole('checkbox', { name: 'Available' });
    await available.waitFor();
    expect(await available.isChecked()).toBe(true);
    const bar = page.getByRole('group', { name: 'Automations' });
    await bar.getByRole('button', { name: 'Mark lent' }).click();
    await bar.getByRole('status').filter({ hasText: 'Done' }).waitFor({ timeout: 30_000 });
    // The record is read again once the run has ended: the form shows what the automation wrote.
    await expect.poll(() => available.isChecked(), { timeout: 10_000 }).toBe(false);
    expect((await call<{ available: boolean }>('GET', `/api/form/book/data/${book}`)).available).toBe(false);
    await shot(page, 'automation-button');
    await context.close();
  });
});

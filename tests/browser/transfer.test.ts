/**
 * An app exported from one instance and imported into a fresh one works there (docs/api.md): in
 * Chromium, the demo shop's admin downloads the whole app from the /transfer screen; a fresh
 * instance's admin previews that file there, imports it, then fills the demo's Customer form and
 * finds the record in the customers grid. Screenshots in test-results/ are to be looked at.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let demo: DemoSuite;
let fresh: DemoSuite;
const folder = mkdtempSync(join(tmpdir(), 'tessera-transfer-'));

beforeAll(async () => {
  [demo, fresh] = await Promise.all([startDemoSuite(), startDemoSuite({ seed: false })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([demo?.close(), fresh?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

type AppFile = { format: string; definitions: Record<string, { name: string }[]> };
type Listed = { id: string; name: string };

describe('moving an app to a fresh instance', () => {
  it('exports the demo shop from one instance, imports it into a fresh one, and its form and grid work there', async () => {
    expect((await fresh.call<Listed[]>('GET', '/api/definitions/form')).map((f) => f.name)).not.toContain('customer');

    // Instance A: the screen from the Settings menu, the whole app downloaded.
    const a = await signIn(demo, { width: 1280, height: 900 });
    await a.getByRole('button', { name: 'Settings' }).click();
    await a.getByRole('menuitem', { name: 'Export and import', exact: true }).click();
    await a.waitForURL(`${demo.server.url}/transfer`);
    await a.getByRole('heading', { name: 'Export and import', level: 1 }).waitFor();
    expect(await a.getByRole('radio', { name: 'The whole app' }).isChecked()).toBe(true);
    expect((await seriousViolations(a)).join('\n'), 'axe on the transfer screen').toBe('');
    const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('tessera-app.json');
    const file = join(folder, 'tessera-app.json');
    copyFileSync(await download.path(), file);
    await a.getByText('Saved tessera-app.json').waitFor();
    await shot(a, 'transfer-export');
    const app = JSON.parse(readFileSync(file, 'utf8')) as AppFile;
    expect(app.format).toBe('tessera-app');
    expect(app.definitions.form!.map((f) => f.name)).toContain('customer');
    expect(app.definitions.grid!.map((g) => g.name)).toContain('customers');
    expect(app.definitions.model!.map((m) => m.name)).toContain('Customer');

    // A chosen set lists each kind's definitions to tick, all by keyboard.
    await a.getByRole('radio', { name: 'The whole app' }).focus();
    await a.keyboard.press('ArrowDown');
    expect(await a.getByRole('radio', { name: /^Chosen definitions/ }).isChecked()).toBe(true);
    const firstForm = a.getByRole('group', { name: 'Forms' }).getByRole('checkbox').first();
    await firstForm.waitFor();
    expect(await a.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
    await a.keyboard.press('Tab'); // the scrolling list itself
    expect(await a.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Definitions to export');
    await a.keyboard.press('Tab');
    await a.keyboard.press('Space');
    expect(await firstForm.isChecked()).toBe(true);
    await a.getByRole('group', { name: 'Forms' }).getByRole('checkbox', { name: /^customer\b/ }).check();
    expect(await a.getByRole('button', { name: 'Download' }).isDisabled()).toBe(false);
    expect((await seriousViolations(a)).join('\n'), 'axe on the chosen export').toBe('');
    await shot(a, 'transfer-export-chosen');
    await a.context().close();

    // Instance B, fresh: the file previewed, the demo's definitions new, nothing written yet.
    const b = await signIn(fresh, { width: 1280, height: 900 });
    await b.goto(`${fresh.server.url}/transfer`);
    const importButton = b.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await b.getByLabel('App file').setInputFiles(file);
    const preview = b.getByRole('table', { name: 'What the import would change' });
    await preview.waitFor();
    const status = async (kind: string, name: string) =>
      (await preview.getByRole('row').filter({ has: b.getByRole('cell', { name: kind, exact: true }) }).filter({ has: b.getByRole('cell', { name, exact: true }) }).first().textContent()) ?? '';
    expect(await status('form', 'customer')).toBe('formcustomernew');
    expect(await status('grid', 'customers')).toBe('gridcustomersnew');
    expect(await status('model', 'Customer')).toBe('modelCustomernew');
    expect(await status('menu', 'demo')).toBe('menudemonew');
    expect((await fresh.call<Listed[]>('GET', '/api/definitions/form')).map((f) => f.name)).not.toContain('customer');
    expect(await importButton.isEnabled()).toBe(true);
    expect((await seriousViolations(b)).join('\n'), 'axe on the import preview').toBe('');
    await shot(b, 'transfer-preview');

    // Imported: the counts, and the definitions there.
    await importButton.focus();
    await b.keyboard.press('Enter');
    const done = b.getByText(/^Imported: \d+ new, \d+ changed$/);
    await done.waitFor();
    const [, added] = /Imported: (\d+) new/.exec((await done.textContent()) ?? '') ?? [];
    // The demo's 3 models, 3 forms, 3 grids, 2 selects and its menu at least.
    expect(Number(added)).toBeGreaterThanOrEqual(12);
    await b.getByRole('table', { name: 'What the import changed' }).waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    await shot(b, 'transfer-imported');
    expect((await fresh.call<Listed[]>('GET', '/api/definitions/form')).map((f) => f.name)).toContain('customer');

    // The demo's form opens in B and saves a record; its grid lists it.
    await b.goto(`${fresh.server.url}/form/customer/add/0`);
    await b.getByLabel(/^Name/).fill('Moved Customer');
    await b.getByLabel('City').fill('Elsewhere');
    await shot(b, 'transfer-form');
    await b.getByRole('button', { name: 'Create' }).click();
    await b.waitForURL((url) => !url.pathname.startsWith('/form/customer/add'));
    await b.goto(`${fresh.server.url}/grid/customers`);
    await b.getByRole('cell', { name: 'Moved Customer', exact: true }).waitFor();
    await b.getByRole('cell', { name: 'Elsewhere', exact: true }).waitFor();
    await shot(b, 'transfer-grid');
    await b.context().close();
  });
});

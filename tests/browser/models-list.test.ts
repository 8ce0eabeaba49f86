/**
 * The models list and the models' raw editor as an admin uses them, in Chromium against the built
 * app and the real server: Build > Models lists a model made through the API with its rows; Edit
 * JSON changes a field's type over values that do not convert, the change dialog shows how many
 * and which, and applies only once the admin ticked Clear; a field added in the JSON to a table
 * with rows is shown first too (one rule with the designer), then applied; restoring an older
 * version from the History panel shows what it drops, and Cancel keeps everything. Screenshots in
 * test-results/ are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Models-list-admin-1' };

let app: BrowserApp;
const call: BrowserApp['call'] = (...args) => app.call(...args);

type Field = { name: string; type: string; default?: unknown };
type ModelDoc = { id: string; name: string; version: number; fields: Field[] };
type Record = { id: number; code: string; weight: unknown; country?: unknown };

const WEIGHTS = ['12', 'n/a', '3.5', '12 kg', ''];

beforeAll(async () => {
  app = await startBrowserApp('models-list', ADMIN);
  await call('POST', '/api/definitions/model', {
    name: 'Parcel',
    title: 'Parcels',
    fields: [
      { name: 'code', type: 'text', label: 'Code' },
      { name: 'weight', type: 'text', label: 'Weight' },
    ],
  });
  await call('POST', '/api/definitions/form', {
    name: 'parcel',
    title: 'Parcel',
    model: 'Parcel',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'code', label: 'Code' }, { childType: 'Input', width: 6, name: 'weight', label: 'Weight' }] }],
  });
  await call('POST', '/api/definitions/grid', { name: 'parcels', title: 'Parcels', model: 'Parcel', paging: 1, definition: [{ name: 'code', label: 'Code' }, { name: 'weight', label: 'Weight' }] });
  for (const [i, weight] of WEIGHTS.entries()) await call('POST', '/api/form/parcel/add', { code: `P${i + 1}`, weight });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const parcel = () => call<ModelDoc>('GET', '/api/definitions/model/Parcel');
const parcels = () => call<Record[]>('GET', '/api/grid/parcels/data');
const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });

async function openRawEditor(page: Page): Promise<void> {
  await page.locator('.cm-content').waitFor();
  await expect.poll(() => problems(page).textContent()).toContain('No problems');
}

describe('the models list and the raw editor of a model', () => {
  it('lists a model from the Build menu, changes a type over failing values only once Clear is ticked, and shows the result', async () => {
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      await page.getByRole('button', { name: 'Build' }).click();
      await page.getByRole('menuitem', { name: 'Models' }).click();
      await page.waitForURL(`${app.server.url}/models`);
      await page.getByRole('heading', { level: 1, name: 'Models' }).waitFor();
      const row = page.locator('tr[data-model="Parcel"]');
      await row.waitFor();
      const cells = await row.locator('th, td').allTextContents();
      expect(cells.slice(0, 5)).toEqual(['Parcel', 'Parcels', '2', '5', 'grid parcels, form parcel']);
      expect(await page.locator('tr[data-model="User"] th').textContent()).toBe('UserSystem');
      expect(await page.locator('tr[data-model="User"]').getByRole('button', { name: /Delete/ }).count()).toBe(0);
      expect((await seriousViolations(page)).join('\n'), 'axe on /models').toBe('');
      await shot(page, 'models-list');

      // The model is in use: Delete is refused with the server's words.
      page.once('dialog', (d) => void d.accept());
      await row.getByRole('button', { name: 'Delete Parcel' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe("The model 'Parcel' is used by: grid 'parcels', form 'parcel'");

      await row.getByRole('link', { name: 'Edit JSON of Parcel' }).click();
      const before = await parcel();
      await page.waitForURL(`${app.server.url}/modeldesignerraw/edit/${before.id}`);
      await openRawEditor(page);
      await page.getByRole('heading', { level: 1, name: 'Model JSON: Parcel' }).waitFor();

      // weight's "text" (the second one) becomes "number".
      const editor = page.locator('.cm-content');
      await editor.getByText('"text"', { exact: true }).nth(1).dblclick();
      await page.keyboard.type('number');
      await page.keyboard.press('Escape');
      await expect.poll(() => problems(page).textContent()).toContain('No problems');
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: "Change the model 'Parcel'" });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain('The table holds 5 rows.');
      expect(text).toContain("weight: text becomes number. 2 of 4 values are not numbers: 'n/a', '12 kg'");
      const apply = dialog.getByRole('button', { name: 'Apply' });
      expect(await apply.isDisabled()).toBe(true);
      expect((await seriousViolations(page)).join('\n'), 'axe on the change dialog').toBe('');
      await shot(page, 'models-change-dialog');
      expect((await parcel()).version).toBe(before.version);

      await dialog.getByRole('checkbox', { name: 'Clear the 2 values that do not convert' }).check();
      expect(await apply.isDisabled()).toBe(false);
      await apply.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Saved.', { exact: true }).waitFor();

      const after = await parcel();
      expect(after.version).toBe(before.version + 1);
      expect(after.fields.find((f) => f.name === 'weight')?.type).toBe('number');
      expect((await parcels()).map((r) => r.weight)).toEqual([12, null, 3.5, null, null]);
      // The editor shows the saved text, clean.
      expect(await page.getByText('Unsaved changes').count()).toBe(0);
      await page.reload();
      await openRawEditor(page);
      expect(await editor.textContent()).toContain('"type": "number"');
    } finally {
      await context.close();
    }
  });

  it('adds a field through the raw editor to a table with rows: the plan first, applied on Apply with its default', async () => {
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      const before = await parcel();
      await page.goto(`${app.server.url}/modeldesignerraw/edit/${before.id}`);
      await openRawEditor(page);
      const editor = page.locator('.cm-content');
      await editor.locator('.cm-line', { hasText: '"fields": [' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('{ "name": "country", "type": "text", "label": "Country", "default": "NL" },');
      await page.keyboard.press('Escape');
      await expect.poll(() => problems(page).textContent()).toContain('No problems');
      await page.keyboard.press('Control+s');
      // The table holds rows: the plan is shown first, as the designer shows it.
      const dialog = page.getByRole('dialog', { name: "Change the model 'Parcel'" });
      await dialog.waitFor();
      expect(await dialog.getByRole('region', { name: 'Fields added' }).textContent()).toContain("country (text): 5 rows get the default 'NL'.");
      expect((await parcel()).version).toBe(before.version);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Saved.', { exact: true }).waitFor();

      const after = await parcel();
      expect(after.version).toBe(before.version + 1);
      expect(after.fields.map((f) => f.name)).toEqual(['country', 'code', 'weight']);
      // Every row holds the default: read through a grid made over the new field.
      await call('POST', '/api/definitions/grid', { name: 'parcel_countries', title: 'Countries', model: 'Parcel', paging: 1, definition: [{ name: 'country', label: 'Country' }] });
      expect((await call<Record[]>('GET', '/api/grid/parcel_countries/data')).map((r) => r.country)).toEqual(['NL', 'NL', 'NL', 'NL', 'NL']);

      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(`${app.server.url}/models`);
      await expect.poll(() => page.locator('tr[data-model="Parcel"] td').nth(1).textContent()).toBe('3');
    } finally {
      await context.close();
    }
  });
  it('says in the dialog that a rename in the JSON deletes and adds, and blocks deleting a field a form still uses', async () => {
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      const before = await parcel();
      await page.goto(`${app.server.url}/modeldesignerraw/edit/${before.id}`);
      await openRawEditor(page);
      await page.locator('.cm-content').getByText('"code"', { exact: true }).dblclick();
      await page.keyboard.type('ref');
      await page.keyboard.press('Escape');
      await expect.poll(() => problems(page).textContent()).toContain('No problems');
      await page.keyboard.press('Control+s');
      const dialog = page.getByRole('dialog', { name: "Change the model 'Parcel'" });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain("To keep a field's values under a new name, rename it in the designer.");
      expect(text).toContain('code (text) is deleted with its 5 values.');
      expect(await dialog.getByRole('alert').textContent()).toContain("the field 'code' is still used by form 'parcel', grid 'parcels'");
      expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      await shot(page, 'models-change-blocked');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Still here with the text unsaved; nothing changed on the server.
      expect(page.url()).toBe(`${app.server.url}/modeldesignerraw/edit/${before.id}`);
      await page.getByText('Unsaved changes').waitFor();
      expect((await parcel()).version).toBe(before.version);
    } finally {
      await context.close();
    }
  });

  it('restores an older version from History through the plan, which names the field it would drop, and Cancel keeps everything', async () => {
    // Nothing names 'country' now, so the plan would apply: only Cancel keeps its values.
    await call('DELETE', '/api/definitions/grid/parcel_countries');
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      const now = await parcel();
      const older = now.version - 1;
      await page.goto(`${app.server.url}/modeldesignerraw/edit/${now.id}`);
      await openRawEditor(page);
      await page.getByRole('button', { name: 'History' }).click();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Restore version ${older}` }).click();
      const dialog = page.getByRole('dialog', { name: "Change the model 'Parcel'" });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain(`Restoring version ${older} saves it as a new version of the model`);
      expect(text).toContain('country (text) is deleted with its 5 values.');
      expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(false);
      await shot(page, 'models-restore-plan');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      const after = await parcel();
      expect(after.version).toBe(now.version);
      expect(after.fields.map((f) => f.name)).toEqual(['country', 'code', 'weight']);
      await call('POST', '/api/definitions/grid', { name: 'parcel_countries', title: 'Countries', model: 'Parcel', paging: 1, definition: [{ name: 'country', label: 'Country' }] });
      expect((await call<Record[]>('GET', '/api/grid/parcel_countries/data')).map((r) => r.country)).toEqual(['NL', 'NL', 'NL', 'NL', 'NL']);
      expect(await page.getByText('Unsaved changes').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('creates a model from New model as JSON, lists it, and deletes it after asking', async () => {
    const { context, page } = await signedInContext(app.browser, app.server.url, ADMIN, { width: 1280, height: 900 });
    try {
      await page.goto(`${app.server.url}/models`);
      await page.getByRole('link', { name: 'New model as JSON' }).click();
      await page.waitForURL(`${app.server.url}/modeldesignerraw/add/0`);
      await openRawEditor(page);
      await page.locator('.cm-content').getByText('"NewModel"', { exact: true }).dblclick();
      await page.keyboard.type('Shelf');
      await page.keyboard.press('Escape');
      await expect.poll(() => problems(page).textContent()).toContain('No problems');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await call<{ name: string }[]>('GET', '/api/definitions/model')).some((m) => m.name === 'Shelf')).toBe(true);
      await page.waitForURL(/\/modeldesignerraw\/edit\/[0-9a-f]{32}$/);
      await page.getByText('Saved.', { exact: true }).waitFor();

      await page.goto(`${app.server.url}/models`);
      const row = page.locator('tr[data-model="Shelf"]');
      await row.waitFor();
      expect((await row.locator('th, td').allTextContents()).slice(0, 5)).toEqual(['Shelf', 'New model', '1', '0', 'Nothing']);
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.message());
        void d.accept();
      });
      await row.getByRole('button', { name: 'Delete Shelf' }).click();
      await page.getByText("The model 'Shelf' was deleted.").waitFor();
      expect(asked).toEqual(["Delete the model 'Shelf' and its 0 rows? Its table goes with it; only a backup keeps the data."]);
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

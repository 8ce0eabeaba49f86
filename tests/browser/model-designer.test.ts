/**
 * The model designer as an administrator uses it, in Chromium against the real server, without
 * typing JSON: a new model with fields made in the side panel, a relation told in words, the
 * save that makes the link model, and a change of a model that holds data previewed before it
 * is applied, and a model's record history settings. Screenshots in /tmp/model-designer-*.png are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';
import { addField, designerParts as parts } from '../support/model-designer-page';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const snap = (page: Page, name: string) => page.screenshot({ path: `/tmp/model-designer-${name}.png`, fullPage: true });

interface StoredModel {
  id: string;
  name: string;
  version: number;
  display?: string;
  history?: { off?: boolean; exclude?: string[]; days?: number };
  fields: { name: string; type: string; label?: string; required?: boolean; target?: string; through?: string; default?: unknown }[];
}

const model = (name: string) => suite.call<StoredModel>('GET', `/api/definitions/model/${name}`);

describe('the model designer', () => {
  it('makes a new model with fields from the side panel, and lists it on Models', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    await page.goto(`${suite.server.url}/modeldesigner/add/0`);
    const { canvas, panel } = parts(page);
    await canvas.waitFor();
    await page.getByLabel('Name', { exact: true }).first().fill('Book');
    await page.getByLabel('Title', { exact: true }).first().fill('Books');
    await addField(page, { name: 'title' });
    await panel.getByLabel('Label', { exact: true }).fill('Title');
    await panel.getByRole('switch', { name: 'Required' }).check();
    await addField(page, { name: 'pages', type: 'Number' });
    await panel.getByLabel('Default', { exact: true }).fill('100');
    await addField(page, { name: 'lent', type: 'Yes or no' });
    await expect.poll(() => canvas.getByRole('listitem').count()).toBe(3);
    await snap(page, 'new');
    await page.getByRole('button', { name: 'Create' }).click();
    // Saved, the model's list shows it.
    await page.waitForURL(`${suite.server.url}/models`);
    await page.getByRole('row', { name: /^Book Books 3 0/ }).waitFor();
    await snap(page, 'models');
    const stored = await model('Book');
    expect(stored.fields).toEqual([
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'pages', label: '', type: 'number', default: 100 },
      { name: 'lent', label: '', type: 'boolean' },
    ]);
    await page.context().close();
  });

  it('renames a field that holds data and retypes another with a failing value, shown first, and the form and grid still work', async () => {
    const made = await suite.call<{ id: string }>('POST', '/api/definitions/model', {
      name: 'Member',
      title: 'Members',
      fields: [
        { name: 'name', type: 'text', label: 'Name' },
        { name: 'age', type: 'text', label: 'Age' },
      ],
    });
    await suite.call('POST', '/api/definitions/model/Member/screens', { menu: null });
    const ada = await suite.call<{ id: number }>('POST', '/api/form/member/add', { name: 'Ada', age: '36' });
    await suite.call('POST', '/api/form/member/add', { name: 'Bob', age: 'n/a' });

    const page = await signIn(suite, { width: 1400, height: 900 });
    await page.goto(`${suite.server.url}/modeldesigner/edit/${made.id}`);
    const { canvas, panel } = parts(page);
    await canvas.waitFor();
    await canvas.getByRole('button', { name: /^name/ }).click();
    await panel.getByLabel('Name', { exact: true }).fill('fullname');
    await canvas.getByRole('button', { name: /^age/ }).click();
    await panel.getByLabel('Type', { exact: true }).selectOption({ label: 'Number' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: "Change the model 'Member'" });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('The table holds 2 rows.');
    expect(text).toContain('name');
    expect(text).toContain('fullname');
    expect(text).toContain('name becomes fullname; its values stay');
    expect(text).toContain("1 of 2 values is not a number: 'n/a'");
    await snap(page, 'plan');
    const apply = dialog.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    await dialog.getByLabel(/Clear the/).check();
    await apply.click();
    await page.waitForURL(`${suite.server.url}/models`);

    const stored = await model('Member');
    expect(stored.fields.map((f) => [f.name, f.type])).toEqual([
      ['fullname', 'text'],
      ['age', 'number'],
    ]);
    // The value kept its place under the new name; the generated form and grid name the new field.
    const record = await suite.call<Record<string, unknown>>('GET', `/api/form/member/data/${ada.id}`);
    expect(record).toMatchObject({ fullname: 'Ada', age: 36 });
    await page.goto(`${suite.server.url}/grid/members`);
    await page.getByRole('cell', { name: 'Ada', exact: true }).waitFor();
    await page.goto(`${suite.server.url}/form/member/edit/${ada.id}`);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada');
    await page.context().close();
  });

  it('adds a link to a model that holds data: the plan names the link model it creates, Cancel makes neither, Apply both at once', async () => {
    await suite.call('POST', '/api/definitions/model', { name: 'Writer', title: 'Writers', fields: [{ name: 'name', type: 'text', label: 'Name' }] });
    const made = await suite.call<{ id: string }>('POST', '/api/definitions/model', { name: 'Novel', title: 'Novels', fields: [{ name: 'title', type: 'text', label: 'Title' }] });
    await suite.call('POST', '/api/definitions/model/Novel/screens', { menu: null });
    await suite.call('POST', '/api/form/novel/add', { title: 'Emma' });
    const models = () => suite.call<string[]>('GET', '/api/models');

    const page = await signIn(suite, { width: 1400, height: 900 });
    await page.goto(`${suite.server.url}/modeldesigner/edit/${made.id}`);
    const { canvas } = parts(page);
    await canvas.waitFor();
    await canvas.getByRole('group', { name: 'Fields' }).getByRole('button', { name: 'Add relation' }).click();
    const relation = canvas.getByRole('group', { name: 'Add a relation' });
    await relation.getByLabel('Each Novel has many … records and each … many Novel records').check();
    await relation.getByLabel('The other model').selectOption('Writer');
    await relation.getByRole('button', { name: 'Add relation' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: "Change the model 'Novel'" });
    await dialog.waitFor();
    expect(await dialog.getByRole('region', { name: 'Models created' }).textContent()).toContain('Creates the link model NovelWriter.');
    await snap(page, 'link-plan');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await models()).not.toContain('NovelWriter');
    expect((await model('Novel')).fields.map((f) => f.name)).toEqual(['title']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${suite.server.url}/models`);
    expect((await model('Novel')).fields.map((f) => [f.name, f.type, f.through])).toEqual([
      ['title', 'text', undefined],
      ['writers', 'link', 'NovelWriter'],
    ]);
    const link = await model('NovelWriter');
    expect(link.version).toBe(1);
    expect(link.fields.map((f) => [f.type, f.target])).toEqual([
      ['reference', 'Novel'],
      ['reference', 'Writer'],
    ]);
    await page.context().close();
  });

  it("sets a model's record history in the panel: a field kept out follows its rename, and history off records nothing more", async () => {
    const made = await suite.call<{ id: string }>('POST', '/api/definitions/model', {
      name: 'Vault',
      title: 'Vaults',
      fields: [
        { name: 'owner', type: 'text', label: 'Owner' },
        { name: 'apiKey', type: 'text', label: 'API key' },
        { name: 'pin', type: 'password', label: 'PIN' },
      ],
    });
    await suite.call('POST', '/api/definitions/model/Vault/screens', { menu: null });
    const vault = await suite.call<{ id: number }>('POST', '/api/form/vault/add', { owner: 'Ada', apiKey: 'k-1' });
    const entries = async () => (await suite.call<{ entries: { action: string; changes: { field: string; before: unknown; after: unknown; kept?: boolean }[] }[] }>('GET', `/api/history/Vault/${vault.id}`)).entries;
    const update = async (values: Record<string, unknown>) => {
      const { _version } = await suite.call<{ _version: number }>('GET', `/api/form/vault/data/${vault.id}`);
      await suite.call('POST', `/api/form/vault/update/${vault.id}`, { ...values, _version });
    };

    const page = await signIn(suite, { width: 1400, height: 900 });
    await page.goto(`${suite.server.url}/modeldesigner/edit/${made.id}`);
    const { canvas, panel } = parts(page);
    await canvas.waitFor();
    const history = panel.getByRole('region', { name: 'Record history' });
    // The list offers the fields whose values can be kept out: not the password, kept out anyway.
    const out = history.getByRole('group', { name: 'Keep values out of the history' });
    expect(await out.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent))).toEqual(['Owner (owner)', 'API key (apiKey)']);
    await history.getByLabel('Keep for (days)').fill('30');
    await out.getByLabel('API key (apiKey)').check();
    await snap(page, 'history');
    // Renamed on the canvas, the field stays kept out under its new name.
    await canvas.getByRole('button', { name: /^apiKey/ }).click();
    await panel.getByLabel('Name', { exact: true }).fill('token');
    await page.keyboard.press('Escape');
    await expect.poll(() => out.getByLabel('API key (token)').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: "Change the model 'Vault'" });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${suite.server.url}/models`);
    expect((await model('Vault')).history).toEqual({ days: 30, exclude: ['token'] });

    // The server keeps the token's values out of the history, and still records the owner's.
    await update({ owner: 'Bob', token: 'k-2' });
    const [changed] = await entries();
    expect(changed?.action).toBe('update');
    expect(changed?.changes.find((c) => c.field === 'token')).toMatchObject({ kept: true, before: null, after: null });
    expect(changed?.changes.find((c) => c.field === 'owner')).toMatchObject({ before: 'Ada', after: 'Bob' });

    // History off: saved without a question (no field changed), and the next change is not recorded.
    await page.goto(`${suite.server.url}/modeldesigner/edit/${made.id}`);
    await canvas.waitFor();
    await history.getByRole('switch', { name: 'Keep a history of changes' }).uncheck();
    await snap(page, 'history-off');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/models`);
    expect((await model('Vault')).history).toEqual({ days: 30, exclude: ['token'], off: true });
    const before = (await entries()).length;
    await update({ owner: 'Cy' });
    expect((await suite.call<{ owner: string }>('GET', `/api/form/vault/data/${vault.id}`)).owner).toBe('Cy');
    expect((await entries()).length).toBe(before);
    await page.context().close();
  });
});

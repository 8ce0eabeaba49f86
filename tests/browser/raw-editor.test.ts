/**
 * The raw JSON editor as a power user uses it, in Chromium against the real server on the demo
 * shop: a misspelt property is underlined where it is and listed with its pointer, saving is
 * refused while it is there, completion offers the right name, Ctrl+S saves, and the visual
 * designer shows the change. Screenshots in test-results/ are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite();
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

type FormDoc = { id: string; name: string; version: number; hideToolbar?: boolean };

async function customer(): Promise<FormDoc> {
  const forms = await suite.call<FormDoc[]>('GET', '/api/definitions/form');
  return suite.call<FormDoc>('GET', `/api/definitions/form/${forms.find((f) => f.name === 'customer')!.id}`);
}

const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });

describe('the raw JSON editor', () => {
  it('underlines a wrong property, refuses to save it, completes the right one, saves, and the designer shows it', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const before = await customer();
    await page.goto(`${suite.server.url}/formdesignerraw/edit/${before.id}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await expect.poll(() => problems(page).textContent()).toContain('No problems');
    expect((await seriousViolations(page)).join('\n'), 'axe on the raw editor').toBe('');

    // A misspelt property on a new second line: underlined where it is, and listed with its pointer.
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"hidetoolbarr": true,');
    await expect.poll(() => page.locator('.cm-lintRange-error').allTextContents()).toEqual(['"hidetoolbarr"']);
    expect(await problems(page).textContent()).toContain("/hidetoolbarr unknown property 'hidetoolbarr'");

    // Saving is refused, and nothing reaches the server.
    await page.keyboard.press('Control+s');
    await page.getByText('Not saved: one problem to fix first').waitFor();
    expect((await customer()).version).toBe(before.version);
    await shot(page, 'raw-editor-error');

    // Completion offers the schema's names with their types; the right one fixes it.
    await editor.getByText('hidetoolbarr').dblclick();
    await page.keyboard.type('hide');
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['hideToolbarboolean', 'hideSaveAsboolean']));
    await shot(page, 'raw-editor-completion');
    await options.filter({ hasText: 'hideToolbar' }).click();
    await expect.poll(() => problems(page).textContent()).toContain('No problems');

    // Values complete too, while half typed: a column's childType offers every type, and a
    // property with an enumeration (the Input's fieldtype) its values.
    await editor.getByText('"text"', { exact: true }).first().click();
    await page.keyboard.press('End');
    for (let i = 0; i < '"text",'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('"e');
    await page.keyboard.press('Control+Space');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['"email"', '"text"', '"number"']));
    await options.filter({ hasText: '"email"' }).click();
    await page.keyboard.type(',');
    await editor.getByText('"Input"', { exact: true }).first().click();
    await page.keyboard.press('End');
    for (let i = 0; i < '"Input",'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('"In');
    await page.keyboard.press('Control+Space');
    await options.first().waitFor();
    // Each type with its label from the plugin's designer hints.
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['"Input"Input']));
    await shot(page, 'raw-editor-values');
    await options.filter({ hasText: /^"Input"/ }).click();
    await page.keyboard.type(',');
    await expect.poll(() => problems(page).textContent()).toContain('No problems');

    await page.keyboard.press('Control+s');
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    const after = await customer();
    expect(after.version).toBe(before.version + 1);
    expect(after.hideToolbar).toBe(true);

    // The visual designer opens the saved definition as it is.
    await page.getByRole('link', { name: 'Visual designer' }).click();
    await page.waitForURL(`${suite.server.url}/formdesigner/edit/${before.id}`);
    await page.getByRole('region', { name: 'Form designer design area' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Properties' }).getByLabel('Hide toolbar').isChecked()).toBe(true);
    await page.context().close();
  });

  it('asks before leaving unsaved text and stays when told no', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const doc = await customer();
    await page.goto(`${suite.server.url}/formdesignerraw/edit/${doc.id}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    // An Escape while completion is still deciding closes that first (CodeMirror's own), as it should.
    await page.getByText('Unsaved changes').waitFor();
    await page.waitForTimeout(400);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(asked).toEqual(['Discard changes?']);
    expect(page.url()).toBe(`${suite.server.url}/formdesignerraw/edit/${doc.id}`);
    page.once('dialog', (d) => void d.accept());
    await page.keyboard.press('Escape');
    await page.waitForURL(`${suite.server.url}/forms`);
    await page.context().close();
  });
});

describe('help, format and a save made elsewhere', () => {
  it('explains a property on hover, formats on demand, and offers a copy when the definition was saved elsewhere', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const doc = await customer();
    await page.goto(`${suite.server.url}/formdesignerraw/edit/${doc.id}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();

    // Hover help names the property, its type and its allowed values, from the column's own type.
    // Property names are plain text in their line: find the word's place with a DOM range.
    const key = await page.evaluate(() => {
      const line = [...document.querySelectorAll('.cm-line')].find((l) => l.textContent?.includes('"fieldtype"'));
      const walker = document.createTreeWalker(line as Node, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent?.indexOf('fieldtype') ?? -1;
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(n, i + 2);
        range.setEnd(n, i + 4);
        const box = range.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }
      return null;
    });
    await page.mouse.move(key!.x, key!.y);
    await expect.poll(() => page.locator('.cm-tooltip-hover').textContent()).toMatch(/^fieldtype: string.*One of: "text", "number"/);
    await shot(page, 'raw-editor-hover');

    // Two lines run together, then Format: one undoable change back to two-space JSON.
    await editor.getByText('"customer"', { exact: true }).first().click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Home');
    await page.keyboard.press('Backspace');
    await expect.poll(() => editor.locator('.cm-line').first().textContent()).toMatch(/^\{\s*"name": "customer",$/);
    await page.getByRole('button', { name: 'Format' }).click();
    await expect.poll(() => editor.locator('.cm-line').nth(1).textContent()).toBe('  "name": "customer",');

    // Someone saves meanwhile; this save answers 409 and keeps the text; a copy saves it under a new name.
    await suite.call('PUT', `/api/definitions/form/${doc.id}`, { ...(await customer()), title: 'Changed elsewhere' });
    const title = editor.getByText('"Customer"', { exact: true }).first();
    await title.dblclick();
    await page.keyboard.type('Mine');
    await page.keyboard.press('Control+s');
    await page.getByRole('group', { name: 'Saved elsewhere' }).waitFor();
    expect(await page.getByRole('alert').first().textContent()).toContain('changed by someone else');
    page.once('dialog', (d) => void d.accept('customer_mine'));
    await page.getByRole('button', { name: 'Save as a copy' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/formdesignerraw/edit/') && !url.pathname.endsWith(doc.id));
    const copy = await suite.call<FormDoc & { title: string }>('GET', '/api/definitions/form/customer_mine');
    expect(copy.title).toBe('Mine');
    expect(((await customer()) as FormDoc & { title: string }).title).toBe('Changed elsewhere');
    await page.context().close();
  });
});

describe('switching editors', () => {
  it('carries unsaved edits from the raw editor to the visual designer and back, without saving', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const doc = await customer();
    await page.goto(`${suite.server.url}/formdesignerraw/edit/${doc.id}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    const title = (doc as FormDoc & { title: string }).title;
    await editor.getByText(`"${title}"`, { exact: true }).first().dblclick();
    await page.keyboard.type('Clients');
    await expect.poll(() => problems(page).textContent()).toContain('No problems');
    await page.getByRole('link', { name: 'Visual designer' }).click();
    await page.waitForURL(`${suite.server.url}/formdesigner/edit/${doc.id}`);
    await page.getByRole('region', { name: 'Form designer design area' }).waitFor();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).first().inputValue()).toContain('Clients');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Edit JSON' }).click();
    await page.waitForURL(`${suite.server.url}/formdesignerraw/edit/${doc.id}`);
    await editor.waitFor();
    await expect.poll(() => editor.textContent()).toContain('Clients');
    await page.getByText('Unsaved changes').waitFor();
    // Nothing was saved on the way.
    expect((await customer()).version).toBe(doc.version);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${suite.server.url}/forms`);
    await page.context().close();
  });
});

describe('versions', () => {
  it('compares two versions in the form designer and restores one, which becomes the newest version', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    let doc = await customer();
    for (const title of ['Customer A', 'Customer B']) {
      doc = await suite.call<FormDoc>('PUT', `/api/definitions/form/${doc.id}`, { ...doc, title });
    }
    const restoredFrom = doc.version - 1; // the one titled 'Customer A'
    await page.goto(`${suite.server.url}/formdesigner/edit/${doc.id}`);
    await page.getByRole('region', { name: 'Form designer design area' }).waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    const comparison = page.getByRole('region', { name: `Version ${restoredFrom} against version ${doc.version}` });
    await comparison.waitFor();
    expect(await comparison.getByRole('heading').textContent()).toBe(`Version ${restoredFrom} → version ${doc.version}: one difference`);
    expect(await comparison.getByRole('row').nth(1).textContent()).toBe('/titlechanged"Customer A""Customer B"');
    expect((await seriousViolations(page)).join('\n'), 'axe on the History panel').toBe('');
    await shot(page, 'history-compare');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Restore version ${restoredFrom}` }).click();
    await expect.poll(async () => (await customer()).version).toBe(doc.version + 1);
    const stored = await customer();
    expect((stored as FormDoc & { title: string }).title).toBe('Customer A');
    // The designer holds what is stored now, with nothing unsaved, and lists the new version as current.
    expect(await page.getByLabel('Title', { exact: true }).first().inputValue()).toBe('Customer A');
    await page.getByText('No unsaved changes').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'current' }).first().textContent()).toMatch(new RegExp(`^${stored.version}\\s*current`));
    await page.getByRole('link', { name: 'Tessera' }).first().click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.context().close();
  });
});

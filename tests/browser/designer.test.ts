/**
 * The form designer as an admin uses it, in Chromium against the real server on the demo shop:
 * open the Customer form's designer, select a field, rename it in the property panel, add a
 * Rating column from the palette, undo and redo by keyboard, save with Ctrl+S, and find the
 * changes in the form users fill in; axe finds nothing serious on the designer. Screenshots in
 * test-results/ are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn as signInTo, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;
let server: DemoSuite['server'];
const call: DemoSuite['call'] = (...args) => suite.call(...args);

type FormDoc = { id: string; name: string; version: number; definition: { cols: Record<string, unknown>[] }[] };

beforeAll(async () => {
  suite = await startDemoSuite();
  server = suite.server;
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const signedIn = (): Promise<Page> => signInTo(suite, { width: 1400, height: 900 });

async function customerForm(): Promise<FormDoc> {
  const forms = await call<FormDoc[]>('GET', '/api/definitions/form');
  return call<FormDoc>('GET', `/api/definitions/form/${forms.find((f) => f.name === 'customer')!.id}`);
}

/** What the drag announcements (dnd-kit's live region) say now. */
async function heard(page: Page): Promise<string> {
  return (await page.locator('[aria-live]').filter({ hasText: /Over|Picked/ }).allTextContents()).join(' ');
}

/**
 * After Space has lifted an item: waits for the pick-up to be announced, then presses `key`
 * one at a time, each time waiting (briefly) for the announcement to follow the move, until
 * what is heard matches `target` or `most` presses are spent. Pressing ahead of the
 * announcements would overshoot the place on a loaded machine.
 */
async function keyDragUntil(page: Page, key: string, target: RegExp, most: number): Promise<boolean> {
  await expect.poll(() => heard(page)).toMatch(/Picked up|Over /);
  for (let i = 0; i < most; i++) {
    const was = await heard(page);
    if (target.test(was)) return true;
    await page.keyboard.press(key);
    for (let t = 0; t < 10 && (await heard(page)) === was; t++) await page.waitForTimeout(30);
  }
  return target.test(await heard(page));
}

describe('the form designer', () => {
  it('edits the Customer form by panel, palette and keyboard, and saves what users then see', async () => {
    const page = await signedIn();
    const before = await customerForm();
    await page.goto(`${server.url}/formdesigner/edit/${before.id}`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.waitFor();
    expect((await seriousViolations(page)).join('\n'), 'axe on the form designer').toBe('');

    // Select the City input on the canvas and rename it in the property panel.
    await canvas.getByRole('button', { name: 'Input: City' }).click();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    await panel.getByLabel('Label', { exact: true }).fill('Town');
    await panel.getByLabel('Label', { exact: true }).blur();
    await canvas.getByRole('button', { name: 'Input: Town' }).waitFor();
    await page.getByText('Unsaved changes').waitFor();

    // A Rating after it, from the palette; then its Stars from its generated editor.
    await page.getByRole('region', { name: /column types/i }).getByRole('button', { name: 'Rating' }).click();
    await canvas.getByRole('button', { name: 'Rating' }).waitFor();
    expect(await canvas.getByRole('radio').count()).toBe(5);
    await panel.getByLabel('Stars', { exact: true }).fill('3');
    expect(await canvas.getByRole('radio').count()).toBe(3);
    await shot(page, 'designer-form-edited');

    // Undo the stars and the Rating, redo the Rating: two undo steps and one redo by keyboard.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect(await canvas.getByRole('button', { name: 'Rating' }).count()).toBe(0);
    await page.keyboard.press('Control+y');
    await canvas.getByRole('button', { name: 'Rating' }).waitFor();
    expect(await canvas.getByRole('radio').count()).toBe(5);

    // Ctrl+S is a checkpoint: saved, and the designer stays open.
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(page.url()).toBe(`${server.url}/formdesigner/edit/${before.id}`);

    const after = await customerForm();
    expect(after.version).toBe(before.version + 1);
    const cols = after.definition[0]!.cols[0]!.rows as { cols: Record<string, unknown>[] }[];
    const flat = cols.flatMap((r) => r.cols);
    expect(flat.find((c) => c.name === 'city')).toMatchObject({ label: 'Town' });
    expect(flat.some((c) => c.childType === 'Rating')).toBe(true);

    await page.goto(`${server.url}/form/customer/add/0`);
    await page.getByLabel('Town').waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Rating' }).count()).toBe(1);
    await page.context().close();
  });

  it('says so when the form was saved elsewhere, keeps the edits, and saves them as a copy', async () => {
    const page = await signedIn();
    const opened = await customerForm();
    await page.goto(`${server.url}/formdesigner/edit/${opened.id}`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.waitFor();
    // Someone else saves the form meanwhile.
    await call('PUT', `/api/definitions/form/${opened.id}`, { ...opened, title: 'Customer (theirs)' });

    await canvas.getByRole('button', { name: 'Input: E-mail' }).click();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    await panel.getByLabel('Label', { exact: true }).fill('Mail address');
    await page.keyboard.press('Control+s');
    await page.getByText(/was changed by someone else since you opened it/).waitFor();
    await canvas.getByRole('button', { name: 'Input: Mail address' }).waitFor();
    await shot(page, 'designer-stale');

    page.once('dialog', (d) => void d.accept('customer_mine'));
    await page.getByRole('button', { name: 'Save as a copy' }).click();
    await page.waitForURL(`${server.url}/forms`);
    const forms = await call<FormDoc[]>('GET', '/api/definitions/form');
    const mine = await call<FormDoc>('GET', `/api/definitions/form/${forms.find((f) => f.name === 'customer_mine')!.id}`);
    expect(JSON.stringify(mine.definition)).toContain('Mail address');
    const theirs = await customerForm();
    expect(theirs).toMatchObject({ title: 'Customer (theirs)' });
    expect(JSON.stringify(theirs.definition)).not.toContain('Mail address');
    await page.context().close();
  });

  it('asks before unsaved edits are left behind, and stays when told no', async () => {
    const page = await signedIn();
    const opened = await customerForm();
    await page.goto(`${server.url}/formdesigner/edit/${opened.id}`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.waitFor();
    await page.getByRole('button', { name: 'Add row' }).click();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Tessera' }).first().click();
    await page.waitForTimeout(300);
    expect(asked).toEqual(['Discard changes?']);
    expect(page.url()).toBe(`${server.url}/formdesigner/edit/${opened.id}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('link', { name: 'Tessera' }).first().click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('swaps columns by pointer drag and by keyboard drag, each one undo step', async () => {
    const page = await signedIn();
    const opened = await customerForm();
    await page.goto(`${server.url}/formdesigner/edit/${opened.id}`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.waitFor();
    const names = async () => (await canvas.locator('.dz-handle').allTextContents()).filter((n) => n.startsWith('Input'));
    const start = await names();

    // Pointer: drag Name's handle onto E-mail (more than 15 pixels), they trade places.
    const from = (await canvas.getByRole('button', { name: 'Input: Name' }).boundingBox())!;
    const to = (await canvas.getByRole('button', { name: 'Input: E-mail' }).locator('xpath=..').boundingBox())!;
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    const swapped = await names();
    expect(swapped.slice(0, 2)).toEqual([start[1], start[0]]);
    expect(await page.getByRole('button', { name: /Undo/ }).textContent()).toContain('1');

    // Keyboard: Space lifts the handle, arrows move it, Space drops it on the column below.
    await canvas.getByRole('button', { name: 'Input: Name' }).focus();
    await page.keyboard.press('Space');
    expect(await keyDragUntil(page, 'ArrowDown', /Over (?!Input: Name\.)(?!row )(?!no drop)[^.]+\./, 12)).toBe(true);
    await page.keyboard.press('Space');
    const after = await names();
    expect(after).not.toEqual(swapped);
    expect(await page.getByRole('button', { name: /Undo/ }).textContent()).toContain('2');
    await shot(page, 'designer-dragged');

    await page.keyboard.press('Control+z');
    expect(await names()).toEqual(swapped);
    await page.keyboard.press('Control+z');
    expect(await names()).toEqual(start);

    // Resize: drag Town's right-hand handle to a quarter of the row: width 3, one undo step.
    const town = canvas.getByRole('separator', { name: /Width of Input: (Town|City)/ });
    const row = (await canvas.locator('.tessera-row').nth(1).boundingBox())!;
    const grip = (await town.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(row.x + row.width * 0.4, grip.y + grip.height / 2, { steps: 6 });
    await page.mouse.move(row.x + row.width * 0.25, grip.y + grip.height / 2, { steps: 6 });
    await page.mouse.up();
    expect(await town.getAttribute('aria-valuenow')).toBe('3');
    expect(await page.getByRole('button', { name: /Undo/ }).textContent()).toContain('1');
    await shot(page, 'designer-resized');
    page.once('dialog', (d) => void d.accept());
    await page.context().close();
  });

  it('reorders a menu by keyboard drag and saves it; the cards look as users see them', async () => {
    const page = await signedIn();
    const menus = await call<{ id: string; name: string }[]>('GET', '/api/definitions/menu');
    const id = menus.find((m) => m.name === 'demo')!.id;
    const before = await call<{ definition: { title: string }[] }>('GET', `/api/definitions/menu/${id}`);
    await page.goto(`${server.url}/menudesigner/edit/${id}`);
    const canvas = page.getByRole('region', { name: 'Menu designer design area' });
    await canvas.waitFor();
    expect((await seriousViolations(page)).join('\n'), 'axe on the menu designer').toBe('');
    const first = before.definition[0]!.title;
    await canvas.getByRole('button', { name: `Row 1: ${first}` }).focus();
    await page.keyboard.press('Space');
    expect(await keyDragUntil(page, 'ArrowRight', /Over row 2/, 16)).toBe(true);
    await page.keyboard.press('Space');
    await shot(page, 'designer-menu');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer
    const after = await call<{ definition: { title: string }[] }>('GET', `/api/definitions/menu/${id}`);
    expect(after.definition.map((d) => d.title)).toEqual([before.definition[1]!.title, first, ...before.definition.slice(2).map((d) => d.title)]);
    await page.context().close();
  });

  it('designs the customers grid with its live preview, and users get the grid it saves', async () => {
    const page = await signedIn();
    const grids = await call<{ id: string; name: string }[]>('GET', '/api/definitions/grid');
    const id = grids.find((g) => g.name === 'customers')!.id;
    await page.goto(`${server.url}/griddesigner/edit/${id}`);
    const canvas = page.getByRole('region', { name: 'Grid designer design area' });
    await canvas.getByRole('cell', { name: 'Customer 1', exact: true }).waitFor();
    expect((await seriousViolations(page)).join('\n'), 'axe on the grid designer').toBe('');

    // The name sort turned descending: the preview follows before anything is saved.
    await canvas.getByRole('button', { name: 'name ASC' }).click();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    await panel.getByLabel('Order').selectOption({ label: 'Descending (DESC)' });
    await page.waitForFunction(() => document.querySelector('.dz-grid-preview tbody tr td')?.textContent === 'Customer 3');
    await shot(page, 'designer-grid');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer
    const saved = await call<{ sorts: unknown[] }>('GET', `/api/definitions/grid/${id}`);
    expect(saved.sorts).toEqual([{ fieldname: 'name', sorttype: 'DESC' }]);
    await page.goto(`${server.url}/grid/customers`);
    await page.getByRole('cell', { name: 'Customer 3', exact: true }).waitFor();
    await page.context().close();
  });

  it('builds a grid and a form with a card holding tabs from nothing, and a record filled in the form shows in the grid', async () => {
    const page = await signedIn();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    const palette = page.getByRole('region', { name: /column types/i });

    // The grid first: its designer, from /griddesigner/add/0.
    await page.goto(`${server.url}/griddesigner/add/0`);
    const gridCanvas = page.getByRole('region', { name: 'Grid designer design area' });
    await gridCanvas.waitFor();
    await page.getByLabel('Name', { exact: true }).first().fill('signups');
    await panel.getByLabel('Title', { exact: true }).fill('Sign-ups');
    await panel.getByLabel('Model', { exact: true }).selectOption('Customer');
    for (const field of ['name', 'city']) {
      await gridCanvas.getByRole('button', { name: 'Add field' }).click();
      await gridCanvas.getByRole('button', { name: '(no field)' }).click();
      await panel.getByLabel('Field', { exact: true }).locator(`option[value="${field}"]`).waitFor({ state: 'attached' });
      await panel.getByLabel('Field', { exact: true }).selectOption(field);
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer

    // The form: a card holding tabs, three field types, placed from the palette, reordered by drag and by keyboard.
    await page.goto(`${server.url}/formdesigner/add/0`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.waitFor();
    await page.getByLabel('Name', { exact: true }).first().fill('signup');
    await panel.getByLabel('Title', { exact: true }).fill('Sign up');
    await panel.getByLabel('Model', { exact: true }).selectOption('Customer');
    await panel.getByLabel('Return url', { exact: true }).fill('/grid/signups');
    await palette.getByRole('button', { name: 'Card' }).click();
    await panel.getByLabel('Content', { exact: true }).selectOption({ label: 'Tabs' });
    await panel.getByRole('button', { name: 'Add tab' }).click();
    await canvas.getByRole('button', { name: 'Empty' }).click();
    const place = async (type: string, field: string, label: string) => {
      await palette.getByRole('button', { name: type, exact: true }).click();
      await panel.getByLabel('Field', { exact: true }).locator(`option[value="${field}"]`).waitFor({ state: 'attached' });
      await panel.getByLabel('Field', { exact: true }).selectOption(field);
      await panel.getByLabel('Label', { exact: true }).fill(label);
    };
    await place('Input', 'name', 'Full name');
    await place('Text area', 'email', 'Mail');
    await place('Select', 'city', 'Town');
    await panel.getByLabel('Keys (one per line)').fill('Cork\nBerlin');
    await panel.getByLabel('Values (one per line)').fill('Cork\nBerlin');
    const order = async () => (await canvas.locator('.dz-handle').allTextContents()).filter((n) => !n.startsWith('Card'));
    expect(await order()).toEqual(['Input: Full name', 'Text area: Mail', 'Select: Town']);

    // Pointer: Town onto Full name (they swap).
    const from = (await canvas.getByRole('button', { name: 'Select: Town' }).boundingBox())!;
    const to = (await canvas.getByRole('button', { name: 'Input: Full name' }).locator('xpath=..').boundingBox())!;
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x - 30, from.y + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    expect(await order()).toEqual(['Select: Town', 'Text area: Mail', 'Input: Full name']);
    // Keyboard: Full name back onto Town.
    await canvas.getByRole('button', { name: 'Input: Full name' }).focus();
    await page.keyboard.press('Space');
    expect(await keyDragUntil(page, 'ArrowLeft', /Over Select: Town\./, 40)).toBe(true);
    await page.keyboard.press('Space');
    expect(await order()).toEqual(['Input: Full name', 'Text area: Mail', 'Select: Town']);
    await shot(page, 'designer-built-form');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer

    // A user's view: fill the new form, and find the record in the new grid.
    await page.goto(`${server.url}/form/signup/add/0`);
    await page.getByRole('tab', { name: 'Tab-1' }).waitFor();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Mail').fill('grace@example.com');
    await page.getByLabel('Town').selectOption('Berlin');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}/grid/signups`);
    await page.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Berlin' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('builds a page with a grid and a work-flow menu in the page designer, and users see both', async () => {
    const page = await signedIn();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    const palette = page.getByRole('region', { name: /column types/i });
    await page.goto(`${server.url}/pagedesigner/add/0`);
    const canvas = page.getByRole('region', { name: 'Page designer design area' });
    await canvas.waitFor();
    expect((await palette.getByRole('button').allTextContents()).sort()).toEqual(['Card', 'Empty', 'Grid', 'HTML', 'Rows', 'Tabs', 'Text', 'Work flow']);
    await page.getByLabel('Name', { exact: true }).first().fill('shop');
    await panel.getByLabel('Title', { exact: true }).fill('Shop');
    await palette.getByRole('button', { name: 'Grid', exact: true }).click();
    await panel.getByRole('combobox', { name: 'Grid', exact: true }).locator('option[value="customers"]').waitFor({ state: 'attached' });
    await panel.getByRole('combobox', { name: 'Grid', exact: true }).selectOption('customers');
    await palette.getByRole('button', { name: 'Work flow', exact: true }).click();
    await panel.getByRole('combobox', { name: 'Menu', exact: true }).locator('option[value="demo"]').waitFor({ state: 'attached' });
    await panel.getByRole('combobox', { name: 'Menu', exact: true }).selectOption('demo');
    expect((await seriousViolations(page)).join('\n'), 'axe on the page designer').toBe('');
    await shot(page, 'designer-page');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(); // saved, and still in the designer

    await page.goto(`${server.url}/page/shop`);
    await page.getByRole('cell', { name: 'Customer 1', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.context().close();
  });
});

/**
 * What a new administrator sees of the designers' layout, in Chromium against the real server on
 * the demo shop, measured: the icon picker's list is all on screen and cut off by no scrolling
 * panel; scrolled, the designer's toolbar sticks right under the form's, with no gap for the page
 * to show through; Add row makes the new row the one Add column fills, outlined, with rows set
 * apart; the grid designer's preview shows a field just added as incomplete, not as an error; and
 * a dynamic Select's data url suggests the lookup lists. Screenshots in /tmp/pickers-*.png are to
 * be looked at.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite();
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const snap = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `/tmp/pickers-${name}.png`, fullPage });

async function openDesigner(kind: 'form' | 'grid', name: string): Promise<{ page: Page; canvas: Locator; panel: Locator }> {
  const page = await signIn(suite, { width: 1400, height: 900 });
  const list = await suite.call<{ id: string; name: string }[]>('GET', `/api/definitions/${kind}`);
  await page.goto(`${suite.server.url}/${kind}designer/edit/${list.find((d) => d.name === name)!.id}`);
  const canvas = page.getByRole('region', { name: `${kind === 'form' ? 'Form' : 'Grid'} designer design area` });
  await canvas.waitFor();
  return { page, canvas, panel: page.getByRole('complementary', { name: 'Properties' }) };
}

/** How far `el` sticks out of the viewport or of any ancestor that clips (overflow other than visible), in pixels; 0 when none. */
function clipped(el: Element): number {
  const box = el.getBoundingClientRect();
  const outside = (r: { top: number; bottom: number; left: number; right: number }) =>
    Math.max(0, r.top - box.top, box.bottom - r.bottom, r.left - box.left, box.right - r.right);
  let worst = outside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
  for (let a = el.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') worst = Math.max(worst, outside(a.getBoundingClientRect()));
  }
  return worst;
}

describe('the designers as laid out in Chromium', () => {
  it('shows the whole icon list, cut off by neither the property panel nor the window', async () => {
    const { page, canvas, panel } = await openDesigner('form', 'customer');
    await page.getByRole('region', { name: /column types/i }).getByRole('button', { name: 'Button' }).click();
    await canvas.getByRole('button', { name: /^Button/ }).first().waitFor();
    await panel.getByRole('switch', { name: 'Show icon' }).check();
    await panel.getByRole('combobox', { name: 'Icon' }).click();
    const list = panel.getByRole('listbox', { name: 'Icon choices' });
    await list.getByRole('option').first().waitFor();
    await page.waitForTimeout(200);
    await snap(page, 'icon-picker-open');
    // The popup around the list is the box seen (the list scrolls inside it).
    expect(await list.locator('xpath=..').evaluate(clipped)).toBeLessThanOrEqual(1);
    await panel.getByRole('combobox', { name: 'Icon' }).fill('star');
    await list.getByRole('option', { name: 'star', exact: true }).click();
    expect(await panel.getByTestId(/-current$/).textContent()).toContain('star');
    await page.context().close();
  });

  it('sticks the designer toolbar right under the form toolbar when scrolled', async () => {
    const { page } = await openDesigner('form', 'customer');
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    await page.waitForTimeout(200);
    const [header, toolbar] = await page.evaluate(() =>
      ['.sticky-toolbar', '.dz-toolbar'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    await snap(page, 'sticky-scrolled');
    expect(header!.top).toBe(0);
    expect(Math.abs(toolbar!.top - header!.bottom)).toBeLessThanOrEqual(1);

    // A narrow window wraps the form's buttons onto more lines: the designer's toolbar follows.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(300);
    const [high, under] = await page.evaluate(() =>
      ['.sticky-toolbar', '.dz-toolbar'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    await snap(page, 'sticky-wrapped');
    expect(high!.bottom - high!.top).toBeGreaterThan(70);
    expect(Math.abs(under!.top - high!.bottom)).toBeLessThanOrEqual(1);

    // Wide again: the toolbar is one line again, and the designer's toolbar comes back up with it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    await page.waitForTimeout(300);
    const [line, next] = await page.evaluate(() =>
      ['.sticky-toolbar', '.dz-toolbar'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    expect(line!.bottom - line!.top).toBeLessThan(70);
    expect(Math.abs(next!.top - line!.bottom)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('adds a column to the row just added, outlined, with the rows set apart', async () => {
    const { page, canvas } = await openDesigner('form', 'customer');
    await canvas.getByRole('button', { name: 'Input: City' }).click();
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('button', { name: 'Add column' }).click();
    await page.getByRole('button', { name: 'Add column' }).click();
    const rows = canvas.locator('.dz-row');
    const last = rows.last();
    expect(await last.locator('.dz-col').count()).toBe(3);
    const look = (row: Locator) => row.evaluate((el) => ({ border: getComputedStyle(el).borderTopStyle, gap: parseFloat(getComputedStyle(el).marginBottom) }));
    expect(await look(last)).toMatchObject({ border: 'solid' });
    // The other top-level row (holding the card) is not the target: dashed.
    expect(await look(canvas.locator(':scope > .dz-row').first())).toMatchObject({ border: 'dashed' });
    expect((await look(last)).gap).toBeGreaterThanOrEqual(12);
    await snap(page, 'rows-add-column', true);
    await page.context().close();
  });

  it('shows a grid field just added as incomplete in the preview, with no server error', async () => {
    const { page, canvas } = await openDesigner('grid', 'customers');
    await canvas.getByRole('cell', { name: /@/ }).first().waitFor();
    await canvas.getByRole('button', { name: 'Add field' }).click();
    await canvas.getByRole('button', { name: 'Add condition' }).click();
    await canvas.getByRole('columnheader', { name: '(choose a field)' }).waitFor();
    await page.waitForTimeout(800);
    await snap(page, 'grid-add-field', true);
    expect(await canvas.locator('.alert-danger').count()).toBe(0);
    expect(await canvas.getByRole('cell', { name: /@/ }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('suggests the lookup lists for a dynamic Select\'s data url', async () => {
    const { page, canvas, panel } = await openDesigner('form', 'customer');
    await page.getByRole('region', { name: /column types/i }).getByRole('button', { name: 'Select' }).click();
    await canvas.getByRole('button', { name: /^Select/ }).first().waitFor();
    await panel.getByLabel('Options').selectOption({ label: 'Dynamic' });
    const url = panel.getByRole('combobox', { name: 'Data url' });
    const suggested = () => url.evaluate((el) => [...(document.getElementById(el.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) => (o as HTMLOptionElement).value));
    await expect.poll(suggested).toContain('/select/customers');
    expect((await suggested()).some((u) => u.startsWith('/grid/'))).toBe(false);
    await page.context().close();
  });
});

/**
 * The plugin kit's worked example as a person uses it: the demo Product form's Rating column
 * in Chromium, set by keyboard only, saved, shown again on edit, stored as the number 4; axe
 * finds nothing serious on the form. Screenshots land in test-results/ to be looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;
let server: DemoSuite['server'];
const call: DemoSuite['call'] = (...args) => suite.call(...args);

beforeAll(async () => {
  suite = await startDemoSuite();
  server = suite.server;
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

describe('the Rating column on the demo Product form', () => {
  it('is filled by keyboard, saved, and shown again on edit', async () => {
    const page = await signIn(suite);
    await page.goto(`${server.url}/form/product/add/0`);
    const group = page.getByRole('radiogroup', { name: 'Rating' });
    await group.waitFor();
    expect(await page.getByRole('radio').count()).toBe(5);
    await page.getByLabel('Name').fill('Rated keyboard');
    await page.getByLabel('SKU').fill('SKU-RATED-1');
    await page.getByLabel('Price').fill('49.5');

    // Keyboard only: Tab from Price into the group lands on the first star; arrows choose.
    await page.getByLabel('Price').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await page.locator('.rating-glyph.filled').count()).toBe(4);
    expect((await seriousViolations(page)).join('\n'), 'axe on the product form').toBe('');
    await shot(page, 'rating-add');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}/grid/products`);

    const data = await call<{ rows: { id: number | string; name: string; rating: unknown }[] }>('GET', '/api/grid/products/data/0/50');
    const saved = data.rows.find((r) => r.name === 'Rated keyboard');
    expect(saved, JSON.stringify(data.rows)).toBeDefined();
    const record = await call<Record<string, unknown>>('GET', `/api/form/product/data/${saved!.id}`);
    expect(record.rating).toBe(4);

    await page.goto(`${server.url}/form/product/edit/${saved!.id}`);
    await page.getByRole('radiogroup', { name: 'Rating' }).waitFor();
    await page.getByLabel('Name').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Rated keyboard');
    expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await page.locator('.rating-glyph.filled').count()).toBe(4);
    // The focus ring is drawn on the star, since the radio itself is hidden.
    await page.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    const outline = await page.locator('label[for$="-3"]').evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    expect((await seriousViolations(page)).join('\n'), 'axe on the product edit form').toBe('');
    await shot(page, 'rating-edit');

    // Clearing by keyboard: the button goes with the value, and focus lands on the first star.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear rating');
    await page.keyboard.press('Enter');
    expect(await page.locator('.rating-glyph.filled').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('1');
    expect(await page.locator('label[for$="-1"]').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await shot(page, 'rating-cleared');
    await page.context().close();
  });
});

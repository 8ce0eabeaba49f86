/**
 * No lost work, in Chromium against the real server: an untouched new page designer leaves
 * without a prompt; edited work thrown away by Escape twice ('Discard changes?' OK) comes back
 * from the restore banner; Ctrl+S saves and stays (the address becomes the edit route, 'Saved.'
 * shows) and a reload then offers no draft; the raw editor keeps and offers its text the same
 * way. Screenshots in /tmp/lostwork-*.png are to be looked at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;
beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
}, 120_000);
afterAll(async () => {
  await suite?.close();
});

const snap = (page: Page, name: string) => page.screenshot({ path: `/tmp/lostwork-${name}.png`, fullPage: true });

/** Whether leaving the tab now would ask (the LeaveGuard's beforeunload answer). */
function leaveAsks(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
}

describe('no lost work in the page designer', () => {
  it('keeps work thrown away by Escape, offers it back, and Ctrl+S saves and stays', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const base = suite.server.url;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message() || d.type());
      void d.accept();
    });
    const canvas = page.getByRole('region', { name: 'Page designer design area' });

    // Untouched: no prompt on leaving, Escape leaves without asking.
    await page.goto(`${base}/pagedesigner/add/0`);
    await canvas.waitFor();
    expect(await leaveAsks(page)).toBe(false);
    await page.keyboard.press('Escape');
    await page.waitForURL(`${base}/pages`);
    expect(dialogs).toEqual([]);

    // Edited, then Escape twice and OK: the work is gone from the screen but kept.
    await page.goto(`${base}/pagedesigner/add/0`);
    await canvas.waitFor();
    await page.getByLabel('Name', { exact: true }).fill('lostwork');
    await page.getByRole('button', { name: 'Add row' }).click();
    await canvas.getByRole('button', { name: 'Empty' }).click();
    await page.waitForTimeout(500);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForURL(`${base}/pages`);
    expect(dialogs).toEqual(['Discard changes?']);

    // Opened again: the banner offers it back; Restore brings the row and the name.
    await page.goto(`${base}/pagedesigner/add/0`);
    const banner = page.getByRole('region', { name: 'Unsaved changes kept' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/You have unsaved changes to this page from/);
    await snap(page, 'banner');
    await banner.getByRole('button', { name: 'Restore them' }).click();
    await canvas.getByRole('button', { name: 'Empty' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('lostwork');
    expect(await banner.count()).toBe(0);

    // Ctrl+S: saved, still here at the new definition's edit route, clean.
    await page.keyboard.press('Control+s');
    await page.waitForURL(new RegExp(`${base}/pagedesigner/edit/[0-9a-f]{32}$`));
    await page.getByText('Saved.').waitFor();
    await canvas.getByRole('button', { name: 'Empty' }).waitFor();
    expect(await leaveAsks(page)).toBe(false);
    await snap(page, 'saved');
    const id = page.url().split('/').at(-1)!;

    // A second Ctrl+S after an edit updates the same definition.
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.keyboard.press('Control+s');
    await expect.poll(() => leaveAsks(page)).toBe(false);
    const stored = await suite.call<{ definition: unknown[]; version: number }>('GET', `/api/definitions/page/${id}`);
    expect(stored.definition).toHaveLength(2);
    expect(page.url()).toBe(`${base}/pagedesigner/edit/${id}`);

    // A reload offers no draft: the save dropped it.
    await page.reload();
    await canvas.waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: 'Unsaved changes kept' }).count()).toBe(0);
    expect(await page.getByText('Saved.').count()).toBe(0);

    // The raw editor keeps its text the same way, and Ctrl+S there says Saved.
    await page.goto(`${base}/pagedesignerraw/edit/${id}`);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"center": true,');
    await page.getByText('● Unsaved changes').waitFor();
    await page.waitForTimeout(500);
    await page.goto(`${base}/pagedesignerraw/edit/${id}`);
    const rawBanner = page.getByRole('region', { name: 'Unsaved changes kept' });
    await rawBanner.waitFor();
    await snap(page, 'raw-banner');
    await rawBanner.getByRole('button', { name: 'Restore them' }).click();
    await page.getByText('● Unsaved changes').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByText('Saved.').waitFor();
    expect(page.url()).toBe(`${base}/pagedesignerraw/edit/${id}`);
    expect((await suite.call<{ center?: boolean }>('GET', `/api/definitions/page/${id}`)).center).toBe(true);
    await page.context().close();
  });
});

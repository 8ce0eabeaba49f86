/**
 * The access log as an administrator meets it: in Chromium, the admin signs in, makes a few requests
 * (one to an API that does not exist), opens Settings > Access Log and finds them there, the
 * 404 in red; Yesterday empties the list, Today brings it back, Escape closes. axe finds nothing
 * serious in the dialogue. Screenshots in test-results/ are to be looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

/** Scrolls the log's virtual list to its last lines, the way a user drags it down. */
async function scrollToEnd(dialog: Locator): Promise<void> {
  await dialog.locator('.access-log-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
}

/** Waits for the day's read (its sign-in line drawn), then scrolls to the newest lines. */
async function scrollToNewest(dialog: Locator): Promise<void> {
  await dialog.locator('tr', { hasText: 'POST /api/login 200 ' }).first().waitFor({ state: 'attached' });
  await scrollToEnd(dialog);
}

describe('the access log', () => {
  it('shows an admin the requests just made, a 404 in red', async () => {
    const page = await signIn(suite, { width: 1280, height: 800 });
    const missing = `/api/no-such-report-${Date.now()}`;
    // Requests made by the signed-in browser: its cookie names the user in the log.
    const status = await page.evaluate(async (path) => (await fetch(`${path}?token=secret-value`)).status, missing);
    expect(status).toBe(404);
    await page.evaluate(async () => (await fetch('/api/checkuser')).status);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Access Log', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Log' });
    await dialog.waitFor();
    expect(await dialog.locator('.modal-fullscreen').count()).toBe(1);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(await dialog.getByLabel('From').inputValue()).toBe(`${day}T00:00`);
    expect(await dialog.getByLabel('Until').inputValue()).toBe(`${day}T23:59`);

    // A fresh instance has fewer than 50 lines today: the whole day is on the first page, oldest
    // first. The list draws only the rows in view, and the sign-in's script and asset requests fill
    // more than one screen, so the newest lines are below: scrolled to, as a user would.
    const row404 = dialog.locator('tr', { hasText: `GET ${missing} 404 ` });
    await scrollToNewest(dialog);
    await row404.waitFor();
    expect(await row404.getAttribute('class')).toContain('table-danger');
    expect(await row404.textContent()).toContain('user=admin');
    expect(await row404.textContent()).not.toContain('secret-value');
    const time = (await row404.locator('td').first().textContent()) ?? '';
    expect(time).toMatch(new RegExp(`^${day} \\d\\d:\\d\\d:\\d\\d$`));
    expect(await dialog.locator('tr', { hasText: 'GET /api/checkuser 200 ' }).count()).toBeGreaterThan(0);
    expect(await dialog.locator('tr.table-danger', { hasText: 'GET /api/checkuser 200 ' }).count()).toBe(0);
    // The sign-in and this very dialogue's first read are there too, oldest first.
    const messages = await dialog.locator('tbody tr td:nth-child(3)').allTextContents();
    const loginAt = messages.findIndex((m) => m.startsWith('POST /api/login 200 '));
    expect(loginAt).toBeGreaterThanOrEqual(0);
    expect(messages.findIndex((m) => m.startsWith(`GET ${missing} 404 `))).toBeGreaterThan(loginAt);
    expect((await seriousViolations(page)).join('\n'), 'axe on the access log').toBe('');
    await shot(page, 'access-log');

    // Yesterday holds nothing on a fresh instance; Today brings the lines back (and the newest reads).
    await dialog.getByRole('button', { name: 'Yesterday' }).click();
    await dialog.getByText('No entries in this range').waitFor();
    await dialog.getByRole('button', { name: 'Today' }).click();
    await scrollToNewest(dialog);
    await row404.waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('keeps a long log scrollable with a small DOM', async () => {
    // 3,500 requests make a log longer than one read; loading them all keeps the DOM small.
    for (let i = 0; i < 35; i++) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => fetch(`${suite.server.url}/api/env/?n=${i * 100 + j}`)));
    }
    const page = await signIn(suite, { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Access Log', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Access Log' });
    await dialog.getByText('50 lines').waitFor();
    for (const expected of ['1,050 lines', '2,050 lines', '3,050 lines']) {
      await dialog.getByRole('button', { name: 'Load next 1000 lines' }).click();
      await dialog.getByText(expected).waitFor();
    }
    const domRows = await dialog.locator('tbody tr:not(.access-log-spacer)').count();
    expect(domRows).toBeLessThan(100);
    await scrollToEnd(dialog);
    await dialog.locator('tr', { hasText: 'GET /api/env/ 200 ' }).last().waitFor();
    expect(await dialog.locator('tbody tr:not(.access-log-spacer)').count()).toBeLessThan(100);
    await shot(page, 'access-log-scrolled');
    await page.context().close();
  });
});

/**
 * View as in real Chromium (docs/security.md, "View as"): an administrator picks View as… in the
 * Settings menu, chooses a member of Staff (whose grant reaches only their own chores), sees the
 * banner and the narrowed grid, has a save refused with the server's message, and Stop viewing
 * as brings the whole grid back. The banner over the narrowed grid is shot to
 * test-results/view-as.png, the dialog to test-results/view-as-dialog.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'View-as-1' };
const CLARA = { user: 'clara', email: 'clara@example.com', password: 'View-as-2' };

let app: BrowserApp;
let browser: Browser;
let base = '';
let claraId = 0;

const mine = { and: [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };
const access = { grants: [{ group: 'Staff', actions: ['read', 'update'], rules: { read: mine, update: mine } }] };

beforeAll(async () => {
  app = await startBrowserApp('view-as', ADMIN);
  browser = app.browser;
  base = app.server.url;
  await app.call('POST', '/api/form/group/add', { name: 'Staff' });
  claraId = (await app.call<{ id: number }>('POST', '/api/form/user/add', { ...CLARA, Admin: false })).id;
  const items = await app.call<{ id: number; name: string }[]>('GET', `/api/link/User/groups/${claraId}`);
  await app.call('POST', `/api/link/User/groups/${claraId}`, items.filter((i) => i.name === 'Staff').map((i) => ({ id: i.id, selected: true })));
  const me = await app.call<{ user: { id: number } }>('GET', '/api/checkuser');
  await app.call('POST', '/api/definitions/model', {
    name: 'Chore',
    title: 'Chores',
    fields: [
      { name: 'title', type: 'text', label: 'Title', required: true },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
    ],
  });
  await app.call('POST', '/api/definitions/menu', { name: 'home', title: 'Home', definition: [] });
  await app.call('POST', '/api/definitions/model/Chore/screens', { menu: 'home' });
  for (const [title, owner] of [['Water plants', claraId], ['Pay rent', me.user.id], ['Fix bike', claraId], ['Walk dog', me.user.id]] as const) {
    await app.call('POST', '/api/form/chore/add', { title, owner });
  }
  for (const [kind, name] of [['grid', 'chores'], ['form', 'chore']] as const) {
    const def = await app.call<Record<string, unknown>>('GET', `/api/definitions/${kind}/${name}`);
    await app.call('PUT', `/api/definitions/${kind}/${String(def.id)}`, { ...def, access });
  }
});

afterAll(async () => {
  await app?.close();
});

async function titles(page: Page): Promise<string[]> {
  const rows = page.locator('tbody tr:not(.grid-spacer)');
  return (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim()).sort();
}

describe('View as', () => {
  it('shows the grid as a member of Staff sees it, refuses a save, and Stop viewing as restores it', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/chores`);
      await expect.poll(() => titles(page)).toEqual(['Fix bike', 'Pay rent', 'Walk dog', 'Water plants']);

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'View as…' }).click();
      const dialog = page.getByRole('dialog', { name: 'View as…' });
      await dialog.waitFor();
      await dialog.getByLabel('Search users by name or e-mail').fill('cla');
      const clara = dialog.getByRole('radio', { name: /clara/ });
      await clara.waitFor();
      expect(await dialog.getByRole('radio', { name: /^admin/ }).count()).toBe(0);
      await clara.check();
      await page.mouse.move(0, 0);
      await shot(page, 'view-as-dialog');
      expect((await seriousViolations(page)).join('\n'), 'axe on the View as dialog').toBe('');
      await dialog.getByRole('button', { name: 'View as' }).click();

      const banner = page.getByRole('region', { name: 'View as' });
      await banner.getByText('Viewing as clara — read only').waitFor();
      // The same screen, loaded again as clara: her own chores only.
      await expect.poll(() => titles(page)).toEqual(['Fix bike', 'Water plants']);
      expect(page.url()).toBe(`${base}/grid/chores`);
      // Menus follow her: no Build menu, no administrators' entries, and the footer names her.
      expect(await page.getByRole('button', { name: 'Build' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Settings' }).click();
      expect(await page.getByRole('menuitem', { name: 'Users' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'View as…' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByText('User: clara').waitFor();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'view-as');
      expect((await seriousViolations(page)).join('\n'), 'axe on a screen viewed as').toBe('');

      // A save is refused with the server's message, and nothing changes.
      await page.locator('tbody tr', { hasText: 'Water plants' }).getByRole('link', { name: /Edit/ }).click();
      const title = page.getByLabel('Title');
      await expect.poll(() => title.inputValue()).toBe('Water plants');
      await title.fill('Water the plants');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Read only while viewing as clara: nothing was changed').waitFor();
      const stored = await app.call<{ rows: { title: string }[] }>('GET', '/api/grid/chores/data/0/50');
      expect(stored.rows.map((r) => r.title)).toContain('Water plants');
      expect(stored.rows.map((r) => r.title)).not.toContain('Water the plants');

      // An admin-only screen redirects her (and so the viewer) home; the banner stays above it.
      await page.goto(`${base}/users`);
      await page.waitForURL(`${base}/`);
      await banner.getByText('Viewing as clara — read only').waitFor();

      // Out by keyboard, from any screen.
      await page.goto(`${base}/grid/chores`);
      await expect.poll(() => titles(page)).toEqual(['Fix bike', 'Water plants']);
      await banner.getByRole('button', { name: 'Stop viewing as' }).focus();
      await page.keyboard.press('Enter');
      await banner.waitFor({ state: 'detached' });
      await expect.poll(() => titles(page)).toEqual(['Fix bike', 'Pay rent', 'Walk dog', 'Water plants']);
      await page.getByRole('button', { name: 'Build' }).waitFor();
      await page.getByText('User: admin').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('tessera.viewAs'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('views as a group: rules on the current user reach nothing, and the banner names the group', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN);
    try {
      await page.goto(`${base}/grid/chores`);
      await expect.poll(() => titles(page)).toHaveLength(4);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'View as…' }).click();
      const dialog = page.getByRole('dialog', { name: 'View as…' });
      await dialog.getByRole('radio', { name: 'Group' }).check();
      await dialog.getByRole('radio', { name: 'Staff' }).check();
      await dialog.getByRole('button', { name: 'View as' }).click();
      const banner = page.getByRole('region', { name: 'View as' });
      await banner.getByText('Viewing as the group Staff — read only').waitFor();
      await page.locator('tbody').getByText('No records').waitFor();
      // A reload keeps it (sessionStorage), and the way out.
      await page.reload();
      await banner.getByText('Viewing as the group Staff — read only').waitFor();
      await banner.getByRole('button', { name: 'Stop viewing as' }).click();
      await banner.waitFor({ state: 'detached' });
      await expect.poll(() => titles(page)).toHaveLength(4);
    } finally {
      await context.close();
    }
  });
});

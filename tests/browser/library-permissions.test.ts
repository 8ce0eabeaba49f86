/**
 * Per-group permissions set from the screens, end to end in Chromium (docs/security.md, "Grants",
 * "Your own fields on User", "Setting access in the screens", "View as"). The data that is not
 * the point comes through the API: three models (Branch, Member, Loan), their generated screens,
 * records, a group Librarians and its member lena. What the test is about is done by the
 * administrator in the screens, no JSON typed:
 *
 * 1. User gets a field of the admin's own, `branch` (a relation to Branch), in the model designer;
 *    the user form gets a Reference picker for it in the form designer; lena's branch is picked.
 * 2. The Permissions screen for Librarians ticks what the app needs.
 * 3. The loans grid's and form's Access panels get the record rule `branch = CURRENT_USER.branch`
 *    for Read and Update, picked from the rule editor's "compare with" list; the members grid's
 *    and form's hide `email`.
 * 4. lena signs in: her branch's loans only (rows and count), no e-mail anywhere on members, a
 *    Delete refused, and another branch's loan not found by its url.
 * 5. The admin views as lena: the same rows; then stops.
 *
 * Screenshots: test-results/library-permissions-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot, signedInContext, signInPage, startBrowserApp, type BrowserApp } from '../support/browser';

const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Library-perm-1' };
const LENA = { user: 'lena', email: 'lena@example.com', password: 'Library-perm-2' };

let app: BrowserApp;
let browser: Browser;
let base = '';
let lenaId = 0;
/** Loan ids by title, member ids by name. */
const loans: Record<string, number> = {};
const member: Record<string, number> = {};

beforeAll(async () => {
  app = await startBrowserApp('library-permissions', ADMIN);
  browser = app.browser;
  base = app.server.url;
  const call = app.call;
  await call('POST', '/api/form/group/add', { name: 'Librarians', description: 'Lend books at one branch' });
  lenaId = (await call<{ id: number }>('POST', '/api/form/user/add', { ...LENA, Admin: false })).id;
  const groups = await call<{ id: number; name: string }[]>('GET', `/api/link/User/groups/${lenaId}`);
  await call('POST', `/api/link/User/groups/${lenaId}`, groups.filter((g) => g.name === 'Librarians').map((g) => ({ id: g.id, selected: true })));

  await call('POST', '/api/definitions/menu', { name: 'library', title: 'Library', definition: [] });
  const models = [
    { name: 'Branch', title: 'Branches', fields: [{ name: 'name', type: 'text', label: 'Name', required: true }] },
    {
      name: 'Member',
      title: 'Members',
      fields: [
        { name: 'name', type: 'text', label: 'Name', required: true },
        { name: 'email', type: 'text', label: 'Email' },
      ],
    },
    {
      name: 'Loan',
      title: 'Loans',
      fields: [
        { name: 'title', type: 'text', label: 'Title', required: true },
        { name: 'branch', type: 'reference', target: 'Branch', label: 'Branch' },
        { name: 'member', type: 'reference', target: 'Member', label: 'Member' },
      ],
    },
  ];
  for (const model of models) {
    await call('POST', '/api/definitions/model', model);
    await call('POST', `/api/definitions/model/${model.name}/screens`, { menu: 'library' });
  }
  const branch: Record<string, number> = {};
  for (const name of ['North', 'South']) branch[name] = (await call<{ id: number }>('POST', '/api/form/branch/add', { name })).id;
  for (const [name, email] of [['Anna Rossi', 'anna@example.com'], ['Ben Okafor', 'ben@example.com']]) {
    member[name!] = (await call<{ id: number }>('POST', '/api/form/member/add', { name, email })).id;
  }
  for (const [title, at, by] of [
    ['Dune', 'North', 'Anna Rossi'],
    ['Emma', 'South', 'Ben Okafor'],
    ['Ulysses', 'North', 'Ben Okafor'],
    ['Beloved', 'South', 'Anna Rossi'],
  ] as const) {
    loans[title] = (await call<{ id: number }>('POST', '/api/form/loan/add', { title, branch: branch[at], member: member[by] })).id;
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function idOf(kind: string, name: string): Promise<string> {
  return String((await app.call<{ id: string | number }>('GET', `/api/definitions/${kind}/${name}`)).id);
}

/** The first cells of the grid's rows, sorted. */
async function titles(page: Page): Promise<string[]> {
  const rows = page.locator('tbody tr:not(.grid-spacer)');
  return (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim()).sort();
}

describe('library permissions set in the screens', () => {
  it('a librarian sees and changes only her branch, never an e-mail, and View as shows the same', async () => {
    const { context, page } = await signedInContext(browser, base, ADMIN, { width: 1400, height: 900 });
    page.setDefaultTimeout(10_000);
    try {
      // 1. A field of the admin's own on User: each user belongs to one Branch.
      await page.goto(`${base}/models`);
      await page.getByRole('link', { name: 'Design User', exact: true }).click();
      const canvas = page.getByRole('region', { name: 'Model designer design area' });
      await canvas.waitFor();
      await canvas.getByRole('group', { name: 'Fields' }).getByRole('button', { name: 'Add relation' }).click();
      const relation = page.getByRole('group', { name: 'Add a relation' });
      await relation.getByLabel('The other model').selectOption('Branch');
      await relation.getByLabel(/^Each User belongs to one Branch/).check();
      await relation.getByRole('button', { name: 'Add relation' }).click();
      await relation.waitFor({ state: 'detached' });
      await shot(page, 'library-permissions-user-model');
      // User holds rows (admin and lena): the plan says what the change does to them first.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const plan = page.getByRole('dialog', { name: "Change the model 'User'" });
      await plan.getByText('the 2 rows there now have no value in it').waitFor();
      await plan.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(`${base}/models`);
      const user = await app.call<{ fields: { name: string; type: string; target?: string }[] }>('GET', '/api/definitions/model/User');
      expect(user.fields.find((f) => f.name === 'branch')).toMatchObject({ type: 'reference', target: 'Branch' });

      // The user form gets a Reference picker for it, in the form designer.
      await page.goto(`${base}/formdesigner/edit/${await idOf('form', 'user')}`);
      const formCanvas = page.getByRole('region', { name: 'Form designer design area' });
      await formCanvas.waitFor();
      await page.getByRole('region', { name: /column types/i }).getByRole('button', { name: 'Reference picker' }).click();
      const panel = page.getByRole('complementary', { name: 'Properties' });
      const bound = panel.getByLabel('Field', { exact: true });
      await bound.locator('option[value="branch"]').waitFor({ state: 'attached' });
      await bound.selectOption('branch');
      await panel.getByLabel('Label', { exact: true }).fill('Branch');
      await shot(page, 'library-permissions-user-form');
      await page.keyboard.press('Control+s');
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      // lena works at North: picked on her record by name.
      await page.goto(`${base}/form/user/edit/${lenaId}`);
      const branchPicker = page.getByRole('combobox', { name: 'Branch' });
      await branchPicker.click();
      // The picker's own list (the groups' dual list has options too).
      const offered = page.locator(`#${await branchPicker.getAttribute('aria-controls')}`).getByRole('option');
      await expect.poll(() => offered.allTextContents()).toEqual(['North', 'South']);
      await offered.filter({ hasText: 'North' }).click();
      await expect.poll(() => branchPicker.inputValue()).toBe('North');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`${base}/users`);
      const branches = await app.call<{ rows: { id: number; name: string }[] }>('GET', '/api/grid/branches/data/0/50');
      const north = branches.rows.find((b) => b.name === 'North')!.id;
      expect((await app.call<{ branch?: number }>('GET', `/api/form/user/data/${lenaId}`)).branch).toBe(north);

      // 2. What Librarians may do, ticked on their Permissions screen: loans read, added and
      // changed (never deleted), members and branches read (the loan's pickers and names).
      await page.goto(`${base}/permissions/Librarians`);
      await page.getByRole('heading', { name: 'Permissions: Librarians' }).waitFor();
      await expect.poll(() => page.getByText(/Reading definitions/).count()).toBe(0);
      for (const box of [
        'Read on grid loans',
        'Read on form loan',
        'Add on form loan',
        'Update on form loan',
        'Read on grid members',
        'Read on form member',
        'Read on grid branches',
      ]) {
        // A row's boxes wait while its last tick saves (check() waits for them to be enabled).
        await page.getByRole('checkbox', { name: box }).check();
      }
      await expect.poll(() => page.locator('tr[aria-busy]').count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: 'Delete on form loan' }).isChecked()).toBe(false);
      await shot(page, 'library-permissions-ticks');

      // 3. The record rule, in the Access panels of the loans grid and the loan form: Read (and,
      // on the form, Update) reach the loans whose branch is the signed-in user's.
      const access = page.getByRole('region', { name: /^Access/ });
      const grant = access.getByRole('group', { name: 'Grant 1: Librarians' });
      const branchRule = async (action: 'Read' | 'Update') => {
        await grant.getByRole('button', { name: `Add condition to ${action}` }).click();
        const rule = grant.getByRole('region', { name: `${action} rule` });
        const field = rule.getByLabel('Field', { exact: true });
        await field.locator('option[value="branch"]').waitFor({ state: 'attached' });
        await field.selectOption('branch');
        const compare = rule.getByLabel('Value: compare with');
        // The user's own field is offered by its label, as a reference to the same model.
        await compare.selectOption({ label: "The signed-in user's Branch (CURRENT_USER.branch)" });
        // It fits: no problem is shown at it (User's own field is found although Loan never refers to User).
        expect(await compare.getAttribute('aria-invalid')).not.toBe('true');
        expect(await rule.getByText(/is not a field of User/).count()).toBe(0);
      };
      const byBranch = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
      const loansGrid = await idOf('grid', 'loans');
      await page.goto(`${base}/griddesigner/edit/${loansGrid}`);
      await grant.getByRole('button', { name: /Record rules/ }).click();
      await branchRule('Read');
      await page.setViewportSize({ width: 1400, height: 1400 });
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.getByRole('complementary', { name: 'Properties' }).screenshot({ path: 'test-results/library-permissions-access-rule.png' });
      expect((await seriousViolations(page)).join('\n'), 'axe on the Access panel with a rule').toBe('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(async () => (await app.call<{ access?: unknown }>('GET', '/api/definitions/grid/loans')).access)
        .toEqual({ grants: [{ group: 'Librarians', actions: ['read'], rules: { read: byBranch } }] });

      await page.goto(`${base}/formdesigner/edit/${await idOf('form', 'loan')}`);
      await grant.getByRole('button', { name: /Record rules/ }).click();
      await branchRule('Read');
      await branchRule('Update');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(async () => (await app.call<{ access?: unknown }>('GET', '/api/definitions/form/loan')).access)
        .toEqual({ grants: [{ group: 'Librarians', actions: ['read', 'add', 'update'], rules: { read: byBranch, update: byBranch } }] });

      // E-mail hidden from Librarians on the members grid and form.
      for (const [kind, name] of [
        ['grid', 'members'],
        ['form', 'member'],
      ] as const) {
        await page.goto(`${base}/${kind}designer/edit/${await idOf(kind, name)}`);
        await grant.getByRole('button', { name: /^. Fields/ }).click();
        await grant.getByLabel('Email (email)').selectOption('hidden');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect
          .poll(async () => (await app.call<{ access?: unknown }>('GET', `/api/definitions/${kind}/${name}`)).access)
          .toEqual({ grants: [{ group: 'Librarians', actions: ['read'], fields: { email: 'hidden' } }] });
      }

      // 4. lena signs in.
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/login`);
      await signInPage(page, base, LENA);
      await page.goto(`${base}/grid/loans`);
      await expect.poll(() => titles(page)).toEqual(['Dune', 'Ulysses']);
      await page.getByText('2 records', { exact: true }).waitFor();
      await shot(page, 'library-permissions-librarian-grid');

      // Members: no e-mail column, no e-mail on the form.
      await page.goto(`${base}/grid/members`);
      await expect.poll(() => titles(page)).toEqual(['Anna Rossi', 'Ben Okafor']);
      expect(await page.locator('thead th').allTextContents()).not.toContain('Email');
      expect(await page.getByText(/@example\.com/).count()).toBe(0);
      await page.goto(`${base}/form/member/edit/${member['Anna Rossi']}`);
      await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Anna Rossi');
      expect(await page.getByLabel('Email').count()).toBe(0);
      expect(await page.getByText(/@example\.com/).count()).toBe(0);
      await shot(page, 'library-permissions-librarian-member');
      // Librarians only read members: nothing to save, nothing to delete.
      expect(await page.getByRole('button', { name: /^(Save|Save as new|Delete)$/ }).count()).toBe(0);

      // A loan of her branch opens, with Save (update is granted); Delete, not granted, is not offered.
      await page.goto(`${base}/form/loan/edit/${loans.Dune}`);
      await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Dune');
      await expect.poll(() => page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe('North');
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await shot(page, 'library-permissions-librarian-loan');
      // Nor by the delete url: the form says so and the loan stays.
      await page.goto(`${base}/form/loan/delete/${loans.Dune}`);
      await page.getByText('This form does not allow deleting.').waitFor();
      expect((await app.call<{ rows: { title: string }[] }>('GET', '/api/grid/loans/data/0/50')).rows.map((r) => r.title)).toContain('Dune');

      // Another branch's loan, by its url: not found, as if it did not exist.
      await page.goto(`${base}/form/loan/edit/${loans.Emma}`);
      await page.getByText(`The Loan record '${loans.Emma}' was not found`).waitFor();
      expect(await page.getByText('Emma').count()).toBe(0);

      // 5. The admin, back, views the app as lena: the same rows, read only; then stops.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/login`);
      await signInPage(page, base, ADMIN);
      await page.goto(`${base}/grid/loans`);
      await expect.poll(() => titles(page)).toEqual(['Beloved', 'Dune', 'Emma', 'Ulysses']);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'View as…' }).click();
      const dialog = page.getByRole('dialog', { name: 'View as…' });
      await dialog.getByLabel('Search users by name or e-mail').fill('lena');
      await dialog.getByRole('radio', { name: /lena/ }).check();
      await dialog.getByRole('button', { name: 'View as' }).click();
      const banner = page.getByRole('region', { name: 'View as' });
      await banner.getByText('Viewing as lena — read only').waitFor();
      await expect.poll(() => titles(page)).toEqual(['Dune', 'Ulysses']);
      await page.getByText('2 records', { exact: true }).waitFor();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, 'library-permissions-view-as');
      expect((await seriousViolations(page)).join('\n'), 'axe on the loans viewed as lena').toBe('');
      await banner.getByRole('button', { name: 'Stop viewing as' }).click();
      await banner.waitFor({ state: 'detached' });
      await expect.poll(() => titles(page)).toEqual(['Beloved', 'Dune', 'Emma', 'Ulysses']);
    } catch (e) {
      await shot(page, 'library-permissions-failure');
      throw e;
    } finally {
      await context.close();
    }
  });
});

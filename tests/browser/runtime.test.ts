/**
 * The runtime as people use it, in real Chromium against the built app and the real server on
 * a fresh SQLite database: sign-in, registration, the guards, a form in every mode with its
 * messages, a grid in each paging mode, a page with cards and tabs, a work-flow menu, the
 * settings dropdown for an admin and for a normal user, and axe-core on each screen.
 * Screenshots land in test-results/ to be looked at.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { apiCaller, launchBrowser, shot, signedInContext } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'Browser-admin-1' };
const ALICE = { user: 'alice', email: 'alice@example.com', password: 'Browser-alice-1' };

let server: ServerProcess;
let browser: Browser;
let dataDir = '';
let adminToken = '';

const call = apiCaller(() => server.url, () => adminToken);

/** A browser context signed in as the given account, through the login screen. */
async function signedIn(account: { user: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  return signedInContext(browser, server.url, account);
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect((await seriousViolations(page)).join('\n'), `axe on ${screen}`).toBe('');
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is not built: run `npm run build` (npm test builds it first).');
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-browser-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  adminToken = await server.finishSetup({ ...ADMIN, smtp_host: '' });
  await call('POST', '/api/form/user/add', { ...ALICE, Admin: false });
  // Registration is walked below; it is off unless an admin turns it on (SELF_REGISTRATION).
  await call('POST', '/api/settings', { SELF_REGISTRATION: true });
  // Twelve groups to page through, and grids over them in each paging mode.
  for (let i = 1; i <= 12; i++) await call('POST', '/api/form/group/add', { name: `Team ${String(i).padStart(2, '0')}`, description: `Group number ${i}` });
  const fields = [
    { name: 'name', label: 'Name', type: 'Text' },
    { name: 'description', label: 'Description', type: 'Text' },
  ];
  const rowactions = [{ url: '/group/edit/:id', label: 'Edit' }];
  for (const [name, paging] of [['teams_all', 1], ['teams_first', 2], ['teams_paged', 3]] as const) {
    await call('POST', '/api/definitions/grid', { name, title: `Teams (mode ${paging})`, model: 'Group', paging, pageSize: 5, definition: fields, rowactions, sorts: [{ fieldname: 'name', sorttype: 'ASC' }] });
  }
  await call('POST', '/api/definitions/form', {
    name: 'checks',
    title: 'Checks',
    model: 'Group',
    url: '/groups',
    definition: [
      {
        cols: [
          { childType: 'Input', width: 4, name: 'name', label: 'Name', fieldtype: 'text', required: true, minchecked: true, min: 3, maxchecked: true, max: 5 },
          { childType: 'Input', width: 4, name: 'description', label: 'Age', fieldtype: 'number', minchecked: true, min: 18, maxchecked: true, max: 99 },
          { childType: 'Input', width: 4, name: 'code', label: 'Code', fieldtype: 'text', regularexpressionchecked: true, regularexpression: '^[A-Z]+$' },
        ],
      },
    ],
  });
  // A pattern that backtracks catastrophically in the browser's engine (src/runtime/patterns.ts).
  await call('POST', '/api/definitions/form', {
    name: 'slow_pattern',
    title: 'Slow pattern',
    model: 'Group',
    url: '/groups',
    definition: [
      {
        cols: [
          { childType: 'Input', width: 6, name: 'name', label: 'Name', fieldtype: 'text', required: true },
          { childType: 'Input', width: 6, name: 'description', label: 'Letters', fieldtype: 'text', regularexpressionchecked: true, regularexpression: '^(a+)+$', errormessage: 'Only the letter a' },
        ],
      },
    ],
  });
  await call('POST', '/api/definitions/page', {
    name: 'showcase',
    title: 'Showcase',
    access: { groups: ['Everyone'] },
    definition: [
      {
        cols: [
          {
            childType: 'Card', width: 6, title: 'Collapsible card', collapsable: true, contenttype: 'Rows',
            rows: [{ cols: [{ childType: 'Html', width: 12, html: '<p>Inside the card</p><script>window.hacked = true</script>' }] }],
          },
          {
            childType: 'Tabs', width: 6,
            tabs: [
              { childType: 'Tab', tabtitle: 'First', tabcontenttype: 'Rows', rows: [{ cols: [{ childType: 'Text', width: 12, text: 'First tab text' }] }] },
              { childType: 'Tab', tabcontenttype: 'Rows', rows: [{ cols: [{ childType: 'Text', width: 12, text: 'Second tab text' }] }] },
            ],
          },
        ],
      },
      { cols: [{ childType: 'WorkFlow', width: 12, name: 'admin' }] },
    ],
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('signed out', () => {
  it('guards send strangers to /login, and unknown paths to /', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/', '/grid/teams_paged', '/users', '/setup', '/no/such/place']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/login`);
    }
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.locator('footer').getByText('Not Logged In').isVisible()).toBe(true);
    await expectAccessible(page, 'login');
    await shot(page, 'login');
    await context.close();
  });

  it('refuses a wrong password with the server error, and blocks an empty form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Validation Failed').waitFor();
    await page.getByText('User name or e-mail is a required field').waitFor();
    await page.getByLabel('User name or e-mail').fill('admin');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Wrong user name or password').waitFor();
    await context.close();
  });

  it('registers a new user who can then sign in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(`${server.url}/register`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Validation Failed').waitFor();
    await page.getByLabel('User name', { exact: true }).fill('bob');
    await page.getByLabel('E-mail', { exact: true }).fill('bob@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Browser-bob-1');
    await shot(page, 'register');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}/login`);
    await context.close();
    const bob = await signedIn({ user: 'bob', password: 'Browser-bob-1' });
    await bob.page.locator('footer').getByText('User: bob').waitFor();
    await bob.context.close();
  });

  it('walks the lost-password screens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Lost password?' }).click();
    await page.waitForURL(`${server.url}/lost_password`);
    // Each stage refuses an empty submit with the field's message, as a user sees it.
    await page.getByRole('button', { name: 'Send token' }).click();
    await page.getByText('Validation Failed').waitFor();
    await page.getByText('E-mail is a required field').waitFor();
    // Any address gets the same answer (whether it is an account's is not told), and the token stage.
    await page.getByLabel('E-mail', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send token' }).click();
    await page.waitForURL(`${server.url}/lost_password/token`);
    await page.getByRole('status').getByText(/If this address belongs to an account/).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('nobody@example.com');
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.getByText('Token is a required field').waitFor();
    await page.getByRole('textbox', { name: 'Token' }).fill('ABCD-EFGH');
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.getByRole('alert').getByText('The token is not valid or has expired').waitFor();
    expect(page.url()).toBe(`${server.url}/lost_password/token`);
    await page.goto(`${server.url}/lost_password/change/abc123`);
    await page.getByLabel(/new password/i).first().waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Validation Failed').waitFor();
    await context.close();
  });
});

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(ADMIN));
  });
  afterAll(async () => {
    await context.close();
  });

  it('sees the home page, their name in the footer, and the whole settings menu', async () => {
    await page.locator('footer').getByText('User: admin').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    for (const entry of ['Users', 'Groups', 'Backup Repository', 'Restore Repository', 'Settings', 'Access Log', 'API Reference', 'Export and import', 'My Details', 'Change password', 'About']) {
      await page.getByRole('menuitem', { name: entry, exact: true }).waitFor();
    }
    await shot(page, 'settings-admin');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.getByRole('menuitem', { name: 'About' }).waitFor({ state: 'detached' });
  });

  it('adds, edits and deletes through a form, with the validation messages', async () => {
    await page.goto(`${server.url}/group/add/0`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Validation Failed').waitFor();
    await page.getByText(/is a required field$/).first().waitFor();
    await expectAccessible(page, 'form');
    await shot(page, 'form-validation');
    await page.getByLabel(/^Name/).fill('Browser testers');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/group/add'));

    const found = await call<{ rows: { id: number; name: string }[] }>('GET', '/api/grid/groups/data/0/50?search=Browser');
    const id = found.rows.find((r) => r.name === 'Browser testers')?.id;
    expect(id).toBeDefined();
    await page.goto(`${server.url}/group/edit/${id}`);
    await expect(await page.getByLabel(/^Name/).inputValue()).toBe('Browser testers');
    await page.getByLabel(/^Name/).fill('Browser testers 2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/group/edit'));
    const renamed = await call<{ rows: { name: string }[] }>('GET', '/api/grid/groups/data/0/50?search=Browser');
    expect(renamed.rows.map((r) => r.name)).toContain('Browser testers 2');

    await page.goto(`${server.url}/group/edit/${id}`);
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Delete record?');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/group/edit'));
    const gone = await call<{ rows: { name: string }[] }>('GET', '/api/grid/groups/data/0/50?search=Browser');
    expect(gone.rows).toEqual([]);
  });

  it('shows a conflict when two people edit the same record, keeping what the second one typed', async () => {
    // Named to sort after the teams, and deleted at the end: the grid tests count and order groups.
    const made = await call<{ id: number }>('POST', '/api/form/group/add', { name: 'Zz contested', description: 'as it was' });
    const other = await context.newPage();
    try {
      await page.goto(`${server.url}/group/edit/${made.id}`);
      await other.goto(`${server.url}/group/edit/${made.id}`);
      await page.getByLabel(/^Name/).waitFor();
      await other.getByLabel(/^Name/).waitFor();
      // Both have the record (and its members list) open; the first saves.
      await page.getByLabel('Available', { exact: true }).waitFor();
      await other.getByLabel('Available', { exact: true }).waitFor();
      await page.getByLabel(/^Description/).fill('changed by the first');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/group/edit'));

      // The second saves over an older version: the banner says so and the typed text stays.
      await other.getByLabel(/^Name/).fill('Zz contested by the second');
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      await other.getByRole('alert').getByText('This record was changed by someone else since you opened it: reload it, or save yours over it').waitFor();
      expect(await other.getByLabel(/^Name/).inputValue()).toBe('Zz contested by the second');
      expect(new URL(other.url()).pathname).toBe(`/group/edit/${made.id}`);
      const offer = other.getByRole('group', { name: 'Changed by someone else' });
      await expect.poll(() => other.evaluate(() => document.activeElement?.textContent)).toBe('Reload the current record');
      await expectAccessible(other, 'record conflict');
      await shot(other, 'form-record-conflict');
      expect((await call<{ description: string }>('GET', `/api/form/group/data/${made.id}`)).description).toBe('changed by the first');

      // From the keyboard: Tab to "Save mine anyway", Enter: saved over the current version.
      await other.keyboard.press('Tab');
      expect(await offer.getByRole('button', { name: 'Save mine anyway' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await other.keyboard.press('Enter');
      await other.waitForURL((url) => !url.pathname.startsWith('/group/edit'));
      const saved = await call<{ name: string; description: string; _version: number }>('GET', `/api/form/group/data/${made.id}`);
      expect(saved).toMatchObject({ name: 'Zz contested by the second', description: 'as it was', _version: 3 });
    } finally {
      await other.close();
      await call('DELETE', `/api/form/group/delete/${made.id}`);
    }
  });

  it('shows every field validation message as the user types, after a first save', async () => {
    await page.goto(`${server.url}/form/checks/add/0`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Validation Failed').waitFor();
    await page.getByText('Name is a required field').waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('ab');
    await page.getByText('Length of Name is less then 3').waitFor();
    await name.fill('abcdefg');
    await page.getByText('Length of Name is more then 5').waitFor();
    const age = page.getByLabel('Age', { exact: true });
    await age.fill('12');
    await page.getByText('Age is less than 18').waitFor();
    await age.fill('120');
    await page.getByText('Age is more than 99').waitFor();
    const code = page.getByLabel('Code', { exact: true });
    // Patterns answer from a worker (src/runtime/patterns.ts), a moment after the keystroke.
    await code.fill('abc');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    await code.fill('ABC');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBeNull();
    await shot(page, 'form-messages');
  });

  it("stays responsive while a pattern backtracks in the browser's engine, and shows the field's message", async () => {
    // `^(a+)+$` against 32 a's and a '!' froze the tab for 17 s or more when it ran on the page.
    await page.goto(`${server.url}/form/slow_pattern/add/0`);
    await page.getByLabel('Name', { exact: true }).fill('Backtracking');
    const letters = page.getByLabel('Letters', { exact: true });
    const typed = Date.now();
    await letters.fill(`${'a'.repeat(32)}!`);
    // The next frame comes at once: the page's thread is not matching.
    const frameMs = await page.evaluate(() => new Promise<number>((done) => {
      const asked = performance.now();
      requestAnimationFrame(() => done(performance.now() - asked));
    }));
    expect(frameMs).toBeLessThan(500);
    expect(Date.now() - typed).toBeLessThan(3000);
    await page.getByRole('button', { name: 'Create' }).click();
    // The browser gave up on the pattern after its budget; the server's RE2 answers at once.
    await page.getByText('Only the letter a').waitFor();
    expect(await letters.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/form/slow_pattern/add/0');
    await letters.fill('aaaa');
    await expect.poll(() => letters.getAttribute('aria-invalid')).toBeNull();
  });

  it('is sent home from the signed-out screens', async () => {
    for (const path of ['/login', '/register', '/lost_password']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/`);
    }
  });

  it('shows a grid in each paging mode', async () => {
    await page.goto(`${server.url}/grid/teams_all`);
    await page.getByRole('cell', { name: 'Team 12' }).waitFor();
    // A click in the header cell beside its label sorts, and the cell says so (aria-sort).
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    const box = await nameHeader.boundingBox();
    const label = await nameHeader.getByRole('button', { name: 'Name' }).boundingBox();
    if (!box || !label) throw new Error('the Name header is not laid out');
    expect(box.x + box.width - 3).toBeGreaterThan(label.x + label.width);
    await page.mouse.click(box.x + box.width - 3, box.y + box.height / 2);
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.mouse.click(box.x + box.width - 3, box.y + box.height / 2);
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => page.locator('tbody td').first().textContent()).toBe('Team 12');
    // Group is a system model: the server refuses to clear it, so there is no Clear grid.
    expect(await page.getByRole('button', { name: 'Clear grid' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(1);
    await page.getByPlaceholder('Input search string...').fill('team 0');
    await page.getByRole('cell', { name: 'Team 09' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Team 10' }).count()).toBe(0);

    await page.goto(`${server.url}/grid/teams_first`);
    await shot(page, 'grid-first-n');
    // Mode 2: the first pageSize (5) records by name: Everyone, then Team 01 to Team 04.
    await page.getByRole('cell', { name: 'Team 04' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Team 05' }).count()).toBe(0);

    await page.goto(`${server.url}/grid/teams_paged`);
    await page.getByRole('cell', { name: 'Team 01' }).waitFor();
    const bar = page.getByRole('navigation', { name: 'Pagination' });
    expect(await bar.getByRole('button', { name: 'First' }).isDisabled()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await bar.getByRole('button', { name: 'Last' }).click();
    await page.getByRole('cell', { name: 'Team 12' }).waitFor();
    expect(await bar.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'grid');
    await shot(page, 'grid-paged');
    const edit = page.locator('tbody').getByRole('link', { name: 'Edit' }).first();
    expect(await edit.getAttribute('href')).toMatch(/^\/group\/edit\/\d+$/);
  });

  it('shows a page with cards, tabs and a work-flow menu', async () => {
    await page.goto(`${server.url}/page/showcase`);
    await page.getByRole('heading', { name: 'Showcase' }).waitFor();
    await page.getByText('Inside the card').waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    await page.getByRole('tab', { name: 'Tab-2' }).click();
    await page.getByText('Second tab text').waitFor();
    await page.getByRole('link', { name: 'Select...' }).first().waitFor();
    await expectAccessible(page, 'page and menu');
    await shot(page, 'page-showcase');
  });

  it('opens the API reference from the settings menu: Swagger UI, loaded only then, shows every operation', async () => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/`);
    await page.locator('footer').getByText('User: admin').waitFor();
    expect(asked.filter((p) => p.includes('ApiDocsViewer'))).toEqual([]);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'API Reference', exact: true }).click();
    await page.waitForURL(`${server.url}/apidocs`);
    await page.getByRole('heading', { name: 'API Reference' }).waitFor();
    const operations = page.locator('.swagger-ui .opblock');
    await operations.first().waitFor();
    const doc = await call<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
    const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBeGreaterThan(30);
    expect(await operations.count()).toBe(count);
    await page.locator('.opblock-summary-path[data-path="/api/login"]').waitFor();
    expect(asked.some((p) => p.includes('ApiDocsViewer'))).toBe(true);
    await shot(page, 'apidocs');
    // Loaded directly too: /apidocs is the client's, not a path under /api.
    await page.goto(`${server.url}/apidocs`);
    await page.locator('.opblock-summary-path[data-path="/api/openapi.json"]').waitFor();
  });
});

describe('a normal user', () => {
  it('sees only their own settings entries and is kept out of admin screens', async () => {
    const { context, page } = await signedIn(ALICE);
    await page.getByRole('button', { name: 'Settings' }).click();
    for (const entry of ['My Details', 'Change password', 'About']) await page.getByRole('menuitem', { name: entry, exact: true }).waitFor();
    for (const entry of ['Users', 'Groups', 'Access Log', 'Backup Repository', 'API Reference', 'Export and import']) {
      expect(await page.getByRole('menuitem', { name: entry, exact: true }).count()).toBe(0);
    }
    await shot(page, 'settings-user');
    await page.goto(`${server.url}/users`);
    await page.waitForURL(`${server.url}/`);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/apidocs`);
    await page.waitForURL(`${server.url}/`);
    expect(asked.filter((p) => p === '/api/openapi.json' || p.includes('ApiDocsViewer'))).toEqual([]);
    await context.close();
  });
});

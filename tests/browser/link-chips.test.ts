/**
 * A link field picked as chips (a DualList column with `picker: "chips"`, plugins/dual-list) as a
 * person uses it in Chromium: two chips added by keyboard only (type, arrow, Enter), one removed by
 * Backspace in the empty input, saved, and the record opened again shows the one left; the server
 * holds that one link. The same link as two lists finds, through the server's search, a record
 * beyond the first page. axe finds nothing serious on either form. Screenshots land in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;
const call: DemoSuite['call'] = (...args) => suite.call(...args);
let team = 0;

beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
  await call('POST', '/api/definitions/model', { name: 'Person', title: 'People', display: '{first} {last}', fields: [{ name: 'first', type: 'text' }, { name: 'last', type: 'text' }] });
  const teamFields = [{ name: 'name', type: 'text', label: 'Name' }];
  await call('POST', '/api/definitions/model', { name: 'Team', title: 'Teams', fields: teamFields });
  await call('POST', '/api/definitions/model', {
    name: 'TeamMember',
    title: 'Team members',
    fields: [
      { name: 'team', type: 'reference', target: 'Team', required: true },
      { name: 'person', type: 'reference', target: 'Person', required: true },
    ],
  });
  const model = await call<Record<string, unknown>>('GET', '/api/definitions/model/Team');
  await call('PUT', '/api/definitions/model/Team', { ...model, fields: [...teamFields, { name: 'members', type: 'link', target: 'Person', through: 'TeamMember', label: 'Members' }] });
  await call('POST', '/api/definitions/form', {
    name: 'person',
    title: 'Person',
    model: 'Person',
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'first' }, { childType: 'Input', width: 6, name: 'last' }] }],
    actions: [],
  });
  // More people than a page, so the picker has to search the server to find the later ones.
  const names = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', ...Array.from({ length: 30 }, (_, i) => `Reader${String(i).padStart(2, '0')} Smith`)];
  for (const name of names) {
    const [first, last] = name.split(' ');
    await call('POST', '/api/form/person/add', { first, last });
  }
  await call('POST', '/api/definitions/form', {
    name: 'team',
    title: 'Team',
    model: 'Team',
    url: '/',
    definition: [
      {
        cols: [
          { childType: 'Input', width: 4, name: 'name', label: 'Name' },
          { childType: 'DualList', width: 8, label: 'Members', link: 'id', url: '/link/Team/members', picker: 'chips' },
        ],
      },
    ],
    actions: [],
  });
  // The same link as two lists, for the second test.
  await call('POST', '/api/definitions/form', {
    name: 'team_lists',
    title: 'Team (lists)',
    model: 'Team',
    url: '/',
    definition: [{ cols: [{ childType: 'Input', width: 12, name: 'name', label: 'Name' }] }, { cols: [{ childType: 'DualList', width: 12, label: 'Members', link: 'id', url: '/link/Team/members' }] }],
    actions: [],
  });
  team = (await call<{ id: number }>('POST', '/api/form/team/add', { name: 'Compilers' })).id;
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

describe('a link field picked as chips', () => {
  it('takes two chips by keyboard, loses one to Backspace, saves, and shows the one left when reopened', async () => {
    const page = await signIn(suite, { width: 1100, height: 700 });
    const url = `${suite.server.url}/form/team/edit/${team}`;
    await page.goto(url);
    const input = page.getByRole('combobox', { name: 'Members' });
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    const chips = page.getByRole('list', { name: 'Members: chosen' }).getByRole('listitem');
    expect(await chips.count()).toBe(0);

    // Keyboard only: Tab from Name into the picker, type, arrow down to the match, Enter.
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('hopper');
    await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual(['Grace Hopper']);
    await shot(page, 'link-chips-search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => chips.allTextContents()).toEqual(['Grace Hopper']);
    expect(await input.inputValue()).toBe('');
    await page.keyboard.type('liskov');
    await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual(['Barbara Liskov']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => chips.allTextContents()).toEqual(['Grace Hopper', 'Barbara Liskov']);
    expect(await page.getByRole('button', { name: 'Remove Grace Hopper' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove Barbara Liskov' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    expect((await seriousViolations(page)).join('\n'), 'axe on the team form').toBe('');
    await shot(page, 'link-chips-two');

    // Backspace in the empty input takes the last chip off.
    await input.focus();
    await page.keyboard.press('Backspace');
    await expect.poll(() => chips.allTextContents()).toEqual(['Grace Hopper']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/`);
    const linked = await call<{ items: { name: string }[] }>('GET', `/api/link/Team/members/${team}?selected=true`);
    expect(linked.items.map((i) => i.name)).toEqual(['Grace Hopper']);

    await page.goto(url);
    await expect.poll(() => chips.allTextContents(), { timeout: 10_000 }).toEqual(['Grace Hopper']);
    await shot(page, 'link-chips-reopened');
    await page.context().close();
  });

  it('as two lists, searches the server for records beyond the first page', async () => {
    const page = await signIn(suite, { width: 1100, height: 700 });
    await page.goto(`${suite.server.url}/form/team_lists/edit/${team}`);
    const available = page.getByLabel('Available', { exact: true });
    const selected = page.getByLabel('Selected', { exact: true });
    await expect.poll(() => selected.locator('option').allTextContents(), { timeout: 10_000 }).toEqual(['Grace Hopper']);
    // The first page (20 of the 35 by first name) less Grace Hopper, selected: no Reader2x among them.
    await expect.poll(() => available.locator('option').count()).toBe(19);
    expect(await available.locator('option').allTextContents()).not.toContain('Reader25 Smith');
    await page.getByLabel('Search available').fill('reader2');
    await expect.poll(() => available.locator('option').allTextContents(), { timeout: 10_000 }).toEqual(Array.from({ length: 10 }, (_, i) => `Reader2${i} Smith`));
    await available.selectOption({ label: 'Reader25 Smith' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => selected.locator('option').allTextContents()).toEqual(['Grace Hopper', 'Reader25 Smith']);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    expect((await seriousViolations(page)).join('\n'), 'axe on the two lists').toBe('');
    await shot(page, 'link-lists-searched');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${suite.server.url}/`);
    const linked = await call<{ items: { name: string }[] }>('GET', `/api/link/Team/members/${team}?selected=true`);
    expect(linked.items.map((i) => i.name)).toEqual(['Grace Hopper', 'Reader25 Smith']);
    await page.context().close();
  });
});

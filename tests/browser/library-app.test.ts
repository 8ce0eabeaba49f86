/**
 * A small app built from nothing in Chromium, the way the README's first steps tell it and
 * without typing JSON: a Library work flow, four models (Author, Member, Book with a link to its
 * authors, Loan belonging to a Book and a Member) made in the model designer with relations told
 * in words, screens generated for each (from the offer after the first save, and from the list),
 * records entered in those screens (a dual list for the book's authors, pickers searched from
 * the keyboard for the loan's book and member), then a field with data renamed and another retyped with a value that does not
 * convert, the plan shown first, and the screens still working. Screenshots land in
 * test-results/library-*.png (the README's are taken from them).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';
import { addField, designerParts } from '../support/model-designer-page';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

interface StoredModel {
  id: string;
  name: string;
  fields: { name: string; type: string; target?: string; through?: string }[];
}

const url = (path: string) => `${suite.server.url}${path}`;
const canvasOf = (page: Page) => designerParts(page).canvas;
const panelOf = (page: Page) => designerParts(page).panel;

/** Adds a relation told in words: `wording` picks the radio ("Each Loan belongs to one"), `target` the other model. */
async function addRelation(page: Page, wording: RegExp, target: string): Promise<void> {
  await canvasOf(page).getByRole('group', { name: 'Fields' }).getByRole('button', { name: 'Add relation' }).click();
  const relation = page.getByRole('group', { name: 'Add a relation' });
  await relation.getByLabel('The other model').selectOption(target);
  await relation.getByLabel(wording).check();
  await relation.getByRole('button', { name: 'Add relation' }).click();
  await relation.waitFor({ state: 'detached' });
}

/** Names a new model in the designer (the form's own Name and Title inputs, above the canvas). */
async function newModel(page: Page, name: string, title: string): Promise<void> {
  await page.goto(url('/models'));
  await page.getByRole('link', { name: 'New model', exact: true }).first().click();
  await page.waitForURL(url('/modeldesigner/add/0'));
  await canvasOf(page).waitFor();
  await page.getByLabel('Name', { exact: true }).first().fill(name);
  await page.getByLabel('Title', { exact: true }).first().fill(title);
}

/** Generates a model's screens in the open dialog, with a card on `menu` (its title as listed), and closes it. */
async function generate(page: Page, title: string, menu: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Generate screens for ${title}` });
  await dialog.waitFor();
  const choice = dialog.getByLabel('Add a card to the menu');
  await expect.poll(() => choice.isEnabled()).toBe(true);
  await choice.selectOption({ label: menu });
  await dialog.getByText(`A card on the menu ${menu.replace(/^.*\((.*)\)$/, '$1')}`).waitFor();
  if (title === 'Books') await shot(page, 'library-generate');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await dialog.getByRole('list', { name: 'The new screens' }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'detached' });
}

/** Creates a model in the designer and answers the offer that follows on /models. */
async function create(page: Page, title: string, generateNow: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(url('/models'));
  const offer = page.getByRole('region', { name: 'Model created' });
  await offer.waitFor();
  if (generateNow) {
    await offer.getByRole('button', { name: 'Generate screens' }).click();
    await generate(page, title, 'Library (library)');
  } else await offer.getByRole('button', { name: 'Not now' }).click();
  await offer.waitFor({ state: 'detached' });
}

async function pickInDualList(list: Locator, name: string): Promise<void> {
  const available = list.getByLabel('Available', { exact: true });
  await expect.poll(() => available.locator('option').allTextContents()).toContain(name);
  await available.selectOption({ label: name });
  await list.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => list.getByLabel('Selected', { exact: true }).locator('option').allTextContents()).toEqual([name]);
}

describe('a library app built in the browser', () => {
  it('models with relations, generated screens, records entered, then a rename and a retype with data', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    try {
      // A work flow for the app's cards.
      await page.goto(url('/menudesigner/add/0'));
      await page.getByRole('region', { name: 'Menu designer design area' }).waitFor();
      await page.getByLabel('Name', { exact: true }).first().fill('library');
      await page.getByLabel('Title', { exact: true }).first().fill('Library');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(url('/menus'));

      // Authors: one required text field, screens generated from the offer.
      await newModel(page, 'Author', 'Authors');
      await addField(page, { name: 'name', label: 'Name', required: true });
      await create(page, 'Authors', true);

      // Members: screens later, from the list.
      await newModel(page, 'Member', 'Members');
      await addField(page, { name: 'name', label: 'Name', required: true });
      await addField(page, { name: 'email', label: 'Email' });
      await create(page, 'Members', false);
      await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Member', exact: true }) }).getByRole('button', { name: 'Generate screens' }).click();
      await generate(page, 'Members', 'Library (library)');

      // Books have many Authors and Authors many Books: the link model is made with the save.
      await newModel(page, 'Book', 'Books');
      await addField(page, { name: 'title', label: 'Title', required: true });
      await addField(page, { name: 'pages', label: 'Pages' });
      await addRelation(page, /^Each Book has many Author records/, 'Author');
      await expect.poll(() => canvasOf(page).getByRole('listitem').count()).toBe(3);
      await shot(page, 'library-book-designer');
      await create(page, 'Books', true);
      const book = await suite.call<StoredModel>('GET', '/api/definitions/model/Book');
      const authors = book.fields.find((f) => f.type === 'link');
      expect(authors).toMatchObject({ name: 'authors', target: 'Author' });
      const through = await suite.call<StoredModel>('GET', `/api/definitions/model/${authors?.through ?? ''}`);
      expect(through.fields.filter((f) => f.type === 'reference').map((f) => f.target).sort()).toEqual(['Author', 'Book']);

      // Many Loans belong to one Book, and to one Member.
      await newModel(page, 'Loan', 'Loans');
      await addRelation(page, /^Each Loan belongs to one Book/, 'Book');
      await addRelation(page, /^Each Loan belongs to one Member/, 'Member');
      await addField(page, { name: 'due', label: 'Due', type: 'Date' });
      await create(page, 'Loans', true);
      await page.getByRole('row', { name: /^Loan Loans 3 0/ }).waitFor();
      await shot(page, 'library-models');

      // The work flow has a card per list, each opening its grid.
      const menu = await suite.call<{ definition: { title: string; url: string }[] }>('GET', '/api/menu/library/definition');
      expect(menu.definition.map((card) => [card.title, card.url])).toEqual([
        ['Authors', '/grid/authors'],
        ['Members', '/grid/members'],
        ['Books', '/grid/books'],
        ['Loans', '/grid/loans'],
      ]);

      // A page showing the work flow: what users open.
      await page.goto(url('/pagedesigner/add/0'));
      await page.getByRole('region', { name: 'Page designer design area' }).waitFor();
      await page.getByLabel('Name', { exact: true }).first().fill('library');
      const pagePanel = panelOf(page);
      await pagePanel.getByLabel('Title', { exact: true }).fill('Library');
      await page.getByRole('region', { name: /column types/i }).getByRole('button', { name: 'Work flow', exact: true }).click();
      const menuChoice = pagePanel.getByRole('combobox', { name: 'Menu', exact: true });
      await menuChoice.locator('option[value="library"]').waitFor({ state: 'attached' });
      await menuChoice.selectOption('library');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(url('/pages'));
      await page.goto(url('/page/library'));
      for (const title of ['Authors', 'Members', 'Books', 'Loans']) await page.getByText(`List, add and edit ${title}`, { exact: true }).waitFor();
      await shot(page, 'library-page');
      // The third card opens the books.
      await page.getByRole('link', { name: /^Select/ }).nth(2).click();
      await page.waitForURL(url('/grid/books'));

      // Records, entered in the generated screens.
      await page.goto(url('/form/author/add/0'));
      await page.getByLabel(/^Name/).fill('Frank Herbert');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(url('/grid/authors'));
      await page.goto(url('/form/member/add/0'));
      await page.getByLabel(/^Name/).fill('Anna Rossi');
      await page.getByLabel('Email').fill('anna@example.com');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(url('/grid/members'));
      for (const [title, pages] of [
        ['Dune', '412'],
        ['Emma', 'n/a'],
      ] as const) {
        await page.goto(url('/form/book/add/0'));
        await page.getByLabel(/^Title/).fill(title);
        await page.getByLabel('Pages').fill(pages);
        if (title === 'Dune') await pickInDualList(page.getByRole('group', { name: /Author/ }), 'Frank Herbert');
        if (title === 'Dune') await shot(page, 'library-book-form');
        await page.getByRole('button', { name: 'Create' }).click();
        await page.waitForURL(url('/grid/books'));
      }
      await page.getByRole('cell', { name: 'Emma', exact: true }).waitFor();
      const books = await suite.call<{ rows: { id: number; title: string }[] }>('GET', '/api/grid/books/data/0/50');
      const dune = books.rows.find((b) => b.title === 'Dune');
      expect(dune).toBeDefined();
      const links = await suite.call<{ name: string; selected: boolean }[]>('GET', `/api/link/Book/authors/${dune?.id ?? ''}`);
      expect(links.filter((l) => l.selected).map((l) => l.name)).toEqual(['Frank Herbert']);

      // The loan's book and member are picked by name, from the keyboard: type, arrow down, Enter.
      await page.goto(url('/form/loan/add/0'));
      const bookPicker = page.getByRole('combobox', { name: 'Book' });
      await bookPicker.click();
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Dune', 'Emma']);
      await bookPicker.pressSequentially('du');
      expect(await bookPicker.inputValue()).toBe('du');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Dune']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => bookPicker.inputValue()).toBe('Dune');
      await page.keyboard.press('Tab');
      const memberPicker = page.getByRole('combobox', { name: 'Member' });
      await memberPicker.focus();
      await memberPicker.pressSequentially('ross');
      // Every key typed at full speed is kept (the picker once undid keys landing between its renders).
      expect(await memberPicker.inputValue()).toBe('ross');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Anna Rossi']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => memberPicker.inputValue()).toBe('Anna Rossi');
      await page.getByLabel('Due').fill('2026-12-24');
      await shot(page, 'library-loan-form');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(url('/grid/loans'));
      await page.getByRole('cell', { name: '2026-12-24' }).waitFor();
      // The loan's book and member are shown by name, not by their ids.
      const loanRow = page.getByRole('row').filter({ hasText: '2026-12-24' });
      await loanRow.getByRole('cell', { name: 'Anna Rossi', exact: true }).waitFor();
      expect(await loanRow.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Dune', 'Anna Rossi']));
      await shot(page, 'library-loans');

      // With a second loan (of Emma), the grid sorts by the books' titles and finds a loan by its book's title.
      const emma = books.rows.find((b) => b.title === 'Emma');
      const anna = await suite.call<{ items: { id: number }[] }>('GET', '/api/choices/Loan/member?search=anna');
      await suite.call('POST', '/api/form/loan/add', { book: emma?.id, member: anna.items[0]?.id, due: '2027-01-10' });
      await page.reload();
      const firstCells = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLTableRowElement).cells[0]?.textContent?.trim() ?? ''));
      await expect.poll(firstCells).toHaveLength(2);
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await expect.poll(firstCells).toEqual(['Dune', 'Emma']);
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await expect.poll(firstCells).toEqual(['Emma', 'Dune']);
      await page.getByPlaceholder('Input search string...').fill('emma');
      await expect.poll(firstCells).toEqual(['Emma']);

      // Pages as a number: one value does not convert, and the plan says so before anything is written.
      await page.goto(url('/models'));
      await page.getByRole('link', { name: 'Design Book', exact: true }).click();
      const canvas = canvasOf(page);
      await canvas.waitFor();
      await canvas.getByRole('button', { name: /^pages/ }).click();
      await panelOf(page).getByLabel('Type', { exact: true }).selectOption({ label: 'Number' });
      await canvas.getByRole('button', { name: /^title/ }).click();
      await panelOf(page).getByLabel('Name', { exact: true }).fill('name');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const plan = page.getByRole('dialog', { name: "Change the model 'Book'" });
      await plan.waitFor();
      const said = await plan.textContent();
      expect(said).toContain('The table holds 2 rows.');
      expect(said).toContain('title becomes name; its values stay');
      expect(said).toContain("1 of 2 values is not a number: 'n/a'");
      await shot(page, 'library-change-plan');
      // Called off: nothing changed.
      await plan.getByRole('button', { name: 'Cancel' }).click();
      await plan.waitFor({ state: 'detached' });
      expect((await suite.call<StoredModel>('GET', '/api/definitions/model/Book')).fields.map((f) => f.name)).toContain('title');
      // Applied with the failing value cleared.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await plan.waitFor();
      await plan.getByLabel(/Clear the/).check();
      await plan.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(url('/models'));
      const changed = await suite.call<StoredModel>('GET', '/api/definitions/model/Book');
      expect(changed.fields.map((f) => [f.name, f.type])).toEqual([
        ['name', 'text'],
        ['pages', 'number'],
        ['authors', 'link'],
      ]);

      // The generated grid and form follow the rename; the loan still finds its book by name.
      await page.goto(url('/grid/books'));
      await page.getByRole('cell', { name: 'Dune', exact: true }).waitFor();
      const duneRow = page.getByRole('row').filter({ hasText: 'Dune' });
      expect(await duneRow.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Dune', '412']));
      await duneRow.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/\/form\/book\/edit\/\d+$/);
      await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Dune');
      await expect.poll(() => page.getByLabel('Pages').inputValue()).toBe('412');
      await page.goto(url('/form/loan/add/0'));
      await page.getByRole('combobox', { name: 'Book' }).click();
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Dune', 'Emma']);
      // The stored loan still names its book, and opens it in the book form.
      await page.goto(url('/grid/loans'));
      await loanRow.getByRole('cell', { name: 'Dune', exact: true }).waitFor();
      await loanRow.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/\/form\/loan\/edit\/\d+$/);
      await expect.poll(() => page.getByRole('combobox', { name: 'Book' }).inputValue()).toBe('Dune');
      await page.getByRole('link', { name: 'Open' }).first().click();
      await page.waitForURL(/\/form\/book\/edit\/\d+$/);
      // The other side of the relation: the book's form lists its loans (generated with the loans' screens), by name.
      const loans = page.getByRole('region', { name: 'Loans' });
      const booksLoan = loans.getByRole('row').filter({ hasText: '2026-12-24' });
      await booksLoan.waitFor();
      expect(await booksLoan.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Anna Rossi', '2026-12-24']));
      expect(await loans.getByRole('link', { name: 'New' }).getAttribute('href')).toMatch(/^\/form\/loan\/add\/0\?book=\d+$/);
      await shot(page, 'library-book-loans');
    } finally {
      await page.context().close();
    }
  }, 240_000);
});

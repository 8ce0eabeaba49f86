import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The reverse side of a relation (docs/api.md, "The records that refer to this one"): generating
 * the screens of Loan (Loan.book refers to Book) makes book_loans, the loans of one book, and adds
 * it to the end of Book's form; its rows are those of the record named by ?record=; the grid's
 * own access decides who lists them; the generation's undo takes the grid off the form again.
 */
let t: TestApp;
let admin = '';

type Row = Record<string, unknown>;
interface Generation {
  created: { kind: 'form' | 'grid' | 'select'; id: string; name: string }[];
  changed: { kind: 'menu' | 'form'; id: string; name: string; version: number }[];
}

async function call<T = Row>(method: string, url: string, body?: unknown, token = admin) {
  return t.call<T>(method, url, { token, body });
}

async function ok<T = Row>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await call<T>(method, url, body, token);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function borrowers(query: string, token = admin): Promise<string[]> {
  const page = await ok<{ rows: Row[]; count: number }>('GET', `/api/grid/book_loans/data/0/50${query}`, undefined, token);
  expect(page.count).toBe(page.rows.length);
  return page.rows.map((r) => String(r.borrower)).sort();
}

const books: Record<string, number> = {};
let loans: Generation;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Book', title: 'Books', display: 'title', fields: [{ name: 'title', type: 'text', required: true }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Loan',
    title: 'Loans',
    fields: [
      { name: 'borrower', type: 'text', required: true },
      { name: 'due', type: 'date' },
      { name: 'book', type: 'reference', target: 'Book', required: true },
    ],
  });
  await ok('POST', '/api/definitions/model/Book/screens', {});
});

afterAll(async () => {
  await t?.close();
});

describe('the records that refer to this one', () => {
  it('previews the loans of one book and the change to the book form, writing nothing', async () => {
    const preview = await ok<Generation>('POST', '/api/definitions/model/Loan/screens', { preview: true });
    expect(preview.created.map(({ kind, name }) => [kind, name])).toEqual([
      ['form', 'loan'],
      ['grid', 'loans'],
      ['grid', 'book_loans'],
    ]);
    expect(preview.created[2]).toMatchObject({ reference: 'book' });
    expect(preview.changed).toEqual([{ kind: 'form', id: expect.any(String), name: 'book', version: 2 }]);
    expect((await ok<{ version: number }>('GET', '/api/definitions/form/book')).version).toBe(1);
    expect((await call('GET', '/api/definitions/grid/book_loans')).status).toBe(404);
  });

  it('makes a grid filtered to the embedding record, New preset to it, shown at the end of the book form', async () => {
    loans = await ok<Generation>('POST', '/api/definitions/model/Loan/screens', {});
    expect(loans.changed).toEqual([{ kind: 'form', id: expect.any(String), name: 'book', version: 2 }]);
    const grid = await ok<Row>('GET', '/api/definitions/grid/book_loans');
    expect(grid).toMatchObject({
      model: 'Loan',
      title: 'Loans',
      filters: [{ field: 'book', op: 'eq', value: { var: 'RECORD.id' } }],
      actions: [{ url: '/form/loan/add/0?book=:record', label: 'New' }],
      rowactions: [{ url: '/form/loan/edit/:id', label: 'Edit' }],
    });
    // The book is the form's own record: no column for it.
    expect((grid.definition as Row[]).map((c) => c.name)).toEqual(['borrower', 'due']);
    const form = await ok<{ definition: Row[]; version: number }>('GET', '/api/definitions/form/book');
    expect(form.version).toBe(2);
    expect(form.definition.at(-1)).toEqual({ cols: [{ childType: 'Grid', width: 12, name: 'book_loans' }] });
    expect(form.definition).toHaveLength(2);
  });

  it("lists each book's loans by ?record=, and none without a record", async () => {
    for (const title of ['Dune', 'Emma']) books[title] = (await ok<{ id: number }>('POST', '/api/form/book/add', { title })).id;
    for (const [borrower, book] of [
      ['Ann', 'Dune'],
      ['Bo', 'Dune'],
      ['Cy', 'Emma'],
    ] as const) {
      await ok('POST', '/api/form/loan/add', { borrower, book: String(books[book]) });
    }
    expect(await borrowers(`?record=${books.Dune}`)).toEqual(['Ann', 'Bo']);
    expect(await borrowers(`?record=${books.Emma}`)).toEqual(['Cy']);
    expect(await borrowers(`?record=${books.Emma}&search=Ann`)).toEqual([]);
    expect(await borrowers('')).toEqual([]);
    expect(await borrowers('?record=999999')).toEqual([]);
  });

  it("lets the grid's own access decide who lists, whatever record is named", async () => {
    const { token } = await t.user('reader');
    // Admin-only until granted: a record id opens nothing.
    expect((await call('GET', `/api/grid/book_loans/data/0/50?record=${books.Dune}`, undefined, token)).status).toBe(403);
    await ok('POST', '/api/form/group/add', { name: 'Desk' });
    const desk = await t.user('desk', { groups: ['Desk'] });
    const grid = await ok<Row>('GET', '/api/definitions/grid/book_loans');
    await ok('PUT', '/api/definitions/grid/book_loans', { ...grid, access: { groups: ['Desk'] } });
    expect(await borrowers(`?record=${books.Dune}`, desk.token)).toEqual(['Ann', 'Bo']);
    // Granting access is a change: the first generation's undo is refused below.
    const edited = await ok<Row>('GET', '/api/definitions/grid/book_loans');
    expect(edited.version).toBe(2);
  });

  it('refuses the undo once a grid or the book form moved on, and undoes it whole otherwise', async () => {
    const byGrid = await call<{ error: string }>('POST', '/api/definitions/model/Loan/screens/undo', loans);
    expect(byGrid.status).toBe(409);
    expect(byGrid.body.error).toContain("The grid 'book_loans' was changed since it was generated");

    // A fresh generation (names _2), undone whole: the book form back without its grid, as a new version.
    const again = await ok<Generation>('POST', '/api/definitions/model/Loan/screens', {});
    expect(again.created.map((c) => c.name)).toEqual(['loan_2', 'loans_2', 'book_loans_2']);
    expect(again.changed).toEqual([{ kind: 'form', id: loans.changed[0]!.id, name: 'book', version: 3 }]);
    const undone = await ok<{ restored: Generation['changed'] }>('POST', '/api/definitions/model/Loan/screens/undo', again);
    expect(undone.restored).toEqual([{ kind: 'form', id: loans.changed[0]!.id, name: 'book', version: 4 }]);
    const form = await ok<{ definition: Row[] }>('GET', '/api/definitions/form/book');
    expect(form.definition.at(-1)).toEqual({ cols: [{ childType: 'Grid', width: 12, name: 'book_loans' }] });
    expect(JSON.stringify(form.definition)).not.toContain('book_loans_2');
    expect((await call('GET', '/api/definitions/grid/book_loans_2')).status).toBe(404);

    // The book form edited since: refused, naming it, and nothing undone.
    const third = await ok<Generation>('POST', '/api/definitions/model/Loan/screens', {});
    const book = await ok<Row>('GET', '/api/definitions/form/book');
    await ok('PUT', '/api/definitions/form/book', { ...book, title: 'A book' });
    const byForm = await call<{ error: string }>('POST', '/api/definitions/model/Loan/screens/undo', third);
    expect(byForm.status).toBe(409);
    expect(byForm.body.error).toContain("The form 'book' was changed since its grids were added");
    expect((await call('GET', '/api/definitions/grid/book_loans_2')).status).toBe(200);
  });

  it('refuses to restore a form whose version did more than add generated grids', async () => {
    const book = await ok<{ id: string; version: number; definition: Row[] }>('GET', '/api/definitions/form/book');
    await ok('PUT', '/api/definitions/form/book', { ...book, definition: [...book.definition, { cols: [{ childType: 'Grid', width: 12, name: 'loans' }] }] });
    const res = await call<{ error: string }>('POST', '/api/definitions/model/Loan/screens/undo', { created: [], changed: [{ kind: 'form', id: book.id, version: book.version + 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain("The form 'book' at version");
  });

  it('puts the grid of a reference to its own model on the form it makes', async () => {
    await ok('POST', '/api/definitions/model', {
      name: 'Employee',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'manager', type: 'reference', target: 'Employee' },
      ],
    });
    const made = await ok<Generation>('POST', '/api/definitions/model/Employee/screens', {});
    expect(made.created.map((c) => c.name)).toEqual(['employee', 'employees', 'manager_employees']);
    expect(made.changed).toEqual([]);
    const form = await ok<{ definition: Row[] }>('GET', '/api/definitions/form/employee');
    expect(form.definition.at(-1)).toEqual({ cols: [{ childType: 'Grid', width: 12, name: 'manager_employees' }] });
    await ok('POST', '/api/definitions/model/Employee/screens/undo', made);
    expect((await call('GET', '/api/definitions/form/employee')).status).toBe(404);
  });
});

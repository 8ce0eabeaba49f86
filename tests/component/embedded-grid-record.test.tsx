import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormDefinition, GridDefinition } from '../../src/generated/definitions';
import { FormRoute } from '../../src/app/screens/FormScreen';
import { presetValues, returnAddress } from '../../src/app/screens/form/form-values';
import { recordActions, usesRecord, withRecord } from '../../src/runtime/views/grid-record';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/**
 * A grid embedded in a record's form lists for that record (docs/api.md, "The records that refer
 * to this one"): a book's form asks for its loans with ?record=, says to save first while adding,
 * and its New opens a loan preset to the book that comes back to the book when saved.
 */
const bookForm: FormDefinition = {
  id: 'b'.repeat(32),
  name: 'book',
  title: 'Book',
  model: 'Book',
  url: '/grid/books',
  definition: [
    { cols: [{ childType: 'Input', width: 12, name: 'title', label: 'Title', fieldtype: 'text', showlabelchecked: true }] },
    { cols: [{ childType: 'Grid', width: 12, name: 'book_loans' }] },
  ],
  actions: [],
};

const loanForm: FormDefinition = {
  id: 'c'.repeat(32),
  name: 'loan',
  title: 'Loan',
  model: 'Loan',
  url: '/grid/loans',
  definition: [
    {
      cols: [
        { childType: 'Input', width: 6, name: 'borrower', label: 'Borrower', fieldtype: 'text', showlabelchecked: true },
        { childType: 'Input', width: 6, name: 'book', label: 'Book', fieldtype: 'number', showlabelchecked: true },
      ],
    },
  ],
  actions: [],
};

const bookLoans: GridDefinition = {
  name: 'book_loans',
  title: 'Loans',
  model: 'Loan',
  paging: 3,
  pageSize: 50,
  definition: [{ name: 'borrower', label: 'Borrower', type: 'Text' }],
  actions: [{ url: '/form/loan/add/0?book=:record', label: 'New' }],
  rowactions: [{ url: '/form/loan/edit/:id', label: 'Edit' }],
  filters: [{ field: 'book', op: 'eq', value: { var: 'RECORD.id' } }],
};

/** Serves the two forms, book 7, the loans grid; answers the loans of the asked record and records each data url asked. */
function serve(asked: string[], saved: Record<string, unknown>[] = []) {
  server.use(
    http.get('*/api/form/book/definition', () => HttpResponse.json(bookForm)),
    http.get('*/api/form/loan/definition', () => HttpResponse.json(loanForm)),
    http.get('*/api/form/book/data/7', () => HttpResponse.json({ id: 7, title: 'Dune', _version: 1 })),
    http.get('*/api/grid/book_loans/definition', () => HttpResponse.json(bookLoans)),
    http.get('*/api/grid/book_loans/data/:page/:size', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      const rows = url.searchParams.get('record') === '7' ? [{ id: 1, borrower: 'Ann' }, ...saved.map((s, i) => ({ id: i + 2, ...s }))] : [];
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post('*/api/form/loan/add', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ id: 50, _version: 1 });
    }),
  );
}

function show(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        <Route path="/grid/loans" element={<p>all the loans</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  useSession.setState({ user: null });
});

describe('a grid embedded in a record form', () => {
  it("asks for the stored record's rows with ?record= and fills :record in its toolbar actions", async () => {
    const asked: string[] = [];
    serve(asked);
    show('/form/book/edit/7');
    expect(await screen.findByText('Ann')).toBeTruthy();
    expect(asked).toEqual(['/api/grid/book_loans/data/0/50?record=7']);
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/form/loan/add/0?book=7');
  });

  it('leaves out a grid the caller may not use, and shows the rest of the form', async () => {
    const asked: string[] = [];
    serve(asked);
    server.use(http.get('*/api/grid/book_loans/definition', () => HttpResponse.json({ error: "You may not use the grid 'book_loans'", code: 'FORBIDDEN' }, { status: 403 })));
    show('/form/book/edit/7');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Dune');
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    expect(screen.queryByText(/You may not use the grid/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Loans' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('says to save the record first while the form adds one, and asks for no rows', async () => {
    const asked: string[] = [];
    serve(asked);
    show('/form/book/add/0');
    expect(await screen.findByText('Save the book first to add its loans.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it("opens New with the book preset and, saved, returns to the book's form showing the new loan", async () => {
    const asked: string[] = [];
    const saved: Record<string, unknown>[] = [];
    serve(asked, saved);
    show('/form/book/edit/7');
    fireEvent.click(await screen.findByRole('link', { name: 'New' }));
    const book = (await screen.findByLabelText('Book')) as HTMLInputElement;
    expect(book.value).toBe('7');
    fireEvent.change(screen.getByLabelText('Borrower'), { target: { value: 'Bo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // Back on the book (not the loans grid), listing the new loan.
    expect(await screen.findByText('Bo')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Book' })).toBeTruthy();
    expect(screen.queryByText('all the loans')).toBeNull();
    expect(saved).toEqual([{ borrower: 'Bo', book: '7' }]);
  });

  it('without a return address, leaves to the form url as before', async () => {
    serve([]);
    show('/form/loan/add/0?book=7');
    await screen.findByLabelText('Borrower');
    fireEvent.change(screen.getByLabelText('Borrower'), { target: { value: 'Cy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('all the loans')).toBeTruthy());
  });
});

describe('the pieces', () => {
  it('finds RECORD.id in conditions, lists and groups only', () => {
    expect(usesRecord(bookLoans.filters)).toBe(true);
    expect(usesRecord([{ or: [{ field: 'book', op: 'in', value: [1, { var: 'RECORD.id' }] }] }])).toBe(true);
    expect(usesRecord([{ field: 'title', op: 'eq', value: 'RECORD.id' }, { fieldname: 'x', value: 'RECORD.id' }])).toBe(false);
    expect(usesRecord(undefined)).toBe(false);
  });

  it('adds the record to a data url, and fills or leaves out actions naming :record', () => {
    expect(withRecord('/api/grid/g/data', '7')).toBe('/api/grid/g/data?record=7');
    expect(withRecord('/api/grid/g/data/0/50?search=a', 'a b')).toBe('/api/grid/g/data/0/50?search=a&record=a%20b');
    expect(withRecord('/api/grid/g/data', null)).toBe('/api/grid/g/data');
    const actions = [{ url: '/form/loan/add/0?book=:record', label: 'New' }, { url: '/page/help', label: 'Help' }];
    expect(recordActions(actions, '7').map((a) => a.url)).toEqual(['/form/loan/add/0?book=7', '/page/help']);
    expect(recordActions(actions, '..').map((a) => a.url)).toEqual(['/page/help']);
    expect(recordActions(actions, null).map((a) => a.url)).toEqual(['/page/help']);
  });

  it("presets only the form's own fields, never id, and takes only an in-app return address", () => {
    expect(presetValues({ book: '', borrower: '', done: false }, '?book=7&id=3&other=x&done=true')).toEqual({ book: '7', borrower: '', done: true });
    expect(returnAddress({ back: '/form/book/edit/7' })).toBe('/form/book/edit/7');
    for (const back of ['//evil.example', 'https://evil.example', '/\\evil', 7]) expect(returnAddress({ back })).toBeNull();
    expect(returnAddress(null)).toBeNull();
  });
});

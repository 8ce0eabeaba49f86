import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GridDefinition } from '../../src/generated/definitions';
import { GridView } from '../../src/runtime/views/GridView';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/**
 * A grid's reference cells show the name the server sends in the row's `_labels` (docs/api.md,
 * "Grid data"), the stored id only when there is none; a grid sorting and searching its loaded
 * rows (mode 1) sees the names too.
 */
function loansGrid(): GridDefinition {
  return {
    id: 'c3d4',
    name: 'loans',
    title: 'Loans',
    model: 'Loan',
    paging: 1,
    definition: [
      { name: 'note', label: 'Note', type: 'Text' },
      { name: 'book', label: 'Book', type: 'Number' },
      { name: 'member', label: 'Member', type: 'Reference' },
    ],
  };
}

const loans = [
  { id: 1, note: 'n1', book: 3, member: 1, _labels: { book: 'Emma', member: 'Anna Rossi' } },
  { id: 2, note: 'n2', book: 1, member: 2, _labels: { book: 'Dune', member: 'Bob Marsh' } },
  // The book is gone: no name, so the cell shows the id the row still holds.
  { id: 3, note: 'n3', book: 99, member: null, _labels: {} },
];

function dataRows(): HTMLElement[] {
  const body = document.querySelector('tbody') as HTMLElement;
  return within(body)
    .queryAllByRole('row')
    .filter((r) => !r.classList.contains('grid-spacer'));
}

const cells = () => dataRows().map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));

beforeEach(() => {
  useSession.setState({ user: null });
  server.use(
    http.get('/api/grid/loans/definition', () => HttpResponse.json(loansGrid())),
    http.get('/api/grid/loans/data', () => HttpResponse.json(loans)),
  );
});

describe('a reference cell', () => {
  it("shows the target's name, whatever type the column says, and the id only where the row has no name", async () => {
    render(
      <MemoryRouter>
        <GridView name="loans" />
      </MemoryRouter>,
    );
    await screen.findByText('Emma');
    expect(cells()).toEqual([
      ['n1', 'Emma', 'Anna Rossi'],
      ['n2', 'Dune', 'Bob Marsh'],
      ['n3', '99', ''],
    ]);
    // A name reads as text, not as a number pushed to the right.
    expect(screen.getByText('Emma').className).not.toContain('text-end');
  });

  it('sorts and is searched by the name it shows', async () => {
    render(
      <MemoryRouter>
        <GridView name="loans" />
      </MemoryRouter>,
    );
    await screen.findByText('Emma');
    const header = screen.getByRole('columnheader', { name: 'Book' });
    fireEvent.click(within(header).getByRole('button'));
    // By name: Dune, Emma, then the row showing its id (a text column's values sort as text).
    expect(cells().map((c) => c[1])).toEqual(['99', 'Dune', 'Emma']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'rossi' } });
    await waitFor(() => expect(cells().map((c) => c[0])).toEqual(['n1']));
  });
});

describe('a row action', () => {
  it("names the row's record in its label by what the cells show: a reference's name, not its id", async () => {
    server.use(
      http.get('/api/grid/loans/definition', () =>
        HttpResponse.json({ ...loansGrid(), rowactions: [{ url: '/form/loan/edit/:id', label: 'Return :book to :member' }, { url: '/form/loan/edit/:id', label: 'Open :nothere' }] }),
      ),
    );
    render(
      <MemoryRouter>
        <GridView name="loans" />
      </MemoryRouter>,
    );
    await screen.findByText('Emma');
    expect(screen.getByRole('link', { name: 'Return Emma to Anna Rossi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Dune to Bob Marsh' })).toBeTruthy();
    // A gone book shows its id, as its cell does; an empty member leaves nothing.
    expect(screen.getByRole('link', { name: 'Return 99 to' })).toBeTruthy();
    // A placeholder that is no field of the row stays as written.
    expect(screen.getAllByRole('link', { name: 'Open :nothere' })).toHaveLength(3);
  });
});

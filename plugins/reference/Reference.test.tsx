import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReferenceColumn } from '../../src/plugin-kit';
import { mockApi as server, renderField } from '../../src/plugin-kit/testing';

/** Books as the server names them, in display order; 45 of them, so there are three pages of 20. */
const BOOKS = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, label: i === 0 ? 'Dune' : `Book ${String(i + 1).padStart(2, '0')}` })).sort((a, b) => a.label.localeCompare(b.label));

let asked: string[];

beforeEach(() => {
  asked = [];
  server.use(
    http.get('*/api/choices/Loan/book', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const id = url.searchParams.get('id');
      if (id !== null) return HttpResponse.json({ items: BOOKS.filter((b) => String(b.id) === id), more: false });
      const term = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 0);
      const found = BOOKS.filter((b) => b.label.toLowerCase().includes(term));
      return HttpResponse.json({ items: found.slice(page * 20, page * 20 + 20), more: found.length > page * 20 + 20 });
    }),
  );
});

const book: ReferenceColumn = { childType: 'Reference', width: 6, name: 'book', label: 'Book', open: '/form/book/edit/:id' };
const input = () => screen.getByRole('combobox', { name: 'Book' }) as HTMLInputElement;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('the Reference picker', () => {
  it('shows the stored record by its name, with a link that opens it', async () => {
    renderField(book, { book: 1 }, { model: 'Loan' });
    await waitFor(() => expect(input().value).toBe('Dune'));
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/form/book/edit/1');
    expect(asked).toEqual(['?id=1']);
  });

  it('searches as one types and picks by keyboard: arrows and Enter write the id, and the name shows', async () => {
    const rt = renderField(book, { book: '' }, { model: 'Loan' });
    fireEvent.click(input());
    await waitFor(() => expect(options()).toHaveLength(20));
    fireEvent.change(input(), { target: { value: 'dun' } });
    await waitFor(() => expect(options()).toEqual(['Dune']));
    expect(asked.at(-1)).toBe('?search=dun&page=0');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(rt.store.getState().values.book).toBe(1);
    await waitFor(() => expect(input().value).toBe('Dune'));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('loads the next page as the highlight nears the end of the list', async () => {
    renderField(book, { book: '' }, { model: 'Loan' });
    fireEvent.click(input());
    await waitFor(() => expect(options()).toHaveLength(20));
    for (let i = 0; i < 19; i++) fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await waitFor(() => expect(options()).toHaveLength(40));
    expect(asked.at(-1)).toBe('?search=&page=1');
  });

  it('says when nothing matches, and Escape leaves the value as it was', async () => {
    const rt = renderField(book, { book: 1 }, { model: 'Loan' });
    await waitFor(() => expect(input().value).toBe('Dune'));
    fireEvent.click(input());
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(await screen.findByText("No records match 'zzz'.")).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(rt.store.getState().values.book).toBe(1);
    await waitFor(() => expect(input().value).toBe('Dune'));
  });

  it('clears a field that is not required, and offers no Clear on a required one', async () => {
    const rt = renderField(book, { book: 1 }, { model: 'Loan' });
    await waitFor(() => expect(input().value).toBe('Dune'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Book' }));
    expect(rt.store.getState().values.book).toBe('');
    expect(input().value).toBe('');
    expect(screen.queryByRole('link', { name: 'Open' })).toBeNull();
  });

  it('has no Clear where the field is required, and shows the id of a record that is gone', async () => {
    renderField({ ...book, required: true }, { book: 99 }, { model: 'Loan' });
    await waitFor(() => expect(asked).toEqual(['?id=99']));
    expect(input().value).toBe('99');
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerateScreensDialog } from '../../src/app/screens/models/GenerateScreensDialog';
import { server } from '../support/msw';

/** The Generate screens dialog over a fake API: the preview's names, the menu choice, Generate, the links and Undo, errors. */
const MODEL = { id: '0123456789abcdef0123456789abcdef', name: 'Book', title: 'Books' };
const BASE = `/api/definitions/model/${MODEL.id}/screens`;
const MENUS = [
  { id: 'a'.repeat(32), name: 'library', title: 'Library' },
  { id: 'b'.repeat(32), name: 'admin', title: 'Administration' },
];

function generation(menu: string | null, ids: boolean) {
  const id = (c: string) => (ids ? c.repeat(32) : null);
  return {
    created: [
      { kind: 'select', id: id('1'), name: 'book_author' },
      { kind: 'form', id: id('2'), name: 'book' },
      { kind: 'grid', id: id('3'), name: 'books' },
    ],
    changed: menu ? [{ kind: 'menu', id: 'a'.repeat(32), name: menu, version: 2 }] : [],
  };
}

let posted: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  posted = [];
  server.use(
    http.get('/api/definitions/menu', () => HttpResponse.json(MENUS)),
    http.post(BASE, async ({ request }) => {
      const body = (await request.json()) as { menu: string | null; preview?: boolean };
      posted.push({ url: BASE, body });
      if (body.preview) return HttpResponse.json(generation(body.menu, false));
      return HttpResponse.json(generation(body.menu, true), { status: 201 });
    }),
    http.post(`${BASE}/undo`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({ url: `${BASE}/undo`, body });
      return HttpResponse.json({ deleted: [], restored: [] });
    }),
  );
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(onClose = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/models']}>
      <Routes>
        <Route path="*" element={<><Where /><GenerateScreensDialog model={MODEL} onClose={onClose} /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return onClose;
}

const items = () => within(screen.getByRole('list', { name: 'What will be made' })).getAllByRole('listitem').map((li) => li.textContent);

describe('the Generate screens dialog', () => {
  it('says what it will make under the names the server will use, writing nothing', async () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Generate screens for Books' })).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[0]).toContain('Lookup list book_author');
    expect(items()[1]).toContain('Form book');
    expect(items()[2]).toContain('Grid books');
    expect(posted).toEqual([{ url: BASE, body: { menu: null, preview: true } }]);
  });

  it('offers No card and every menu, and shows the card once a menu is chosen', async () => {
    open();
    const select = (await screen.findByLabelText('Add a card to the menu')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.text)).toEqual(['No card', 'Library (library)', 'Administration (admin)']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'library' } });
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items()[3]).toContain('A card on the menu library');
    expect(posted.at(-1)?.body).toEqual({ menu: 'library', preview: true });
  });

  it('generates, then links to the grid and form (Open and Design), focused on what was made', async () => {
    open();
    const select = (await screen.findByLabelText('Add a card to the menu')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    fireEvent.change(select, { target: { value: 'library' } });
    await waitFor(() => expect(items()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const heading = await screen.findByRole('heading', { name: 'Made 3 definitions and a card on the menu library' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(posted.at(-1)).toEqual({ url: BASE, body: { menu: 'library' } });
    expect(screen.getByRole('link', { name: 'Open the grid books' }).getAttribute('href')).toBe('/grid/books');
    expect(screen.getByRole('link', { name: 'Design the grid books' }).getAttribute('href')).toBe('/griddesigner/edit/books');
    expect(screen.getByRole('link', { name: 'Open the form book' }).getAttribute('href')).toBe('/form/book/add/0');
    expect(screen.getByRole('link', { name: 'Design the form book' }).getAttribute('href')).toBe('/formdesigner/edit/book');
    fireEvent.click(screen.getByRole('link', { name: 'Open the grid books' }));
    expect(screen.getByTestId('where').textContent).toBe('/grid/books');
  });

  it('undoes with the generation it was answered, and says so', async () => {
    open();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('heading', { name: /Made 3 definitions/ });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const done = await screen.findByText('Undone: the generated definitions were deleted.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(posted.at(-1)).toEqual({ url: `${BASE}/undo`, body: generation(null, true) });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("shows the server's reasons when generating or undoing is refused, and keeps the dialog usable", async () => {
    server.use(
      http.post(BASE, async ({ request }) => {
        const body = (await request.json()) as { preview?: boolean };
        if (body.preview) return HttpResponse.json(generation(null, false));
        return HttpResponse.json({ error: "Another grid is already named 'books'", code: 'CONFLICT' }, { status: 409 });
      }),
    );
    open();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Nothing was made: Another grid is already named 'books'");
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(false);

    server.use(
      http.post(BASE, () => HttpResponse.json(generation(null, true), { status: 201 })),
      http.post(`${BASE}/undo`, () => HttpResponse.json({ error: "The grid 'books' was changed since it was generated", code: 'CONFLICT' }, { status: 409 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('heading', { name: /Made 3 definitions/ });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Nothing was undone: The grid 'books' was changed since it was generated"));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('says why when the screens cannot be made at all, and offers no Generate', async () => {
    server.use(http.post(BASE, () => HttpResponse.json({ error: "The model 'User' is a system model: Tessera ships its screens", code: 'CONFLICT' }, { status: 409 })));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe("These screens cannot be made: The model 'User' is a system model: Tessera ships its screens");
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is left with Escape or Cancel', async () => {
    const onClose = open();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.keyDown(screen.getByLabelText('Add a card to the menu'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

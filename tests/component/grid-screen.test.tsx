import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GridEmbed } from '../../plugins/grid/GridEmbed';
import type { GridDefinition } from '../../src/generated/definitions';
import { GridScreen, ListScreen } from '../../src/app/screens/GridScreen';
import { GridView } from '../../src/runtime/views/GridView';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/** The users grid of fixtures/grids/users.json, with the paging mode under test. */
function usersGrid(extra: Partial<GridDefinition> = {}): GridDefinition {
  return {
    id: 'a1b2',
    name: 'users',
    title: 'Users',
    model: 'User',
    paging: 3,
    pageSize: 50,
    definition: [
      { name: 'user', label: 'User name', type: 'Text' },
      { name: 'email', label: 'E-mail', type: 'Text' },
      { name: 'secret', label: 'Secret', type: 'Text', hide: true },
    ],
    actions: [{ url: '/user/add/0', label: 'New user' }],
    rowactions: [
      { url: '/user/edit/:id', label: 'Edit', hint: 'Edit this user', showhintchecked: true },
      { url: '/changeuserpassword/:id', label: 'Change password', hint: 'A hint left switched off' },
    ],
    ...extra,
  };
}

/** A grid over a model of the app (not a system model), as an admin gets it: the server says it may be cleared. */
function clearableGrid(): GridDefinition {
  return { ...usersGrid({ paging: 1, model: 'Thing' }), canClear: true } as GridDefinition;
}

const people = [
  { id: 1, user: 'carol', email: 'carol@example.org', secret: 'x' },
  { id: 2, user: 'alice', email: 'alice@example.org', secret: 'bob' },
  { id: 3, user: 'bob', email: 'bob@example.org', secret: 'y' },
];

function definitionIs(grid: GridDefinition) {
  server.use(http.get(`/api/grid/${grid.name}/definition`, () => HttpResponse.json(grid)));
}

function renderGrid(ui = <GridView name="users" />) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

/** The body rows that show data (not the virtual spacers). */
function dataRows(): HTMLElement[] {
  const body = document.querySelector('tbody') as HTMLElement;
  return within(body)
    .queryAllByRole('row')
    .filter((r) => !r.classList.contains('grid-spacer'));
}

const userNames = () => dataRows().map((r) => r.querySelector('td')?.textContent);

beforeEach(() => {
  useSession.setState({ user: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('loading and errors', () => {
  it("shows 'Loading...' while the definition is on its way", async () => {
    server.use(
      http.get('/api/grid/users/definition', async () => {
        await delay(150);
        return HttpResponse.json(usersGrid({ paging: 1 }));
      }),
      http.get('/api/grid/users/data', () => HttpResponse.json(people)),
    );
    renderGrid();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('carol')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("shows the server's error text when the definition answers 500", async () => {
    server.use(http.get('/api/grid/users/definition', () => HttpResponse.json({ error: 'The grid exploded' }, { status: 500 })));
    renderGrid();
    expect((await screen.findByRole('alert')).textContent).toBe('The grid exploded');
  });

  it("shows the server's error text when the data answers 500", async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json({ error: 'No data today' }, { status: 500 })));
    renderGrid();
    expect((await screen.findByRole('alert')).textContent).toBe('No data today');
  });

  it("shows 'No records' for an empty list", async () => {
    definitionIs(usersGrid({ paging: 3 }));
    server.use(http.get('/api/grid/users/data/:page/:size', () => HttpResponse.json({ rows: [], count: 0 })));
    renderGrid();
    expect(await screen.findByText('No records')).toBeTruthy();
    expect(screen.getByText('0 records')).toBeTruthy();
  });
});

describe('toolbar', () => {
  it('shows the title, actions, visible columns only, Clear, the search box, and row actions built from the row', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/user/add/0');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['User name', 'E-mail', 'Actions']);
    // The users grid is over the system model User: the server refuses to clear it, so no Clear.
    expect(screen.queryByRole('button', { name: 'Clear grid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy();
    expect(screen.getByLabelText('Search').getAttribute('placeholder')).toBe('Input search string...');

    const alice = dataRows().find((r) => r.textContent?.includes('alice')) as HTMLElement;
    const edit = within(alice).getByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/user/edit/2');
    expect(edit.getAttribute('title')).toBe('Edit this user');
    const change = within(alice).getByRole('link', { name: 'Change password' });
    expect(change.getAttribute('href')).toBe('/changeuserpassword/2');
    // A hint without showhintchecked is not shown.
    expect(change.getAttribute('title')).toBeNull();
    expect(screen.queryByTitle('A hint left switched off')).toBeNull();
    expect(screen.getAllByTitle('Edit this user')).toHaveLength(3);
    // Not an admin: no designer link.
    expect(screen.queryByRole('link', { name: 'Edit grid' })).toBeNull();
  });

  it("leaves a row action inert when a value would walk its url up ('..') or is missing", async () => {
    definitionIs(usersGrid({ paging: 1, rowactions: [{ url: '/form/:user/edit/:email', label: 'Open' }] }));
    server.use(
      http.get('/api/grid/users/data', () =>
        HttpResponse.json([
          { id: 1, user: '..', email: 'logout' },
          { id: 2, user: 'alice', email: '' },
          { id: 3, user: 'bob', email: 'bob@example.org' },
        ]),
      ),
    );
    renderGrid();
    await screen.findByText('bob');
    const rowOf = (text: string) => dataRows().find((r) => r.querySelector('td')?.textContent === text) as HTMLElement;
    expect(within(rowOf('bob')).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/form/bob/edit/bob%40example.org');
    for (const name of ['..', 'alice']) {
      expect(within(rowOf(name)).queryByRole('link')).toBeNull();
      expect(within(rowOf(name)).getByText('Open').closest('[aria-disabled="true"]')).not.toBeNull();
    }
  });

  it('gives admins an edit link to the grid designer', async () => {
    useSession.setState({ user: { id: 1, user: 'admin', email: 'a@x.org', Admin: true, FrontPage: '' } });
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    expect((await screen.findByRole('link', { name: 'Edit grid' })).getAttribute('href')).toBe('/griddesigner/edit/a1b2');
  });

  it('hides the title, Clear and the search box when the definition says so', async () => {
    definitionIs(usersGrid({ paging: 1, hideToolbar: true, hideClear: true, hideSearchBox: true, canClear: true } as Partial<GridDefinition>));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
    expect(screen.queryByLabelText('Search')).toBeNull();
  });

  it('renders Image cells as images and formats Date and Number cells', async () => {
    definitionIs(
      usersGrid({
        paging: 1,
        rowactions: [],
        definition: [
          { name: 'photo', label: 'Photo', type: 'Image' },
          { name: 'born', label: 'Born', type: 'Date' },
          { name: 'score', label: 'Score', type: 'Number' },
        ],
      }),
    );
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json([{ id: 1, photo: '/img/a.png', born: '1990-04-01T00:00:00Z', score: 7.5 }])));
    renderGrid();
    const img = await screen.findByRole('img', { name: 'Photo' });
    expect(img.getAttribute('src')).toBe('/img/a.png');
    expect(screen.getByText('1990-04-01')).toBeTruthy();
    expect(screen.getByText('7.5')).toBeTruthy();
  });

  it('never loads an Image cell from the API or from another scheme: a record cannot sign its viewers out', async () => {
    definitionIs(usersGrid({ paging: 1, rowactions: [], definition: [{ name: 'user', label: 'User', type: 'Text' }, { name: 'photo', label: 'Photo', type: 'Image' }] }));
    server.use(
      http.get('/api/grid/users/data', () =>
        HttpResponse.json([
          { id: 1, user: 'a', photo: '/api/logout' },
          { id: 2, user: 'b', photo: 'javascript:alert(1)' },
          { id: 3, user: 'c', photo: `${window.location.origin}/api/logout` },
          { id: 4, user: 'd', photo: 'https://cdn.example.com/d.png' },
        ]),
      ),
    );
    renderGrid();
    await screen.findByText('d');
    expect(screen.getAllByRole('img', { name: 'Photo' }).map((i) => i.getAttribute('src'))).toEqual(['https://cdn.example.com/d.png']);
  });

  it("shows Clear grid (apart from the search box's 'Clear search', after everything else in the toolbar) only when the server says this caller may clear", async () => {
    useSession.setState({ user: { id: 1, user: 'admin', email: 'a@x.org', Admin: true, FrontPage: '' } });
    definitionIs(clearableGrid());
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    const { unmount } = renderGrid();
    await screen.findByText('carol');
    const clearGrid = screen.getByRole('button', { name: 'Clear grid' });
    expect(clearGrid.textContent?.trim()).toBe('Clear grid');
    expect(clearGrid.className).toContain('btn-outline-danger');
    const search = screen.getByRole('search');
    expect(within(search).getByRole('button', { name: 'Clear search' })).toBeTruthy();
    expect(within(search).queryByRole('button', { name: 'Clear grid' })).toBeNull();
    // Not next to the search box: the toolbar's last control.
    expect(clearGrid.parentElement?.lastElementChild).toBe(clearGrid);
    expect(search.nextElementSibling).not.toBe(clearGrid);
    expect(screen.getAllByRole('button', { name: /^Clear/ })).toHaveLength(2);
    unmount();

    // The same grid for a caller the server would refuse (not an admin, or a system model).
    definitionIs({ ...clearableGrid(), canClear: false } as GridDefinition);
    renderGrid();
    await screen.findByText('carol');
    expect(screen.queryByRole('button', { name: 'Clear grid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy();
  });

  it("asks 'Clear grid?' with the number of rows it deletes, then DELETEs and loads the rows again", async () => {
    definitionIs(clearableGrid());
    let loads = 0;
    let cleared = 0;
    server.use(
      http.get('/api/grid/users/data', () => HttpResponse.json(loads++ === 0 ? people : [])),
      http.delete('/api/grid/users/clear/', () => {
        cleared++;
        return HttpResponse.json({ success: true });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderGrid();
    await screen.findByText('carol');

    fireEvent.click(screen.getByRole('button', { name: 'Clear grid' }));
    expect(confirm).toHaveBeenCalledWith('Clear grid? This deletes all 3 rows.');
    await delay(20);
    expect(cleared).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear grid' }));
    expect(await screen.findByText('No records')).toBeTruthy();
    expect(cleared).toBe(1);
    expect(loads).toBe(2);
  });

  it('counts every row of a searched mode 3 grid, not only the rows the search shows', async () => {
    definitionIs({ ...usersGrid({ model: 'Thing' }), canClear: true } as GridDefinition);
    server.use(
      http.get('/api/grid/users/data/:page/:size', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        return HttpResponse.json(search ? { rows: people.slice(0, 1), count: 1 } : { rows: people, count: 1234 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderGrid();
    await screen.findByText('carol');
    fireEvent.click(screen.getByRole('button', { name: 'Clear grid' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Clear grid? This deletes all 1,234 rows.'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'carol' } });
    await waitFor(() => expect(screen.getByText('1 record')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Clear grid' }));
    await waitFor(() => expect(confirm).toHaveBeenLastCalledWith('Clear grid? This deletes all 1,234 rows.'));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('shows the error when clearing is refused', async () => {
    definitionIs(clearableGrid());
    server.use(
      http.get('/api/grid/users/data', () => HttpResponse.json(people)),
      http.delete('/api/grid/users/clear/', () => HttpResponse.json({ error: 'Admins only' }, { status: 403 })),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderGrid();
    await screen.findByText('carol');
    fireEvent.click(screen.getByRole('button', { name: 'Clear grid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Admins only');
  });
});

describe('paging mode 1 (all rows, on the client)', () => {
  it('sorts by a header click, ascending then descending, and searches only visible fields', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    expect(userNames()).toEqual(['carol', 'alice', 'bob']);

    const header = screen.getByRole('columnheader', { name: 'User name' });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(userNames()).toEqual(['alice', 'bob', 'carol']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(userNames()).toEqual(['carol', 'bob', 'alice']);

    // 'bob' is also alice's hidden secret; only bob's own row matches.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'BOB' } });
    await waitFor(() => expect(userNames()).toEqual(['bob']));
    expect(screen.getByText('1 record')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(userNames()).toEqual(['carol', 'bob', 'alice']));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  describe('with 10,000 rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, user: `user${i + 1}`, email: `u${i + 1}@example.org` }));
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');

    beforeEach(() => {
      // jsdom has no layout: the scroll container claims a 410 px viewport (10 rows of 41 px).
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('grid-scroll') ? 410 : 0;
        },
      });
    });
    afterEach(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
    });

    it('keeps only the rows in view (plus overscan) in the DOM, and follows scrolling', async () => {
      definitionIs(usersGrid({ paging: 1 }));
      server.use(http.get('/api/grid/users/data', () => HttpResponse.json(rows)));
      renderGrid();
      await screen.findByText('user1');
      expect(screen.getByText('10000 records')).toBeTruthy();
      const shown = dataRows().length;
      expect(shown).toBeGreaterThanOrEqual(10);
      // 10 visible rows + 5 overscan each side: at most twice the rows in view, of 10,000.
      expect(shown).toBeLessThanOrEqual(20);
      expect(document.querySelectorAll('tr').length).toBeLessThanOrEqual(23);

      const scroller = document.querySelector('.grid-scroll') as HTMLElement;
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 41 * 5000 });
      fireEvent.scroll(scroller);
      expect(await screen.findByText('user5001')).toBeTruthy();
      expect(screen.queryByText('user1')).toBeNull();
      expect(dataRows().length).toBeLessThanOrEqual(20);
    });

    it('sorts and searches all 10,000 rows, not only those in the DOM', async () => {
      definitionIs(usersGrid({ paging: 1 }));
      server.use(http.get('/api/grid/users/data', () => HttpResponse.json(rows)));
      renderGrid();
      await screen.findByText('user1');
      fireEvent.click(within(screen.getByRole('columnheader', { name: 'User name' })).getByRole('button'));
      fireEvent.click(within(screen.getByRole('columnheader', { name: 'User name' })).getByRole('button'));
      // Descending in locale order: user9999 comes first.
      await waitFor(() => expect(userNames()[0]).toBe('user9999'));
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'u7777@' } });
      await waitFor(() => expect(userNames()).toEqual(['user7777']));
    });
  });
});

describe('record count and the mode 1 limit', () => {
  it("says '1 record' for one and 'N records' otherwise, following the search", async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    expect(screen.getByText('3 records')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'carol' } });
    expect(screen.getByText('1 record')).toBeTruthy();
    expect(screen.queryByText(/1 records/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    expect(screen.getByText('0 records')).toBeTruthy();
  });

  it("says '1 record' for a server page of one", async () => {
    definitionIs(usersGrid({ paging: 3 }));
    server.use(http.get('/api/grid/users/data/:page/:size', () => HttpResponse.json({ rows: [people[0]], count: 1 })));
    renderGrid();
    await screen.findByText('carol');
    expect(screen.getByText('1 record')).toBeTruthy();
  });

  const limit = /Only the first 100,000 records are loaded/;
  const hundredThousand = Array.from({ length: 100_000 }, (_, i) => ({ id: i + 1, user: `user${i + 1}` }));

  it('warns of the limit only when the server says it left rows out, not for exactly 100,000 rows', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(hundredThousand)));
    const { unmount } = renderGrid();
    await screen.findByText('user1', undefined, { timeout: 10_000 });
    expect(screen.getByText('100000 records')).toBeTruthy();
    expect(screen.queryByText(limit)).toBeNull();
    unmount();

    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(hundredThousand, { headers: { 'x-truncated': 'true' } })));
    renderGrid();
    await screen.findByText('user1', undefined, { timeout: 10_000 });
    expect(screen.getByText(limit)).toBeTruthy();
  }, 30_000);

  it('does not warn for a small grid', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    expect(screen.queryByText(limit)).toBeNull();
  });
});

describe('column headers', () => {
  it('sorts on a click anywhere in the header cell, and every sortable cell says its direction with aria-sort', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid();
    await screen.findByText('carol');
    const user = screen.getByRole('columnheader', { name: 'User name' });
    const email = screen.getByRole('columnheader', { name: 'E-mail' });
    expect(user.getAttribute('aria-sort')).toBe('none');
    expect(email.getAttribute('aria-sort')).toBe('none');

    // The cell itself (its padding, beside the label), not the label's button.
    fireEvent.click(email);
    expect(email.getAttribute('aria-sort')).toBe('ascending');
    expect(user.getAttribute('aria-sort')).toBe('none');
    expect(userNames()).toEqual(['alice', 'bob', 'carol']);
    fireEvent.click(email);
    expect(email.getAttribute('aria-sort')).toBe('descending');
    expect(userNames()).toEqual(['carol', 'bob', 'alice']);

    // A click on the label sorts once, not twice (ascending, not back to descending).
    fireEvent.click(within(user).getByRole('button', { name: 'User name' }));
    expect(user.getAttribute('aria-sort')).toBe('ascending');
    expect(email.getAttribute('aria-sort')).toBe('none');
    expect(userNames()).toEqual(['alice', 'bob', 'carol']);
  });

  it('sends a sort from a click on the header cell to the server in mode 3', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/grid/users/data/:page/:size', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q.get('sort') && `${q.get('sort')} ${q.get('dir')}`);
        return HttpResponse.json({ rows: people, count: 3 });
      }),
    );
    renderGrid();
    await screen.findByText('carol');
    const email = screen.getByRole('columnheader', { name: 'E-mail' });
    fireEvent.click(email);
    await waitFor(() => expect(asked.at(-1)).toBe('email asc'));
    expect(email.getAttribute('aria-sort')).toBe('ascending');
  });
});

/**
 * A keystroke as the browser delivers it: a native input event outside act(), so React renders
 * only what the keystroke itself renders (act() would also flush deferred and later work), then
 * the microtasks in which React commits a keystroke's update.
 */
async function typeLikeAUser(input: HTMLInputElement, value: string) {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = before;
  }
  expect(input.value).toBe(value);
}

describe('search timing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('filters a large client-side grid (mode 1) on each keystroke, with no debounce', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, user: `user${i + 1}`, email: `u${i + 1}@example.org` }));
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(rows)));
    renderGrid();
    await screen.findByText('user1');
    // No timer may run: the rows must be filtered by the keystroke itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const input = screen.getByLabelText('Search') as HTMLInputElement;
    await typeLikeAUser(input, 'u777');
    expect(userNames()).toEqual(['user777', 'user7770', 'user7771', 'user7772', 'user7773', 'user7774', 'user7775', 'user7776', 'user7777', 'user7778', 'user7779']);
    await typeLikeAUser(input, 'u7777@');
    expect(userNames()).toEqual(['user7777']);
    await typeLikeAUser(input, '');
    expect(userNames()[0]).toBe('user1');
  });

  it('still debounces the server-side search of mode 3', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    const searched: string[] = [];
    server.use(
      http.get('/api/grid/users/data/:page/:size', ({ request }) => {
        const term = new URL(request.url).searchParams.get('search');
        if (term) searched.push(term);
        return HttpResponse.json(term ? { rows: [people[1]], count: 1 } : { rows: people, count: 3 });
      }),
    );
    renderGrid();
    await screen.findByText('carol');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = screen.getByLabelText('Search');
    fireEvent.change(input, { target: { value: 'al' } });
    fireEvent.change(input, { target: { value: 'ali' } });
    vi.advanceTimersByTime(200);
    // Nothing asked yet, and the rows on screen are still the server's unsearched page.
    expect(searched).toEqual([]);
    expect(userNames()).toEqual(['carol', 'alice', 'bob']);
    vi.advanceTimersByTime(100);
    vi.useRealTimers();
    await waitFor(() => expect(userNames()).toEqual(['alice']));
    expect(searched).toEqual(['ali']);
  });
});

describe('paging mode 2 (first N rows, on the client)', () => {
  it('asks for the first pageSize rows, then sorts and searches without the server', async () => {
    definitionIs(usersGrid({ paging: 2, pageSize: 25 }));
    let calls = 0;
    server.use(
      http.get('/api/grid/users/data/:n', ({ params }) => {
        calls++;
        expect(params.n).toBe('25');
        return HttpResponse.json(people);
      }),
    );
    renderGrid();
    await screen.findByText('carol');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'E-mail' })).getByRole('button'));
    expect(userNames()).toEqual(['alice', 'bob', 'carol']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'car' } });
    await waitFor(() => expect(userNames()).toEqual(['carol']));
    await delay(300);
    expect(calls).toBe(1);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

describe('paging mode 3 (pages from the server)', () => {
  interface Asked {
    page: string;
    size: string;
    search: string | null;
    sort: string | null;
    dir: string | null;
  }

  /** 1,000 users in pages (100 pages of 10); every request is recorded with its query. */
  function pagedUsers(count = 1000) {
    const asked: Asked[] = [];
    server.use(
      http.get('/api/grid/users/data/:page/:size', ({ request, params }) => {
        const q = new URL(request.url).searchParams;
        asked.push({ page: String(params.page), size: String(params.size), search: q.get('search'), sort: q.get('sort'), dir: q.get('dir') });
        const page = Number(params.page);
        const size = Number(params.size);
        const rows = Array.from({ length: Math.max(0, Math.min(size, count - page * size)) }, (_, i) => {
          const id = page * size + i + 1;
          return { id, user: `user${id}`, email: `u${id}@example.org` };
        });
        return HttpResponse.json({ rows, count });
      }),
    );
    return asked;
  }

  const nav = () => screen.getByRole('navigation', { name: 'Pagination' });
  const navButton = (name: string) => within(nav()).getByRole('button', { name }) as HTMLButtonElement;
  const pageNumbers = () =>
    within(nav())
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => /^\d+$/.test(t ?? ''));
  const current = () => nav().querySelector('[aria-current="page"]')?.textContent;

  it('disables First and Previous on the first page and Next and Last on the last, with 100 pages', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    const asked = pagedUsers();
    renderGrid();
    await screen.findByText('user1');
    expect(asked[0]).toEqual({ page: '0', size: '10', search: null, sort: null, dir: null });
    expect(screen.getByText('1000 records')).toBeTruthy();
    expect(navButton('First').disabled).toBe(true);
    expect(navButton('Previous').disabled).toBe(true);
    expect(navButton('Next').disabled).toBe(false);
    expect(navButton('Last').disabled).toBe(false);
    expect(current()).toBe('1');
    expect(pageNumbers()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));

    fireEvent.click(navButton('Last'));
    await screen.findByText('user991');
    expect(asked.at(-1)?.page).toBe('99');
    expect(navButton('Next').disabled).toBe(true);
    expect(navButton('Last').disabled).toBe(true);
    expect(navButton('First').disabled).toBe(false);
    expect(navButton('Previous').disabled).toBe(false);
    expect(current()).toBe('100');
    expect(pageNumbers()[0]).toBe('81');

    fireEvent.click(navButton('Previous'));
    await screen.findByText('user981');
    expect(asked.at(-1)?.page).toBe('98');
  });

  it('shows a window of 20 page numbers starting 5 before the current page', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    const asked = pagedUsers();
    renderGrid();
    await screen.findByText('user1');
    fireEvent.click(navButton('20'));
    await screen.findByText('user191');
    expect(asked.at(-1)?.page).toBe('19');
    expect(current()).toBe('20');
    expect(pageNumbers()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 15)));
    fireEvent.click(navButton('30'));
    await screen.findByText('user291');
    expect(pageNumbers()[0]).toBe('25');
    expect(pageNumbers()).toHaveLength(20);
    expect(current()).toBe('30');
  });

  it('sends the search (debounced, back to page 0) and the header sort to the server', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    const asked = pagedUsers();
    renderGrid();
    await screen.findByText('user1');
    fireEvent.click(navButton('Next'));
    await screen.findByText('user11');

    const input = screen.getByLabelText('Search');
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.change(input, { target: { value: 'al' } });
    fireEvent.change(input, { target: { value: 'ali' } });
    await waitFor(() => expect(asked.at(-1)?.search).toBe('ali'));
    // Typing fast asks once, for the last term, from the first page.
    expect(asked.filter((a) => a.search !== null)).toEqual([{ page: '0', size: '10', search: 'ali', sort: null, dir: null }]);

    const header = screen.getByRole('columnheader', { name: 'E-mail' });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: '0', size: '10', search: 'ali', sort: 'email', dir: 'asc' }));
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: 'email', dir: 'desc' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: null, sort: 'email', dir: 'desc' }));
  });

  it('a single page disables every step button', async () => {
    definitionIs(usersGrid({ paging: 3, pageSize: 10 }));
    pagedUsers(3);
    renderGrid();
    await screen.findByText('user3');
    for (const name of ['First', 'Previous', 'Next', 'Last']) expect(navButton(name).disabled).toBe(true);
    expect(pageNumbers()).toEqual(['1']);
  });
});

describe('routes and the Grid column plugin', () => {
  it('/grid/:name loads the grid the url names', async () => {
    definitionIs(usersGrid({ name: 'orders', title: 'Orders', paging: 1 }));
    server.use(http.get('/api/grid/orders/data', () => HttpResponse.json(people)));
    render(
      <MemoryRouter initialEntries={['/grid/orders']}>
        <Routes>
          <Route path="/grid/:name" element={<GridScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
  });

  it('a list route shows its fixed grid', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    renderGrid(<ListScreen grid="users" />);
    expect(await screen.findByText('carol')).toBeTruthy();
  });

  it('the Grid column shows the grid its name points to, as a smaller heading', async () => {
    definitionIs(usersGrid({ paging: 1 }));
    server.use(http.get('/api/grid/users/data', () => HttpResponse.json(people)));
    const noop = () => undefined;
    renderGrid(<GridEmbed column={{ childType: 'Grid', width: 12, name: 'users' }} mode="view" id="g" value={undefined} onChange={noop} error="" invalid={false} disabled={false} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Users' })).toBeTruthy();
    expect(await screen.findByText('carol')).toBeTruthy();
  });

  it('a Grid column without a grid code says so and calls nothing', () => {
    const noop = () => undefined;
    renderGrid(<GridEmbed column={{ childType: 'Grid', width: 12 }} mode="view" id="g" value={undefined} onChange={noop} error="" invalid={false} disabled={false} />);
    expect(screen.getByText('Grid: no grid chosen')).toBeTruthy();
  });
});

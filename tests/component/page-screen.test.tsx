import { cleanup, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../src/generated/definitions';
import { HomeScreen } from '../../src/app/screens/HomeScreen';
import { PageScreen } from '../../src/app/screens/PageScreen';
import { useNavbarState } from '../../src/app/shell/navbar-state';
import { useSession, type SessionUser } from '../../src/runtime/session';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';


const about: PageDefinition = {
  id: 'b'.repeat(32),
  name: 'about',
  title: 'About Tessera',
  definition: [
    { cols: [{ childType: 'Text', width: 12, text: 'Tessera is a low-code builder.' }] },
    { cols: [{ childType: 'Card', width: 12, title: 'More', rows: [{ cols: [{ childType: 'Html', width: 0, html: '<p>Runs on <strong>SQLite</strong></p>' }] }] }] },
  ],
  actions: [
    { url: '/page/help', label: 'Help' },
    { url: '/grid/customers', label: 'Customers', rightalignchecked: true },
  ],
};

const user: SessionUser = { id: 1, user: 'ada', email: 'ada@example.com', Admin: false, FrontPage: '' };

function signIn(changes: Partial<SessionUser> = {}) {
  useSession.setState({ user: { ...user, ...changes }, loading: false, setupNotCompleted: false, error: '' });
}

function answer(name: string, page: PageDefinition) {
  server.use(http.get(`/api/page/${name}/definition`, () => HttpResponse.json(page)));
}

function showPage(name: string) {
  return render(
    <MemoryRouter initialEntries={[`/page/${name}`]}>
      <Routes>
        <Route path="/page/:name" element={<PageScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  // Unmount first: signing out under a mounted home screen would send it to fetch 'frontpage'.
  cleanup();
  useSession.setState({ user: null, loading: true });
});

describe('the page screen', () => {
  it("shows 'Loading...' until the definition arrives", async () => {
    server.use(
      http.get('/api/page/about/definition', async () => {
        await delay(200);
        return HttpResponse.json(about);
      }),
    );
    showPage('about');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'About Tessera' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tessera' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the title, the actions on both sides and the rows of columns', async () => {
    answer('about', about);
    showPage('about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tessera' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/page/help');
    expect(screen.getByRole('link', { name: 'Customers' }).getAttribute('href')).toBe('/grid/customers');
    expect(screen.getByText('Tessera is a low-code builder.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'More' })).toBeTruthy();
    expect(screen.getByText('SQLite').tagName).toBe('STRONG');
  });

  it('leaves out the toolbar when the definition hides it', async () => {
    answer('about', { ...about, hideToolbar: true });
    showPage('about');
    expect(await screen.findByText('Tessera is a low-code builder.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'About Tessera' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
  });

  it('centres a centred page', async () => {
    answer('about', { ...about, center: true });
    showPage('about');
    const heading = await screen.findByRole('heading', { level: 1, name: 'About Tessera' });
    expect(heading.className).toContain('text-center');
    const page = screen.getByRole('region', { name: 'About Tessera' });
    expect(page.className).toContain('mx-auto');
    expect(page.style.maxWidth).not.toBe('');
  });

  it("shows the server's error text in the red banner", async () => {
    server.use(http.get('/api/page/about/definition', () => HttpResponse.json({ error: 'The page could not be read' }, { status: 500 })));
    showPage('about');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The page could not be read');
    expect(alert.className).toContain('alert-danger');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('offers admins a link to edit the page in the page designer', async () => {
    signIn({ Admin: true });
    answer('about', about);
    showPage('about');
    const edit = await screen.findByRole('link', { name: 'Edit page' });
    expect(edit.getAttribute('href')).toBe(`/pagedesigner/edit/${about.id}`);
  });

  it('puts the actions, and for admins the edit link, in the navbar when the toolbar is hidden', async () => {
    signIn({ Admin: true });
    answer('about', { ...about, hideToolbar: true });
    const shown = showPage('about');
    await screen.findByText('Tessera is a low-code builder.');
    await waitFor(() => expect(useNavbarState.getState()).toEqual({ actions: about.actions, edit: { url: '/pagedesigner/edit/', id: about.id } }));
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
    shown.unmount();
    // The next screen does not inherit them.
    expect(useNavbarState.getState()).toEqual({ actions: [], edit: null });
  });

  it('gives other users only the actions in the navbar, and keeps a shown toolbar out of it', async () => {
    signIn({ Admin: false });
    answer('about', { ...about, hideToolbar: true });
    const hidden = showPage('about');
    await screen.findByText('Tessera is a low-code builder.');
    // The navbar is told in an effect, which a loaded machine may run after the text is drawn.
    await waitFor(() => expect(useNavbarState.getState()).toEqual({ actions: about.actions, edit: null }));
    hidden.unmount();
    answer('about', about);
    showPage('about');
    await screen.findByRole('heading', { name: 'About Tessera' });
    expect(useNavbarState.getState()).toEqual({ actions: [], edit: null });
  });

  it('shows no edit link to other users', async () => {
    signIn({ Admin: false });
    answer('about', about);
    showPage('about');
    expect(await screen.findByRole('heading', { name: 'About Tessera' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
  });
});

describe('the home screen', () => {
  function showHome() {
    return render(
      <MemoryRouter>
        <HomeScreen />
      </MemoryRouter>,
    );
  }

  it("shows the signed-in user's front page", async () => {
    signIn({ FrontPage: 'about' });
    answer('about', about);
    showHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tessera' })).toBeTruthy();
  });

  it("falls back to the page named 'frontpage' when the user chose none", async () => {
    signIn({ FrontPage: '' });
    answer('frontpage', { name: 'frontpage', title: 'Welcome', definition: [], actions: [] });
    showHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
  });

  it('shows an admin who chose no front page the getting-started page, with a link to each designer list', async () => {
    for (const FrontPage of ['', 'frontpage']) {
      signIn({ Admin: true, FrontPage });
      const { unmount } = showHome();
      expect(screen.getByRole('heading', { level: 1, name: 'Getting started' })).toBeTruthy();
      const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([
        ['Forms', '/forms'],
        ['Grids', '/grids'],
        ['Pages', '/pages'],
        ['Work Flows', '/menus'],
        ['Selects', '/selects'],
        ['Automations', '/automations'],
        ['Models', '/models'],
        ['Users', '/users'],
        ['Groups', '/groups'],
        ['Export and import', '/transfer'],
        ['API Reference', '/apidocs'],
      ]);
      expect(screen.queryByText(/Use the menus above/)).toBeNull();
      unmount();
    }
  });

  it('shows an admin who chose a front page that page, not the getting-started page', async () => {
    signIn({ Admin: true, FrontPage: 'about' });
    answer('about', about);
    showHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Tessera' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });

  it("shows a non-admin the 'frontpage' page even when it is chosen by its default name", async () => {
    signIn({ FrontPage: 'frontpage' });
    answer('frontpage', { name: 'frontpage', title: 'Welcome', definition: [], actions: [] });
    showHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
  });
});

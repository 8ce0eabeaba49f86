import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../src/generated/definitions';
import { Footer } from '../../src/app/shell/Footer';
import { LicenceStatus, MainLayout } from '../../src/app/shell/Layouts';
import { Modal } from '../../src/ui/Modal';
import { Navbar } from '../../src/app/shell/Navbar';
import { useNavbar, useNavbarState } from '../../src/app/shell/navbar-state';
import { PageHead } from '../../src/runtime/views/PageHead';
import { useSession, type SessionUser, type EnvValues } from '../../src/runtime/session';
import { ALICE, ROOT as ADMIN, testEnv } from '../support/client-fixtures';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

// The machine running the suites is shared; the default 1 s wait for an msw answer proved too tight under load.
configure({ asyncUtilTimeout: 5000 });

const ENV: EnvValues = testEnv({ ENVIRONMENT_NAME: 'Acme Test', TOOLBAR_CLASS: 'navbar-light bg-warning' });

function session(user: SessionUser | null, env: Partial<EnvValues> | null = {}, loading = false) {
  useSession.setState({ loading, user, env: env ? { ...ENV, ...env } : null, setupNotCompleted: false, error: '', viewingAs: null });
}

/** Shows where the router is, so navigation can be asserted. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderNavbar(props: Parameters<typeof Navbar>[0] = {}) {
  return render(
    <MemoryRouter initialEntries={['/somewhere']}>
      <Navbar {...props} />
      <Where />
    </MemoryRouter>,
  );
}

const openSettings = () => fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
const entryNames = () => screen.getAllByRole('menuitem').map((el) => el.textContent);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  useNavbarState.setState({ actions: [], edit: null });
});

describe('the Settings menu', () => {
  it('shows an admin every entry, in order, with preferences and security on', () => {
    session(ADMIN);
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Settings' });
    expect(toggle.getAttribute('aria-haspopup')).toBe('menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    openSettings();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(entryNames()).toEqual([
      'Users', 'Groups', 'Permissions', 'View as…', 'Backup Repository', 'Restore Repository', 'Settings', 'Data history', 'Automation runs', 'Access Log', 'API Reference', 'Export and import', 'My Details', 'Change password', 'About',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('menuitem', { name: 'Groups' }).getAttribute('href')).toBe('/groups');
    expect(screen.getByRole('menuitem', { name: 'Permissions' }).getAttribute('href')).toBe('/permissions');
  });

  it('shows a normal user only My Details, Change password and About', () => {
    session(ALICE);
    renderNavbar();
    openSettings();
    expect(entryNames()).toEqual(['My Details', 'Change password', 'About']);
  });

  it('hides Backup, Restore and Settings from an admin when ENABLE_PREFERENCES_SCREEN is 0', () => {
    session(ADMIN, { ENABLE_PREFERENCES_SCREEN: 0 });
    renderNavbar();
    openSettings();
    expect(entryNames()).toEqual(['Users', 'Groups', 'Permissions', 'View as…', 'Data history', 'Automation runs', 'Access Log', 'API Reference', 'Export and import', 'My Details', 'Change password', 'About']);
  });

  it("while an administrator views as someone, shows that user's entries: no View as, and no account of a group's", () => {
    session(ALICE);
    act(() => useSession.setState({ viewingAs: { kind: 'user', id: ALICE.id, label: ALICE.user } }));
    renderNavbar();
    openSettings();
    expect(entryNames()).toEqual(['My Details', 'Change password', 'About']);
    act(() => useSession.setState({ user: { ...ALICE, id: -1, user: 'the group Staff' }, viewingAs: { kind: 'group', name: 'Staff', label: 'the group Staff' } }));
    expect(entryNames()).toEqual(['About']);
    // Viewing as an administrator: their entries, but View as is not offered again from inside.
    act(() => useSession.setState({ user: ADMIN, viewingAs: { kind: 'user', id: ADMIN.id, label: ADMIN.user } }));
    expect(entryNames()).not.toContain('View as…');
    expect(entryNames()).toContain('Users');
  });

  it('hides My Details and Change password when ENABLE_SECURITY is 0', () => {
    session(ADMIN, { ENABLE_SECURITY: 0 });
    renderNavbar();
    openSettings();
    expect(entryNames()).toEqual(['Users', 'Groups', 'Permissions', 'Backup Repository', 'Restore Repository', 'Settings', 'Data history', 'Automation runs', 'Access Log', 'API Reference', 'Export and import', 'About']);
    act(() => session(ALICE, { ENABLE_SECURITY: 0 }));
    expect(entryNames()).toEqual(['About']);
  });

  it('is hidden while the session loads and when the environment is missing', () => {
    session(ADMIN, {}, true);
    const { rerender } = renderNavbar();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    act(() => session(ADMIN, null));
    rerender(
      <MemoryRouter>
        <Navbar />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('closes on a click outside, but not on a click inside', () => {
    session(ADMIN);
    renderNavbar();
    openSettings();
    fireEvent.mouseDown(screen.getByRole('menu'));
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrow keys and closes on Escape, giving focus back to the toggle', () => {
    session(ALICE);
    renderNavbar();
    openSettings();
    const menu = screen.getByRole('menu');
    expect(document.activeElement?.textContent).toBe('My Details');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Change password');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('My Details');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('About');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }));
  });

  it('closes when an entry link is followed', () => {
    session(ADMIN);
    renderNavbar();
    openSettings();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Users' }));
    expect(screen.getByTestId('where').textContent).toBe('/users');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens About as a dialogue showing the page named about', async () => {
    server.use(
      http.get('/api/page/about/definition', () =>
        HttpResponse.json({ name: 'about', title: 'About Acme', definition: [{ cols: [{ childType: 'Text', width: 12, text: 'Made with care.' }] }] }),
      ),
    );
    session(ALICE);
    renderNavbar();
    openSettings();
    fireEvent.click(screen.getByRole('menuitem', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    expect(await within(dialog).findByText('Made with care.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'About Acme' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }));
  });

  it('opens My Details with the mydetails form for the signed-in user', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/form/mydetails/definition', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ name: 'mydetails', title: 'My Details', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'user', label: 'Name' }] }] });
      }),
      http.get('/api/form/mydetails/data/:id', ({ params }) => {
        asked.push(`data ${String(params.id)}`);
        return HttpResponse.json({ id: 7, user: 'alice' });
      }),
    );
    session(ALICE);
    renderNavbar();
    openSettings();
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Details' }));
    const dialog = screen.getByRole('dialog', { name: 'My Details' });
    expect(((await within(dialog).findByLabelText('Name')) as HTMLInputElement).value).toBe('alice');
    expect(asked).toContain('data 7');
  });

  it('closes My Details after a save and shows the saved name', async () => {
    let saved: unknown = null;
    server.use(
      http.get('/api/form/mydetails/definition', () =>
        HttpResponse.json({ name: 'mydetails', title: 'My Details', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'user', label: 'Name' }] }] }),
      ),
      http.get('/api/form/mydetails/data/7', () => HttpResponse.json({ id: 7, user: 'alice' })),
      http.post('/api/form/mydetails/update/7', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ id: 7 });
      }),
      http.get('/api/checkuser', () => HttpResponse.json({ user: { ...ALICE, user: 'alicia' }, setupNotCompleted: false })),
    );
    session(ALICE);
    renderNavbar();
    openSettings();
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Details' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'alicia' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual({ user: 'alicia' });
    await waitFor(() => expect(useSession.getState().user?.user).toBe('alicia'));
  });
});

describe('the Build menu', () => {
  const openBuild = () => fireEvent.click(screen.getByRole('button', { name: 'Build' }));

  it('shows an admin the designer lists, then users, groups, export and import and the API reference', () => {
    session(ADMIN);
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Build' });
    expect(toggle.getAttribute('aria-haspopup')).toBe('menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    openBuild();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Build' });
    expect(within(menu).getAllByRole('menuitem').map((el) => [el.textContent, el.getAttribute('href')])).toEqual([
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
  });

  it('is not there for a normal user, nor when signed out', () => {
    session(ALICE);
    const { unmount } = renderNavbar();
    expect(screen.queryByRole('button', { name: 'Build' })).toBeNull();
    unmount();
    session(null);
    renderNavbar();
    expect(screen.queryByRole('button', { name: 'Build' })).toBeNull();
  });

  it('opens with ArrowDown, moves with the arrow keys, closes on Escape giving focus back, and follows a link', () => {
    session(ADMIN);
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Build' });
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Build' });
    expect(document.activeElement?.textContent).toBe('Forms');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Grids');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('API Reference');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: 'Build' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    openBuild();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Work Flows' }));
    expect(screen.getByTestId('where').textContent).toBe('/menus');
    expect(screen.queryByRole('menu', { name: 'Build' })).toBeNull();
  });
});

describe('the navbar', () => {
  const actions: Action[] = [
    { url: '/grid/things', label: 'Things' },
    { url: '/page/help', label: 'Help', rightalignchecked: true },
  ];

  it('uses TOOLBAR_CLASS, or the dark default, and names the environment as the brand', () => {
    session(ALICE);
    const { container, rerender } = renderNavbar();
    const nav = container.querySelector('nav.navbar');
    expect(nav?.className).toContain('navbar-light bg-warning');
    expect(nav?.className).toContain('navbar-expand');
    expect(screen.getByRole('link', { name: 'Acme Test' }).getAttribute('href')).toBe('/');
    act(() => session(ALICE, { TOOLBAR_CLASS: '' }));
    rerender(
      <MemoryRouter>
        <Navbar />
      </MemoryRouter>,
    );
    expect(container.querySelector('nav.navbar')?.className).toContain('navbar-dark bg-dark');
  });

  it('puts actions left or right by their alignment', () => {
    session(ALICE);
    renderNavbar({ actions });
    const [left, right] = Array.from(document.querySelectorAll('nav .navbar-nav'));
    expect(within(left as HTMLElement).getByRole('link', { name: 'Things' })).toBeTruthy();
    expect(within(left as HTMLElement).queryByRole('link', { name: 'Help' })).toBeNull();
    expect(within(right as HTMLElement).getByRole('link', { name: 'Help' })).toBeTruthy();
  });

  it('shows the edit link, to url plus id, to admins only', () => {
    session(ALICE);
    renderNavbar({ edit: { url: '/formdesigner/edit/', id: 'abc123' } });
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    act(() => session(ADMIN));
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/formdesigner/edit/abc123');
  });

  it('shows what a screen publishes through useNavbar, and forgets it when the screen goes', () => {
    session(ADMIN);
    const published: Action[] = [{ url: '/grid/orders', label: 'Orders' }];
    function Screen() {
      useNavbar(published, { url: '/pagedesigner/edit/', id: 42 });
      return <p>screen</p>;
    }
    function Shell() {
      const [shown, setShown] = useState(true);
      return (
        <Routes>
          <Route element={<MainLayout />}>
            <Route
              path="*"
              element={
                <>
                  {shown ? <Screen /> : null}
                  <button type="button" onClick={() => setShown(false)}>
                    leave
                  </button>
                </>
              }
            />
          </Route>
        </Routes>
      );
    }
    render(
      <MemoryRouter>
        <Shell />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/pagedesigner/edit/42');
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('logs out: calls /api/logout, clears the user and goes to /login', async () => {
    let called = 0;
    let sentBy = '';
    server.use(
      http.get('/api/logout', ({ request }) => {
        called += 1;
        sentBy = request.headers.get('x-requested-with') ?? '';
        return HttpResponse.json({ success: true });
      }),
    );
    session(ALICE);
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(called).toBe(1);
    // The server signs out only the app's own calls (docs/security.md): the client says it is one.
    expect(sentBy).toBe('tessera');
    expect(useSession.getState().user).toBeNull();
  });

  it('still signs out when the logout call fails, and only logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/logout', () => HttpResponse.json({ error: 'gone' }, { status: 500 })));
    session(ALICE);
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(logged).toHaveBeenCalledWith('Logout failed:', 'gone');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides Logout when ENABLE_SECURITY is 0', () => {
    session(ADMIN, { ENABLE_SECURITY: 0 });
    renderNavbar();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    act(() => session(ADMIN, { ENABLE_SECURITY: 1 }));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});

describe('the footer and the licence line', () => {
  it('shows the environment, the provider link and the signed-in user', () => {
    session(ALICE);
    render(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Acme Test')).toBeTruthy();
    expect(within(footer).getByRole('link').getAttribute('href')).toBe('https://tessera.dev');
    expect(within(footer).getByText('User: alice')).toBeTruthy();
  });

  it("says 'Not Logged In' without a user, and nothing while loading", () => {
    session(null);
    const { rerender } = render(<Footer />);
    expect(screen.getByText('Not Logged In')).toBeTruthy();
    act(() => session(null, {}, true));
    rerender(<Footer />);
    expect(screen.queryByText('Not Logged In')).toBeNull();
  });

  it.each([
    ['Registered and current', { LICENCE_STATUS: 'Registered', EXPIRED: false }, false],
    ['expired', { LICENCE_STATUS: 'Registered', EXPIRED: true }, true],
    ['not Registered', { LICENCE_STATUS: 'Trial', EXPIRED: false }, true],
  ])('shows the licence status %s only when unhealthy, in red', (_what, env, red) => {
    session(ALICE, env);
    render(<LicenceStatus />);
    const line = screen.queryByTestId('licence-status');
    if (!red) {
      expect(line).toBeNull();
      return;
    }
    expect(line?.textContent).toContain(env.LICENCE_STATUS);
    expect(line?.classList.contains('text-danger')).toBe(true);
  });
});

describe('the page head', () => {
  it('sets the title with the environment, the description, keywords and robots', () => {
    session(ALICE);
    render(<PageHead title="Orders" description="All open orders" />);
    expect(document.title).toBe('Orders - Acme Test');
    const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    expect(meta('description')).toBe('All open orders');
    expect(meta('keywords')).toBe('Orders, Acme Test');
    expect(meta('robots')).toBe('index, follow');
    render(<PageHead title="Invoices" />);
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(meta('description')).toBe('Invoices');
  });
});

describe('the generic modal', () => {
  function Opener({ onEscape }: { onEscape?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        {open ? (
          <Modal id="sample" title="Sample" onClose={() => setOpen(false)} onEscape={onEscape} footer={<button type="button">Footer action</button>}>
            <input aria-label="First field" />
          </Modal>
        ) : null}
      </>
    );
  }

  const openIt = () => {
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    return screen.getByRole('dialog', { name: 'Sample' });
  };

  it('is a labelled modal dialogue that takes focus, keeps Tab inside and gives focus back', () => {
    render(<Opener />);
    const dialog = openIt();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('First field'));
    const footer = screen.getByRole('button', { name: 'Footer action' });
    footer.focus();
    fireEvent.keyDown(footer, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Maximise' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(footer);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'open' }));
  });

  it('does not close on a click outside', () => {
    render(<Opener />);
    openIt();
    fireEvent.mouseDown(document.querySelector('.modal-backdrop') as Element);
    fireEvent.click(document.querySelector('.modal-backdrop') as Element);
    fireEvent.click(document.querySelector('.modal') as Element);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes on Escape, or calls onEscape instead when given', () => {
    const onEscape = vi.fn();
    const { unmount } = render(<Opener onEscape={onEscape} />);
    openIt();
    fireEvent.keyDown(screen.getByLabelText('First field'), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    unmount();
    render(<Opener />);
    openIt();
    fireEvent.keyDown(screen.getByLabelText('First field'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('remembers Maximise per dialogue id in localStorage across a re-mount', () => {
    render(<Opener />);
    let dialog = openIt();
    expect(dialog.querySelector('.modal-fullscreen')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Maximise' }));
    expect(localStorage.getItem('tessera.modal.maximised.sample')).toBe('1');
    expect(dialog.querySelector('.modal-fullscreen')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    dialog = openIt();
    expect(dialog.querySelector('.modal-fullscreen')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(localStorage.getItem('tessera.modal.maximised.sample')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(openIt().querySelector('.modal-fullscreen')).toBeNull();
  });
});

describe('the Change My Password dialogue', () => {
  const passwordField = (name: string, label: string) => ({ childType: 'Input', width: 12, name, label, fieldtype: 'password' });
  let posted: unknown[];

  beforeEach(() => {
    posted = [];
    server.use(
      http.get('/api/form/changemypassword/definition', () =>
        HttpResponse.json({
          name: 'changemypassword',
          title: 'Change My Password',
          definition: [
            { cols: [{ childType: 'Input', width: 12, name: 'email', label: 'Email', fieldtype: 'email' }] },
            { cols: [passwordField('OldPassword', 'Old password'), passwordField('NewPassword1', 'New password'), passwordField('NewPassword2', 'Repeat')] },
          ],
        }),
      ),
      http.post('/api/changemypassword', async ({ request }) => {
        const body = (await request.json()) as { OldPassword: string };
        posted.push(body);
        return body.OldPassword === 'wrong' ? HttpResponse.json({ error: 'Old password is wrong' }, { status: 400 }) : HttpResponse.json({ success: true });
      }),
    );
  });

  async function openDialog() {
    session(ALICE);
    renderNavbar();
    openSettings();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change My Password' });
    await within(dialog).findByLabelText('Old password');
    return dialog;
  }

  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('prefills the email from the signed-in user', async () => {
    await openDialog();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alice@example.com');
  });

  it("says 'Password mismatch' and sends nothing when the new passwords differ", async () => {
    await openDialog();
    type('Old password', 'old-secret');
    type('New password', 'new-secret-1');
    type('Repeat', 'new-secret-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password mismatch');
    expect(screen.getByRole('alert').className).toContain('alert-danger');
    expect(posted).toEqual([]);
  });

  it("says 'New password must be different from the old one' and sends nothing", async () => {
    await openDialog();
    type('Old password', 'same-secret');
    type('New password', 'same-secret');
    type('Repeat', 'same-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('New password must be different from the old one');
    expect(posted).toEqual([]);
  });

  it('sends the four fields on Ctrl+S and closes on 200', async () => {
    await openDialog();
    type('Old password', 'old-secret');
    type('New password', 'new-secret');
    type('Repeat', 'new-secret');
    fireEvent.keyDown(screen.getByLabelText('Repeat'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ email: 'alice@example.com', OldPassword: 'old-secret', NewPassword1: 'new-secret', NewPassword2: 'new-secret' }]);
  });

  it("shows the server's error and stays open", async () => {
    await openDialog();
    type('Old password', 'wrong');
    type('New password', 'new-secret');
    type('Repeat', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Old password is wrong');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("asks 'Discard changes?' on Escape and closes only when confirmed", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await openDialog();
    fireEvent.keyDown(screen.getByLabelText('Old password'), { key: 'Escape' });
    expect(confirm).toHaveBeenCalledWith('Discard changes?');
    expect(screen.getByRole('dialog')).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.keyDown(screen.getByLabelText('Old password'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the View as banner', () => {
  function renderShell() {
    return render(
      <MemoryRouter initialEntries={['/grid/chores']}>
        <Routes>
          <Route element={<MainLayout />}>
            <Route path="*" element={<p>screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  }

  it('is not there when the administrator views as nobody', () => {
    session(ADMIN);
    renderShell();
    expect(screen.queryByRole('region', { name: 'View as' })).toBeNull();
  });

  it('says whom, read only, above the navbar; Stop viewing as forgets the choice and loads the session again', async () => {
    sessionStorage.setItem('tessera.viewAs', `user:${ALICE.id}`);
    const sent: (string | null)[] = [];
    server.use(
      http.get('/api/checkuser', ({ request }) => {
        sent.push(request.headers.get('x-tessera-view-as'));
        return HttpResponse.json({ user: ADMIN, setupNotCompleted: false });
      }),
      http.get('/api/env/', () => HttpResponse.json(ENV)),
    );
    session(ALICE);
    act(() => useSession.setState({ viewingAs: { kind: 'user', id: ALICE.id, label: 'alice' } }));
    renderShell();
    const banner = screen.getByRole('region', { name: 'View as' });
    expect(banner.textContent).toContain('Viewing as alice — read only');
    // First in the page, before the navbar: the first thing a keyboard reaches.
    expect(banner.compareDocumentPosition(screen.getByRole('navigation', { name: 'Main' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Stop viewing as' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'View as' })).toBeNull());
    expect(sessionStorage.getItem('tessera.viewAs')).toBeNull();
    expect(sent).toEqual([null]);
    expect(useSession.getState().user).toEqual(ADMIN);
  });
});

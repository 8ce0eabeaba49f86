import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import settingsForm from '../../fixtures/forms/settings.json' with { type: 'json' };
import { Footer } from '../../src/app/shell/Footer';
import { Navbar } from '../../src/app/shell/Navbar';
import { useSession, type EnvValues } from '../../src/runtime/session';
import { testEnv } from '../support/client-fixtures';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

configure({ asyncUtilTimeout: 5000 });

/** The Settings dialogue over the built-in `settings` form definition, the API mocked. */
const ENV: EnvValues = testEnv();
const STORED = {
  ENVIRONMENT_NAME: 'Acme',
  TOOLBAR_CLASS: 'navbar-dark bg-dark',
  ENABLE_SECURITY: true,
  ENABLE_PREFERENCES_SCREEN: true,
  SESSION_TTL_HOURS: 336,
  ADMIN_EMAIL: '',
  PUBLIC_URL: '',
  smtp_host: 'mail.example.com',
  smtp_port: 587,
  smtp_secure: false,
  smtp_user: 'mailer',
  smtp_password: '********',
  smtp_password_set: true,
  smtp_from: 'noreply@example.com',
  pinned: [],
};
let posted: { path: string; body: Record<string, unknown> }[];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function openSettings() {
  useSession.setState({ loading: false, user: { id: 1, user: 'root', email: 'root@example.com', Admin: true, FrontPage: 'home' }, env: ENV, setupNotCompleted: false, error: '' });
  render(
    <MemoryRouter initialEntries={['/users']}>
      <Navbar />
      <Where />
      <Footer />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
  return screen.getByRole('dialog', { name: /Settings/ });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeEach(() => {
  posted = [];
  localStorage.clear();
  server.use(
    http.get('/api/form/settings/definition', () => HttpResponse.json(settingsForm as unknown as Record<string, never>)),
    http.get('/api/env/', () => HttpResponse.json(ENV)),
    http.get('/api/settings', async () => {
      await delay(30);
      return HttpResponse.json(STORED);
    }),
    http.post('/api/settings', async ({ request }) => {
      posted.push({ path: '/api/settings', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ success: true });
    }),
    http.post('/api/smtp/test', async ({ request }) => {
      posted.push({ path: '/api/smtp/test', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ success: true });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Settings dialogue', () => {
  it("shows 'Loading...', then the stored values with the password masked", async () => {
    const dialog = openSettings();
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await within(dialog).findByRole('button', { name: 'Save' });
    expect(field(dialog, 'Environment name').value).toBe('Acme');
    expect(field(dialog, 'SMTP server').value).toBe('mail.example.com');
    expect(field(dialog, 'Port').value).toBe('587');
    expect(field(dialog, 'Password').value).toBe('********');
    expect(field(dialog, 'Security (sign-in required)').checked).toBe(true);
    for (const name of ['Test SMTP', 'Save', 'Cancel']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
  });

  it("tests SMTP with the form's values, the mask standing for the stored password", async () => {
    const dialog = openSettings();
    await within(dialog).findByRole('button', { name: 'Test SMTP' });
    fireEvent.change(field(dialog, 'SMTP server'), { target: { value: 'smtp.acme.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test SMTP' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('SMTP Test Status: Success');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ path: '/api/smtp/test', body: { smtp_host: 'smtp.acme.test', smtp_password: '********', smtp_user: 'mailer' } });
    // Only the form's fields travel: not the flags of the answer.
    expect(posted[0]!.body).not.toHaveProperty('smtp_password_set');
    expect(posted[0]!.body).not.toHaveProperty('pinned');
  });

  it("shows the server's refusal of an SMTP test in the red banner", async () => {
    server.use(http.post('/api/smtp/test', () => HttpResponse.json({ success: false, error: 'SMTP test failed: connect ECONNREFUSED', code: 'SMTP_FAILED' }, { status: 400 })));
    const dialog = openSettings();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Test SMTP' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('SMTP test failed: connect ECONNREFUSED');
  });

  it('saves, closes, goes to / and shows the new environment name in the footer', async () => {
    server.use(http.get('/api/env/', () => HttpResponse.json({ ...ENV, ENVIRONMENT_NAME: 'Acme Staging' })));
    const dialog = openSettings();
    await within(dialog).findByRole('button', { name: 'Save' });
    fireEvent.change(field(dialog, 'Environment name'), { target: { value: 'Acme Staging' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The router commits a navigation as a transition: it may land a render after the dialogue closed.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ ENVIRONMENT_NAME: 'Acme Staging', smtp_password: '********', SESSION_TTL_HOURS: 336, ENABLE_SECURITY: true });
    expect(await screen.findByText('Acme Staging', { selector: 'footer span' })).toBeTruthy();
  });

  it('shows a failed save in the red banner and stays open', async () => {
    server.use(http.post('/api/settings', () => HttpResponse.json({ error: 'Security cannot be turned off from Settings.', code: 'INVALID' }, { status: 400 })));
    const dialog = openSettings();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Security cannot be turned off from Settings.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/users');
  });

  it("refuses to send an invalid form: 'Validation Failed' and the field's message", async () => {
    const dialog = openSettings();
    await within(dialog).findByRole('button', { name: 'Save' });
    fireEvent.change(field(dialog, 'Environment name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Validation Failed');
    expect(within(dialog).getByText('Environment name is a required field')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test SMTP' }));
    expect(posted).toEqual([]);
  });

  it('saves on Ctrl+S', async () => {
    const dialog = openSettings();
    await within(dialog).findByRole('button', { name: 'Save' });
    fireEvent.keyDown(field(dialog, 'SMTP server'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted.map((p) => p.path)).toEqual(['/api/settings']);
  });

  it("closes on Escape or Cancel at once when nothing changed, and asks 'Discard changes?' when something did", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(false).mockReturnValueOnce(true);
    let dialog = openSettings();
    await within(dialog).findByRole('button', { name: 'Save' });
    fireEvent.keyDown(field(dialog, 'SMTP server'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    dialog = screen.getByRole('dialog', { name: /Settings/ });
    await within(dialog).findByRole('button', { name: 'Save' });
    fireEvent.change(field(dialog, 'SMTP server'), { target: { value: 'changed.example.com' } });
    fireEvent.keyDown(field(dialog, 'SMTP server'), { key: 'Escape' });
    expect(confirm).toHaveBeenLastCalledWith('Discard changes?');
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);
  });
});

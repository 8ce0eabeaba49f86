import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import login from '../../fixtures/forms/login.json' with { type: 'json' };
import { LoginScreen } from '../../src/app/shell/LoginScreen';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/**
 * The login screen over the built-in form, the API mocked. The server answers the
 * session only in its HttpOnly cookie, so a body of success and user (no token) is a sign-in.
 */
const ALICE = { id: 2, user: 'alice', email: 'alice@example.com', Admin: false, FrontPage: '' };

function signInWith(answer: Record<string, unknown>, status = 200) {
  server.use(
    http.get('*/api/form/login/definition', () => HttpResponse.json(login as unknown as Record<string, never>)),
    http.post('*/api/login', () => HttpResponse.json(answer, { status })),
    http.get('*/api/checkuser', () => HttpResponse.json({ user: ALICE, setupNotCompleted: false })),
    http.get('*/api/env/', () =>
      HttpResponse.json({ ENVIRONMENT_NAME: 'Tessera', LICENCE_STATUS: 'Registered', EXPIRED: false, ENABLE_SECURITY: 1, ENABLE_PREFERENCES_SCREEN: 1, TOOLBAR_CLASS: '' }),
    ),
  );
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/" element={<p>the front page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit() {
  fireEvent.change(await screen.findByLabelText('User name or e-mail', { selector: 'input' }), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'alice-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login screen', () => {
  it('goes to / on success and the user, with no token in the body', async () => {
    signInWith({ success: true, user: ALICE });
    await submit();
    await screen.findByText('the front page');
  });

  it("stays and shows the server's error when success is false", async () => {
    signInWith({ success: false, error: 'Wrong user name or password' }, 401);
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Wrong user name or password'));
    expect(screen.queryByText('the front page')).toBeNull();
  });
});

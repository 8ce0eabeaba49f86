import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import login from '../../fixtures/forms/login.json' with { type: 'json' };
import register from '../../fixtures/forms/register.json' with { type: 'json' };
import { LoginScreen } from '../../src/app/shell/LoginScreen';
import { REGISTRATION_OFF, RegisterScreen } from '../../src/app/shell/RegisterScreen';
import { useSession, type EnvValues } from '../../src/runtime/session';
import { testEnv } from '../support/client-fixtures';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

// The machine running the suites is shared; the default 1 s wait for an msw answer proved too tight under load.
configure({ asyncUtilTimeout: 5000 });

/** The login screen and /register follow the site's self-registration setting (GET /api/env/). */
const ENV: EnvValues = testEnv({ TOOLBAR_CLASS: '', SELF_REGISTRATION: 0 });
const FORMS: Record<string, unknown> = { login, register };

function signedOut(selfRegistration: 0 | 1) {
  useSession.setState({ loading: false, user: null, env: { ...ENV, SELF_REGISTRATION: selfRegistration }, setupNotCompleted: false, error: '' });
}

function at(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  server.use(http.get('*/api/form/:name/definition', ({ params }) => HttpResponse.json(FORMS[String(params.name)] as Record<string, never>)));
});

describe('self-registration on the signed-out screens', () => {
  it('hides Register on the login screen when self-registration is off', async () => {
    signedOut(0);
    at('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Lost password?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('offers Register, to /register, when self-registration is on', async () => {
    signedOut(1);
    at('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('says self-registration is off on /register instead of showing the form', async () => {
    signedOut(0);
    at('/register');
    expect(screen.getByRole('status').textContent).toBe(REGISTRATION_OFF);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('User name', { selector: 'input' })).toBeNull();
  });

  it('shows the register form on /register when self-registration is on', async () => {
    signedOut(1);
    at('/register');
    expect(await screen.findByLabelText('User name', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByText(REGISTRATION_OFF)).toBeNull();
  });
});

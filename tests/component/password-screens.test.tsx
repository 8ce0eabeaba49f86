import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import changeUserPassword from '../../fixtures/forms/changeuserpassword.json' with { type: 'json' };
import lostPassword from '../../fixtures/forms/lost_password.json' with { type: 'json' };
import lostPasswordChange from '../../fixtures/forms/lost_password_change.json' with { type: 'json' };
import lostPasswordToken from '../../fixtures/forms/lost_password_token.json' with { type: 'json' };
import { ChangeUserPasswordScreen } from '../../src/app/screens/ChangeUserPasswordScreen';
import { LostPasswordScreen } from '../../src/app/screens/LostPasswordScreen';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/** The password screens (change a user's password, lost password) over the built-in form definitions, the API mocked. */
const FORMS: Record<string, unknown> = {
  changeuserpassword: changeUserPassword,
  lost_password: lostPassword,
  lost_password_token: lostPasswordToken,
  lost_password_change: lostPasswordChange,
};
let posted: { path: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  sessionStorage.clear();
  server.use(
    http.get('*/api/form/:name/definition', ({ params }) => HttpResponse.json(FORMS[String(params.name)] as Record<string, never>)),
    http.get('*/api/form/changeuserpassword/data/:id', ({ params }) => HttpResponse.json({ id: Number(params.id), user: 'carol' })),
  );
});
afterEach(() => sessionStorage.clear());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

function routes(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/changeuserpassword/:id" element={<ChangeUserPasswordScreen />} />
        <Route path="/lost_password" element={<LostPasswordScreen />} />
        <Route path="/lost_password/:stage" element={<LostPasswordScreen />} />
        <Route path="/lost_password/:stage/:token" element={<LostPasswordScreen />} />
        <Route path="/users" element={<p>the users list</p>} />
        <Route path="/login" element={<p>the login screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Change User Password', () => {
  beforeEach(() => {
    server.use(
      http.post('*/api/changeuserpassword', async ({ request }) => {
        posted.push({ path: '/api/changeuserpassword', body: await request.json() });
        return HttpResponse.json({ success: true });
      }),
    );
  });

  it("names the user, refuses a mismatch without sending it, then sends both passwords and goes to /users", async () => {
    routes('/changeuserpassword/7');
    expect(await screen.findByText('Change User Password for carol')).toBeTruthy();
    type('New password', 'Fresh-carol-2');
    type('Repeat the new password', 'Other-carol-3');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Password mismatch');
    expect(posted).toEqual([]);
    type('Repeat the new password', 'Fresh-carol-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('the users list')).toBeTruthy();
    expect(posted).toEqual([{ path: '/api/changeuserpassword', body: { id: '7', NewPassword1: 'Fresh-carol-2', NewPassword2: 'Fresh-carol-2' } }]);
  });

  it("shows the server's refusal and stays", async () => {
    server.use(http.post('*/api/changeuserpassword', () => HttpResponse.json({ error: "The user '7' was not found", code: 'NOT_FOUND' }, { status: 404 })));
    routes('/changeuserpassword/7');
    await screen.findByText('Change User Password for carol');
    type('New password', 'Fresh-carol-2');
    type('Repeat the new password', 'Fresh-carol-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain("The user '7' was not found");
    expect(screen.queryByText('the users list')).toBeNull();
  });
});

describe('Lost password', () => {
  beforeEach(() => {
    server.use(
      http.post('*/api/user/:step', async ({ params, request }) => {
        posted.push({ path: `/api/user/${String(params.step)}`, body: await request.json() });
        return HttpResponse.json(params.step === 'lost_password' ? { success: true, message: 'A token is on its way, if this is an account.' } : { success: true });
      }),
    );
  });

  it('walks the three stages: e-mail, token, new password, then the login screen', async () => {
    routes('/lost_password');
    await screen.findByRole('button', { name: 'Send token' });
    type('E-mail', 'carol@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send token' }));
    await screen.findByRole('button', { name: 'Check token' });
    // The server's answer (the same for every address) is said on the next stage.
    expect(screen.getByRole('status').textContent).toBe('A token is on its way, if this is an account.');
    // The e-mail is carried to the next stage.
    expect((screen.getByLabelText('E-mail', { selector: 'input' }) as HTMLInputElement).value).toBe('carol@example.com');
    type('Token', 'abc123');
    fireEvent.click(screen.getByRole('button', { name: 'Check token' }));
    await screen.findByRole('button', { name: 'Change password' });
    type('New password', 'Fresh-carol-2');
    type('Repeat the new password', 'Fresh-carol-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('the login screen')).toBeTruthy();
    expect(posted.map((p) => p.path)).toEqual(['/api/user/lost_password', '/api/user/validate_token', '/api/user/change_password']);
    expect(posted[0]!.body).toEqual({ email: 'carol@example.com' });
    expect(posted[1]!.body).toMatchObject({ email: 'carol@example.com', token: 'abc123' });
    expect(posted[2]!.body).toMatchObject({ email: 'carol@example.com', token: 'abc123', NewPassword1: 'Fresh-carol-2', NewPassword2: 'Fresh-carol-2' });
    expect(sessionStorage.length).toBe(0);
  });

  it('opens from the link in the e-mail with the address and the token filled in, in a browser that never saw stage 1', async () => {
    routes('/lost_password/token/ABCDEFGH2345?email=dora%40example.com');
    await screen.findByRole('button', { name: 'Check token' });
    expect((screen.getByLabelText('E-mail', { selector: 'input' }) as HTMLInputElement).value).toBe('dora@example.com');
    expect((screen.getByLabelText('Token', { selector: 'input' }) as HTMLInputElement).value).toBe('ABCDEFGH2345');
    fireEvent.click(screen.getByRole('button', { name: 'Check token' }));
    await screen.findByRole('button', { name: 'Change password' });
    type('New password', 'Fresh-dora-2');
    type('Repeat the new password', 'Fresh-dora-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('the login screen')).toBeTruthy();
    expect(posted[0]!.body).toEqual({ email: 'dora@example.com', token: 'ABCDEFGH2345' });
    expect(posted[1]!.body).toEqual({ email: 'dora@example.com', token: 'ABCDEFGH2345', NewPassword1: 'Fresh-dora-2', NewPassword2: 'Fresh-dora-2' });
  });

  it("refuses an empty e-mail without a request, and shows the server's answer to a wrong token", async () => {
    server.use(http.post('*/api/user/validate_token', () => HttpResponse.json({ error: 'The token is wrong or has expired', code: 'INVALID' }, { status: 400 })));
    routes('/lost_password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send token' }));
    expect(await screen.findByText('E-mail is a required field')).toBeTruthy();
    expect(posted).toEqual([]);
    sessionStorage.setItem('tessera.lostPassword.email', 'carol@example.com');
    routes('/lost_password/token');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Check token' }).length).toBeGreaterThan(0));
    const token = screen.getAllByLabelText('Token', { selector: 'input' }).at(-1)!;
    fireEvent.change(token, { target: { value: 'nope' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Check token' }).at(-1)!);
    expect((await screen.findByText('The token is wrong or has expired')).textContent).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import setupSmtp from '../../fixtures/forms/setup_smtp.json' with { type: 'json' };
import setupUser from '../../fixtures/forms/setup_user.json' with { type: 'json' };
import { SetupWizard } from '../../src/app/shell/SetupWizard';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/**
 * The setup wizard over the built-in step definitions, the API mocked. Before setup the server
 * runs an SMTP test only for a caller holding the setup code (routes/settings.ts), so the
 * wizard's Test SMTP sends the code typed in the first step along with the second step's values.
 */
function renderWizard(smtpAnswer: () => Response, checkAnswer: () => Response = () => HttpResponse.json({ success: true })) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/setup/check-code', async ({ request }) => {
      checks.push((await request.json()) as Record<string, unknown>);
      return checkAnswer();
    }),
    http.get('*/api/form/setup_user/definition', () => HttpResponse.json(setupUser as unknown as Record<string, never>)),
    http.get('*/api/form/setup_smtp/definition', () => HttpResponse.json(setupSmtp as unknown as Record<string, never>)),
    http.post('*/api/smtp/test', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return smtpAnswer();
    }),
  );
  render(
    <MemoryRouter initialEntries={['/setup']}>
      <SetupWizard />
    </MemoryRouter>,
  );
  return sent;
}

/** The bodies of POST /api/setup/check-code, in order. */
let checks: Record<string, unknown>[] = [];
beforeEach(() => {
  checks = [];
});

async function fillAccount(code: string) {
  fireEvent.change(await screen.findByLabelText('Setup code', { selector: 'input' }), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('User name', { selector: 'input' }), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('E-mail', { selector: 'input' }), { target: { value: 'admin@example.com' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'a long password' } });
}

async function toSmtpStep(code: string) {
  await fillAccount(code);
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(await screen.findByLabelText('SMTP server', { selector: 'input' }), { target: { value: 'mail.example.com' } });
}

describe('Setup wizard', () => {
  it('sends the setup code from the first step with the SMTP test, and none of the account', async () => {
    const sent = renderWizard(() => HttpResponse.json({ success: true }));
    await toSmtpStep('abcd-efgh-jkmn');
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP' }));
    await screen.findByText('SMTP Test Status: Success');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ setupCode: 'abcd-efgh-jkmn', smtp_host: 'mail.example.com' });
    // The account's password has no business in an SMTP test.
    expect(sent[0]).not.toHaveProperty('password');
    expect(sent[0]).not.toHaveProperty('user');
  });

  it("shows the server's refusal of a wrong code", async () => {
    const error = "The setup code is missing or wrong: it is printed in the server's log when it started";
    renderWizard(() => HttpResponse.json({ code: 'SETUP_CODE', error }, { status: 403 }));
    await toSmtpStep('AAAA-BBBB-CCCC');
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP' }));
    expect((await screen.findByRole('alert')).textContent).toContain(error);
  });

  it('checks the setup code when leaving step 1, sending only the code, and stays there when it is wrong', async () => {
    const error = "The setup code is missing or wrong: it is printed in the server's log when it started";
    renderWizard(
      () => HttpResponse.json({ success: true }),
      () => HttpResponse.json({ code: 'SETUP_CODE', error }, { status: 403 }),
    );
    await fillAccount('AAAA-BBBB-CCCC');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain(error);
    expect(checks).toEqual([{ setupCode: 'AAAA-BBBB-CCCC' }]);
    // Still on step 1, where the code can be fixed.
    expect(screen.getByText('Setup, step 1 of 2')).toBeTruthy();
    // The field to fix is marked.
    expect(screen.getByLabelText('Setup code', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
  });

  it('moves to step 2 once the server accepts the code, and checks nothing on the way back', async () => {
    renderWizard(() => HttpResponse.json({ success: true }));
    await toSmtpStep('abcd-efgh-jkmn');
    expect(screen.getByText('Setup, step 2 of 2')).toBeTruthy();
    expect(checks).toEqual([{ setupCode: 'abcd-efgh-jkmn' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Setup, step 1 of 2');
    expect(checks).toHaveLength(1);
  });
});

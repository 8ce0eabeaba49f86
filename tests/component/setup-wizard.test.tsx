import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
function renderWizard(smtpAnswer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
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

async function toSmtpStep(code: string) {
  fireEvent.change(await screen.findByLabelText('Setup code', { selector: 'input' }), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('User name', { selector: 'input' }), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('E-mail', { selector: 'input' }), { target: { value: 'admin@example.com' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'a long password' } });
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
});

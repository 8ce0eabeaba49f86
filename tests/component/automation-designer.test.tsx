/**
 * The automation designer as an administrator uses it, in jsdom over msw: the trigger, steps added
 * from the step folders' catalogue with their panels generated from their schemas (one folder the
 * code has never seen included), nested Then lists, reordering and deleting by keyboard-reachable
 * buttons, undo and redo by Ctrl+Z and Ctrl+Shift+Z, and saving: POST new, PUT at the version
 * read, a 409 offering Reload or Save as a copy, a 400's problems shown at their inputs.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AutomationDesignerScreen } from '../../src/app/screens/automations/AutomationDesignerScreen';
import { AutomationDesigner } from '../../src/designer/automations/AutomationDesigner';
import { createAutomationStore } from '../../src/designer/automations/automation-store';
import { stepCatalogue } from '../../src/designer/automations/step-catalogue';
import { stepSchemaFiles } from '../../src/generated/step-schemas';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';
import { WithDesignerServices } from '../support/designer-services';
import { mockLibrary } from './automation-fixtures';

function Where() {
  const at = useLocation();
  return <output data-testid="where">{at.pathname}</output>;
}

function openScreen(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/automationdesigner/new" element={<AutomationDesignerScreen />} />
        <Route path="/automationdesigner/edit/:name" element={<AutomationDesignerScreen />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const press = (key: string, init: KeyboardEventInit = {}) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ctrlKey: true, ...init })));

/** Picks the trigger's model once the list of models has arrived. */
async function chooseModel(name: string) {
  const model = await screen.findByLabelText('Model');
  await within(model).findByRole('option', { name });
  fireEvent.change(model, { target: { value: name } });
}

const steps = () => screen.getByRole('list', { name: 'Steps' });

/** Adds a step of the type labelled `label` to the list whose Add button is named `add`. */
function addStep(label: string, add = 'Add step') {
  fireEvent.click(screen.getByRole('button', { name: add }));
  fireEvent.click(screen.getByRole('button', { name: label }));
}

const STORED = {
  id: 'a1',
  version: 4,
  name: 'loan_returned',
  title: 'Loan returned',
  enabled: true,
  trigger: { type: 'record', model: 'Loan', on: ['update'], fields: ['returned'] },
  steps: [
    { type: 'updateRecord', form: 'book', id: '{{record.book}}', values: { available: true } },
    { type: 'sendMail', to: '{{record.member.email}}', subject: 'Thank you', text: 'Returned.' },
  ],
};

beforeEach(() => {
  mockLibrary();
  server.use(http.get('*/api/definitions/automation/loan_returned', () => HttpResponse.json(STORED)));
});

// Each test clicks through a whole designer in jsdom: more than the default 5 s on a busy machine.
describe('the automation designer', { timeout: 20_000 }, () => {
  it('edits the trigger: its model, events, changed fields, timing, a schedule and a webhook', async () => {
    openScreen('/automationdesigner/new');
    const model = await screen.findByLabelText('Model');
    await screen.findByRole('option', { name: 'Loan' });
    fireEvent.change(model, { target: { value: 'Loan' } });
    // An update may be narrowed to fields that changed: the model's fields are offered.
    fireEvent.click(await screen.findByLabelText('Returned'));
    fireEvent.click(screen.getByLabelText('Added'));
    fireEvent.click(screen.getByLabelText('Before the write (refuse it, or set its fields)'));
    expect((screen.getByLabelText('Deleted') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('When'), { target: { value: 'schedule' } });
    const cron = screen.getByLabelText('Schedule (cron)');
    fireEvent.change(cron, { target: { value: '0 8 * *' } });
    expect(screen.getByText(/It has 4 fields/)).toBeTruthy();
    fireEvent.change(cron, { target: { value: '30 7 * * 1-5' } });
    expect(screen.getByText(/Next runs/)).toBeTruthy();
    expect(within(screen.getByText(/Next runs/)).getAllByRole('listitem')).toHaveLength(3);
    // A schedule has nobody who triggered it: run-as asks for a user.
    expect(screen.getByText(/choose a user/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('When'), { target: { value: 'webhook' } });
    expect(screen.getByText('Made by the server when the automation is saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toMatch(/^[0-9a-f]{32}$/);
    // Undo walks back through the trigger's edits, redo forward.
    press('z');
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('');
    press('z');
    expect(screen.getByLabelText('Schedule (cron)')).toBeTruthy();
    press('z', { shiftKey: true });
    expect(screen.queryByLabelText('Schedule (cron)')).toBeNull();
  });

  it('adds, reorders, nests and deletes steps, each panel generated from its schema', async () => {
    openScreen('/automationdesigner/new');
    await chooseModel('Loan');
    // Only steps that run after a change are offered to an after trigger.
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    expect(screen.queryByRole('button', { name: 'Set fields' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send mail' }));
    // The new step is selected: its panel has the schema's settings, templates with an Insert list.
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    expect(within(panel).getByRole('heading', { name: /Step 1: Send mail/ })).toBeTruthy();
    const to = within(panel).getByLabelText('To');
    fireEvent.change(to, { target: { value: 'x ' } });
    const insert = within(panel).getByLabelText('Insert a value into To');
    await within(insert).findByRole('option', { name: /Record Member → E-mail/ });
    fireEvent.change(insert, { target: { value: '{{record.member.email}}' } });
    expect((within(panel).getByLabelText('To') as HTMLInputElement).value).toContain('{{record.member.email}}');
    addStep('Condition');
    expect(within(screen.getByRole('complementary', { name: 'Step settings' })).getByRole('heading', { name: /Step 2: Condition/ })).toBeTruthy();
    // A condition has Then and Else lists of its own.
    addStep('Update a record', 'Add step to Then of step 2');
    expect(screen.getByRole('heading', { name: /Step 2 › Then › 1: Update a record/ })).toBeTruthy();
    const labels = () => within(steps()).getAllByRole('button', { pressed: false, name: /^\d/ }).map((b) => b.textContent);
    expect(labels()[0]).toContain('Send mail');
    // The mail moves below the condition, by its button.
    fireEvent.click(screen.getByRole('button', { name: 'Move step 1 (Send mail) down' }));
    expect(within(steps()).getAllByRole('listitem')[0]?.textContent).toContain('Condition');
    // The focus follows the step it moved (now the last: its row's select button).
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Send mail'));
    expect(document.activeElement?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Delete step 2 (Send mail)' }));
    expect(within(steps()).queryByText('Send mail')).toBeNull();
    press('z');
    expect(within(steps()).getByText('Send mail')).toBeTruthy();
  });

  it("draws a step folder's panel the code has never seen, from its schema alone", async () => {
    const sms = {
      $id: 'https://tessera.dev/schemas/steps/send-sms.json',
      title: 'SendSmsStep',
      'x-tessera': { label: 'Send a text message', icon: 'phone' },
      description: 'Sends a text message.',
      type: 'object',
      properties: {
        type: { const: 'sendSms' },
        number: { type: 'string', description: 'The phone number (a template).' },
        urgency: { enum: ['low', 'high'], description: 'How soon.' },
        retries: { type: 'integer', minimum: 0, maximum: 5 },
        flash: { type: 'boolean' },
        extra: { type: 'array', items: { type: 'string' } },
      },
      required: ['type', 'number'],
    };
    const store = createAutomationStore({ name: 'sms', trigger: { type: 'record', model: 'Loan', on: ['insert'] }, steps: [] });
    render(
      <WithDesignerServices>
        <AutomationDesigner store={store} catalogue={stepCatalogue({ ...stepSchemaFiles, sendSms: sms })} />
      </WithDesignerServices>,
    );
    addStep('Send a text message');
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    fireEvent.change(within(panel).getByLabelText('Number'), { target: { value: '{{record.member.name}}' } });
    fireEvent.change(within(panel).getByLabelText('Urgency (optional)'), { target: { value: 'high' } });
    fireEvent.change(within(panel).getByLabelText('Retries (optional)'), { target: { value: '2' } });
    fireEvent.click(within(panel).getByLabelText('Flash (optional)'));
    fireEvent.change(within(panel).getByLabelText('Extra (optional) (JSON)'), { target: { value: '["a"]' } });
    expect(store.getState().doc.steps).toEqual([{ type: 'sendSms', number: '{{record.member.name}}', urgency: 'high', retries: 2, flash: true, extra: ['a'] }]);
  });

  it('fills a record step: its form, its values by the form’s fields, a yes-or-no field as Yes', async () => {
    openScreen('/automationdesigner/edit/loan_returned');
    fireEvent.click(await screen.findByRole('button', { name: /^1.*Update a record/ }));
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    expect((within(panel).getByLabelText('Form') as HTMLSelectElement).value).toBe('book');
    expect((await within(panel).findByLabelText('Available (available)')) as HTMLSelectElement).toBeTruthy();
    expect((within(panel).getByLabelText('Available (available)') as HTMLSelectElement).value).toBe('true');
    fireEvent.change(within(panel).getByLabelText('Add a field to Values'), { target: { value: 'title' } });
    expect(within(panel).getByLabelText('Title (title)')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('saves a new automation with POST and opens it; a 400 shows the problems at their inputs', async () => {
    let posted: Record<string, unknown> | null = null;
    let refuse = true;
    server.use(
      http.post('*/api/definitions/automation', async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        if (refuse) {
          refuse = false;
          return HttpResponse.json({ error: 'The automation is not valid', code: 'VALIDATION_FAILED', details: [{ pointer: '/trigger/model', message: "the model 'Loan' has no such field" }] }, { status: 400 });
        }
        return HttpResponse.json({ ...posted, id: 'a9', version: 1 }, { status: 201 });
      }),
      http.get('*/api/definitions/automation/on_loan', () => HttpResponse.json({ ...posted, id: 'a9', version: 1 })),
    );
    openScreen('/automationdesigner/new');
    await chooseModel('Loan');
    addStep('Send mail');
    // Checked before it is sent: what is missing is said at its input, nothing is posted.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Not saved: .* to fix first/)).toBeTruthy();
    expect(posted).toBeNull();
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    expect(within(panel).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    // Listed in words too: a step's problem selects the step.
    const listed = screen.getByRole('list', { name: 'Problems' });
    expect(within(listed).getByRole('button', { name: 'Step 1 (Send mail): To is missing' })).toBeTruthy();
    expect(within(listed).getByText('Name is missing')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'on_loan' } });
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '{{record.member.email}}' } });
    fireEvent.change(within(panel).getByLabelText('Subject'), { target: { value: 'Hello' } });
    fireEvent.change(within(panel).getByLabelText('Text'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The automation is not valid')).toBeTruthy();
    const model = screen.getByLabelText('Model');
    expect(model.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText("the model 'Loan' has no such field").length).toBeGreaterThan(0);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/automationdesigner/edit/on_loan'));
    expect(posted).toMatchObject({ name: 'on_loan', trigger: { type: 'record', model: 'Loan', on: ['update'] }, steps: [{ type: 'sendMail', to: '{{record.member.email}}', subject: 'Hello', text: 'Hi' }] });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('saves a stored one with PUT at its version; a 409 says someone saved meanwhile and offers Reload or a copy', async () => {
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/definitions/automation/a1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (puts.length === 1) return HttpResponse.json({ ...body, id: 'a1', version: 5 });
        return HttpResponse.json({ error: "The automation 'loan_returned' was changed by someone else since you opened it; reload it and apply your change again", code: 'STALE_VERSION' }, { status: 409 });
      }),
    );
    openScreen('/automationdesigner/edit/loan_returned');
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Loan returned!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts[0]).toMatchObject({ version: 4, title: 'Loan returned!' });
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Loan back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/was changed by someone else since you opened it/)).toBeTruthy();
    expect(puts[1]).toMatchObject({ version: 5 });
    const offer = screen.getByRole('group', { name: 'Saved elsewhere' });
    expect(within(offer).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Save as a copy' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});

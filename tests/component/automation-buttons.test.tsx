/**
 * A form's button automations (docs/automations.md, "A button") in jsdom over msw: one button per
 * automation the caller may run on the record, none and no error when the list is empty or the
 * route refuses; a click queues a run with the record's id; an administrator sees it end and the
 * record read again, anyone else is told it started.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FormRoute } from '../../src/app/screens/FormScreen';
import { GridView } from '../../src/runtime/views/GridView';
import type { FormDefinition } from '../../src/generated/definitions';
import { useSession } from '../../src/runtime/session';
import type { RunState } from '../../src/shared/automation-types';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

const form: FormDefinition = {
  id: 'b'.repeat(32),
  name: 'loan',
  title: 'Loan',
  model: 'Loan',
  definition: [{ cols: [{ childType: 'Checkbox', width: 12, name: 'returned', label: 'Returned' }] }],
  actions: [],
};

const user = (admin: boolean) => ({ id: 2, user: admin ? 'root' : 'mia', email: 'x@example.com', Admin: admin, FrontPage: '' });

/** The Loan form on record 7, its buttons answered by `buttons`; counts the record's reads and answers the run's posts. */
function show(buttons: () => Response, states: RunState[] = []) {
  const seen = { reads: 0, posted: [] as unknown[], polls: 0 };
  server.use(
    http.get('*/api/form/loan/definition', () => HttpResponse.json(form)),
    http.get('*/api/form/loan/data/7', () => {
      seen.reads++;
      return HttpResponse.json({ id: 7, returned: seen.reads > 1, _version: seen.reads });
    }),
    http.get('*/api/automations/buttons/Loan', buttons),
    http.post('*/api/automations/:name/run', async ({ request, params }) => {
      seen.posted.push({ name: params.name, body: await request.json() });
      return HttpResponse.json({ run: 'run-1' }, { status: 202 });
    }),
    http.get('*/api/automations/runs/run-1', () => {
      const state = states[Math.min(seen.polls, states.length - 1)] ?? 'queued';
      seen.polls++;
      return HttpResponse.json({ id: 'run-1', automation: 'mark_returned', state, error: null, steps: [], input: {} });
    }),
  );
  render(
    <MemoryRouter initialEntries={['/form/loan/edit/7']}>
      <Routes>
        <Route path="/form/:name/:action/:id" element={<FormRoute />} />
      </Routes>
    </MemoryRouter>,
  );
  return seen;
}

afterEach(() => useSession.setState({ user: null }));

describe("a form's button automations", { timeout: 15_000 }, () => {
  it('runs one on the record and, for an administrator, shows it end and reads the record again', async () => {
    useSession.setState({ user: user(true) });
    const seen = show(() => HttpResponse.json([{ name: 'mark_returned', label: 'Mark returned' }, { name: 'remind', label: 'Send a reminder' }]), ['running', 'done']);
    const bar = await screen.findByRole('group', { name: 'Automations' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark returned', 'Send a reminder']);
    expect((screen.getByLabelText('Returned') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: 'Mark returned' }));
    expect(await within(bar).findByText('Queued')).toBeTruthy();
    await waitFor(() => expect(seen.posted).toEqual([{ name: 'mark_returned', body: { id: '7' } }]));
    expect(await within(bar).findByText('Done', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Returned') as HTMLInputElement).checked).toBe(true));
    expect(seen.reads).toBe(2);
  });

  it('tells anyone else the run started, without reading runs they may not read', async () => {
    useSession.setState({ user: user(false) });
    const seen = show(() => HttpResponse.json([{ name: 'mark_returned', label: 'Mark returned' }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark returned' }));
    expect(await screen.findByText('Started')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1200));
    expect(seen.polls).toBe(0);
  });

  it('shows nothing, and no error, when there are none or the route refuses', async () => {
    for (const answer of [() => HttpResponse.json([]), () => HttpResponse.json({ error: 'Not found' }, { status: 404 }), () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })]) {
      show(answer);
      await screen.findByLabelText('Returned');
      await new Promise((r) => setTimeout(r, 100));
      expect(screen.queryByRole('group', { name: 'Automations' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });

  it('says why a run could not be started', async () => {
    useSession.setState({ user: user(false) });
    show(() => HttpResponse.json([{ name: 'mark_returned', label: 'Mark returned' }]));
    server.use(http.post('*/api/automations/mark_returned/run', () => HttpResponse.json({ error: "You may not run the automation 'mark_returned'" }, { status: 403 })));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark returned' }));
    expect((await screen.findByRole('alert')).textContent).toBe("You may not run the automation 'mark_returned'");
  });
});

describe("a grid's button automations", { timeout: 15_000 }, () => {
  it('offers each on every row, runs it on that row’s record, and reads the rows again when it ends', async () => {
    useSession.setState({ user: user(true) });
    let reads = 0;
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/grid/loans/definition', () =>
        HttpResponse.json({ name: 'loans', title: 'Loans', model: 'Loan', paging: 3, pageSize: 50, definition: [{ name: 'returned', label: 'Returned', type: 'Text' }], rowactions: [{ url: '/form/loan/edit/:id', label: 'Edit' }] }),
      ),
      http.get('*/api/grid/loans/data/:page/:size', () => {
        reads++;
        return HttpResponse.json({ rows: [{ id: 7, returned: reads > 1 ? 'yes' : 'no' }, { id: 8, returned: 'no' }], count: 2 });
      }),
      http.get('*/api/automations/buttons/Loan', () => HttpResponse.json([{ name: 'mark_returned', label: 'Mark returned' }])),
      http.post('*/api/automations/:name/run', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ run: 'run-2' }, { status: 202 });
      }),
      http.get('*/api/automations/runs/run-2', () => HttpResponse.json({ id: 'run-2', state: 'done', error: null })),
    );
    render(
      <MemoryRouter>
        <GridView name="loans" />
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Mark returned: record 8' });
    expect(screen.getByRole('button', { name: 'Mark returned: record 7' })).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(posted).toEqual([{ id: '8' }]));
    expect(await screen.findByText('Done', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(reads).toBe(2));
  });
});

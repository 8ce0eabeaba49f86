/**
 * The automations' run log in jsdom over msw: newest first, filtered by automation, state and days
 * (each a query of GET /api/automations/runs), Load more by the page's `next`, a run opened in its
 * dialog (its input as JSON, each step's outcome) and a failed one retried.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RunsScreen } from '../../src/app/screens/automations/RunsScreen';
import type { RunDetail, RunSummary } from '../../src/shared/automation-types';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

function run(n: number, over: Partial<RunSummary> = {}): RunSummary {
  return {
    id: `r${n}`,
    automation: 'loan_returned',
    trigger: 'update',
    model: 'Loan',
    recordId: String(n),
    state: 'done',
    attempts: 1,
    userName: 'admin',
    createdAt: new Date(Date.UTC(2026, 10, 25, 12, 60 - n)).toISOString(),
    endedAt: new Date(Date.UTC(2026, 10, 25, 12, 60 - n, 1)).toISOString(),
    durationMs: 1200,
    error: null,
    ...over,
  };
}

const FAILED = run(1, { state: 'failed', attempts: 4, error: 'The SMTP server refused the message', durationMs: 350 });

/** The Runs screen at `url`; answers two pages (the second after `before=r2`) and records the queries asked. */
function open(url: string): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/definitions/automation', () => HttpResponse.json([{ id: 'a1', name: 'loan_returned', title: 'Loan returned' }, { id: 'a2', name: 'overdue', title: 'Overdue' }])),
    http.get('*/api/automations/runs', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      if (q.get('before') === 'r2') return HttpResponse.json({ runs: [run(3)], next: null });
      return HttpResponse.json({ runs: [FAILED, run(2)], next: 'r2' });
    }),
  );
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/automations/runs" element={<RunsScreen />} />
        <Route path="/automations/:name/runs" element={<RunsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return asked;
}

describe('the automation runs screen', { timeout: 15_000 }, () => {
  it('lists runs newest first, filters them, and loads more by next', async () => {
    const asked = open('/automations/runs');
    const table = await screen.findByRole('table');
    await within(table).findByText('The SMTP server refused the message');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['Loan 1', 'Loan 2']);
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('350 ms')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('Loan 3');
    expect(asked[1]?.get('before')).toBe('r2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await screen.findByRole('option', { name: 'Overdue (overdue)' });
    fireEvent.change(screen.getByLabelText('Automation'), { target: { value: 'overdue' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'failed' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.length).toBe(3));
    const q = asked[2] as URLSearchParams;
    expect([q.get('automation'), q.get('state'), q.has('from'), q.has('before')]).toEqual(['overdue', 'failed', true, false]);
    expect(new Date(q.get('from') ?? '').getDate()).toBe(1);
  });

  it("shows one automation's runs at /automations/:name/runs", async () => {
    const asked = open('/automations/loan_returned/runs');
    await screen.findByRole('heading', { name: 'Runs of loan_returned' });
    await waitFor(() => expect(asked.length).toBe(1));
    expect(asked[0]?.get('automation')).toBe('loan_returned');
    expect(screen.queryByLabelText('Automation')).toBeNull();
  });

  it('opens a run with its input and steps, and retries a failed one', async () => {
    let retried = 0;
    const detail = (): RunDetail => ({
      ...FAILED,
      ...(retried ? { state: 'queued', nextAt: null } : { nextAt: null }),
      depth: 1,
      input: { record: { id: 1, returned: true, book: 7 }, before: { returned: false } },
      steps: [
        { path: '1', type: 'updateRecord', ok: true, result: { id: 7 }, ms: 12 },
        { path: '2', type: 'sendMail', ok: false, error: 'The SMTP server refused the message', ms: 300 },
      ],
    });
    open('/automations/runs');
    server.use(
      http.get('*/api/automations/runs/r1', () => HttpResponse.json(detail())),
      http.post('*/api/automations/runs/r1/retry', () => {
        retried++;
        return HttpResponse.json({ run: 'r1' }, { status: 202 });
      }),
    );
    const opens = await screen.findAllByRole('button', { name: /^Open the run of loan_returned/ });
    fireEvent.click(opens[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Run of loan_returned' });
    await within(dialog).findByText('Update a record');
    expect(within(dialog).getByText('Send mail')).toBeTruthy();
    expect(within(dialog).getByLabelText("The run's input as JSON").textContent).toContain('"returned": false');
    expect(within(dialog).getAllByText('The SMTP server refused the message').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText(/Queued again/);
    expect(retried).toBe(1);
    await within(dialog).findByText('Queued');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryScreen } from '../../src/app/screens/HistoryScreen';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

// The machine running the suites is shared; the default 1 s wait for an msw answer proved too tight under load.
configure({ asyncUtilTimeout: 5000 });

const JOB = '0123456789abcdef0123456789abcdef';

function Where() {
  const at = useLocation();
  return <output data-testid="where">{at.pathname + at.search}</output>;
}

/** The Data history screen at `url`, answering `/api/history` with one entry per ask; answers the query strings asked. */
function open(url: string): string[] {
  const asked: string[] = [];
  server.use(
    http.get('/api/definitions/model', () => HttpResponse.json([{ name: 'Book' }])),
    http.get('/api/grid/users/data/0/500', () => HttpResponse.json({ rows: [{ id: 1, user: 'admin' }], count: 1 })),
    http.get('/api/history', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q.toString());
      const entry = { id: asked.length, at: '2026-11-25T06:00:00.000Z', action: 'insert', user: { id: 1, name: 'admin' }, source: q.get('job') ? 'import' : 'POST /api/form/:name/add', requestId: q.get('job') ? `import:${q.get('job')}` : 'req-1', model: 'Book', recordId: '7', changes: [] };
      return HttpResponse.json({ entries: [entry], next: null });
    }),
  );
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/history" element={<HistoryScreen />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return asked;
}

describe('the Data history screen', () => {
  it("shows one import job's writes from ?job=, and every change once that is taken away", async () => {
    const asked = open(`/history?job=${JOB}`);
    await waitFor(() => expect(asked.length).toBe(1));
    expect(new URLSearchParams(asked[0]).get('job')).toBe(JOB);
    expect(screen.getByText('The writes of the import job 01234567')).toBeTruthy();
    await screen.findByText('import');
    fireEvent.click(screen.getByRole('button', { name: 'Show every change' }));
    await waitFor(() => expect(asked.length).toBe(2));
    expect(new URLSearchParams(asked[1]).has('job')).toBe(false);
    expect(screen.queryByText(/The writes of the import job/)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/history');
  });

  it('keeps the job while other filters are chosen', async () => {
    const asked = open(`/history?job=${JOB}`);
    await waitFor(() => expect(asked.length).toBe(1));
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'update' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.length).toBe(2));
    const q = new URLSearchParams(asked[1]);
    expect([q.get('job'), q.get('action')]).toEqual([JOB, 'update']);
  });
});

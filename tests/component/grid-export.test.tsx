import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridDefinition } from '../../src/generated/definitions';
import { GridView } from '../../src/runtime/views/GridView';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/**
 * The grid toolbar's Export: shown only where the definition answer says the caller may export,
 * a dialog of three files, the download asked with the user's search, sort and filter, saved
 * under the server's name; a refusal is shown in the dialog.
 */
const grid = (extra: Record<string, unknown> = {}) =>
  ({
    id: 'g1',
    name: 'tasks',
    title: 'Tasks',
    model: 'Task',
    paging: 3,
    pageSize: 50,
    definition: [{ name: 'title', label: 'Title', type: 'Text' }],
    fields: { title: 'text' },
    ...extra,
  }) as unknown as GridDefinition;

let exported: URL[];
let saved: Blob[];
let names: string[];

function renderAt(definition: GridDefinition, url = '/grid/tasks') {
  server.use(http.get('/api/grid/tasks/definition', () => HttpResponse.json(definition)));
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/grid/tasks" element={<GridView name="tasks" />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  exported = [];
  saved = [];
  names = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  useSession.setState({ user: { id: 7, user: 'ann', Admin: false } as never });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  server.use(
    http.get('/api/grid/tasks/data/:page/:size', () => HttpResponse.json({ rows: [{ id: 1, title: 'Report' }], count: 1 })),
    http.get('/api/grid/tasks/views', () => HttpResponse.json({ shared: [], mine: [] })),
    http.get('/api/grid/tasks/export', ({ request }) => {
      exported.push(new URL(request.url));
      return new HttpResponse('Title\r\nReport\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="tasks-2024-01-02.csv"; filename*=UTF-8''tasks-2024-01-02.csv`, 'x-total-count': '1' },
      });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('Export in the grid toolbar', () => {
  it('is not offered to a caller the definition answer does not let export', async () => {
    renderAt(grid({ mayExport: false }));
    await screen.findByRole('cell', { name: 'Report' });
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it("downloads the chosen file with the user's search, sort and filter, under the server's name", async () => {
    const filter = { and: [{ field: 'title', op: 'eq', value: 'Report' }] };
    renderAt(grid({ mayExport: true }), `/grid/tasks?q=Rep&sort=title&dir=desc&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await screen.findByRole('cell', { name: 'Report' });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const dialog = await screen.findByRole('dialog', { name: /Export/ });
    expect(dialog.textContent).toContain('CSV for Excel');
    fireEvent.click(screen.getByRole('button', { name: /CSV for Excel/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = exported[0] as URL;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ format: 'csv', bom: '1', search: 'Rep', sort: 'title', dir: 'desc', filter: JSON.stringify(filter) });
    expect(await blobText(saved[0] as Blob)).toBe('Title\r\nReport\r\n');
    expect(names).toEqual(['tasks-2024-01-02.csv']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Export/ })).toBeNull());
  });

  it('shows a refusal in the dialog', async () => {
    server.use(http.get('/api/grid/tasks/export', () => HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'You may not use the grid' } }, { status: 403 })));
    renderAt(grid({ mayExport: true }));
    await screen.findByRole('cell', { name: 'Report' });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^XLSX/ }));
    await screen.findByText(/You may not use the grid/);
    expect(saved).toHaveLength(0);
  });
});

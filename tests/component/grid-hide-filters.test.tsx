import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GridDefinition } from '../../src/generated/definitions';
import { GridView } from '../../src/runtime/views/GridView';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/**
 * A grid whose definition turns the users' filter builder off (`hideFilters`): no Filter button,
 * no saved Views, and no filter sent even when the url holds one (its server would refuse it).
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

let asked: URL[];

function renderAt(definition: GridDefinition, url: string) {
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
  asked = [];
  useSession.setState({ user: { id: 7, user: 'ann', Admin: false } as never });
  server.use(
    http.get('/api/grid/tasks/data/:page/:size', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ rows: [{ id: 1, title: 'Report' }], count: 1 });
    }),
    http.get('/api/grid/tasks/views', () => HttpResponse.json({ shared: [], mine: [] })),
  );
});

const filtered = `/grid/tasks?filter=${encodeURIComponent(JSON.stringify({ and: [{ field: 'title', op: 'eq', value: 'Report' }] }))}`;

describe('a grid with hideFilters', () => {
  it('shows neither Filter nor Views, and asks for its rows without the filter the url holds', async () => {
    renderAt(grid({ hideFilters: true }), filtered);
    await screen.findByRole('cell', { name: 'Report' });
    expect(screen.queryByRole('button', { name: /Filter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Views/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url.searchParams.has('filter')).toBe(false);
  });

  it('keeps both, and sends the filter, when it is off', async () => {
    renderAt(grid(), filtered);
    await screen.findByRole('cell', { name: 'Report' });
    expect(screen.getByRole('button', { name: /Filter/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Views/ })).toBeTruthy();
    expect(asked.at(-1)?.searchParams.get('filter')).toContain('Report');
  });
});

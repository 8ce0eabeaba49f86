import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { GridScreen } from '../../src/app/screens/GridScreen';
import { GridView } from '../../src/runtime/views/GridView';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/**
 * The filter builder (docs/filters.md, "Filter builder"): operators and inputs by column type,
 * problems at their input, chips of the active filter, and the grid's view in the page url.
 */
const orders = {
  id: 'g1',
  name: 'orders',
  title: 'Orders',
  model: 'Order',
  paging: 3,
  pageSize: 50,
  definition: [
    { name: 'status', label: 'Status' },
    { name: 'total', label: 'Total' },
    { name: 'due', label: 'Due' },
    { name: 'paid', label: 'Paid' },
    { name: 'buyer', label: 'Buyer' },
  ],
  fields: { status: 'text', total: 'number', due: 'date', paid: 'boolean', buyer: 'reference' },
  targets: { buyer: { model: 'Buyer', idtype: 'integer' } },
};

let asked: URL[] = [];
let where = '';

function Where() {
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  return null;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/grid/:name" element={<GridScreen />} />
        <Route path="/page" element={<GridView name="orders" embedded />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const lastFilter = () => {
  const f = asked.at(-1)?.searchParams.get('filter');
  return f ? (JSON.parse(f) as unknown) : null;
};
const urlFilter = () => {
  const f = new URL(where, 'http://x').searchParams.get('filter');
  return f ? (JSON.parse(f) as unknown) : null;
};

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: /^Filter/ }));
  return screen.getByRole('form', { name: 'Filter builder' });
}

function addCondition(panel: HTMLElement) {
  fireEvent.click(within(panel).getByRole('button', { name: 'Add condition' }));
  const fields = within(panel).getAllByLabelText('Field');
  return fields.at(-1) as HTMLSelectElement;
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

beforeEach(() => {
  asked = [];
  where = '';
  useSession.setState({ user: null });
  server.use(
    http.get('/api/grid/orders/definition', () => HttpResponse.json(orders)),
    http.get('/api/grid/orders/data/:page/:size', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ rows: [{ id: 1, status: 'open', total: 5, due: '2024-01-01', paid: true, buyer: 1 }], count: 1 });
    }),
  );
});

describe('the panel', () => {
  it('offers the operators and the value input each column type takes', async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    const field = addCondition(panel);
    const op = () => within(panel).getByLabelText(/^Operator for/);
    expect(optionTexts(op())).toEqual(['is', 'is not', 'contains', 'starts with', 'is empty', 'is not empty', 'is one of']);
    fireEvent.change(field, { target: { value: 'total' } });
    expect(optionTexts(op())).toEqual(['is', 'is not', 'is more than', 'is at least', 'is less than', 'is at most', 'is between', 'is one of', 'is empty', 'is not empty']);
    fireEvent.change(op(), { target: { value: 'between' } });
    expect(within(panel).getByLabelText('Total from')).toBeTruthy();
    expect(within(panel).getByLabelText('Total to')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'due' } });
    expect(optionTexts(op())).toContain('is in the last');
    expect(optionTexts(op())).toContain('is after');
    expect((within(panel).getByLabelText('Due from') as HTMLInputElement).type).toBe('date');
    fireEvent.change(op(), { target: { value: 'lastDays' } });
    expect(within(panel).getByLabelText('Number of days')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'paid' } });
    expect(optionTexts(op())).toEqual(['is', 'is not', 'is empty', 'is not empty']);
    expect(optionTexts(within(panel).getByLabelText('Value of Paid'))).toEqual(['Yes', 'No']);
    fireEvent.change(field, { target: { value: 'status' } });
    fireEvent.change(op(), { target: { value: 'in' } });
    expect(within(panel).getByLabelText('Values of Status, separated by commas')).toBeTruthy();
    fireEvent.change(op(), { target: { value: 'empty' } });
    expect(within(panel).queryByLabelText(/Value/)).toBeNull();
  });

  it('shows a problem at its input and applies nothing until it is put right', async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    fireEvent.change(addCondition(panel), { target: { value: 'total' } });
    const value = within(panel).getByLabelText('Value of Total');
    fireEvent.change(value, { target: { value: 'lots' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^This value must be a number.*\.$/);
    expect(within(panel).getByRole('alert').textContent).toBe('The filter was not applied: one condition needs a change, shown at its input.');
    expect(urlFilter()).toBeNull();
    fireEvent.change(value, { target: { value: '42' } });
    expect(value.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.submit(panel);
    await waitFor(() => expect(urlFilter()).toEqual({ and: [{ field: 'total', op: 'eq', value: 42 }] }));
    expect(screen.queryByRole('form', { name: 'Filter builder' })).toBeNull();
  });

  it('closes on Escape without applying, and the Filter button gets the focus back', async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    addCondition(panel);
    fireEvent.keyDown(within(panel).getByLabelText('Field'), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Filter builder' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter' }));
    expect(urlFilter()).toBeNull();
  });
});

describe('the chips and the url', () => {
  it('applies three conditions and a group, sends them, shows a chip each, and removes them one by one or all', async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    const status = addCondition(panel);
    fireEvent.change(within(panel).getAllByLabelText(/^Operator for/)[0] as HTMLElement, { target: { value: 'in' } });
    fireEvent.change(within(panel).getByLabelText('Values of Status, separated by commas'), { target: { value: 'open, late' } });
    fireEvent.change(addCondition(panel), { target: { value: 'paid' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add group' }));
    const group = within(panel).getByRole('group', { name: 'Group' });
    fireEvent.change(within(group).getByLabelText('Field'), { target: { value: 'total' } });
    fireEvent.change(within(group).getByLabelText('Operator for Total'), { target: { value: 'gt' } });
    fireEvent.change(within(group).getByLabelText('Value of Total'), { target: { value: '100' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Add condition to group' }));
    fireEvent.change(within(group).getAllByLabelText('Field')[1] as HTMLElement, { target: { value: 'due' } });
    fireEvent.change(within(group).getByLabelText('Operator for Due'), { target: { value: 'lastDays' } });
    fireEvent.change(within(group).getByLabelText('Number of days'), { target: { value: '7' } });
    expect(status.value).toBe('status');
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    const expected = {
      and: [
        { field: 'status', op: 'in', value: ['open', 'late'] },
        { field: 'paid', op: 'eq', value: true },
        { or: [{ field: 'total', op: 'gt', value: 100 }, { field: 'due', op: 'lastDays', value: 7 }] },
      ],
    };
    await waitFor(() => expect(lastFilter()).toEqual(expected));
    expect(urlFilter()).toEqual(expected);
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Status is one of open, late',
      'Paid is yes',
      'Any of: Total is more than 100 or Due is in the last 7 days',
    ]);
    expect(screen.getByRole('button', { name: 'Filter (3)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Paid is yes' }));
    await waitFor(() => expect(lastFilter()).toEqual({ and: [expected.and[0], expected.and[2]] }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.has('filter')).toBe(false));
    expect(urlFilter()).toBeNull();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('opens the view a url names: search, sort, page and filter, and edits that filter', async () => {
    const filter = { or: [{ field: 'status', op: 'eq', value: 'open' }, { field: 'due', op: 'between', value: ['2024-01-01', '2024-06-30'] }] };
    renderAt(`/grid/orders?q=ac&sort=total&dir=desc&page=2&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    const first = asked[0] as URL;
    expect(first.pathname).toBe('/api/grid/orders/data/1/50');
    expect(Object.fromEntries(first.searchParams)).toEqual({ search: 'ac', sort: 'total', dir: 'desc', filter: JSON.stringify(filter) });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ac');
    expect(screen.getByText('Rows matching any of:')).toBeTruthy();
    expect(screen.getByText('Due is between 2024-01-01 and 2024-06-30')).toBeTruthy();
    const panel = await openPanel();
    expect((within(panel).getByLabelText('Rows must match') as HTMLInputElement).value).toBe('or');
    expect((within(panel).getByLabelText('Due from') as HTMLInputElement).value).toBe('2024-01-01');
  });

  it('puts a sort in the url as a new entry, and the search once typing pauses', async () => {
    renderAt('/grid/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Total' }));
    await waitFor(() => expect(where).toBe('/grid/orders?sort=total&dir=asc'));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'dune' } });
    await waitFor(() => expect(where).toBe('/grid/orders?q=dune&sort=total&dir=asc'));
  });

  it('leaves the page url alone in an embedded grid', async () => {
    renderAt('/page');
    const panel = await openPanel();
    fireEvent.change(addCondition(panel), { target: { value: 'total' } });
    fireEvent.change(within(panel).getByLabelText('Value of Total'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastFilter()).toEqual({ and: [{ field: 'total', op: 'eq', value: 5 }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('sort')).toBe('total'));
    expect(where).toBe('/page');
  });
});

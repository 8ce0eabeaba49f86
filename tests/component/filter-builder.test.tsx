import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { GridScreen } from '../../src/app/screens/GridScreen';
import { GridView } from '../../src/runtime/views/GridView';
import { forgetNames } from '../../src/runtime/record-choices';
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
  paths: {
    'buyer.name': { type: 'text', label: 'Name' },
    'buyer.since': { type: 'date', label: 'Customer since' },
    'buyer.vip': { type: 'boolean', label: 'VIP' },
  },
};

const BUYERS = [
  { id: 1, label: 'Acme' },
  { id: 2, label: 'Bolt' },
  { id: 3, label: 'Cole' },
];
let choicesAsked: URL[] = [];

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
/** The records a picker's list offers now. */
const offered = (panel: HTMLElement, name: string) => within(within(panel).getByRole('listbox', { name })).queryAllByRole('option').map((o) => o.textContent);

beforeEach(() => {
  asked = [];
  choicesAsked = [];
  forgetNames();
  where = '';
  useSession.setState({ user: null });
  server.use(
    http.get('/api/grid/orders/definition', () => HttpResponse.json(orders)),
    http.get('/api/grid/orders/data/:page/:size', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ rows: [{ id: 1, status: 'open', total: 5, due: '2024-01-01', paid: true, buyer: 1 }], count: 1 });
    }),
    http.get('/api/choices/Order/buyer', ({ request }) => {
      const url = new URL(request.url);
      choicesAsked.push(url);
      const id = url.searchParams.get('id');
      if (id !== null) return HttpResponse.json({ items: BUYERS.filter((b) => String(b.id) === id), more: false });
      const term = (url.searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json({ items: BUYERS.filter((b) => b.label.toLowerCase().includes(term)), more: false });
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

  it('drops a mark about the old value when a condition moves to another field, and marks the new field at the next Apply (stale-mark regression)', async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    const field = addCondition(panel);
    fireEvent.change(field, { target: { value: 'total' } });
    fireEvent.change(within(panel).getByLabelText('Value of Total'), { target: { value: 'lots' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(within(panel).getByLabelText('Value of Total').getAttribute('aria-invalid')).toBe('true');
    // To a date: the number's text cannot show in a date input, and its mark goes with it.
    fireEvent.change(field, { target: { value: 'due' } });
    const due = within(panel).getByLabelText('Value of Due') as HTMLInputElement;
    expect(due.value).toBe('');
    expect(due.hasAttribute('aria-invalid')).toBe(false);
    expect(within(panel).queryByText(/^This value must/)).toBeNull();
    expect(within(panel).queryByRole('alert')).toBeNull();
    // Apply checks the condition as it is now: a date is wanted, not a number.
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(due.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(due.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^This value must be a date/);
    // A yes-or-no field and back: the number field starts empty and unmarked.
    fireEvent.change(field, { target: { value: 'paid' } });
    fireEvent.change(field, { target: { value: 'total' } });
    expect(within(panel).getByLabelText('Value of Total').hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(within(panel).getByLabelText('Value of Total'), { target: { value: '7' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(urlFilter()).toEqual({ and: [{ field: 'total', op: 'eq', value: 7 }] }));
  });

  it("offers the fields of the record a reference column refers to, typed by the target's field", async () => {
    renderAt('/grid/orders');
    const panel = await openPanel();
    const field = addCondition(panel);
    const group = within(field).getByRole('group', { name: 'Buyer: its fields' });
    expect(optionTexts(group)).toEqual(['Buyer › Name', 'Buyer › Customer since', 'Buyer › VIP']);
    fireEvent.change(field, { target: { value: 'buyer.since' } });
    const op = within(panel).getByLabelText('Operator for Buyer › Customer since');
    expect(optionTexts(op)).toContain('is after');
    fireEvent.change(op, { target: { value: 'gt' } });
    const value = within(panel).getByLabelText('Value of Buyer › Customer since') as HTMLInputElement;
    expect(value.type).toBe('date');
    fireEvent.change(value, { target: { value: '2024-01-01' } });
    fireEvent.change(addCondition(panel), { target: { value: 'buyer.vip' } });
    expect(optionTexts(within(panel).getByLabelText('Value of Buyer › VIP'))).toEqual(['Yes', 'No']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastFilter()).toEqual({ and: [{ field: 'buyer.since', op: 'gt', value: '2024-01-01' }, { field: 'buyer.vip', op: 'eq', value: true }] }));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Buyer › Customer since is after 2024-01-01', 'Buyer › VIP is yes']);
  });

  it('picks "is one of" records by name: typed search, arrows and Enter, Backspace and the remove button', async () => {
    const NAME = 'Records of Buyer';
    renderAt('/grid/orders');
    const panel = await openPanel();
    fireEvent.change(addCondition(panel), { target: { value: 'buyer' } });
    fireEvent.change(within(panel).getByLabelText('Operator for Buyer'), { target: { value: 'in' } });
    const input = within(panel).getByRole('combobox', { name: 'Records of Buyer' });
    const picked = () => within(panel).queryByRole('list', { name: 'Picked: Records of Buyer' });
    const names = () => (picked() ? within(picked() as HTMLElement).getAllByRole('listitem').map((li) => li.firstChild?.textContent) : []);
    // Typed: the list narrows on the server (after the pause), Enter picks the highlighted one and does not apply.
    fireEvent.change(input, { target: { value: 'bo' } });
    await waitFor(() => expect(offered(panel, NAME)).toEqual(['Bolt']));
    expect(choicesAsked.at(-1)?.searchParams.get('search')).toBe('bo');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(names()).toEqual(['Bolt']);
    expect(screen.getByRole('form', { name: 'Filter builder' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    // The list stays open for the next pick, without the picked one.
    await waitFor(() => expect(offered(panel, NAME)).toEqual(['Acme', 'Cole']));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(names()).toEqual(['Bolt', 'Cole']);
    // Escape closes the list only; Backspace in the empty input takes the last chip away.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(offered(panel, NAME)).toEqual([]);
    expect(screen.getByRole('form', { name: 'Filter builder' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(names()).toEqual(['Bolt']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(offered(panel, NAME)).toEqual(['Acme', 'Cole']));
    fireEvent.click(within(within(panel).getByRole('listbox', { name: NAME })).getByRole('option', { name: 'Acme' }));
    expect(names()).toEqual(['Bolt', 'Acme']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Bolt' }));
    expect(names()).toEqual(['Acme']);
    for (const backspace of [true, false]) {
      fireEvent.change(input, { target: { value: 'co' } });
      await waitFor(() => expect(offered(panel, NAME)).toEqual(['Cole']));
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(names()).toEqual(['Acme', 'Cole']);
      // With the list still open, Backspace in the empty input takes the last chip away too.
      if (backspace) fireEvent.keyDown(input, { key: 'Backspace' });
    }
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastFilter()).toEqual({ and: [{ field: 'buyer', op: 'in', value: [1, 3] }] }));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Buyer is one of Acme, Cole']);
    // The names came with the list: none was asked by id.
    expect(choicesAsked.filter((u) => u.searchParams.has('id'))).toEqual([]);
  });

  it('marks a reference condition with no record picked, and picks one record for "is"', async () => {
    const NAME = 'Record of Buyer';
    renderAt('/grid/orders');
    const panel = await openPanel();
    fireEvent.change(addCondition(panel), { target: { value: 'buyer' } });
    const input = within(panel).getByRole('combobox', { name: 'Record of Buyer' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'ac' } });
    await waitFor(() => expect(offered(panel, NAME)).toEqual(['Acme']));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'bo' } });
    await waitFor(() => expect(offered(panel, NAME)).toEqual(['Bolt']));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(within(panel).getByRole('list', { name: 'Picked: Record of Buyer' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Bolt']);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.submit(panel);
    await waitFor(() => expect(urlFilter()).toEqual({ and: [{ field: 'buyer', op: 'eq', value: 2 }] }));
    expect(screen.getByText('Buyer is Bolt')).toBeTruthy();
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

  it('names the records a filter in the url picks by id, asking each once, and shows them as chips in the panel', async () => {
    const filter = { and: [{ field: 'buyer', op: 'in', value: [1, 2] }, { field: 'buyer.name', op: 'contains', value: 'o' }] };
    renderAt(`/grid/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(await screen.findByText('Buyer is one of Acme, Bolt')).toBeTruthy();
    expect(screen.getByText('Buyer › Name contains o')).toBeTruthy();
    const panel = await openPanel();
    const picked = within(panel).getByRole('list', { name: 'Picked: Records of Buyer' });
    expect(within(picked).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Acme', 'Bolt']);
    expect(choicesAsked.map((u) => u.searchParams.get('id')).sort()).toEqual(['1', '2']);
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

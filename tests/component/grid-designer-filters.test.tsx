import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DesignerColumn as HostlessDesignerColumn } from '../../src/designer/ui/DesignerColumn';
import { formValues, mockApi, renderInForm, testRuntime } from '../../src/plugin-kit/testing';
import type { DesignerColumnProps } from '../../src/runtime/host';
import type { ModelDefinition } from '../../src/shared/filter';
import { designerServices } from '../support/designer-services';

const DesignerColumn = (props: DesignerColumnProps) => <HostlessDesignerColumn {...props} services={designerServices} />;

/**
 * The grid designer's Data Filters in the filter language (docs/filters.md) and its Reference
 * columns' `shows` picker, as an admin uses them: conditions and groups added and edited through
 * the designer store (undo included), operators and variables that fit each field, the server's
 * own problems at their inputs, and old-style filters still edited by their plain panel.
 */
const MODELS: Record<string, ModelDefinition> = {
  Purchase: {
    name: 'Purchase',
    fields: [
      { name: 'label', type: 'text', label: 'Label' },
      { name: 'total', type: 'number', label: 'Total' },
      { name: 'due', type: 'date', label: 'Due' },
      { name: 'placed', type: 'datetime', label: 'Placed' },
      { name: 'paid', type: 'boolean', label: 'Paid' },
      { name: 'notes', type: 'json' },
      { name: 'buyer', type: 'reference', target: 'Buyer', label: 'Buyer' },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
    ],
  },
  Buyer: {
    name: 'Buyer',
    idtype: 'hex',
    fields: [
      { name: 'name', type: 'text', label: 'Name' },
      { name: 'city', type: 'text', label: 'City' },
      { name: 'secret', type: 'password' },
      { name: 'region', type: 'reference', target: 'Region', label: 'Region' },
    ],
  },
  Region: { name: 'Region', fields: [{ name: 'name', type: 'text', label: 'Name' }, { name: 'code', type: 'text' }] },
  User: { name: 'User', system: true, fields: [{ name: 'user', type: 'text', label: 'Login' }] },
};

const grid = (extra: Record<string, unknown> = {}) => ({
  id: 'g1',
  version: 1,
  name: 'purchases',
  title: 'Purchases',
  model: 'Purchase',
  paging: 3,
  pageSize: 50,
  definition: [{ name: 'label', label: 'Label', type: 'Text' }],
  rowactions: [],
  filters: [],
  sorts: [],
  actions: [],
  ...extra,
});

beforeEach(() => {
  mockApi.use(
    http.get('*/api/definitions/model/:name', ({ params }) =>
      MODELS[String(params.name)] ? HttpResponse.json(MODELS[String(params.name)]) : HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
    http.get('*/api/models/:name', ({ params }) => HttpResponse.json(MODELS[String(params.name)]?.fields ?? [])),
    http.get('*/api/models', () => HttpResponse.json(Object.keys(MODELS))),
    http.post('*/api/data/:model', () => HttpResponse.json([])),
  );
});

function renderGrid(values: Record<string, unknown> = grid()) {
  const rt = testRuntime({ mode: 'edit', recordId: 'g1', values });
  renderInForm(<DesignerColumn kind="grid" idPrefix="gd" title="Grid designer" />, rt);
  const canvas = screen.getByRole('region', { name: 'Grid designer design area' });
  const panel = () => screen.getByRole('complementary', { name: 'Properties' });
  return { canvas, panel, filters: () => formValues(rt.store).filters as unknown[], values: () => formValues(rt.store) };
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

/** The Field select once the models are read (busy and disabled until then). */
async function fieldSelect(scope: HTMLElement): Promise<HTMLSelectElement> {
  await waitFor(() => expect(within(scope).getByLabelText('Field').getAttribute('aria-busy')).toBeNull());
  return within(scope).getByLabelText('Field') as HTMLSelectElement;
}

describe("the grid designer's Data Filters", () => {
  it('adds a condition on a reference to User compared with the signed-in user, one undo step per pick', async () => {
    const { canvas, panel, filters } = renderGrid();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add condition' }));
    // Added and selected at once: its panel asks for a field.
    expect(within(panel()).getByRole('heading', { name: 'Data filter 1' })).toBeTruthy();
    const field = await fieldSelect(panel());
    // Own filterable fields and the id, then paths through references; JSON and password fields are not offered.
    expect(optionTexts(field)).toEqual([
      '(choose a field)',
      'Record id (id)',
      'Label (label)',
      'Total (total)',
      'Due (due)',
      'Placed (placed)',
      'Paid (paid)',
      'Buyer (buyer)',
      'Owner (owner)',
      // Kept by the server on every model's rows (src/shared/audit-fields.ts).
      'Created by (_created_by)',
      'Created at (_created_at)',
      'Updated by (_updated_by)',
      'Updated at (_updated_at)',
      'Buyer → id (buyer.id)',
      'Buyer → Name (buyer.name)',
      'Buyer → City (buyer.city)',
      'Buyer → Region (buyer.region)',
      'Buyer → Region → id (buyer.region.id)',
      'Buyer → Region → Name (buyer.region.name)',
      'Buyer → Region → code (buyer.region.code)',
      'Owner → id (owner.id)',
      'Owner → Login (owner.user)',
      'Created by → id (_created_by.id)',
      'Created by → Login (_created_by.user)',
      'Updated by → id (_updated_by.id)',
      'Updated by → Login (_updated_by.user)',
    ]);
    expect(within(field).getByRole('group', { name: 'Through Buyer → Region' })).toBeTruthy();

    fireEvent.change(field, { target: { value: 'owner' } });
    expect(filters()[0]).toEqual({ field: 'owner', op: 'eq', value: '' });
    // No id typed yet: the server's own words, at the value's input.
    const typed = await within(panel()).findByLabelText('Value');
    await waitFor(() => expect(typed.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(typed.getAttribute('aria-describedby')!)?.textContent).toBe('This value must be the id of a record of User (a whole number, not in quotes).');
    expect(optionTexts(within(panel()).getByLabelText('Operator'))).toEqual(['is', 'is not', 'is one of', 'is empty', 'is not empty']);

    const source = within(panel()).getByLabelText('Value: compare with');
    expect(optionTexts(source)).toEqual(['A value typed here', 'The signed-in user (CURRENT_USER.id)', 'The record the grid is embedded in (RECORD.id)']);
    fireEvent.change(source, { target: { value: 'CURRENT_USER.id' } });
    expect(filters()[0]).toEqual({ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } });
    expect(within(panel()).queryByLabelText('Value')).toBeNull();
    expect(within(canvas).getByRole('button', { name: 'owner eq CURRENT_USER.id' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(filters()[0]).toEqual({ field: 'owner', op: 'eq', value: '' });
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(filters()[0]).toEqual({ field: '', op: 'eq', value: '' });
    fireEvent.click(screen.getByRole('button', { name: /Redo/ }));
    fireEvent.click(screen.getByRole('button', { name: /Redo/ }));
    expect(filters()[0]).toEqual({ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } });
  });

  it('types a value of the field type, shows the problem at its input until it fits, and a burst of typing is one undo step', async () => {
    const { canvas, panel, filters } = renderGrid();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add condition' }));
    fireEvent.change(await fieldSelect(panel()), { target: { value: 'total' } });
    fireEvent.change(within(panel()).getByLabelText('Operator'), { target: { value: 'gte' } });
    expect(filters()[0]).toEqual({ field: 'total', op: 'gte', value: 0 });
    const value = within(panel()).getByLabelText('Value') as HTMLInputElement;
    for (const text of ['1', '1x']) fireEvent.change(value, { target: { value: text } });
    expect(filters()[0]).toEqual({ field: 'total', op: 'gte', value: '1x' });
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel()).getByText('This value must be a number, such as 42 or 9.5 (not in quotes).')).toBeTruthy();
    // "1." is kept as typed while it means 1.
    for (const text of ['1', '1.', '1.5']) fireEvent.change(value, { target: { value: text } });
    expect(value.value).toBe('1.5');
    expect(filters()[0]).toEqual({ field: 'total', op: 'gte', value: 1.5 });
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBeNull());
    fireEvent.blur(value);
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(filters()[0]).toEqual({ field: 'total', op: 'gte', value: 0 });
    expect((within(panel()).getByLabelText('Value') as HTMLInputElement).value).toBe('0');

    // between takes two ends, in a list, lastDays a number of days, empty nothing.
    fireEvent.change(within(panel()).getByLabelText('Operator'), { target: { value: 'between' } });
    fireEvent.change(within(panel()).getByLabelText('From'), { target: { value: '500' } });
    fireEvent.change(within(panel()).getByLabelText('To'), { target: { value: '10' } });
    expect(filters()[0]).toEqual({ field: 'total', op: 'between', value: [500, 10] });
    expect(await within(panel()).findByText(/The low end \(500\) is above the high end \(10\)/)).toBeTruthy();
    fireEvent.change(within(panel()).getByLabelText('Operator'), { target: { value: 'in' } });
    fireEvent.change(within(panel()).getByLabelText('Values (separated by commas)'), { target: { value: '5, 50,' } });
    expect(filters()[0]).toEqual({ field: 'total', op: 'in', value: [5, 50] });
    expect((within(panel()).getByLabelText('Values (separated by commas)') as HTMLInputElement).value).toBe('5, 50,');
    fireEvent.change(within(panel()).getByLabelText('Operator'), { target: { value: 'empty' } });
    expect(filters()[0]).toEqual({ field: 'total', op: 'empty' });
  });

  it('offers TODAY for a date and NOW for a date and time, and flags a variable that does not fit at its select', async () => {
    const { canvas, panel, filters } = renderGrid(grid({ filters: [{ field: 'due', op: 'lt', value: { var: 'NOW' } }] }));
    fireEvent.click(within(canvas).getByRole('button', { name: 'due lt NOW' }));
    const source = await within(panel()).findByLabelText('Value: compare with');
    await waitFor(() => expect(source.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(source.getAttribute('aria-describedby')!)?.textContent).toBe(
      'NOW is a date and time: it fits a date-and-time field (for a date, use TODAY).',
    );
    expect(optionTexts(source)).toEqual(['A value typed here', 'Now (NOW)', 'Today (TODAY)']);
    fireEvent.change(source, { target: { value: 'TODAY' } });
    expect(filters()[0]).toEqual({ field: 'due', op: 'lt', value: { var: 'TODAY' } });
    await waitFor(() => expect(source.getAttribute('aria-invalid')).toBeNull());
    // Typed instead: a date input.
    fireEvent.change(source, { target: { value: '' } });
    const day = within(panel()).getByLabelText('Value') as HTMLInputElement;
    expect(day.type).toBe('date');
    fireEvent.change(day, { target: { value: '2024-05-01' } });
    expect(filters()[0]).toEqual({ field: 'due', op: 'lt', value: '2024-05-01' });
    // Through a reference to a hex-id model, an id is text, checked as such.
    fireEvent.change(within(panel()).getByLabelText('Field'), { target: { value: 'buyer' } });
    fireEvent.change(within(panel()).getByLabelText('Value'), { target: { value: '12' } });
    expect(filters()[0]).toEqual({ field: 'buyer', op: 'eq', value: '12' });
    expect(await within(panel()).findByText('This value must be the id of a record of Buyer (32 hex characters).')).toBeTruthy();
  });

  it('adds a group one level deep, any-of or all-of, whose conditions are edited, added and removed', async () => {
    const { canvas, panel, filters } = renderGrid();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add group' }));
    expect(within(panel()).getByRole('heading', { name: 'Data filter 1: a group' })).toBeTruthy();
    expect((within(panel()).getByLabelText('The group holds when') as HTMLSelectElement).value).toBe('or');
    const first = () => within(panel()).getByRole('group', { name: 'Condition 1' });
    fireEvent.change(await fieldSelect(first()), { target: { value: 'label' } });
    fireEvent.change(within(first()).getByLabelText('Operator'), { target: { value: 'startsWith' } });
    fireEvent.change(within(first()).getByLabelText('Value'), { target: { value: 'Big' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Add condition to the group' }));
    const second = within(panel()).getByRole('group', { name: 'Condition 2' });
    fireEvent.change(await fieldSelect(second), { target: { value: 'paid' } });
    fireEvent.change(within(second).getByLabelText('Value'), { target: { value: 'false' } });
    expect(filters()).toEqual([{ or: [{ field: 'label', op: 'startsWith', value: 'Big' }, { field: 'paid', op: 'eq', value: false }] }]);
    fireEvent.change(within(panel()).getByLabelText('The group holds when'), { target: { value: 'and' } });
    expect(filters()).toEqual([{ and: [{ field: 'label', op: 'startsWith', value: 'Big' }, { field: 'paid', op: 'eq', value: false }] }]);
    expect(within(canvas).getByRole('button', { name: 'all of 2 conditions' })).toBeTruthy();
    // A problem of the second condition is shown in it, not in the first.
    fireEvent.change(within(second).getByLabelText('Operator'), { target: { value: 'eq' } });
    fireEvent.change(within(first()).getByLabelText('Value'), { target: { value: '' } });
    expect(await within(first()).findByText('startsWith needs some text to look for.')).toBeTruthy();
    expect(within(second).queryByText(/needs some text/)).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Remove condition 1' }));
    expect(filters()).toEqual([{ and: [{ field: 'paid', op: 'eq', value: false }] }]);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Remove filter' }));
    expect(filters()).toEqual([]);
    expect(within(panel()).getByRole('heading', { name: 'Grid' })).toBeTruthy();
  });

  it('keeps an old-style filter in its plain panel beside conditions, both sent to the preview', async () => {
    const previews: Record<string, unknown>[] = [];
    mockApi.use(
      http.post('*/api/data/:model', async ({ request }) => {
        previews.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([]);
      }),
    );
    const { canvas, panel, filters } = renderGrid(grid({ filters: [{ fieldname: 'label', value: 'a' }, { field: 'total', op: 'gt', value: 3 }] }));
    fireEvent.click(within(canvas).getByRole('button', { name: 'label = a' }));
    expect(within(panel()).getByRole('heading', { name: 'Data filter 1' })).toBeTruthy();
    fireEvent.change(within(panel()).getByLabelText(/^Value/), { target: { value: 'b' } });
    expect(filters()).toEqual([{ fieldname: 'label', value: 'b' }, { field: 'total', op: 'gt', value: 3 }]);
    // A condition added without a field yet is left out of the preview, not sent to be refused.
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add condition' }));
    await waitFor(() => expect(previews.at(-1)?.filters).toEqual([{ fieldname: 'label', value: 'b' }, { field: 'total', op: 'gt', value: 3 }]));
  });
});

describe("the grid's own properties", () => {
  it('switch the users\' filter builder off with Hide filters, beside Hide Search', () => {
    const { panel, values } = renderGrid();
    expect(within(panel()).getByRole('heading', { name: 'Grid' })).toBeTruthy();
    expect(within(panel()).getByRole('switch', { name: 'Hide Search' })).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('switch', { name: 'Hide filters' }));
    expect(values().hideFilters).toBe(true);
  });
});

describe("a Reference column's Shows", () => {
  it("is a labelled select of the target's fields and one reference further, or the record's display", async () => {
    const { canvas, panel, values } = renderGrid(grid({ definition: [{ name: 'label', type: 'Text' }, { name: 'buyer', label: 'Buyer', type: 'Reference', shows: 'city' }] }));
    fireEvent.click(within(canvas).getByRole('button', { name: 'Buyer' }));
    const shows = (await within(panel()).findByRole('combobox', { name: 'Shows' })) as HTMLSelectElement;
    await within(shows).findByRole('option', { name: 'Region → Name (region.name)' });
    expect(optionTexts(shows)).toEqual([
      "(the record's display)",
      'Name (name)',
      'City (city)',
      'Region (region)',
      'Created by (_created_by)',
      'Created at (_created_at)',
      'Updated by (_updated_by)',
      'Updated at (_updated_at)',
      'Region → Name (region.name)',
      'Region → code (region.code)',
    ]);
    expect(shows.value).toBe('city');
    fireEvent.change(shows, { target: { value: 'region.name' } });
    expect((values().definition as unknown[])[1]).toEqual({ name: 'buyer', label: 'Buyer', type: 'Reference', shows: 'region.name' });
    fireEvent.change(shows, { target: { value: '' } });
    expect((values().definition as unknown[])[1]).toEqual({ name: 'buyer', label: 'Buyer', type: 'Reference' });
  });

  it('flags a stored path the models do not offer, and says why a field that is no reference shows only its display', async () => {
    const { canvas, panel } = renderGrid(grid({ definition: [{ name: 'buyer', label: 'Buyer', type: 'Reference', shows: 'region.mayor' }, { name: 'label', label: 'Lbl', type: 'Reference' }] }));
    fireEvent.click(within(canvas).getByRole('button', { name: 'Buyer' }));
    const shows = await within(panel()).findByRole('combobox', { name: /Shows not in the model/ });
    await within(shows).findByRole('option', { name: 'region.mayor (not in the model)' });
    fireEvent.click(within(canvas).getByRole('button', { name: 'Lbl' }));
    expect(await within(panel()).findByText("Only the record's display: 'label' is not a reference field.")).toBeTruthy();
  });
});

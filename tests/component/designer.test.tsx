import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../src/plugin-kit/testing';
import { DesignerColumn as HostlessDesignerColumn } from '../../src/designer/ui/DesignerColumn';
import { formValues, isFormDirty, renderInForm, setFieldValue, testRuntime } from '../../src/plugin-kit/testing';
import type { DesignerColumnProps } from '../../src/runtime/host';
import { designerServices } from '../support/designer-services';

/** The designer column given the API client and the plugins, as the app gives it (drawn at once, not loaded lazily). */
const DesignerColumn = (props: DesignerColumnProps) => <HostlessDesignerColumn {...props} services={designerServices} />;

/**
 * The form designer as an admin uses it, in jsdom: the palette adds columns drawn by the real
 * plugins, the toolbar's row and column buttons, selection, undo and redo by button and by
 * keyboard, the dirty marker, the Definition panel, and the surrounding form's record as its Save
 * reads it (from the designer, which holds the document) following every edit.
 */
const record = () => ({
  id: 'f1',
  version: 3,
  name: 'customer',
  title: 'Customer',
  model: 'Customer',
  definition: [{ cols: [{ childType: 'None', width: 0 }] }],
  actions: [],
});

function renderDesigner() {
  const rt = testRuntime({ mode: 'edit', recordId: 'f1', values: record() });
  renderInForm(<DesignerColumn kind="form" palette="form" idPrefix="fd" title="Form designer" />, rt);
  const canvas = screen.getByRole('region', { name: 'Form designer design area' });
  const values = () => formValues(rt.store);
  return { rt, canvas, values };
}

beforeEach(() => {
  mockApi.use(
    http.get('*/api/models/Customer', () => HttpResponse.json([{ name: 'name', type: 'text', label: 'Name' }, { name: 'email', type: 'text', label: 'E-mail' }])),
    http.get('*/api/models', () => HttpResponse.json(['Customer', 'User'])),
    http.get('*/api/urls', () => HttpResponse.json(['/grid/customers'])),
    http.get('*/api/icons', () => HttpResponse.json(['star', 'person'])),
  );
});

const press = (key: string, init: KeyboardEventInit = {}) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init })));

describe('the form designer', () => {
  it('offers every form column type, searchable', () => {
    renderDesigner();
    const palette = screen.getByRole('region', { name: /column types/i });
    expect(within(palette).getByRole('button', { name: /Rating/ })).toBeTruthy();
    expect(within(palette).getByRole('button', { name: /Form designer/ })).toBeTruthy();
    fireEvent.change(within(palette).getByLabelText('Search column types'), { target: { value: 'star' } });
    expect(within(palette).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rating']);
  });

  it('in a page designer offers only the eight page types', () => {
    renderInForm(<DesignerColumn kind="page" palette="page" idPrefix="pd" title="Page designer" />, testRuntime({ mode: 'edit', values: { name: 'p', definition: [] } }));
    const palette = screen.getByRole('region', { name: /column types/i });
    expect(within(palette).getAllByRole('button').map((b) => b.textContent).sort()).toEqual(
      ['Card', 'Empty', 'Grid', 'HTML', 'Rows', 'Tabs', 'Text', 'Work flow'],
    );
    expect(screen.getByText(/Nothing here yet/)).toBeTruthy();
  });

  it('replaces a selected empty column with a picked type, drawn by its plugin, and the form follows', () => {
    const { canvas, values } = renderDesigner();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    expect(within(canvas).getByRole('button', { name: 'Empty' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Input$/ }));
    const handle = within(canvas).getByRole('button', { name: 'Input' });
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(within(canvas).getByRole('textbox')).toBeTruthy();
    expect(values().definition).toEqual([{ cols: [{ childType: 'Input', width: 0, fieldtype: 'text' }] }]);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('adds after a selected column, and at the end of the last row with none selected', () => {
    const { canvas, values } = renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: /^Text$/ }));
    expect((values().definition as { cols: unknown[] }[])[0]!.cols).toHaveLength(2);
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    fireEvent.click(screen.getByRole('button', { name: /^Checkbox$/ }));
    expect((values().definition as { cols: { childType: string }[] }[])[0]!.cols.map((c) => c.childType)).toEqual(['Checkbox', 'Text']);
  });

  it('adds and deletes rows and columns from the toolbar', () => {
    const { values } = renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(values().definition).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    expect((values().definition as { cols: unknown[] }[])[1]!.cols).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete last column' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete last row' }));
    expect(values().definition).toEqual(record().definition);
  });

  // "Add column adds to the selected row rather than the row just added": the new row becomes the target.
  it('adds a column to the row just added, even while a column of another row was selected', () => {
    const { canvas, values } = renderDesigner();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const handles = within(canvas).getAllByRole('button', { name: 'Empty' });
    expect(handles.map((h) => h.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    const rows = values().definition as { cols: unknown[] }[];
    expect(rows.map((r) => r.cols.length)).toEqual([1, 2]);
  });

  it('resizes a column from its width handle by keyboard, 0 to 11', () => {
    const { canvas, values } = renderDesigner();
    const handle = within(canvas).getByRole('separator', { name: 'Width of Empty' });
    expect(handle.getAttribute('aria-valuetext')).toBe('automatic');
    const width = () => (values().definition as { cols: { width: number }[] }[])[0]!.cols[0]!.width;
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(width()).toBe(1);
    fireEvent.keyDown(within(canvas).getByRole('separator', { name: 'Width of Empty' }), { key: 'End' });
    expect(width()).toBe(11);
    expect(within(canvas).getByRole('separator', { name: 'Width of Empty' }).getAttribute('aria-valuetext')).toBe('11 of 12');
    fireEvent.keyDown(within(canvas).getByRole('separator', { name: 'Width of Empty' }), { key: 'ArrowRight' });
    expect(width()).toBe(11);
    fireEvent.keyDown(within(canvas).getByRole('separator', { name: 'Width of Empty' }), { key: 'Home' });
    expect(width()).toBe(0);
  });

  it('undoes and redoes by button and by keyboard, with the counts shown', () => {
    const { values } = renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('button', { name: /Undo/ }).textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(values().definition).toHaveLength(2);
    press('z', { ctrlKey: true });
    expect(values().definition).toHaveLength(1);
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
    press('y', { ctrlKey: true });
    press('Z', { ctrlKey: true, shiftKey: true });
    expect(values().definition).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Redo/ }).hasAttribute('disabled')).toBe(true);
  });

  it('clears the selection on Escape before the form sees the key', () => {
    const { canvas } = renderDesigner();
    let formSaw = 0;
    const formHandler = () => void (formSaw += 1);
    window.addEventListener('keydown', formHandler);
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    press('Escape');
    expect(within(canvas).getByRole('button', { name: 'Empty' }).getAttribute('aria-pressed')).toBe('false');
    expect(formSaw).toBe(0);
    press('Escape');
    expect(formSaw).toBe(1);
    window.removeEventListener('keydown', formHandler);
  });

  it('takes edits the form makes itself into its document and history', () => {
    const { rt } = renderDesigner();
    act(() => setFieldValue(rt.store, 'title', 'Clients'));
    expect(isFormDirty(rt.store)).toBe(true);
    expect(rt.store.getState().dirty).toBe(false); // one dirty flag: the designer's
    fireEvent.click(screen.getByRole('button', { name: 'Definition' }));
    expect(screen.getByLabelText('Definition JSON').textContent).toContain('"title": "Clients"');
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    // The form's own Title field shows the undo, and nothing is left unsaved.
    expect(rt.store.getState().values.title).toBe('Customer');
    expect(formValues(rt.store).title).toBe('Customer');
    expect(isFormDirty(rt.store)).toBe(false);
  });

  it('holds the document itself: an edit copies nothing into the form, whose Save and dirty flag ask the designer', () => {
    const { rt } = renderDesigner();
    const stored = rt.store.getState().values.definition;
    let woken = 0;
    rt.store.fields.subscribe('definition', () => void (woken += 1));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(rt.store.getState().values.definition).toBe(stored);
    expect(woken).toBe(0);
    expect(formValues(rt.store).definition).toHaveLength(2);
    expect(isFormDirty(rt.store)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(isFormDirty(rt.store)).toBe(false);
    // Unedited, the record is sent as it was read (no lists or defaults added by the designer).
    expect(JSON.stringify(formValues(rt.store))).toBe(JSON.stringify(record()));
  });

  it('shows the Definition panel collapsed, then the JSON following every edit', () => {
    renderDesigner();
    const toggle = screen.getByRole('button', { name: 'Definition' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Definition JSON')).toBeNull();
    fireEvent.click(toggle);
    expect(JSON.parse(screen.getByLabelText('Definition JSON').textContent!).definition).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(JSON.parse(screen.getByLabelText('Definition JSON').textContent!).definition).toHaveLength(2);
  });
});

describe('the property panel of the form designer', () => {
  it("edits a picked column's properties, a burst of typing being one undo step", async () => {
    const { canvas, values } = renderDesigner();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    fireEvent.click(screen.getByRole('button', { name: /^Input$/ }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    const label = within(panel).getByLabelText('Label');
    for (const text of ['E', 'E-', 'E-mail']) fireEvent.change(label, { target: { value: text } });
    fireEvent.blur(label);
    expect(within(canvas).getByRole('button', { name: 'Input: E-mail' })).toBeTruthy();
    expect(within(canvas).getByLabelText('E-mail')).toBeTruthy();
    // The field picker lists the Customer model's fields.
    const picker = within(panel).getByLabelText(/^Field/);
    await within(picker).findByRole('option', { name: 'E-mail (email)' });
    fireEvent.change(picker, { target: { value: 'email' } });
    expect((values().definition as { cols: Record<string, unknown>[] }[])[0]!.cols[0]).toMatchObject({ label: 'E-mail', name: 'email' });
    // Pick type, label burst, field: three steps.
    expect(screen.getByRole('button', { name: /Undo/ }).textContent).toContain('3');
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect((values().definition as { cols: Record<string, unknown>[] }[])[0]!.cols[0]!.label).toBeUndefined();
  });

  it("gives the kit's Rating example its editors with no designer code", () => {
    renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: /^Rating$/ }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    const stars = within(panel).getByLabelText('Stars') as HTMLInputElement;
    expect(stars.value).toBe('5');
    fireEvent.change(stars, { target: { value: '7' } });
    expect(screen.getAllByRole('radio')).toHaveLength(7);
  });

  it("shows a schema error beside the property, live", () => {
    renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: /^Rating$/ }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    fireEvent.change(within(panel).getByLabelText('Stars'), { target: { value: '11' } });
    expect(within(panel).getByText('must be at most 10')).toBeTruthy();
    expect(within(panel).getByLabelText('Stars').getAttribute('aria-invalid')).toBe('true');
  });

  it("with nothing selected edits the form's own properties and its toolbar actions", () => {
    const { values } = renderDesigner();
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Clients' } });
    fireEvent.click(within(panel).getByLabelText('Read only'));
    expect(values()).toMatchObject({ title: 'Clients', readOnly: true });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add action' }));
    expect(within(panel).getByRole('heading', { name: /Toolbar actions/ }).textContent).toContain('1');
    fireEvent.change(within(panel).getByLabelText('Label'), { target: { value: 'Orders' } });
    expect(values().actions).toEqual([{ url: '', label: 'Orders' }].map((a) => expect.objectContaining({ label: a.label })));
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove last action' }));
    expect(values().actions).toEqual([]);
  });

  it("fills a card: its rows from the panel, then its tabs, each tab selectable to edit", () => {
    const { canvas, values } = renderDesigner();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Empty' }));
    fireEvent.click(screen.getByRole('button', { name: /^Card$/ }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    const card = () => (values().definition as { cols: Record<string, unknown>[] }[])[0]!.cols[0]!;
    fireEvent.click(within(panel).getByRole('button', { name: 'Add row' }));
    expect(card().rows).toHaveLength(2);
    expect(within(panel).queryByRole('button', { name: 'Add tab' })).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Content'), { target: { value: within(panel).getByRole('option', { name: 'Tabs' }).getAttribute('value') } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add tab' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Add tab' }));
    expect(card().tabs).toHaveLength(2);
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit Tab-2' }));
    const tabPanel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(tabPanel).getByRole('heading', { name: 'Tab: Tab-2' })).toBeTruthy();
    fireEvent.change(within(tabPanel).getByLabelText('Title'), { target: { value: 'Addresses' } });
    expect((card().tabs as Record<string, unknown>[])[1]).toMatchObject({ childType: 'Tab', tabtitle: 'Addresses' });
    expect(within(canvas).getByRole('tab', { name: 'Addresses' })).toBeTruthy();
    // The tab holds rows of its own.
    expect(within(tabPanel).getByRole('button', { name: 'Add row' })).toBeTruthy();
  });
});

describe('the menu designer', () => {
  const menu = () => ({
    id: 'm1',
    version: 1,
    name: 'main',
    title: 'Main',
    definition: [
      { icon: 'person', title: 'Users', description: 'Who may sign in', url: '/users' },
      { title: 'Groups', url: '/groups' },
    ],
    actions: [],
  });

  function renderMenu() {
    const rt = testRuntime({ mode: 'edit', recordId: 'm1', values: menu() });
    renderInForm(<DesignerColumn kind="menu" idPrefix="md" title="Menu designer" />, rt);
    return { canvas: screen.getByRole('region', { name: 'Menu designer design area' }), values: () => formValues(rt.store) };
  }

  it('shows the work-flow rows as the cards users see, with no column palette', () => {
    const { canvas } = renderMenu();
    expect(screen.queryByRole('region', { name: /column types/i })).toBeNull();
    expect(within(canvas).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Users', 'Groups']);
    expect(within(canvas).getByText('Who may sign in')).toBeTruthy();
  });

  it('edits a selected row in the panel, and adds and deletes rows from the toolbar', () => {
    const { canvas, values } = renderMenu();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Row 2: Groups' }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(panel).getByRole('heading', { name: 'Work-flow row 2' })).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Description'), { target: { value: 'Who belongs together' } });
    expect(within(canvas).getByText('Who belongs together')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add work-flow row' }));
    expect(values().definition).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete last work-flow row' }));
    expect((values().definition as unknown[])[1]).toEqual({ title: 'Groups', url: '/groups', description: 'Who belongs together' });
  });

  it("with nothing selected edits the menu's title and toolbar", () => {
    const { values } = renderMenu();
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(panel).getByRole('heading', { name: 'Menu' })).toBeTruthy();
    fireEvent.click(within(panel).getByLabelText('Hide toolbar'));
    expect(values().hideToolbar).toBe(true);
  });
});

describe('the grid designer', () => {
  const grid = () => ({
    id: 'g1',
    version: 1,
    name: 'clients',
    title: 'Clients',
    model: 'Customer',
    paging: 3,
    pageSize: 50,
    definition: [{ name: 'name', label: 'Name', type: 'Text' }],
    rowactions: [],
    filters: [],
    sorts: [],
    actions: [],
  });
  let previews: Record<string, unknown>[] = [];

  function renderGrid(values: Record<string, unknown> = grid()) {
    previews = [];
    mockApi.use(
      http.post('*/api/data/:model', async ({ request }) => {
        previews.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 1, name: 'Ada Lovelace', email: 'ada@example.com' }]);
      }),
      // The filter panel's models (a condition added is selected at once).
      http.get('*/api/definitions/model/Customer', () => HttpResponse.json({ name: 'Customer', fields: [{ name: 'name', type: 'text' }, { name: 'email', type: 'text' }] })),
    );
    const rt = testRuntime({ mode: 'edit', recordId: 'g1', values });
    renderInForm(<DesignerColumn kind="grid" idPrefix="gd" title="Grid designer" />, rt);
    return { canvas: screen.getByRole('region', { name: 'Grid designer design area' }), values: () => formValues(rt.store) };
  }

  it('previews real rows from the server, following every edit', async () => {
    const { canvas, values } = renderGrid();
    expect(await within(canvas).findByRole('cell', { name: 'Ada Lovelace' })).toBeTruthy();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add field' }));
    fireEvent.click(within(canvas).getByRole('button', { name: '(no field)' }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(panel).getByRole('heading', { name: 'Grid field 2' })).toBeTruthy();
    const picker = within(panel).getByLabelText(/^Field/);
    await within(picker).findByRole('option', { name: 'E-mail (email)' });
    fireEvent.change(picker, { target: { value: 'email' } });
    fireEvent.change(within(panel).getByLabelText('Label'), { target: { value: 'Mail' } });
    expect((values().definition as unknown[])[1]).toEqual({ name: 'email', label: 'Mail', type: 'Text' });
    expect(await within(canvas).findByRole('cell', { name: 'ada@example.com' })).toBeTruthy();
    expect(within(canvas).getByRole('columnheader', { name: 'Mail' })).toBeTruthy();
    await waitFor(() => expect(previews.at(-1)?.definition).toEqual(values().definition));
  });

  it("shows a reference in the preview by its record's name, as the grid will", async () => {
    const { canvas } = renderGrid({ ...grid(), definition: [{ name: 'name', label: 'Name', type: 'Text' }, { name: 'owner', label: 'Owner', type: 'Reference' }] });
    // The preview asks 300 ms after the last edit: this answer is the one it gets.
    mockApi.use(http.post('*/api/data/:model', () => HttpResponse.json([{ id: 1, name: 'Ada Lovelace', owner: 7, _labels: { owner: 'Grace Hopper' } }])));
    expect(await within(canvas).findByRole('cell', { name: 'Grace Hopper' })).toBeTruthy();
    expect(within(canvas).queryByRole('cell', { name: '7' })).toBeNull();
  });

  // A new grid names no model: it reads the default model (User), and its pickers offer User's fields.
  it.each([
    ['the grid\'s model', grid(), 'E-mail (email)', 'email'],
    ['the default model when the grid names none', { ...grid(), model: undefined }, 'Login (user)', 'user'],
  ])('picks an old-style data filter\'s and a data sort\'s field from %s, not by typing', async (_, start, option, value) => {
    mockApi.use(http.get('*/api/models/User', () => HttpResponse.json([{ name: 'user', type: 'text', label: 'Login' }])));
    // Old-style filters are no longer added, but one already there stays editable.
    const { canvas, values } = renderGrid({ ...start, filters: [{ fieldname: '', value: '' }] });
    fireEvent.click(within(canvas).getByRole('button', { name: '(no field) =' }));
    let panel = screen.getByRole('complementary', { name: 'Properties' });
    let picker = within(panel).getByLabelText(/^Field/);
    expect(picker.tagName).toBe('SELECT');
    await within(picker).findByRole('option', { name: option });
    fireEvent.change(picker, { target: { value } });
    expect((values().filters as unknown[])[0]).toMatchObject({ fieldname: value });

    fireEvent.click(within(canvas).getByRole('button', { name: 'Add sort' }));
    fireEvent.click(within(canvas).getByRole('button', { name: '(no field) ASC' }));
    panel = screen.getByRole('complementary', { name: 'Properties' });
    picker = within(panel).getByLabelText(/^Field/);
    expect(picker.tagName).toBe('SELECT');
    await within(picker).findByRole('option', { name: option });
    fireEvent.change(picker, { target: { value } });
    expect((values().sorts as unknown[])[0]).toMatchObject({ fieldname: value });
  });

  it('shows a field, filter or sort without a name as incomplete in the preview, not as a server error', async () => {
    const { canvas } = renderGrid();
    mockApi.use(
      http.post('*/api/data/:model', async ({ request }) => {
        const body = (await request.json()) as { definition?: { name?: string }[]; filters?: { fieldname?: string }[] };
        previews.push(body);
        const unnamed = [...(body.definition ?? []).map((f) => f.name), ...(body.filters ?? []).map((f) => f.fieldname)].some((n) => !n);
        // As the server answers: a field without a name is no field of the model.
        return unnamed ? HttpResponse.json({ error: "The model 'Customer' has no field ''" }, { status: 400 }) : HttpResponse.json([{ id: 1, name: 'Ada Lovelace' }]);
      }),
    );
    expect(await within(canvas).findByRole('cell', { name: 'Ada Lovelace' })).toBeTruthy();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add field' }));
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add condition' }));
    expect(await within(canvas).findByRole('columnheader', { name: '(choose a field)' })).toBeTruthy();
    // Past the preview's 300 ms pause: whatever was asked named every field.
    await act(() => new Promise((done) => setTimeout(done, 500)));
    for (const body of previews) expect(body).toMatchObject({ definition: [{ name: 'name' }], filters: [] });
    expect(within(canvas).getByRole('cell', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(within(canvas).queryByText(/has no field/)).toBeNull();
  });

  it('sorts only ASC or DESC, and edits What to Show and Records to fetch with nothing selected', () => {
    const { canvas, values } = renderGrid();
    fireEvent.click(within(canvas).getByRole('button', { name: 'Add sort' }));
    fireEvent.click(within(canvas).getByRole('button', { name: '(no field) ASC' }));
    let panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(within(panel).getByLabelText('Order')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ascending (ASC)', 'Descending (DESC)']);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(within(panel).getByRole('heading', { name: 'Grid' })).toBeTruthy();
    const show = within(panel).getByLabelText('What to Show');
    expect(within(show).getAllByRole('option').map((o) => o.textContent)).toEqual(['All records', 'First N records', 'All records with paging']);
    fireEvent.change(within(panel).getByLabelText('Records to fetch'), { target: { value: '20' } });
    expect(values().pageSize).toBe(20);
  });
});

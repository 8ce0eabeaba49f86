import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import selectForm from '../../fixtures/forms/select.json';
import { FormRoute } from '../../src/app/screens/FormScreen';
import { useSession } from '../../src/runtime/session';
import { render } from '../support/render-in-host';
import { DesignerColumn as HostlessDesignerColumn } from '../../src/designer/ui/DesignerColumn';
import { formValues, renderInForm, testRuntime } from '../../src/plugin-kit/testing';
import type { DesignerColumnProps } from '../../src/runtime/host';
import type { ModelDefinition } from '../../src/shared/filter';
import { designerServices } from '../support/designer-services';
import { server } from '../support/msw';

const DesignerColumn = (props: DesignerColumnProps) => <HostlessDesignerColumn {...props} services={designerServices} />;

/**
 * The designers' Access panel (docs/security.md, "Setting access in the screens") as an admin uses
 * it: Public and Self, the groups that may do everything, and grants with the actions the kind
 * offers, a record rule per action ("Own records" where the model keeps who added a record), field
 * limits and presets, every edit one undo step of the designer store.
 */
const MODELS: Record<string, ModelDefinition> = {
  Ticket: {
    name: 'Ticket',
    fields: [
      { name: 'title', type: 'text', label: 'Title' },
      { name: 'cost', type: 'number', label: 'Cost' },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
      { name: '_created_by', type: 'reference', target: 'User', label: 'Created by' },
    ],
  },
  Note: { name: 'Note', fields: [{ name: 'text', type: 'text', label: 'Text' }, { name: 'author', type: 'reference', target: 'User', label: 'Author' }] },
  User: { name: 'User', system: true, fields: [{ name: 'user', type: 'text', label: 'Login' }] },
};

beforeEach(() => {
  server.use(
    http.get('*/api/definitions/model/:name', ({ params }) =>
      MODELS[String(params.name)] ? HttpResponse.json(MODELS[String(params.name)]) : HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
    http.get('*/api/models/:name', ({ params }) => HttpResponse.json(MODELS[String(params.name)]?.fields ?? [])),
    http.get('*/api/models', () => HttpResponse.json(Object.keys(MODELS))),
    http.post('*/api/data/:model', () => HttpResponse.json([])),
    http.get('*/api/urls', () => HttpResponse.json([])),
    http.get('*/api/icons', () => HttpResponse.json([])),
    http.get('*/api/link/User/groups/NEW', () =>
      HttpResponse.json([
        { id: 1, name: 'Everyone', selected: false },
        { id: 2, name: 'Sales', selected: false },
        { id: 3, name: 'Clerks', selected: false },
      ]),
    ),
  );
});

const grid = (extra: Record<string, unknown> = {}) => ({
  id: 'g1', version: 1, name: 'tickets', title: 'Tickets', model: 'Ticket', paging: 3, pageSize: 50,
  definition: [{ name: 'title', label: 'Title', type: 'Text' }], rowactions: [], filters: [], sorts: [], actions: [], ...extra,
});
const form = (extra: Record<string, unknown> = {}) => ({ id: 'f1', version: 1, name: 'note', title: 'Note', model: 'Note', definition: [], actions: [], ...extra });

function renderDesigner(kind: 'grid' | 'form' | 'page' | 'menu', values: Record<string, unknown>) {
  const rt = testRuntime({ mode: 'edit', recordId: String(values.id), values });
  renderInForm(<DesignerColumn kind={kind} palette={kind === 'form' || kind === 'page' ? kind : undefined} idPrefix="d" title="Designer" />, rt);
  const access = () => screen.getByRole('region', { name: /^Access/ });
  return { access, values: () => formValues(rt.store), access_: () => formValues(rt.store).access };
}

const undo = () => fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
const redo = () => fireEvent.click(screen.getByRole('button', { name: /Redo/ }));
const labels = (scope: HTMLElement) => within(scope).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);

/** The group select once the groups are read. */
async function groupsLoaded(scope: HTMLElement, label: string): Promise<HTMLSelectElement> {
  const select = within(scope).getByLabelText(label) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  return select;
}

describe('the Access panel', () => {
  it("on a grid: Public, a group that may do everything, and a grant of read with 'Own records', each one undo step", async () => {
    const { access, access_ } = renderDesigner('grid', grid());
    expect(within(access()).getByRole('heading', { name: /Access/ }).textContent).toContain('Admin only');
    expect(within(access()).getByText(/Nobody else may use this grid yet/)).toBeTruthy();
    // No Self: it is for forms over User.
    expect(within(access()).queryByLabelText('Self')).toBeNull();

    fireEvent.click(within(access()).getByLabelText('Public'));
    expect(access_()).toEqual({ public: true });
    undo();
    expect(access_()).toBeUndefined();
    redo();
    expect(access_()).toEqual({ public: true });

    const everything = await groupsLoaded(access(), 'Group that may do everything');
    expect([...everything.options].map((o) => o.textContent)).toEqual(['(choose a group)', 'Everyone (every signed-in user)', 'Clerks', 'Sales']);
    fireEvent.change(everything, { target: { value: 'Clerks' } });
    fireEvent.click(within(access()).getByRole('button', { name: 'Add group' }));
    expect(access_()).toEqual({ public: true, groups: ['Clerks'] });

    fireEvent.change(await groupsLoaded(access(), 'Group for a new grant'), { target: { value: 'Sales' } });
    fireEvent.click(within(access()).getByRole('button', { name: 'Add grant' }));
    expect(access_()).toEqual({ public: true, groups: ['Clerks'], grants: [{ group: 'Sales', actions: ['read'] }] });
    const grant = within(access()).getByRole('group', { name: 'Grant 1: Sales' });
    // A grid's actions: read, clear and export; never add, update or delete.
    expect(labels(within(grant).getByRole('group', { name: 'Actions' }))).toEqual(['Read', 'Clear', 'Export']);
    fireEvent.click(within(grant).getByLabelText('Export'));
    expect(access_()).toMatchObject({ grants: [{ group: 'Sales', actions: ['read', 'export'] }] });

    fireEvent.click(within(grant).getByRole('button', { name: /Record rules/ }));
    fireEvent.click(await within(grant).findByRole('button', { name: 'Own records for Read' }));
    expect(access_()).toMatchObject({
      grants: [{ group: 'Sales', actions: ['read', 'export'], rules: { read: { and: [{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }] } } }],
    });
    expect(within(grant).getByText('Read: own records')).toBeTruthy();
    // Shown as conditions too, in the filter editor over the grid's model.
    expect((within(grant).getByLabelText('Field') as HTMLSelectElement).value).toBe('_created_by');
    undo();
    expect((access_() as { grants: { rules?: unknown }[] }).grants[0]!.rules).toBeUndefined();

    // Unticking an action drops its rule with it.
    fireEvent.click(within(grant).getByRole('button', { name: 'Own records for Export' }));
    fireEvent.click(within(grant).getByLabelText('Export'));
    expect(access_()).toMatchObject({ grants: [{ group: 'Sales', actions: ['read'] }] });
    expect((access_() as { grants: { rules?: unknown }[] }).grants[0]!.rules).toBeUndefined();

    // A grid hides fields; it writes none, so no Read only.
    fireEvent.click(within(grant).getByRole('button', { name: /Fields/ }));
    const cost = within(grant).getByLabelText('Cost (cost)') as HTMLSelectElement;
    expect([...cost.options].map((o) => o.textContent)).toEqual(['Shown', 'Hidden']);
    fireEvent.change(cost, { target: { value: 'hidden' } });
    expect(access_()).toMatchObject({ grants: [{ group: 'Sales', fields: { cost: 'hidden' } }] });

    fireEvent.click(within(access()).getByRole('button', { name: 'Remove Clerks from the groups that may do everything' }));
    fireEvent.click(within(grant).getByRole('button', { name: 'Remove grant 1' }));
    fireEvent.click(within(access()).getByLabelText('Public'));
    expect(access_()).toBeUndefined();
  });

  it('on a form: add, update and delete, a typed rule checked against the model, and a preset of the signed-in user', async () => {
    const { access, access_ } = renderDesigner('form', form({ access: { grants: [{ group: 'Clerks', actions: ['read', 'add'] }] } }));
    const grant = within(access()).getByRole('group', { name: 'Grant 1: Clerks' });
    expect(labels(within(grant).getByRole('group', { name: 'Actions' }))).toEqual(['Read', 'Add', 'Update', 'Delete', 'Export', 'History']);
    fireEvent.click(within(grant).getByLabelText('Update'));
    expect(access_()).toEqual({ grants: [{ group: 'Clerks', actions: ['read', 'add', 'update'] }] });

    fireEvent.click(within(grant).getByRole('button', { name: /Record rules/ }));
    // Note keeps no _created_by: no one-click "Own records".
    await waitFor(() => expect(within(grant).getByRole('button', { name: 'Add condition to Update' })).toBeTruthy());
    expect(within(grant).queryByRole('button', { name: /Own records/ })).toBeNull();
    fireEvent.click(within(grant).getByRole('button', { name: 'Add condition to Update' }));
    const rule = within(grant).getByRole('region', { name: 'Update rule' });
    const field = within(rule).getByLabelText('Field') as HTMLSelectElement;
    await waitFor(() => expect(field.getAttribute('aria-busy')).toBeNull());
    fireEvent.change(within(rule).getByLabelText('Field'), { target: { value: 'author' } });
    fireEvent.change(within(rule).getByLabelText('Value: compare with'), { target: { value: 'CURRENT_USER.id' } });
    expect(access_()).toMatchObject({ grants: [{ rules: { update: { and: [{ field: 'author', op: 'eq', value: { var: 'CURRENT_USER.id' } }] } } }] });
    // A typed value that does not fit the field is flagged at its input, in the filter checker's words.
    fireEvent.change(within(rule).getByLabelText('Value: compare with'), { target: { value: '' } });
    fireEvent.change(within(rule).getByLabelText('Value'), { target: { value: 'abc' } });
    await waitFor(() => expect(within(rule).getByLabelText('Value').getAttribute('aria-invalid')).toBe('true'));
    expect(within(rule).getByText(/must be the id of a record of User/)).toBeTruthy();
    fireEvent.click(within(rule).getByRole('button', { name: 'All records for Update' }));
    expect((access_() as { grants: { rules?: unknown }[] }).grants[0]!.rules).toBeUndefined();

    // A form's fields may be hidden or read only.
    fireEvent.click(within(grant).getByRole('button', { name: /Fields/ }));
    fireEvent.change(within(grant).getByLabelText('Text (text)'), { target: { value: 'readonly' } });
    expect(access_()).toMatchObject({ grants: [{ fields: { text: 'readonly' } }] });

    fireEvent.click(within(grant).getByRole('button', { name: /Presets on add/ }));
    fireEvent.click(within(grant).getByRole('button', { name: 'Add preset' }));
    expect(access_()).toMatchObject({ grants: [{ presets: { text: '' } }] });
    const preset = () => within(grant).getByRole('group', { name: 'Preset 1' });
    fireEvent.change(within(preset()).getByLabelText('Field'), { target: { value: 'author' } });
    // A reference to User starts as the signed-in user; the embedding record is never offered.
    expect(access_()).toMatchObject({ grants: [{ presets: { author: { var: 'CURRENT_USER.id' } } }] });
    expect([...(within(preset()).getByLabelText('Value: compare with') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'CURRENT_USER.id']);
    fireEvent.change(within(preset()).getByLabelText('Field'), { target: { value: 'text' } });
    const typed = within(preset()).getByLabelText('Value');
    for (const text of ['N', 'Ne', 'New']) fireEvent.change(typed, { target: { value: text } });
    fireEvent.blur(typed);
    expect(access_()).toMatchObject({ grants: [{ presets: { text: 'New' } }] });
    // The burst of typing is one step.
    undo();
    expect(access_()).toMatchObject({ grants: [{ presets: { text: '' } }] });
  });

  it("takes a rule on the signed-in user's own field when the model's references never reach User", async () => {
    // Loan refers to Branch only; User has a field of the admin's own, branch, referring to Branch.
    const models: Record<string, ModelDefinition> = {
      Loan: { name: 'Loan', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'branch', type: 'reference', target: 'Branch', label: 'Branch' }] },
      Branch: { name: 'Branch', fields: [{ name: 'name', type: 'text', label: 'Name' }] },
      User: { name: 'User', system: true, fields: [{ name: 'user', type: 'text', label: 'Login' }, { name: 'branch', type: 'reference', target: 'Branch', label: 'Branch' }] },
    };
    server.use(http.get('*/api/definitions/model/:name', ({ params }) => HttpResponse.json(models[String(params.name)] ?? null, { status: models[String(params.name)] ? 200 : 404 })));
    const { access, access_ } = renderDesigner('grid', grid({ model: 'Loan', access: { grants: [{ group: 'Clerks', actions: ['read'] }] } }));
    const grant = within(access()).getByRole('group', { name: 'Grant 1: Clerks' });
    fireEvent.click(within(grant).getByRole('button', { name: /Record rules/ }));
    fireEvent.click(await within(grant).findByRole('button', { name: 'Add condition to Read' }));
    const rule = within(grant).getByRole('region', { name: 'Read rule' });
    const field = within(rule).getByLabelText('Field') as HTMLSelectElement;
    await waitFor(() => expect([...field.options].map((o) => o.value)).toContain('branch'));
    fireEvent.change(field, { target: { value: 'branch' } });
    const compare = within(rule).getByLabelText('Value: compare with') as HTMLSelectElement;
    await waitFor(() => expect([...compare.options].map((o) => o.textContent)).toContain("The signed-in user's Branch (CURRENT_USER.branch)"));
    fireEvent.change(compare, { target: { value: 'CURRENT_USER.branch' } });
    expect(access_()).toEqual({ grants: [{ group: 'Clerks', actions: ['read'], rules: { read: { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] } } }] });
    // The checker finds the field on User although no reference of Loan leads there.
    expect(within(rule).queryByText(/is not a field of User/)).toBeNull();
    expect(compare.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('offers Self on a form over User', () => {
    const { access, access_ } = renderDesigner('form', form({ model: 'User' }));
    fireEvent.click(within(access()).getByLabelText('Self'));
    expect(access_()).toEqual({ self: true });
  });

  it('offers nothing on a grid over definitions: it is the administrators\' whatever its access says', () => {
    const { access } = renderDesigner('grid', grid({ model: 'Form' }));
    expect(access().textContent).toContain('Administrators only: this grid works on definitions');
    expect(within(access()).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('offers only Read on a page, with no record rules or fields', () => {
    const page = renderDesigner('page', { id: 'p1', version: 1, name: 'home', definition: [], actions: [], access: { grants: [{ group: 'Sales', actions: ['read'] }] } });
    expect(within(page.access()).getByRole('heading', { name: /Access/ }).textContent).toContain('1 grant');
    const grant = within(page.access()).getByRole('group', { name: 'Grant 1: Sales' });
    expect(labels(within(grant).getByRole('group', { name: 'Actions' }))).toEqual(['Read']);
    expect(within(grant).queryByRole('button', { name: /Record rules|Fields/ })).toBeNull();
    expect(within(page.access()).queryByLabelText('Self')).toBeNull();
  });
});

describe("a select's Access panel, under its record form's fields", () => {
  afterEach(() => useSession.setState({ user: null }));

  it("edits the select's access with its own undo, and the form's Save sends it", async () => {
    let saved: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/form/select/definition', () => HttpResponse.json({ ...selectForm, id: 'b'.repeat(32) })),
      http.get('*/api/form/select/data/s1', () => HttpResponse.json({ id: 's1', version: 3, name: 'owners', model: 'Ticket', valuefield: 'id', access: { public: true } })),
      http.get('*/pick/models', () => HttpResponse.json([])),
      http.get('*/api/pick/models', () => HttpResponse.json([])),
      http.get('*/api/pick/models/:model/fields', () => HttpResponse.json([])),
      http.post('*/api/form/select/update/s1', async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, id: 's1', version: 4 });
      }),
    );
    useSession.setState({ user: { id: 1, user: 'admin', Admin: true } as never });
    render(
      <MemoryRouter initialEntries={['/form/select/edit/s1']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    const access = await screen.findByRole('region', { name: /^Access/ });
    expect((within(access).getByLabelText('Public') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(await groupsLoaded(access, 'Group for a new grant'), { target: { value: 'Sales' } });
    fireEvent.click(within(access).getByRole('button', { name: 'Add grant' }));
    const grant = within(access).getByRole('group', { name: 'Grant 1: Sales' });
    // A select offers Read only; its rules speak of the select's model.
    expect(labels(within(grant).getByRole('group', { name: 'Actions' }))).toEqual(['Read']);
    fireEvent.click(within(grant).getByRole('button', { name: /Record rules/ }));
    fireEvent.click(await within(grant).findByRole('button', { name: 'Own records for Read' }));
    fireEvent.click(within(access).getByLabelText('Public'));
    fireEvent.click(screen.getByRole('button', { name: /^Undo/ }));
    expect((within(access).getByLabelText('Public') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.access).toEqual({ public: true, grants: [{ group: 'Sales', actions: ['read'], rules: { read: { and: [{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }] } } }] });
    expect(saved!.name).toBe('owners');
  });
});

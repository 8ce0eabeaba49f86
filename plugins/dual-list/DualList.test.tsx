import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DualListItem } from './dual-list-items';
import type { DualListColumn } from '../../src/plugin-kit';
import { act } from 'react';
import { fieldOf, mockApi as server, renderColumns, renderField, setFieldValue, type Runtime } from '../../src/plugin-kit/testing';
import { fakeLinkServer, PAGE, people } from './fake-link-server';


const roles: DualListColumn = { childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/roles' };

const items: DualListItem[] = [
  { id: 1, name: 'Admin', selected: false },
  { id: 2, name: 'Editor', selected: true },
  { id: 3, name: 'Viewer', selected: false },
  { id: 4, name: 'Auditor', selected: false },
];

const renderColumn = (runtime: Partial<Runtime> = {}, column: DualListColumn = roles): Runtime => renderField(column, {}, runtime);

function names(label: string): string[] {
  return [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.text);
}

function answerItems(list: DualListItem[] = items) {
  server.use(http.get('/api/duallist/roles/:id', () => HttpResponse.json(list)));
}

describe('the DualList column', () => {
  it('edits no record field: it saves its own list', () => {
    expect(fieldOf(roles)).toBeUndefined();
  });

  it("shows 'Loading...' and then the record's items split into Available and Selected, 8 rows each", async () => {
    let askedFor = '';
    server.use(
      http.get('/api/duallist/roles/:id', async ({ params }) => {
        askedFor = String(params.id);
        await delay(100);
        return HttpResponse.json(items);
      }),
    );
    renderColumn();
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByLabelText('Available');
    expect(askedFor).toBe('5');
    expect(names('Available')).toEqual(['Admin', 'Viewer', 'Auditor']);
    expect(names('Selected')).toEqual(['Editor']);
    for (const side of ['Available', 'Selected']) {
      const list = screen.getByLabelText(side) as HTMLSelectElement;
      expect(list.multiple).toBe(true);
      expect(list.size).toBe(8);
    }
  });

  it('asks for the NEW record while a record is being added', async () => {
    let askedFor = '';
    server.use(
      http.get('/api/duallist/roles/:id', ({ params }) => {
        askedFor = String(params.id);
        return HttpResponse.json(items);
      }),
    );
    renderColumn({ mode: 'add', recordId: null });
    await screen.findByLabelText('Available');
    expect(askedFor).toBe('NEW');
  });

  describe('keyed by its link field', () => {
    const byUser: DualListColumn = { ...roles, link: 'username' };

    function recordAsks() {
      const asked: string[] = [];
      const posted: string[] = [];
      server.use(
        http.get('/api/duallist/roles/:id', ({ params }) => {
          asked.push(String(params.id));
          return HttpResponse.json(items);
        }),
        http.post('/api/duallist/roles/:id', ({ params }) => {
          posted.push(String(params.id));
          return HttpResponse.json({ ok: true });
        }),
      );
      return { asked, posted };
    }

    it("loads the list of the link field's value, not the record id, and saves it there", async () => {
      const { asked, posted } = recordAsks();
      const rt = renderField(byUser, { username: 'ann' });
      await screen.findByLabelText('Available');
      expect(names('Selected')).toEqual(['Editor']);
      expect(asked).toEqual(['ann']);
      const answers = await Promise.all([...rt.afterSave].map((task) => task(5)));
      expect(answers.map((a) => a.ok)).toEqual([true]);
      expect(posted).toEqual(['ann']);
    });

    it('reloads when the link field changes, and saves under its value at save time', async () => {
      const { asked, posted } = recordAsks();
      const rt = renderField(byUser, { username: 'ann' });
      await screen.findByLabelText('Available');
      act(() => setFieldValue(rt.store, 'username', 'bob'));
      await waitFor(() => expect(asked).toEqual(['ann', 'bob']));
      await screen.findByLabelText('Available');
      await Promise.all([...rt.afterSave].map((task) => task(5)));
      expect(posted).toEqual(['bob']);
    });

    it('uses the record id while the link field is empty (NEW when adding), and the saved id after', async () => {
      const { asked, posted } = recordAsks();
      const rt = renderField(byUser, { username: '' }, { mode: 'add', recordId: null });
      await screen.findByLabelText('Available');
      expect(asked).toEqual(['NEW']);
      await Promise.all([...rt.afterSave].map((task) => task(42)));
      expect(posted).toEqual(['42']);
    });

    it('uses the record id when no link is set', async () => {
      const { asked } = recordAsks();
      renderField({ ...roles, link: undefined }, { username: 'ann' });
      await screen.findByLabelText('Available');
      expect(asked).toEqual(['5']);
    });
  });

  it('filters each side on the name, ignoring case', async () => {
    answerItems();
    renderColumn();
    await screen.findByLabelText('Available');
    fireEvent.change(screen.getByLabelText('Filter available'), { target: { value: 'AD' } });
    expect(names('Available')).toEqual(['Admin']);
    fireEvent.change(screen.getByLabelText('Filter selected'), { target: { value: 'zzz' } });
    expect(names('Selected')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Filter available'), { target: { value: 'it' } });
    expect(names('Available')).toEqual(['Auditor']);
  });

  it('moves an item to the other side on double-click, and back', async () => {
    answerItems();
    renderColumn();
    await screen.findByLabelText('Available');
    fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Viewer'));
    expect(names('Available')).toEqual(['Admin', 'Auditor']);
    expect(names('Selected')).toEqual(['Editor', 'Viewer']);
    fireEvent.doubleClick(within(screen.getByLabelText('Selected')).getByText('Editor'));
    expect(names('Selected')).toEqual(['Viewer']);
    expect(names('Available')).toEqual(['Admin', 'Editor', 'Auditor']);
  });

  it('moves the highlighted items with the Add and Remove buttons, for keyboard users', async () => {
    answerItems();
    renderColumn();
    await screen.findByLabelText('Available');
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const available = screen.getByLabelText('Available') as HTMLSelectElement;
    for (const option of available.options) option.selected = option.text === 'Admin' || option.text === 'Auditor';
    fireEvent.change(available);
    fireEvent.click(add);
    expect(names('Available')).toEqual(['Viewer']);
    expect(names('Selected')).toEqual(['Admin', 'Editor', 'Auditor']);

    const selected = screen.getByLabelText('Selected') as HTMLSelectElement;
    for (const option of selected.options) option.selected = option.text === 'Editor';
    fireEvent.change(selected);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(names('Selected')).toEqual(['Admin', 'Auditor']);
  });

  it('posts every item with its selected flag after the main save, to the saved record id', async () => {
    answerItems();
    let posted: { id: string; body: unknown } | undefined;
    server.use(
      http.post('/api/duallist/roles/:id', async ({ params, request }) => {
        posted = { id: String(params.id), body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );
    const rt = renderColumn({ mode: 'add', recordId: null });
    await screen.findByLabelText('Available');
    fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Admin'));
    expect(rt.afterSave.size).toBe(1);
    // What the form does after its main save answered with the new record's id.
    const answers = await Promise.all([...rt.afterSave].map((task) => task(42)));
    expect(answers.map((a) => a.ok)).toEqual([true]);
    expect(posted).toEqual({
      id: '42',
      body: [
        { id: 1, name: 'Admin', selected: true },
        { id: 2, name: 'Editor', selected: true },
        { id: 3, name: 'Viewer', selected: false },
        { id: 4, name: 'Auditor', selected: false },
      ],
    });
  });

  it('posts nothing after the save when the items never loaded, so the saved list is not wiped', async () => {
    server.use(http.get('/api/duallist/roles/:id', () => HttpResponse.json({ error: 'No such table' }, { status: 500 })));
    const rt = renderColumn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No such table');
    // An unanswered POST would fail the test (msw onUnhandledRequest: 'error').
    const answers = await Promise.all([...rt.afterSave].map((task) => task(5)));
    expect(answers.map((a) => a.ok)).toEqual([true]);
  });

  it('shows the lists but moves nothing while the record is being deleted', async () => {
    answerItems();
    renderColumn({ mode: 'delete' });
    await screen.findByLabelText('Available');
    fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Viewer'));
    expect(names('Selected')).toEqual(['Editor']);
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves nothing in a read-only form', async () => {
    answerItems();
    renderColumn({ readOnly: true });
    await screen.findByLabelText('Available');
    fireEvent.doubleClick(within(screen.getByLabelText('Selected')).getByText('Editor'));
    await waitFor(() => expect(names('Selected')).toEqual(['Editor']));
  });

  it("sends the selected ids of its record's own link with the form's save, and posts nothing after it", async () => {
    const { handler } = fakeLinkServer('/api/link/Person/roles', items, [2]);
    server.use(handler);
    const saveWith = new Map<string, () => unknown>();
    const rt = renderColumn({ model: 'Person', saveWith }, { ...roles, url: '/link/Person/roles' });
    await waitFor(() => expect(names('Available')).toEqual(['Admin', 'Viewer', 'Auditor']));
    fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Viewer'));
    expect([...saveWith.keys()]).toEqual(['roles']);
    expect(saveWith.get('roles')?.()).toEqual([2, 3]);
    // An unanswered POST would fail the test (msw onUnhandledRequest: 'error').
    const answers = await Promise.all([...rt.afterSave].map((task) => task(5)));
    expect(answers.map((a) => a.ok)).toEqual([true]);
  });

  it("saves a link of another model, or one keyed by another field, after the form's save as before", async () => {
    const saveWith = new Map<string, () => unknown>();
    const { handler } = fakeLinkServer('/api/link/Group/users', items, [2]);
    let posted: unknown;
    server.use(
      handler,
      http.post('/api/link/Group/users/:id', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    const rt = renderColumn({ model: 'Person', saveWith }, { ...roles, url: '/link/Group/users' });
    await waitFor(() => expect(names('Available')).toEqual(['Admin', 'Viewer', 'Auditor']));
    expect(saveWith.size).toBe(0);
    fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Admin'));
    await Promise.all([...rt.afterSave].map((task) => task(5)));
    // The record's links as they now are: the POST replaces them with the selected ones.
    expect(posted).toEqual([
      { id: 2, name: 'Editor', selected: true },
      { id: 1, name: 'Admin', selected: true },
    ]);
  });

  describe("over a link's own route, searched on the server", () => {
    const members: DualListColumn = { childType: 'DualList', width: 12, label: 'Members', link: 'id', url: '/link/Team/members' };

    it('shows the linked records as Selected and the first page of the others as Available, asking the server', async () => {
      const { handler, asked } = fakeLinkServer('/api/link/Team/members', people(45), [3, 30]);
      server.use(handler);
      renderField(members, {}, { model: 'Team' });
      await waitFor(() => expect(names('Available')).toHaveLength(PAGE - 1));
      expect(names('Selected')).toEqual(['Person 03', 'Person 30']);
      expect(names('Available')[0]).toBe('Person 01');
      expect(asked).toEqual(['5?selected=true', '5?search=&page=0']);
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(names('Available')).toHaveLength(2 * PAGE - 2));
      expect(asked.at(-1)).toBe('5?search=&page=1');
    });

    it('searches the server as one types, once typing pauses, and moves what it found', async () => {
      const { handler, asked } = fakeLinkServer('/api/link/Team/members', people(45), [3]);
      server.use(handler);
      const saveWith = new Map<string, () => unknown>();
      renderField(members, {}, { model: 'Team', saveWith });
      await waitFor(() => expect(names('Available')).toHaveLength(PAGE - 1));
      const search = screen.getByLabelText('Search available');
      fireEvent.change(search, { target: { value: '4' } });
      fireEvent.change(search, { target: { value: '42' } });
      await waitFor(() => expect(names('Available')).toEqual(['Person 42']));
      // One ask for the pause after '42', none for the '4' typed on the way.
      expect(asked.slice(2)).toEqual(['5?search=42&page=0']);
      fireEvent.doubleClick(within(screen.getByLabelText('Available')).getByText('Person 42'));
      expect(names('Selected')).toEqual(['Person 03', 'Person 42']);
      expect(names('Available')).toEqual([]);
      expect(screen.getByText('Every record found is selected.')).toBeTruthy();
      fireEvent.change(search, { target: { value: 'nobody' } });
      expect(await screen.findByText("No records match 'nobody'.")).toBeTruthy();
      expect(saveWith.get('members')?.()).toEqual([3, 42]);
      // Removed from Selected, a record is back among what the search finds.
      fireEvent.change(search, { target: { value: '03' } });
      await waitFor(() => expect(names('Available')).toEqual([]));
      fireEvent.doubleClick(within(screen.getByLabelText('Selected')).getByText('Person 03'));
      await waitFor(() => expect(names('Available')).toEqual(['Person 03']));
      expect(saveWith.get('members')?.()).toEqual([42]);
    });

    it('sends nothing with the save when the linked records could not be read', async () => {
      server.use(http.get('/api/link/Team/members/:id', () => HttpResponse.json({ error: 'No such table' }, { status: 500 })));
      const saveWith = new Map<string, () => unknown>();
      renderField(members, {}, { model: 'Team', saveWith });
      expect((await screen.findByRole('alert')).textContent).toBe('No such table');
      expect(saveWith.get('members')?.()).toBeUndefined();
    });
  });

  it('stops taking part in the save once it is no longer shown', async () => {
    answerItems();
    const { unmount, runtime: rt } = renderColumns([roles], { mode: 'edit', recordId: '5' });
    await screen.findByLabelText('Available');
    expect(rt.afterSave.size).toBe(1);
    unmount();
    expect(rt.afterSave.size).toBe(0);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../src/generated/definitions';
import { editPathOf, FormRoute, FormScreen } from '../../src/app/screens/FormScreen';
import { Modal } from '../../src/ui/Modal';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

const form: FormDefinition = {
  id: 'a'.repeat(32),
  name: 'customer',
  title: 'Customer',
  model: 'Customer',
  url: '/grid/customers',
  definition: [
    {
      cols: [
        { childType: 'Input', width: 6, name: 'name', label: 'Name', fieldtype: 'text', required: true, showlabelchecked: true },
        { childType: 'Input', width: 3, name: 'age', label: 'Age', fieldtype: 'number', minchecked: true, min: 18 },
        { childType: 'Input', width: 3, name: 'code', label: 'Code', fieldtype: 'text', minchecked: true, min: 3, maxchecked: true, max: 5 },
      ],
    },
    { cols: [{ childType: 'Input', width: 12, name: 'since', label: 'Since', fieldtype: 'date' }] },
  ],
  actions: [{ url: '/page/help', label: 'Help' }],
};

function show(path: string, definition: FormDefinition = form) {
  server.use(http.get('*/api/form/customer/definition', () => HttpResponse.json(definition)));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        <Route path="/grid/customers" element={<p>customers list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});

describe('the form screen', () => {
  it('shows Loading... until the definition arrives, then the fields and Create', async () => {
    server.use(
      http.get('*/api/form/customer/definition', async () => {
        await delay(150);
        return HttpResponse.json(form);
      }),
    );
    render(
      <MemoryRouter initialEntries={['/form/customer/add/0']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByLabelText(/Name/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as new' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/page/help');
  });

  it('blocks an invalid form with the validator messages and sends nothing', async () => {
    const posted = vi.fn();
    server.use(http.post('*/api/form/customer/add', () => posted()));
    show('/form/customer/add/0');
    fireEvent.change(await screen.findByLabelText(/Age/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Validation Failed')).toBeTruthy();
    expect(screen.getByText('Name is a required field')).toBeTruthy();
    expect(screen.getByText('Age is less than 18')).toBeTruthy();
    expect(screen.getByText('Length of Code is less then 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'abcdefg' } });
    expect(await screen.findByText('Length of Code is more then 5')).toBeTruthy();
    expect(posted).not.toHaveBeenCalled();
  });

  it('says on the field that a value is not of its type, and sends nothing', async () => {
    const posted = vi.fn();
    server.use(http.post('*/api/form/contact/add', () => posted()));
    const contact: FormDefinition = {
      ...form,
      name: 'contact',
      definition: [{ cols: [{ childType: 'Input', width: 6, name: 'email', label: 'E-mail', fieldtype: 'email' }, { childType: 'Input', width: 6, name: 'site', label: 'Site', fieldtype: 'url' }] }],
    };
    server.use(http.get('*/api/form/contact/definition', () => HttpResponse.json(contact)));
    render(
      <MemoryRouter initialEntries={['/form/contact/add/0']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'bad@' } });
    fireEvent.change(screen.getByLabelText(/Site/), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Validation Failed')).toBeTruthy();
    expect(screen.getByText('E-mail must be an e-mail address, such as name@example.com')).toBeTruthy();
    expect(screen.getByText('Site must be a full web address, such as https://example.com')).toBeTruthy();
    expect(posted).not.toHaveBeenCalled();
  });

  it("starts a new record with its model's defaults, where the form sets none of its own", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/form/book/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, id: 3 });
      }),
    );
    const bookForm = {
      ...form,
      name: 'book',
      model: 'Book',
      definition: [
        {
          cols: [
            { childType: 'Input', width: 4, name: 'title', label: 'Title', fieldtype: 'text' },
            { childType: 'Checkbox', width: 2, name: 'available', label: 'Available' },
            { childType: 'Input', width: 3, name: 'shelf', label: 'Shelf', fieldtype: 'text', hasdefault: true, default: 'Z9' },
            { childType: 'Input', width: 3, name: 'year', label: 'Year', fieldtype: 'number' },
          ],
        },
      ],
      modelDefaults: { available: true, shelf: 'A1', year: 2000 },
    } as FormDefinition;
    server.use(http.get('*/api/form/book/definition', () => HttpResponse.json(bookForm)));
    render(
      <MemoryRouter initialEntries={['/form/book/add/0']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
          <Route path="/grid/customers" element={<p>customers list</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(((await screen.findByLabelText('Available')) as HTMLInputElement).checked).toBe(true);
    // The form's own default is the nearer word.
    expect((screen.getByLabelText(/Shelf/) as HTMLInputElement).value).toBe('Z9');
    expect((screen.getByLabelText(/Year/) as HTMLInputElement).value).toBe('2000');
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Dune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(body).toEqual({ title: 'Dune', available: true, shelf: 'Z9', year: 2000 }));
  });

  it('creates the record with only its own fields and goes to the form url', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/form/customer/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, id: 7 });
      }),
    );
    show('/form/customer/add/0');
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('customers list')).toBeTruthy();
    expect(body).toEqual({ name: 'Ada', age: '', code: '', since: '' });
  });

  it('after Create on a form with no url, opens the new record in edit mode and says it was saved (not the home page)', async () => {
    const { url: _url, ...noUrl } = form;
    let updates = 0;
    server.use(
      http.post('*/api/form/customer/add', () => HttpResponse.json({ success: true, id: 7, _version: 1 })),
      http.get('*/api/form/customer/data/7', () => HttpResponse.json({ id: 7, name: 'Ada', age: '', code: '', since: '', _version: 1 })),
      http.post('*/api/form/customer/update/7', () => {
        updates++;
        return HttpResponse.json({ success: true, id: 7, _version: 2 });
      }),
    );
    show('/form/customer/add/0', noUrl);
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(((await screen.findByLabelText(/Name/)) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    // Saving it again stays on it and says so again.
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ada L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toBe(1));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ada L');
  });

  it('editPathOf: the same route in edit mode for the saved record', () => {
    expect(editPathOf('/form/customer/add/0', 'customer', '7')).toBe('/form/customer/edit/7');
    expect(editPathOf('/form/customer/edit/5', 'customer', '9')).toBe('/form/customer/edit/9');
    expect(editPathOf('/user/add/0', 'user', '3')).toBe('/user/edit/3');
    expect(editPathOf('/', 'a b', 'x/y')).toBe('/form/a%20b/edit/x%2Fy');
  });

  it('edits a record: shows its values (date cut to 10), saves, saves as new, and deletes after asking', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/form/customer/data/5', () => HttpResponse.json({ id: 5, name: 'Bob', age: 40, code: 'B1', since: '2020-05-06T10:00:00Z' })),
      http.post('*/api/form/customer/update/5', () => {
        calls.push('update');
        return HttpResponse.json({ success: true, id: 5 });
      }),
      http.delete('*/api/form/customer/delete/5', () => {
        calls.push('delete');
        return HttpResponse.json({ success: true });
      }),
    );
    show('/form/customer/edit/5');
    expect(((await screen.findByLabelText(/Name/)) as HTMLInputElement).value).toBe('Bob');
    expect((screen.getByLabelText(/Since/) as HTMLInputElement).value).toBe('2020-05-06');
    expect(screen.getByRole('button', { name: 'Save as new' })).toBeTruthy();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete record?');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('customers list')).toBeTruthy();
    expect(calls).toEqual(['delete']);
  });

  it('shows why a model cannot be deleted, in the server words, and stays on the record', async () => {
    // A form over the Model model deletes a model; the server names what refers to it.
    const refusal = "The model 'Customer' is used by: model 'Order' (field 'customer'), grid 'customers', form 'customer'";
    server.use(
      http.get('*/api/form/customer/data/5', () => HttpResponse.json({ id: 5, name: 'Customer' })),
      http.delete('*/api/form/customer/delete/5', () => HttpResponse.json({ error: refusal, code: 'CONFLICT' }, { status: 409 })),
    );
    show('/form/customer/edit/5', { ...form, model: 'Model' });
    expect(((await screen.findByLabelText(/Name/)) as HTMLInputElement).value).toBe('Customer');
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(alert.className).toContain('alert-danger');
    expect(screen.queryByText('customers list')).toBeNull();
  });

  it('shows the server error in a red banner and maps field details', async () => {
    server.use(
      http.post('*/api/form/customer/add', () =>
        HttpResponse.json({ error: 'Another Customer record already has this Name', details: [{ pointer: '/name', message: 'taken' }] }, { status: 409 }),
      ),
    );
    show('/form/customer/add/0');
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Another Customer record already has this Name');
    expect(alert.className).toContain('alert-danger');
    expect(screen.getByText('taken')).toBeTruthy();
  });

  it('hides Save and Save as new on a read-only form, and Save as new and Delete when told to', async () => {
    server.use(http.get('*/api/form/customer/data/5', () => HttpResponse.json({ id: 5, name: 'Bob' })));
    const view = show('/form/customer/edit/5', { ...form, readOnly: true });
    await screen.findByLabelText(/Name/);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as new' })).toBeNull();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).disabled).toBe(true);
    view.unmount();
    show('/form/customer/edit/5', { ...form, hideSaveAs: true, hideDelete: true, hideToolbar: true });
    await screen.findByLabelText(/Name/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as new' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Customer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('offers no Delete in delete mode when the form has hideDelete, and says why, as the server refuses it', async () => {
    const deleted = vi.fn();
    server.use(
      http.get('*/api/form/customer/data/5', () => HttpResponse.json({ id: 5, name: 'Ann', age: 40, code: 'abc', since: '' })),
      http.delete('*/api/form/customer/delete/5', () => {
        deleted();
        return HttpResponse.json({ success: true });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    show('/form/customer/delete/5', { ...form, hideDelete: true });
    expect(await screen.findByText('This form does not allow deleting.')).toBeTruthy();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ann');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalledWith('Delete record?');
    expect(deleted).not.toHaveBeenCalled();
  });

  it('offers Delete in delete mode without hideDelete, and no note', async () => {
    server.use(http.get('*/api/form/customer/data/5', () => HttpResponse.json({ id: 5, name: 'Ann', age: 40, code: 'abc', since: '' })));
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    show('/form/customer/delete/5');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByText('This form does not allow deleting.')).toBeNull();
  });

  it('saves on Ctrl+S and asks Discard changes? on Escape', async () => {
    let saved = 0;
    server.use(
      http.post('*/api/form/customer/add', () => {
        saved += 1;
        return HttpResponse.json({ success: true, id: 9 });
      }),
    );
    show('/form/customer/add/0');
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Eve' } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    });
    expect(confirm).toHaveBeenCalledWith('Discard changes?');
    expect(screen.getByLabelText(/Name/)).toBeTruthy();
    fireEvent.keyDown(window, { key: 's', keyCode: 83, ctrlKey: true });
    await waitFor(() => expect(saved).toBe(1));
    expect(await screen.findByText('customers list')).toBeTruthy();
  });

  describe('with a dialogue open over the route form', () => {
    const note: FormDefinition = {
      name: 'note',
      title: 'Note',
      model: 'Note',
      url: '/grid/customers',
      definition: [{ cols: [{ childType: 'Input', width: 12, name: 'text', label: 'Text', fieldtype: 'text' }] }],
    };

    function RouteFormWith({ dialog }: { dialog: 'form' | 'onSave' }) {
      const [open, setOpen] = useState(true);
      return (
        <>
          <FormRoute />
          {open && dialog === 'form' ? (
            // As My Details does: the embedded form handles Escape itself.
            <Modal id="note" title="Note dialog" onClose={() => setOpen(false)} onEscape={null}>
              <FormScreen name="note" action="add" id="0" embedded onDone={() => setOpen(false)} />
            </Modal>
          ) : null}
          {open && dialog === 'onSave' ? (
            <Modal id="pw" title="Password dialog" onClose={() => setOpen(false)} onSave={() => posts.push('dialog')}>
              <input aria-label="Password" />
            </Modal>
          ) : null}
        </>
      );
    }

    let posts: string[] = [];
    function mount(dialog: 'form' | 'onSave') {
      posts = [];
      server.use(
        http.get('*/api/form/customer/definition', () => HttpResponse.json(form)),
        http.get('*/api/form/note/definition', () => HttpResponse.json(note)),
        http.post('*/api/form/customer/add', () => {
          posts.push('customer');
          return HttpResponse.json({ success: true, id: 9 });
        }),
        http.post('*/api/form/note/add', () => {
          posts.push('note');
          return HttpResponse.json({ success: true, id: 3 });
        }),
      );
      return render(
        <MemoryRouter initialEntries={['/form/customer/add/0']}>
          <Routes>
            <Route path="/form/:name/:action/:id" element={<RouteFormWith dialog={dialog} />} />
            <Route path="/grid/customers" element={<p>customers list</p>} />
          </Routes>
        </MemoryRouter>,
      );
    }

    it('Ctrl+S saves only the modal form on top, then the route form once the dialogue is gone', async () => {
      mount('form');
      fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Eve' } });
      const dialog = await screen.findByRole('dialog', { name: 'Note dialog' });
      fireEvent.change(await within(dialog).findByLabelText(/Text/), { target: { value: 'hello' } });
      fireEvent.keyDown(within(dialog).getByLabelText(/Text/), { key: 's', keyCode: 83, ctrlKey: true });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(posts).toEqual(['note']);
      expect(screen.getByRole('form', { name: 'Customer' })).toBeTruthy();
      fireEvent.keyDown(screen.getByLabelText(/Name/), { key: 's', keyCode: 83, ctrlKey: true });
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(posts).toEqual(['note', 'customer']);
    });

    it('Escape asks once, for the modal form only, and leaves the route form in place', async () => {
      mount('form');
      const dialog = await screen.findByRole('dialog', { name: 'Note dialog' });
      const text = await within(dialog).findByLabelText(/Text/);
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
      fireEvent.keyDown(text, { key: 'Escape', keyCode: 27 });
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(confirm).toHaveBeenCalledWith('Discard changes?');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(text.isConnected).toBe(false);
      expect(screen.getByRole('form', { name: 'Customer' })).toBeTruthy();
      expect(screen.queryByText('customers list')).toBeNull();
    });

    it('Ctrl+S in a dialogue that saves by itself (change password) does not save the route form', async () => {
      mount('onSave');
      fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Eve' } });
      fireEvent.keyDown(screen.getByLabelText('Password'), { key: 's', keyCode: 83, ctrlKey: true });
      await new Promise((r) => setTimeout(r, 50));
      expect(posts).toEqual(['dialog']);
      expect(screen.queryByText('customers list')).toBeNull();
    });
  });

  describe('in a modal form, the dual-list save after the main save', () => {
    const person: FormDefinition = {
      name: 'person',
      title: 'Person',
      model: 'Person',
      url: '/grid/customers',
      definition: [
        {
          cols: [
            { childType: 'Input', width: 12, name: 'name', label: 'Name', fieldtype: 'text' },
            { childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/roles' },
          ],
        },
      ],
    };

    function InDialog({ onDone }: { onDone(): void }) {
      const [open, setOpen] = useState(true);
      return open ? (
        <Modal id="person" title="Person dialog" onClose={() => setOpen(false)}>
          <FormScreen
            name="person"
            action="edit"
            id="5"
            embedded
            onDone={() => {
              onDone();
              setOpen(false);
            }}
          />
        </Modal>
      ) : (
        <p>dialog closed</p>
      );
    }

    it.each([
      [500, { error: 'The roles could not be saved' }, 'The roles could not be saved'],
      [403, { error: 'Not allowed to change roles' }, 'Not allowed to change roles'],
      [201, null, 'Request failed with status 201'],
    ])('shows a %i as an error and keeps the dialogue open (only 200 succeeds)', async (status, body, shown) => {
      const done = vi.fn();
      server.use(
        http.get('*/api/form/person/definition', () => HttpResponse.json(person)),
        http.get('*/api/form/person/data/5', () => HttpResponse.json({ id: 5, name: 'Ann' })),
        http.get('*/api/duallist/roles/5', () => HttpResponse.json([{ id: 1, name: 'Admin', selected: false }])),
        http.post('*/api/form/person/update/5', () => HttpResponse.json({ success: true, id: 5 })),
        http.post('*/api/duallist/roles/5', () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))),
      );
      render(
        <MemoryRouter>
          <InDialog onDone={done} />
        </MemoryRouter>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Person dialog' });
      await within(dialog).findByLabelText('Available');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(shown)).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Person dialog' })).toBeTruthy();
      expect(done).not.toHaveBeenCalled();
    });

    it('closes the dialogue when the dual-list save answers 200', async () => {
      const done = vi.fn();
      server.use(
        http.get('*/api/form/person/definition', () => HttpResponse.json(person)),
        http.get('*/api/form/person/data/5', () => HttpResponse.json({ id: 5, name: 'Ann' })),
        http.get('*/api/duallist/roles/5', () => HttpResponse.json([{ id: 1, name: 'Admin', selected: false }])),
        http.post('*/api/form/person/update/5', () => HttpResponse.json({ success: true, id: 5 })),
        http.post('*/api/duallist/roles/5', () => HttpResponse.json({ success: true })),
      );
      render(
        <MemoryRouter>
          <InDialog onDone={done} />
        </MemoryRouter>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Person dialog' });
      await within(dialog).findByLabelText('Available');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('dialog closed')).toBeTruthy();
      expect(done).toHaveBeenCalledTimes(1);
    });
  });

  describe('a record changed by someone else (409 STALE_VERSION)', () => {
    const stored = { id: 5, name: 'Bob', age: 40, code: 'B12', since: '', _version: 3 };
    const current = { id: 5, name: 'Theirs', age: 41, code: 'T12', since: '', _version: 4 };
    const message = 'This record was changed by someone else since you opened it: reload it, or save yours over it';

    function conflicted() {
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.get('*/api/form/customer/data/5', () => HttpResponse.json(stored)),
        http.post('*/api/form/customer/update/5', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          bodies.push(body);
          if (body._version !== current._version) return HttpResponse.json({ error: message, code: 'STALE_VERSION', current }, { status: 409 });
          return HttpResponse.json({ success: true, id: 5, _version: 5 });
        }),
      );
      show('/form/customer/edit/5');
      return bodies;
    }

    async function typeAndSave() {
      fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Mine' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }

    it('shows the conflict in the red banner, keeps what was typed and offers the two ways on, focused', async () => {
      const bodies = conflicted();
      await typeAndSave();
      expect(bodies).toEqual([{ name: 'Mine', age: 40, code: 'B12', since: '', _version: 3 }]);
      expect(screen.getByRole('alert').className).toContain('alert-danger');
      expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Mine');
      const offer = screen.getByRole('group', { name: 'Changed by someone else' });
      const reload = within(offer).getByRole('button', { name: 'Reload the current record' });
      // Focused once the failed save has finished (the button is disabled until then).
      await waitFor(() => expect(document.activeElement).toBe(reload));
      expect(within(offer).getByRole('button', { name: 'Save mine anyway' })).toBeTruthy();
      expect(screen.queryByText('customers list')).toBeNull();
    });

    it('saves mine anyway with the current version, and then goes on as a save does', async () => {
      const bodies = conflicted();
      await typeAndSave();
      fireEvent.click(screen.getByRole('button', { name: 'Save mine anyway' }));
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(bodies[1]).toEqual({ name: 'Mine', age: 40, code: 'B12', since: '', _version: 4 });
    });

    it('reloads the current record after Discard changes?, and keeps what was typed when told no', async () => {
      const bodies = conflicted();
      await typeAndSave();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      fireEvent.click(screen.getByRole('button', { name: 'Reload the current record' }));
      expect(confirm).toHaveBeenCalledWith('Discard changes?');
      expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Mine');
      fireEvent.click(screen.getByRole('button', { name: 'Reload the current record' }));
      await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Theirs'));
      expect((screen.getByLabelText(/Age/) as HTMLInputElement).value).toBe('41');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('group', { name: 'Changed by someone else' })).toBeNull();
      // A save now is based on the version reloaded.
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(bodies[1]).toEqual({ name: 'Theirs', age: 41, code: 'T12', since: '', _version: 4 });
    });

    it('works from the keyboard: Enter on the focused Reload asks and reloads', async () => {
      conflicted();
      await typeAndSave();
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Reload the current record'));
      const reload = document.activeElement as HTMLButtonElement;
      // A focused button activates on Enter and Space as a click (the browser test presses the keys).
      fireEvent.click(reload);
      await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Theirs'));
    });
  });

  describe('no second copy', () => {
    it('sends one add when Create is pressed twice (and Ctrl+S) while the first is under way', async () => {
      let adds = 0;
      server.use(
        http.post('*/api/form/customer/add', async () => {
          adds += 1;
          await delay(200);
          return HttpResponse.json({ success: true, id: 7, _version: 1 });
        }),
      );
      show('/form/customer/add/0');
      fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Ada' } });
      const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
      fireEvent.click(create);
      fireEvent.click(create);
      fireEvent.keyDown(window, { key: 's', keyCode: 83, ctrlKey: true });
      await waitFor(() => expect(create.disabled).toBe(true));
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(adds).toBe(1);
    });

    it('updates the record it added when Save is pressed again after a later step failed', async () => {
      const calls: string[] = [];
      const withRoles: FormDefinition = {
        ...form,
        definition: [...(form.definition ?? []), { cols: [{ childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/roles' }] }],
      };
      let failRoles = true;
      server.use(
        http.get('*/api/duallist/roles/NEW', () => HttpResponse.json([{ id: 1, name: 'Admin', selected: false }])),
        http.post('*/api/form/customer/add', () => {
          calls.push('add');
          return HttpResponse.json({ success: true, id: 7, _version: 1 });
        }),
        http.post('*/api/form/customer/update/7', async ({ request }) => {
          calls.push(`update ${JSON.stringify(await request.json())}`);
          return HttpResponse.json({ success: true, id: 7, _version: 2 });
        }),
        http.post('*/api/duallist/roles/7', () => {
          calls.push('roles');
          if (failRoles) return HttpResponse.json({ error: 'The roles could not be saved' }, { status: 500 });
          return HttpResponse.json({ success: true });
        }),
      );
      show('/form/customer/add/0', withRoles);
      fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Ada' } });
      await screen.findByLabelText('Available');
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText('The roles could not be saved')).toBeTruthy();
      failRoles = false;
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(calls).toEqual(['add', 'roles', `update ${JSON.stringify({ name: 'Ada', age: '', code: '', since: '', _version: 1 })}`, 'roles']);
    });
  });

  describe("a dual list of the record's own link", () => {
    const person: FormDefinition = {
      name: 'person',
      title: 'Person',
      model: 'Person',
      url: '/grid/customers',
      definition: [
        {
          cols: [
            { childType: 'Input', width: 12, name: 'name', label: 'Name', fieldtype: 'text' },
            { childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/link/Person/roles' },
          ],
        },
      ],
    };

    it('sends its selected ids with the record, in the one save request', async () => {
      let body: unknown;
      server.use(
        http.get('*/api/form/person/definition', () => HttpResponse.json(person)),
        http.get('*/api/form/person/data/5', () => HttpResponse.json({ id: 5, name: 'Ann', _version: 2 })),
        // As the link route answers a searching list: the linked records, then a page of all.
        http.get('*/api/link/Person/roles/5', ({ request }) => {
          const editor = { id: 2, name: 'Editor', selected: true };
          if (new URL(request.url).searchParams.get('selected') === 'true') return HttpResponse.json({ items: [editor], more: false });
          return HttpResponse.json({ items: [{ id: 1, name: 'Admin', selected: false }, editor], more: false });
        }),
        // No handler for POST /api/link/...: a second call would fail the test (unhandled request).
        http.post('*/api/form/person/update/5', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ success: true, id: 5, _version: 3 });
        }),
      );
      render(
        <MemoryRouter initialEntries={['/form/person/edit/5']}>
          <Routes>
            <Route path="/form/:name/:action/:id" element={<FormRoute />} />
            <Route path="/grid/customers" element={<p>customers list</p>} />
          </Routes>
        </MemoryRouter>,
      );
      fireEvent.doubleClick(await within(await screen.findByLabelText('Available')).findByText('Admin'));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('customers list')).toBeTruthy();
      expect(body).toEqual({ name: 'Ann', roles: [2, 1], _version: 2 });
    });
  });

  it('shows admins a link to edit the form', async () => {
    useSession.setState({ user: { id: 1, user: 'admin', email: '', Admin: true, FrontPage: '' } });
    show('/form/customer/add/0');
    const link = await screen.findByRole('link', { name: 'Edit form' });
    expect(link.getAttribute('href')).toBe(`/formdesigner/edit/${'a'.repeat(32)}`);
  });

  describe('over a definition (a designer or raw editor form)', () => {
    const pageForm: FormDefinition = {
      id: 'b'.repeat(32),
      name: 'page',
      title: 'Page',
      model: 'Page',
      url: '/pages',
      definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name', fieldtype: 'text' }] }],
    };
    function showPage(path: string, name: string) {
      useSession.setState({ user: { id: 1, user: 'admin', email: '', Admin: true, FrontPage: '' } });
      server.use(
        http.get('*/api/form/page/definition', () => HttpResponse.json(pageForm)),
        http.get('*/api/form/page/data/7', () => HttpResponse.json({ id: '7', name, title: name, version: 2, definition: [] })),
      );
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/form/:name/:action/:id" element={<FormRoute />} />
          </Routes>
        </MemoryRouter>,
      );
    }

    it('offers no Edit form link: it would open the designer of the designer itself', async () => {
      showPage('/form/page/edit/7', 'help');
      await screen.findByRole('button', { name: 'Save' });
      expect(screen.queryByRole('link', { name: 'Edit form' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    });

    it('offers no Delete for a definition Tessera ships', async () => {
      showPage('/form/page/edit/7', 'about');
      await screen.findByRole('button', { name: 'Save' });
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    });

    it('says why in delete mode, and asks nothing', async () => {
      const confirm = vi.spyOn(window, 'confirm');
      showPage('/form/page/delete/7', 'about');
      expect(
        await screen.findByText(
          "The page 'about' is built in: Tessera needs it, so it cannot be deleted or renamed. Change it instead; its history keeps the shipped version to restore.",
        ),
      ).toBeTruthy();
      expect(confirm).not.toHaveBeenCalled();
    });
  });
});

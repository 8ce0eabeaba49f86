import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelsScreen } from '../../src/app/screens/models/ModelsScreen';
import type { ModelOverview } from '../../src/shared/api-types';
import { server } from '../support/msw';

/**
 * The /models list over a mocked API: every model with its counts and uses, own models first and
 * system models marked without Delete, the row links, Delete asked first and the server's refusal
 * shown as it words it, the loading, error and empty states, and the row extras' place.
 */
const MODELS: ModelOverview[] = [
  { id: 'a1', name: 'Customer', title: 'Customers', system: false, fields: 3, rows: 1204, uses: [{ kind: 'model', name: 'Order', field: 'customer' }, { kind: 'grid', name: 'customers' }], deletable: false },
  { id: 'a2', name: 'Lonely', title: 'Nobody', system: false, fields: 1, rows: 0, uses: [], deletable: true },
  { id: 'u1', name: 'User', title: 'Users', system: true, fields: 6, rows: 2, uses: [{ kind: 'form', name: 'user' }], deletable: false },
];

let listed: ModelOverview[];
let deleted: string[];

beforeEach(() => {
  listed = MODELS;
  deleted = [];
  server.use(
    http.get('/api/definitions/model-overview', () => HttpResponse.json(listed)),
    http.delete('/api/definitions/model/:name', ({ params }) => {
      const name = String(params.name);
      if (name === 'Customer') {
        return HttpResponse.json({ error: "The model 'Customer' is used by: model 'Order' (field 'customer'), grid 'customers'", code: 'CONFLICT' }, { status: 409 });
      }
      deleted.push(name);
      listed = listed.filter((m) => m.name !== name);
      return HttpResponse.json({ success: true });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderScreen(props: Parameters<typeof ModelsScreen>[0] = {}) {
  render(
    <MemoryRouter initialEntries={['/models']}>
      <Routes>
        <Route path="/models" element={<ModelsScreen {...props} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.getAttribute('data-model') === name) as HTMLElement;

describe('the models list', () => {
  it('lists every model with its title, field and row counts and uses, system models marked and not deletable', async () => {
    renderScreen();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    const table = await screen.findByRole('table', { name: 'Models' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-model'))).toEqual(['Customer', 'Lonely', 'User']);
    expect(cells(rowOf('Customer')).slice(0, 5)).toEqual(['Customer', 'Customers', '3', '1,204', 'model Order (field customer), grid customers']);
    expect(cells(rowOf('Lonely')).slice(4, 5)).toEqual(['Nothing']);
    expect(cells(rowOf('User'))[0]).toBe('UserSystem');
    expect(within(rowOf('User')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(rowOf('Customer')).getByRole('link', { name: 'Design Customer' }).getAttribute('href')).toBe('/modeldesigner/edit/a1');
    expect(within(rowOf('Customer')).getByRole('link', { name: 'Edit JSON of Customer' }).getAttribute('href')).toBe('/modeldesignerraw/edit/a1');
    expect(screen.getByRole('link', { name: 'New model' }).getAttribute('href')).toBe('/modeldesigner/add/0');
  });

  it('deletes a model after asking, and reads the list again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen();
    await screen.findByRole('table', { name: 'Models' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lonely' }));
    expect(confirm).toHaveBeenCalledWith("Delete the model 'Lonely' and its 0 rows? Its table goes with it; only a backup keeps the data.");
    await screen.findByText("The model 'Lonely' was deleted.");
    expect(deleted).toEqual(['Lonely']);
    await waitFor(() => expect(rowOf('Lonely')).toBeUndefined());
  });

  it('does nothing when Delete is not confirmed, and shows the refusal verbatim on 409', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderScreen();
    await screen.findByRole('table', { name: 'Models' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lonely' }));
    expect(deleted).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Customer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("The model 'Customer' is used by: model 'Order' (field 'customer'), grid 'customers'");
    expect(rowOf('Customer')).toBeTruthy();
  });

  it('says when there are no models of your own', async () => {
    listed = MODELS.filter((m) => m.system);
    renderScreen();
    const note = await screen.findByText(/No models of your own yet/);
    expect(within(note).getByRole('link', { name: 'New model' }).getAttribute('href')).toBe('/modeldesigner/add/0');
  });

  it('shows an error it cannot read past, and tries again', async () => {
    let fail = true;
    server.use(http.get('/api/definitions/model-overview', () => (fail ? HttpResponse.json({ error: 'Database unavailable', code: 'UNAVAILABLE' }, { status: 503 }) : HttpResponse.json(MODELS))));
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The models could not be read: Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Models' });
  });

  it('draws the row extras after the row buttons (the place for Generate screens)', async () => {
    renderScreen({ rowExtras: (m) => <button type="button">Generate screens for {m.name}</button> });
    await screen.findByRole('table', { name: 'Models' });
    const buttons = within(rowOf('Lonely')).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Delete', 'Generate screens for Lonely']);
  });

  it('offers Generate screens for a model the designer just created, once: Not now forgets it', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/definitions/menu', () => HttpResponse.json([])),
      http.post('/api/definitions/model/a2/screens', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ created: [{ kind: 'form', id: null, name: 'lonely' }, { kind: 'grid', id: null, name: 'lonelys' }], changed: [] });
      }),
    );
    render(
      <MemoryRouter initialEntries={[{ pathname: '/models', state: { created: { form: 'model', id: 'a2' } } }]}>
        <Routes>
          <Route path="/models" element={<ModelsScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    const offer = await screen.findByRole('region', { name: 'Model created' });
    expect(offer.textContent).toContain("The model 'Lonely' was created.");
    fireEvent.click(within(offer).getByRole('button', { name: 'Generate screens' }));
    expect(await screen.findByRole('dialog', { name: 'Generate screens for Nobody' })).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([{ menu: null, preview: true }]));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Model created' })).toBeNull();
  });

  it('offers nothing for a model created elsewhere or by another form', async () => {
    render(
      <MemoryRouter initialEntries={[{ pathname: '/models', state: { created: { form: 'grid', id: 'a2' } } }]}>
        <Routes>
          <Route path="/models" element={<ModelsScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('table', { name: 'Models' });
    expect(screen.queryByRole('region', { name: 'Model created' })).toBeNull();
  });
});

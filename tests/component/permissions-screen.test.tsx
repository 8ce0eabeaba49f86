import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PermissionsScreen } from '../../src/app/screens/permissions/PermissionsScreen';
import { server } from '../support/msw';

/**
 * The Permissions screen (/permissions/:group) over a mocked API: the matrix of what one group
 * may do on each definition (from the groups shorthand or its grant), read in one answer of GET
 * /api/permissions, filtered by kind and name, rules and fields summarised; a tick saved at once
 * with PUT /api/permissions/{kind}/{id} (the version read and the access alone), a stale save
 * (409) kept and offered a Reload, any other refusal kept and offered Save again.
 */
type Doc = Record<string, unknown> & { id: string; name: string; version: number };

let stored: Record<string, Doc>;
let puts: { kind: string; id: string; body: Record<string, unknown> }[];
/** The GETs the screen made, by path. */
let gets: string[];
/** The next PUT's answer when set (a refusal), else the save goes through. */
let refuse: { status: number; body: Record<string, string> } | null;

const KIND_OF: Record<string, string> = { g1: 'grid', g2: 'grid', g3: 'grid', f1: 'form', p1: 'page', s1: 'select', m1: 'menu' };

const countGet = ({ request }: { request: Request }) => {
  if (request.method === 'GET') gets.push(new URL(request.url).pathname);
};
afterEach(() => {
  server.events.removeListener('request:start', countGet);
});

beforeEach(() => {
  stored = {
    g1: { id: 'g1', version: 1, name: 'tickets', title: 'Tickets', model: 'Ticket' },
    g2: { id: 'g2', version: 4, name: 'orders', title: 'Orders', model: 'Order', access: { groups: ['Sales'] } },
    f1: {
      id: 'f1', version: 2, name: 'note', title: 'Note', model: 'Note',
      access: { grants: [{ group: 'Sales', actions: ['read', 'update'], rules: { update: { and: [{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }] } }, fields: { cost: 'hidden', total: 'readonly' } }] },
    },
    p1: { id: 'p1', version: 1, name: 'home', title: 'Home', access: { public: true } },
    s1: { id: 's1', version: 1, name: 'colors', title: 'Colours', items: [] },
    m1: { id: 'm1', version: 1, name: 'main', title: 'Main', access: { grants: [{ group: 'Clerks', actions: ['read'] }] } },
    // Over definitions: the administrators' whatever its access says.
    g3: { id: 'g3', version: 1, name: 'forms', title: 'Forms', model: 'Form' },
  };
  puts = [];
  gets = [];
  refuse = null;
  server.events.on('request:start', countGet);
  server.use(
    http.get('/api/link/User/groups/NEW', () => HttpResponse.json([{ id: 1, name: 'Everyone', selected: false }, { id: 2, name: 'Sales', selected: false }, { id: 3, name: 'Clerks', selected: false }])),
    // By kind then name, as the server lists them; g3 works on definitions.
    http.get('/api/permissions', () =>
      HttpResponse.json(
        ['form', 'grid', 'select', 'page', 'menu'].flatMap((kind) =>
          Object.values(stored)
            .filter((d) => KIND_OF[d.id] === kind)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((d) => ({ kind, id: d.id, name: d.name, title: d.title, ...(d.model ? { model: d.model } : {}), version: d.version, access: d.access ?? null, adminOnly: d.id === 'g3' })),
        ),
      ),
    ),
    http.get('/api/definitions/:kind/:id', ({ params }) => HttpResponse.json(stored[String(params.id)])),
    http.put('/api/permissions/:kind/:id', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push({ kind: String(params.kind), id: String(params.id), body });
      if (refuse) {
        const { status, body: answer } = refuse;
        refuse = null;
        return HttpResponse.json(answer, { status });
      }
      const current = stored[String(params.id)]!;
      if (body.version !== current.version) return HttpResponse.json({ error: 'Someone else saved it', code: 'STALE_VERSION' }, { status: 409 });
      const { access: _old, ...rest } = current;
      stored[String(params.id)] = { ...rest, ...(body.access ? { access: body.access } : {}), version: current.version + 1 };
      return HttpResponse.json({ version: current.version + 1, access: body.access ?? null });
    }),
  );
});

function renderScreen(group = 'Sales') {
  render(
    <MemoryRouter initialEntries={[`/permissions/${group}`]}>
      <Routes>
        <Route path="/permissions/:group" element={<PermissionsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);

/** Waits until the definitions are listed. */
async function loaded() {
  await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
}

describe('the Permissions screen', () => {
  it("shows what the group may do on each definition: the shorthand, its grant's actions, rules and fields", async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Permissions: Sales' })).toBeTruthy();
    await loaded();
    expect(screen.getByRole('table', { name: /What Sales may do: 7 of 7 definitions shown/ })).toBeTruthy();
    // The shorthand: everything, and every action a grid offers.
    expect(box('Everything on grid orders').checked).toBe(true);
    expect(['Read', 'Clear', 'Export'].map((a) => box(`${a} on grid orders`).checked)).toEqual([true, true, true]);
    // A grant: its actions, its rule and its field limits in words.
    expect(['Read', 'Add', 'Update', 'Delete', 'Export'].map((a) => box(`${a} on form note`).checked)).toEqual([true, false, true, false, false]);
    expect(box('Everything on form note').checked).toBe(false);
    expect(cells(rowOf('note')).slice(-3, -1)).toEqual(['Update: own records', '1 hidden, 1 read only']);
    // Nothing for Sales on tickets; a page offers Read only, and says it is public.
    expect(box('Read on grid tickets').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Add on page home' })).toBeNull();
    expect(within(rowOf('home')).getByText('Add does not apply to a page')).toBeTruthy();
    expect(within(rowOf('home')).getByText('public')).toBeTruthy();
    // Clerks' grant on the work flow is not Sales'.
    expect(box('Read on work flow main').checked).toBe(false);
    // Each name leads to its designer.
    expect(screen.getByRole('link', { name: 'note' }).getAttribute('href')).toBe('/formdesigner/edit/f1');
    expect(screen.getByRole('link', { name: 'colors' }).getAttribute('href')).toBe('/select/edit/s1');
  });

  it('reads every definition in one request, none of them whole', async () => {
    renderScreen();
    await loaded();
    await waitFor(() => expect(gets).toContain('/api/permissions'));
    expect(gets.filter((g) => g === '/api/permissions')).toHaveLength(1);
    expect(gets.filter((g) => g.startsWith('/api/definitions/'))).toEqual([]);
  });

  it('says what a tick does to the grants', () => {
    renderScreen();
    expect(screen.getByText(/ticking an action adds it to the group's first grant, unticking takes it out of every grant of the group/)).toBeTruthy();
  });

  it('filters the rows by kind and by name', async () => {
    renderScreen();
    await loaded();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'grid' } });
    expect(screen.getAllByRole('link', { name: /^(tickets|orders|note|home|colors|main)$/ }).map((l) => l.textContent)).toEqual(['orders', 'tickets']);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'TICK' } });
    expect(screen.getAllByRole('link', { name: /^(tickets|orders|note|home|colors|main)$/ }).map((l) => l.textContent)).toEqual(['tickets']);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No definition matches the filter.')).toBeTruthy();
  });

  it("saves a tick at once with the version read: a new grant, or the shorthand turned into a grant of the other actions", async () => {
    renderScreen();
    await loaded();
    fireEvent.click(box('Read on grid tickets'));
    expect(await screen.findByText('Saved tickets.')).toBeTruthy();
    // The version read and the access alone: the rest of the definition stays as stored.
    expect(puts).toEqual([{ kind: 'grid', id: 'g1', body: { version: 1, access: { grants: [{ group: 'Sales', actions: ['read'] }] } } }]);
    expect(stored.g1).toEqual({ id: 'g1', version: 2, name: 'tickets', title: 'Tickets', model: 'Ticket', access: { grants: [{ group: 'Sales', actions: ['read'] }] } });
    expect(box('Read on grid tickets').checked).toBe(true);
    // The next tick goes with the version that save answered.
    fireEvent.click(box('Export on grid tickets'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toMatchObject({ version: 2, access: { grants: [{ group: 'Sales', actions: ['read', 'export'] }] } });

    fireEvent.click(box('Clear on grid orders'));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]!.body.access).toEqual({ grants: [{ group: 'Sales', actions: ['read', 'export'] }] });
    await waitFor(() => expect(box('Everything on grid orders').checked).toBe(false));
    expect(box('Clear on grid orders').checked).toBe(false);

    // Unticking the last action drops the grant, and access with it.
    fireEvent.click(box('Read on grid tickets'));
    await waitFor(() => expect(puts).toHaveLength(4));
    fireEvent.click(box('Export on grid tickets'));
    await waitFor(() => expect(puts).toHaveLength(5));
    expect('access' in puts[4]!.body).toBe(false);
  });

  it('keeps a tick refused as stale, and Reload carries it onto what is stored now for Save again', async () => {
    renderScreen();
    await loaded();
    // Someone else saved tickets meanwhile.
    stored.g1 = { ...stored.g1!, version: 2, access: { public: true } };
    fireEvent.click(box('Read on grid tickets'));
    const alert = await within(rowOf('tickets')).findByRole('alert');
    expect(alert.textContent).toContain('Not saved: someone else saved this grid since it was read.');
    // Nothing is lost: the tick stays.
    expect(box('Read on grid tickets').checked).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload grid tickets' }));
    await waitFor(() => expect(within(rowOf('tickets')).getByRole('alert').textContent).toContain('Reloaded.'));
    expect(box('Read on grid tickets').checked).toBe(true);
    expect(within(rowOf('tickets')).getByText('public')).toBeTruthy();
    fireEvent.click(within(rowOf('tickets')).getByRole('button', { name: 'Save grid tickets again' }));
    await waitFor(() => expect(within(rowOf('tickets')).queryByRole('alert')).toBeNull());
    expect(puts.at(-1)!.body).toMatchObject({ version: 2, access: { public: true, grants: [{ group: 'Sales', actions: ['read'] }] } });
    expect(stored.g1!.version).toBe(3);
  });

  it("shows any other refusal in the server's words, keeps the tick, and Save again or Discard", async () => {
    renderScreen();
    await loaded();
    refuse = { status: 400, body: { error: 'The grid definition is not valid', code: 'INVALID' } };
    fireEvent.click(box('Export on grid tickets'));
    const alert = await within(rowOf('tickets')).findByRole('alert');
    expect(alert.textContent).toContain('Not saved: The grid definition is not valid');
    expect(box('Export on grid tickets').checked).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard the ticks on grid tickets' }));
    expect(box('Export on grid tickets').checked).toBe(false);
    expect(stored.g1!.access).toBeUndefined();

    refuse = { status: 500, body: { error: 'The database is busy' } };
    fireEvent.click(box('Export on grid tickets'));
    await within(rowOf('tickets')).findByText(/The database is busy/);
    fireEvent.click(within(rowOf('tickets')).getByRole('button', { name: 'Save grid tickets again' }));
    await waitFor(() => expect(stored.g1!.access).toEqual({ grants: [{ group: 'Sales', actions: ['export'] }] }));
  });

  it('says so when the definitions cannot be listed', async () => {
    server.use(http.get('/api/permissions', () => HttpResponse.json({ error: 'Only administrators may do this', code: 'FORBIDDEN' }, { status: 403 })));
    renderScreen();
    expect((await screen.findByText(/The definitions could not be listed/)).textContent).toContain('Only administrators may do this');
  });

  it('warns about a group that does not exist', async () => {
    renderScreen('Ghosts');
    await loaded();
    expect((await screen.findByRole('alert')).textContent).toContain('There is no group named Ghosts');
  });
});

describe('a screen over definitions', () => {
  it('offers no tick: it says it is for administrators only, whatever its access', async () => {
    renderScreen();
    await loaded();
    const row = rowOf('forms');
    expect(row.textContent).toContain('Administrators only: it works on definitions');
    expect(within(row).queryAllByRole('checkbox')).toHaveLength(0);
    // The other grids keep their ticks.
    expect(within(rowOf('tickets')).getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});

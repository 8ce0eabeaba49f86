import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, ADMIN, type TestApp } from '../support/test-app.js';
import { sessionToken } from '../support/cookies.js';

/**
 * View as (docs/security.md, "View as"): an administrator who sends X-Tessera-View-As is
 * answered as that user, or a member of Everyone and one group, would be; read only. Staff see
 * their own tickets (a record rule on CURRENT_USER.id), Readers every ticket, Everyone the notes.
 */
let t: TestApp;
let admin: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let boss: { token: string; id: number };
const ticket: Record<string, number> = {};
const HEADER = 'x-tessera-view-as';
/** A group name a header cannot carry as it is: it goes percent-encoded. */
const LESEN = 'Leser Zürich';

const mine = { and: [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };
const GRANTS = [
  { group: 'Staff', actions: ['read', 'add', 'update', 'delete'], rules: { read: mine, update: mine, delete: mine } },
  { group: 'Readers', actions: ['read'] },
  { group: LESEN, actions: ['read'] },
];

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A call by the administrator viewing as `who` (the header's value). */
const asAdminViewing = <T = Record<string, unknown>>(who: string, method: string, url: string, body?: unknown) =>
  t.call<T>(method, url, { token: admin, body, headers: { [HEADER]: who } });

type Page = { rows: { title: string }[]; count: number };
const titles = (page: Page) => page.rows.map((r) => r.title).sort();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Staff', 'Readers', LESEN, 'Nobody']) await ok('POST', '/api/form/group/add', { name });
  await ok('POST', '/api/definitions/model', { name: 'Ticket', fields: [{ name: 'title', type: 'text' }, { name: 'owner', type: 'reference', target: 'User' }] });
  await ok('POST', '/api/definitions/model', { name: 'Note', fields: [{ name: 'text', type: 'text' }] });
  alice = await t.user('alice', { groups: ['Staff'] });
  bob = await t.user('bob', { groups: ['Staff'] });
  boss = await t.user('boss', { admin: true });
  const { store } = t.app.services;
  for (const [title, owner] of [['A1', alice.id], ['A2', alice.id], ['B1', bob.id], ['N1', null]] as const) {
    ticket[title] = Number(await store.insert('Ticket', { title, owner }));
  }
  await store.insert('Note', { text: 'for everyone' });
  await ok('POST', '/api/definitions/grid', { name: 'tickets', title: 'Tickets', model: 'Ticket', paging: 3, pageSize: 50, definition: [{ name: 'title' }, { name: 'owner' }], access: { grants: GRANTS } });
  await ok('POST', '/api/definitions/form', {
    name: 'ticket',
    title: 'Ticket',
    model: 'Ticket',
    definition: [{ cols: [{ childType: 'Input', width: 4, name: 'title', label: 'Title', fieldtype: 'text' }] }],
    access: { grants: GRANTS },
  });
  await ok('POST', '/api/definitions/grid', { name: 'notes', title: 'Notes', model: 'Note', paging: 3, pageSize: 50, definition: [{ name: 'text' }], access: { grants: [{ group: 'Everyone', actions: ['read'] }] } });
  await ok('POST', '/api/definitions/grid', { name: 'secret_notes', title: 'Secret', model: 'Note', paging: 3, pageSize: 50, definition: [{ name: 'text' }], access: { grants: [{ group: 'Nobody', actions: ['read'] }] } });
});
afterAll(async () => {
  await t.close();
});

describe('an administrator viewing as a user', () => {
  it('gets the same grid rows and count as that user signed in', async () => {
    const signedIn = await t.call<Page>('GET', '/api/grid/tickets/data/0/50', { token: alice.token });
    const viewed = await asAdminViewing<Page>(`user:${alice.id}`, 'GET', '/api/grid/tickets/data/0/50');
    expect(viewed.status).toBe(200);
    expect(titles(viewed.body)).toEqual(['A1', 'A2']);
    expect(viewed.body.count).toBe(2);
    expect(titles(viewed.body)).toEqual(titles(signedIn.body));
    expect(viewed.body.count).toBe(signedIn.body.count);
    // Without the header, the same administrator sees every ticket.
    expect((await t.call<Page>('GET', '/api/grid/tickets/data/0/50', { token: admin })).body.count).toBe(4);
    // Another user of the same group: their own rows.
    expect(titles((await asAdminViewing<Page>(`user:${bob.id}`, 'GET', '/api/grid/tickets/data/0/50')).body)).toEqual(['B1']);
  });

  it("gets the same form answers: their record, and another's as missing (404)", async () => {
    for (const id of [ticket.A1, ticket.B1, ticket.N1]) {
      const signedIn = await t.call('GET', `/api/form/ticket/data/${id}`, { token: alice.token });
      const viewed = await asAdminViewing(`user:${alice.id}`, 'GET', `/api/form/ticket/data/${id}`);
      expect(viewed.status, `ticket ${id}`).toBe(signedIn.status);
      expect(viewed.body).toEqual(signedIn.body);
    }
    expect((await asAdminViewing(`user:${alice.id}`, 'GET', `/api/form/ticket/data/${ticket.B1}`)).status).toBe(404);
  });

  it('is refused what that user may not open: an admin-only route, a grid of another group', async () => {
    const adminOnly = await asAdminViewing<{ error: string }>(`user:${alice.id}`, 'GET', '/api/definitions/grid');
    expect(adminOnly.status).toBe(403);
    expect((await asAdminViewing(`user:${alice.id}`, 'GET', '/api/grid/secret_notes/data/0/50')).status).toBe(403);
    // The definition answer drops the access block, as it does for that user.
    const def = await asAdminViewing<Record<string, unknown>>(`user:${alice.id}`, 'GET', '/api/grid/tickets/definition');
    expect(def.status).toBe(200);
    expect('access' in def.body).toBe(false);
  });

  it('is told whom they view as by GET /api/checkuser: the user, and viewingAs', async () => {
    const res = await asAdminViewing<{ user: { id: number; user: string; Admin: boolean }; viewingAs: unknown }>(`user:${alice.id}`, 'GET', '/api/checkuser');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: alice.id, user: 'alice', Admin: false });
    expect(res.body.viewingAs).toEqual({ kind: 'user', id: alice.id, label: 'alice' });
    const plain = await t.call<Record<string, unknown>>('GET', '/api/checkuser', { token: admin });
    expect(plain.body.user).toMatchObject({ user: 'admin', Admin: true });
    expect('viewingAs' in plain.body).toBe(false);
  });

  it('changes nothing: every write answers 403 and the data stays', async () => {
    const { store } = t.app.services;
    const before = await store.get1('Ticket', ticket.A1, ['title', '_version']);
    const read = await t.call<Record<string, unknown>>('GET', `/api/form/ticket/data/${ticket.A1}`, { token: alice.token });
    const writes: [string, string, unknown][] = [
      ['POST', `/api/form/ticket/update/${ticket.A1}`, { ...read.body, title: 'changed' }],
      ['POST', '/api/form/ticket/add', { title: 'new' }],
      ['DELETE', `/api/form/ticket/delete/${ticket.A1}`, undefined],
      ['POST', '/api/grid/tickets/views', { name: 'mine', shared: false, state: {} }],
      ['POST', '/api/changemypassword', { OldPassword: 'alice-password-1', NewPassword1: 'another-password', NewPassword2: 'another-password' }],
    ];
    for (const [method, url, body] of writes) {
      const res = await asAdminViewing<{ error: string; code: string }>(`user:${alice.id}`, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ code: 'VIEW_AS_READ_ONLY', error: 'Read only while viewing as alice: nothing was changed' });
    }
    expect(await store.get1('Ticket', ticket.A1, ['title', '_version'])).toEqual(before);
    expect((await t.call<Page>('GET', '/api/grid/tickets/data/0/50', { token: admin })).body.count).toBe(4);
    // Alice's password is hers still.
    expect((await t.call('POST', '/api/login', { body: { user: 'alice', password: 'alice-password-1' } })).status).toBe(200);
    // The same write without the header is the administrator's own, and goes through.
    expect((await t.call('POST', `/api/form/ticket/update/${ticket.A1}`, { token: admin, body: { ...read.body, title: 'A1' } })).status).toBe(200);
  });

  it('is logged as the administrator, with whom they viewed as', async () => {
    const marker = `/api/grid/tickets/data/0/7`;
    await asAdminViewing(`user:${alice.id}`, 'GET', marker);
    await asAdminViewing('group:Readers', 'GET', marker);
    await t.app.services.accessLog.flush();
    const log = await t.call<{ path: string; user: string | null }[]>('POST', '/api/log', {
      token: admin,
      body: { start: 0, limit: 10_000, fromDate: new Date(Date.now() - 60_000).toISOString(), untilDate: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(log.body.filter((e) => e.path === marker).map((e) => e.user)).toEqual(['admin (as alice)', 'admin (as the group Readers)']);
  });

  it('may view as another administrator, who sees everything, still read only', async () => {
    const page = await asAdminViewing<Page>(`user:${boss.id}`, 'GET', '/api/grid/tickets/data/0/50');
    expect(page.body.count).toBe(4);
    expect((await asAdminViewing(`user:${boss.id}`, 'GET', '/api/definitions/grid')).status).toBe(200);
    const write = await asAdminViewing<{ error: string }>(`user:${boss.id}`, 'POST', '/api/definitions/grid', { name: 'x', title: 'x', model: 'Note', definition: [] });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('Read only while viewing as boss: nothing was changed');
    expect((await t.call('GET', '/api/definitions/grid/x', { token: admin })).status).toBe(404);
  });

  it('signs out while viewing as: the GET ends the administrator\'s own session', async () => {
    const login = await t.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
    const second = sessionToken(login);
    const out = await t.call('GET', '/api/logout', { token: second, headers: { [HEADER]: `user:${alice.id}` } });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/definitions/grid', { token: second })).status).toBe(401);
    // Alice's sessions are not touched.
    expect((await t.call('GET', '/api/grid/tickets/data/0/50', { token: alice.token })).status).toBe(200);
  });
});

describe('an administrator viewing as a group', () => {
  it('belongs to Everyone and that group: Readers see every ticket and the notes, not the secret notes', async () => {
    expect((await asAdminViewing<Page>('group:Readers', 'GET', '/api/grid/tickets/data/0/50')).body.count).toBe(4);
    expect((await asAdminViewing<Page>('group:Readers', 'GET', '/api/grid/notes/data/0/50')).body.count).toBe(1);
    expect((await asAdminViewing('group:Readers', 'GET', '/api/grid/secret_notes/data/0/50')).status).toBe(403);
    expect((await asAdminViewing('group:Nobody', 'GET', '/api/grid/secret_notes/data/0/50')).status).toBe(200);
  });

  it('has no CURRENT_USER: a rule on the current user reaches no record', async () => {
    const page = await asAdminViewing<Page>('group:Staff', 'GET', '/api/grid/tickets/data/0/50');
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(0);
    // The ticket without an owner is not theirs either.
    expect((await asAdminViewing('group:Staff', 'GET', `/api/form/ticket/data/${ticket.N1}`)).status).toBe(404);
  });

  it('names the group in checkuser and in the refusal of a write', async () => {
    const who = await asAdminViewing<{ user: { Admin: boolean }; viewingAs: unknown }>('group:Readers', 'GET', '/api/checkuser');
    expect(who.body.viewingAs).toEqual({ kind: 'group', name: 'Readers', label: 'the group Readers' });
    expect(who.body.user.Admin).toBe(false);
    const write = await asAdminViewing<{ error: string }>('group:Readers', 'POST', '/api/form/ticket/add', { title: 'x' });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('Read only while viewing as the group Readers: nothing was changed');
  });

  it('takes a group name percent-encoded', async () => {
    const page = await asAdminViewing<Page>(`group:${encodeURIComponent(LESEN)}`, 'GET', '/api/grid/tickets/data/0/50');
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(4);
  });
});

describe('the header refused', () => {
  it('from a signed-in user who is not an administrator: 403, even on a read', async () => {
    for (const value of [`user:${bob.id}`, 'group:Readers', 'nonsense']) {
      const res = await t.call<{ code: string; error: string }>('GET', '/api/grid/tickets/data/0/50', { token: alice.token, headers: { [HEADER]: value } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('VIEW_AS_REFUSED');
      expect(res.body.error).toBe('Only administrators may view the app as another user or group');
    }
  });

  it('naming a user or group that does not exist: 400', async () => {
    const user = await asAdminViewing<{ code: string; error: string }>('user:999999', 'GET', '/api/checkuser');
    expect(user.status).toBe(400);
    expect(user.body).toEqual({ code: 'VIEW_AS_INVALID', error: 'There is no user with the id 999999 to view as' });
    const group = await asAdminViewing<{ code: string; error: string }>('group:Ghosts', 'GET', '/api/checkuser');
    expect(group.status).toBe(400);
    expect(group.body.error).toBe("There is no group named 'Ghosts' to view as");
  });

  it('of a bad shape: 400', async () => {
    for (const value of ['alice', 'user:', 'user:abc', 'user:0', 'user:-1', 'group:', 'group:%E0%A4%A', 'User:2', `group:${'x'.repeat(201)}`]) {
      const res = await asAdminViewing<{ code: string; error: string }>(value, 'GET', '/api/checkuser');
      expect(res.status, value).toBe(400);
      expect(res.body.code).toBe('VIEW_AS_INVALID');
      expect(res.body.error).toContain("'user:<id>' or 'group:<name>'");
    }
  });

  it('from nobody signed in: served as anyone signed out, so the sign-in still works', async () => {
    expect((await t.call('GET', '/api/grid/tickets/data/0/50', { headers: { [HEADER]: `user:${alice.id}` } })).status).toBe(401);
    const who = await t.call<Record<string, unknown>>('GET', '/api/checkuser', { headers: { [HEADER]: `user:${alice.id}` } });
    expect(who.body.user).toBeNull();
    expect('viewingAs' in who.body).toBe(false);
    const login = await t.call('POST', '/api/login', { body: { user: 'bob', password: 'bob-password-1' }, headers: { [HEADER]: `user:${alice.id}` } });
    expect(login.status).toBe(200);
  });
});

describe('GET /api/view-as/choices', () => {
  it('lists users found by name or address, and every group, to administrators only', async () => {
    const all = await t.call<{ users: { id: number; user: string; Admin: boolean }[]; groups: { name: string }[] }>('GET', '/api/view-as/choices', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.users.map((u) => u.user)).toEqual(['admin', 'alice', 'bob', 'boss']);
    expect(all.body.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Staff', 'Readers', LESEN, 'Nobody']));
    const found = await t.call<{ users: { id: number; user: string }[] }>('GET', '/api/view-as/choices?search=ALI', { token: admin });
    expect(found.body.users).toEqual([expect.objectContaining({ id: alice.id, user: 'alice', Admin: false })]);
    expect((await t.call('GET', '/api/view-as/choices', { token: alice.token })).status).toBe(403);
    // While viewing as a user, the administrator is that user: not theirs either.
    expect((await asAdminViewing('group:Readers', 'GET', '/api/view-as/choices')).status).toBe(403);
  });
});

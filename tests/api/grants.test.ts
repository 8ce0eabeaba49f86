import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Per-group grants (docs/security.md, "Grants") on a library: Librarians see and change the
 * loans of their own branch only, never a member's e-mail address, and add loans into their
 * branch whatever they send; Heads may also read, delete and clear branch B's loans; the old
 * `groups` shorthand still gives everything; grants that do not fit the model are refused at save.
 */
let t: TestApp;
let admin: string;
const branch: Record<string, number> = {};
const member: Record<string, number> = {};
const loan: Record<string, number> = {};
let lib: { token: string; id: number };
let libHead: { token: string; id: number };
let head: { token: string; id: number };
let shorthand: { token: string; id: number };
let plain: { token: string; id: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const ofMyBranch = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
const ofBranchB = () => ({ and: [{ field: 'branch', op: 'eq', value: branch.B }] });

/** Loan grants: Librarians read, add and update their branch's loans; Heads read, delete and clear branch B's. */
const loanGrants = () => [
  { group: 'Librarians', actions: ['read', 'add', 'update'], rules: { read: ofMyBranch, update: ofMyBranch }, presets: { branch: { var: 'CURRENT_USER.branch' } } },
  { group: 'Heads', actions: ['read', 'delete', 'clear'], rules: { read: ofBranchB(), delete: ofBranchB(), clear: ofBranchB() } },
];
const loanColumns = [{ name: 'title' }, { name: 'branch' }, { name: 'member' }];
const input = (name: string) => ({ childType: 'Input', width: 4, name, label: name, fieldtype: 'text' });
const reference = (name: string) => ({ childType: 'Reference', width: 4, name, label: name });
const LOAN_FIELDS = [{ cols: [input('title'), reference('branch'), reference('member')] }, { cols: [{ childType: 'DualList', width: 4, name: 'tags', label: 'Tags', link: 'id', url: '/link/Loan/tags' }] }];
const MEMBER_FIELDS = [{ cols: [input('name'), input('email')] }];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Librarians', 'Members', 'Heads']) await ok('POST', '/api/form/group/add', { name });
  await ok('POST', '/api/definitions/model', { name: 'Branch', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Tag', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Member', fields: [{ name: 'name', type: 'text' }, { name: 'email', type: 'text' }] });
  const loanFields = [
    { name: 'title', type: 'text' },
    { name: 'branch', type: 'reference', target: 'Branch' },
    { name: 'member', type: 'reference', target: 'Member' },
  ];
  await ok('POST', '/api/definitions/model', { name: 'Loan', fields: loanFields });
  await ok('POST', '/api/definitions/model', { name: 'LoanTag', fields: [{ name: 'loan', type: 'reference', target: 'Loan', required: true }, { name: 'tag', type: 'reference', target: 'Tag', required: true }] });
  const loanModel = await ok('GET', '/api/definitions/model/Loan');
  await ok('PUT', '/api/definitions/model/Loan', { ...loanModel, fields: [...loanFields, { name: 'tags', type: 'link', target: 'Tag', through: 'LoanTag' }] });
  const { store } = t.app.services;
  // The system model User takes no change through the API: its `branch` is added in this process,
  // as a deployment whose User model has such a field would have it.
  const user = store.get('User');
  await store.sync([{ ...user, fields: [...user.fields, { name: 'branch', type: 'reference', target: 'Branch' }] }]);

  for (const name of ['A', 'B', 'C']) branch[name] = Number(await store.insert('Branch', { name }));
  for (const [name, email] of [['Mia', 'mia@example.com'], ['Ole', 'ole@example.com']]) member[name as string] = Number(await store.insert('Member', { name, email }));
  for (const [title, b, m] of [['Dune', 'A', 'Mia'], ['Emma', 'A', 'Ole'], ['Faust', 'B', 'Mia'], ['Gilgamesh', 'C', 'Ole']] as const) {
    loan[title] = Number(await store.insert('Loan', { title, branch: branch[b], member: member[m] }));
  }

  lib = await t.user('lib', { groups: ['Librarians'] });
  libHead = await t.user('libhead', { groups: ['Librarians', 'Heads'] });
  head = await t.user('head', { groups: ['Heads'] });
  shorthand = await t.user('staff', { groups: ['Members'] });
  plain = await t.user('plain');
  for (const u of [lib, libHead, head]) await store.update('User', u.id, { branch: branch.A });

  for (const [paging, name] of [[1, 'loans_all'], [2, 'loans_first'], [3, 'loans']] as const) {
    await ok('POST', '/api/definitions/grid', { name, title: name, model: 'Loan', paging, pageSize: 50, definition: loanColumns, access: { grants: loanGrants() } });
  }
  await ok('POST', '/api/definitions/grid', { name: 'loans_staff', title: 'Staff', model: 'Loan', paging: 3, definition: loanColumns, access: { groups: ['Members'] } });
  await ok('POST', '/api/definitions/form', { name: 'loan', title: 'Loan', model: 'Loan', definition: LOAN_FIELDS, access: { grants: loanGrants() } });
  await ok('POST', '/api/definitions/select', { name: 'loan_titles', title: 'Loans', model: 'Loan', valuefield: 'id', labelfield: 'title', access: { grants: loanGrants() } });
  const memberGrants = [{ group: 'Librarians', actions: ['read', 'add'], fields: { email: 'hidden' } }];
  await ok('POST', '/api/definitions/grid', { name: 'members', title: 'Members', model: 'Member', paging: 3, definition: [{ name: 'name' }, { name: 'email' }], sorts: [{ fieldname: 'email', sorttype: 'ASC' }], access: { grants: memberGrants } });
  await ok('POST', '/api/definitions/form', { name: 'member', title: 'Member', model: 'Member', definition: MEMBER_FIELDS, access: { grants: memberGrants } });
});
afterAll(async () => {
  await t.close();
});

type Page = { rows: { id: number; title: string; email?: string; name?: string }[]; count: number };
const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();

describe('a librarian', () => {
  it("sees only their branch's loans in a grid, in every paging mode, and the count agrees", async () => {
    const page = await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, lib.token);
    expect(titles(page.rows)).toEqual(['Dune', 'Emma']);
    expect(page.count).toBe(2);
    expect(titles(await ok<Page['rows']>('GET', '/api/grid/loans_all/data', undefined, lib.token))).toEqual(['Dune', 'Emma']);
    expect(titles(await ok<Page['rows']>('GET', '/api/grid/loans_first/data/50', undefined, lib.token))).toEqual(['Dune', 'Emma']);
    // A search and a filter of their own narrow inside the rule, never past it.
    expect((await ok<Page>('GET', '/api/grid/loans/data/0/50?search=faust', undefined, lib.token)).count).toBe(0);
    const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'title', op: 'startsWith', value: 'E' }] }));
    expect(titles((await ok<Page>('GET', `/api/grid/loans/data/0/50?filter=${filter}`, undefined, lib.token)).rows)).toEqual(['Emma']);
    // The admin sees every loan.
    expect((await ok<Page>('GET', '/api/grid/loans/data/0/50')).count).toBe(4);
  });

  it('follows their own record: moved to another branch, they see that branch', async () => {
    const other = await t.user('mover', { groups: ['Librarians'] });
    await t.app.services.store.update('User', other.id, { branch: branch.C });
    expect(titles((await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, other.token)).rows)).toEqual(['Gilgamesh']);
    // Without a branch, the rule reaches nothing.
    await t.app.services.store.update('User', other.id, { branch: null });
    expect((await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, other.token)).count).toBe(0);
  });

  it('reads a loan of their branch through the form, and one of another branch is missing (404)', async () => {
    const read = await t.call<{ title: string }>('GET', `/api/form/loan/data/${loan.Dune}`, { token: lib.token });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Dune');
    expect((await t.call('GET', `/api/form/loan/data/${loan.Faust}`, { token: lib.token })).status).toBe(404);
    expect((await t.call('GET', '/api/form/loan/data/999999', { token: lib.token })).status).toBe(404);
  });

  it("never sees a member's e-mail: not sent, not sortable, not filterable, not searched", async () => {
    const page = await ok<Page>('GET', '/api/grid/members/data/0/50', undefined, lib.token);
    expect(page.rows.map((r) => r.name).sort()).toEqual(['Mia', 'Ole']);
    expect(page.rows.every((r) => !('email' in r))).toBe(true);
    const sorted = await t.call<{ details: { pointer: string; message: string }[] }>('GET', '/api/grid/members/data/0/50?sort=email', { token: lib.token });
    expect(sorted.status).toBe(400);
    expect(sorted.body.details[0]?.message).toContain("'email'");
    const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'email', op: 'startsWith', value: 'mia' }] }));
    const filtered = await t.call<{ details: { pointer: string }[] }>('GET', `/api/grid/members/data/0/50?filter=${filter}`, { token: lib.token });
    expect(filtered.status).toBe(400);
    expect(filtered.body.details[0]?.pointer).toBe('/filter/and/0/field');
    expect((await ok<Page>('GET', '/api/grid/members/data/0/50?search=example.com', undefined, lib.token)).count).toBe(0);
    // The grid's definition shows them the column as hidden, and the form leaves it out.
    const def = await ok<{ definition: { name: string; hide?: boolean }[] }>('GET', '/api/grid/members/definition', undefined, lib.token);
    expect(def.definition.find((c) => c.name === 'email')?.hide).toBe(true);
    const read = await ok<Record<string, unknown>>('GET', `/api/form/member/data/${member.Mia}`, undefined, lib.token);
    expect(read.name).toBe('Mia');
    expect('email' in read).toBe(false);
    // The admin still gets it.
    expect((await ok<Page>('GET', '/api/grid/members/data/0/50?search=example.com')).count).toBe(2);
  });

  it('cannot write a hidden field: 403, and nothing is added', async () => {
    const before = (await ok<Page>('GET', '/api/grid/members/data/0/50')).count;
    const res = await t.call('POST', '/api/form/member/add', { token: lib.token, body: { name: 'Sneak', email: 'x@example.com' } });
    expect(res.status).toBe(403);
    expect((await ok<Page>('GET', '/api/grid/members/data/0/50')).count).toBe(before);
    expect((await t.call('POST', '/api/form/member/add', { token: lib.token, body: { name: 'Liv' } })).status).toBe(200);
  });

  it("is not shown a hidden field in a stale save's answer (409 with the record as it is now)", async () => {
    const desk = [{ group: 'Librarians', actions: ['read', 'update'], fields: { email: 'hidden' } }];
    await ok('POST', '/api/definitions/form', { name: 'member_desk', title: 'Member desk', model: 'Member', definition: MEMBER_FIELDS, access: { grants: desk } });
    const read = await ok<Record<string, unknown>>('GET', `/api/form/member_desk/data/${member.Ole}`, undefined, lib.token);
    expect(read).not.toHaveProperty('email');
    await t.app.services.store.update('Member', member.Ole, { name: 'Ole B' });
    const res = await t.call<{ code: string; current: Record<string, unknown> }>('POST', `/api/form/member_desk/update/${member.Ole}`, { token: lib.token, body: { name: 'Ole C', _version: read._version } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('STALE_VERSION');
    expect(res.body.current).toMatchObject({ name: 'Ole B' });
    expect(res.body.current).not.toHaveProperty('email');
    expect(JSON.stringify(res.body)).not.toContain('ole@example.com');
  });

  it('cannot delete a loan (403), which stays', async () => {
    expect((await t.call('DELETE', `/api/form/loan/delete/${loan.Dune}`, { token: lib.token })).status).toBe(403);
    expect((await ok<Page>('GET', '/api/grid/loans/data/0/50')).count).toBe(4);
  });

  it('adds a loan into their own branch, whatever branch the body names', async () => {
    const added = await ok<{ id: number }>('POST', '/api/form/loan/add', { title: 'Hamlet', branch: branch.B, member: member.Mia }, lib.token);
    const stored = await t.app.services.store.get1('Loan', added.id, ['title', 'branch']);
    expect(stored?.branch).toBe(branch.A);
    // Without a branch in the body too.
    const second = await ok<{ id: number }>('POST', '/api/form/loan/add', { title: 'Ivanhoe' }, lib.token);
    expect((await t.app.services.store.get1('Loan', second.id, ['branch']))?.branch).toBe(branch.A);
    expect(titles((await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, lib.token)).rows)).toEqual(['Dune', 'Emma', 'Hamlet', 'Ivanhoe']);
    for (const id of [added.id, second.id]) await t.app.services.store.delete('Loan', id);
  });

  it('updates a loan of their branch, but not into another branch (403, unchanged), nor one of another branch (404)', async () => {
    const read = await ok<Record<string, unknown>>('GET', `/api/form/loan/data/${loan.Emma}`, undefined, lib.token);
    const renamed = await t.call('POST', `/api/form/loan/update/${loan.Emma}`, { token: lib.token, body: { ...read, title: 'Emma (2nd ed.)' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const now = await ok<Record<string, unknown>>('GET', `/api/form/loan/data/${loan.Emma}`, undefined, lib.token);
    const moved = await t.call('POST', `/api/form/loan/update/${loan.Emma}`, { token: lib.token, body: { ...now, title: 'Moved', branch: branch.B } });
    expect(moved.status).toBe(403);
    const after = await t.app.services.store.get1('Loan', loan.Emma, ['title', 'branch', '_version']);
    expect(after).toMatchObject({ title: 'Emma (2nd ed.)', branch: branch.A, _version: now._version });
    const faust = await ok<Record<string, unknown>>('GET', `/api/form/loan/data/${loan.Faust}`);
    expect((await t.call('POST', `/api/form/loan/update/${loan.Faust}`, { token: lib.token, body: { ...faust, title: 'Mine now' } })).status).toBe(404);
    expect((await t.app.services.store.get1('Loan', loan.Faust, ['title']))?.title).toBe('Faust');
  });

  it("uses a loan's dual list only inside the rule: another branch's loan is missing (404)", async () => {
    expect((await t.call('GET', `/api/link/Loan/tags/${loan.Dune}`, { token: lib.token })).status).toBe(200);
    expect((await t.call('GET', `/api/link/Loan/tags/${loan.Faust}`, { token: lib.token })).status).toBe(404);
    expect((await t.call('POST', `/api/link/Loan/tags/${loan.Faust}`, { token: lib.token, body: [] })).status).toBe(404);
    expect((await t.call('GET', '/api/link/Loan/tags/NEW', { token: lib.token })).status).toBe(200);
  });

  it("is offered only their branch's loans by a select", async () => {
    const options = await ok<[number, string][]>('GET', '/api/select/loan_titles', undefined, lib.token);
    expect(options.map(([, label]) => label).sort()).toEqual(['Dune', 'Emma (2nd ed.)']);
  });
});

describe('a user in two groups', () => {
  it('may do what either grant allows: the rules are ORed', async () => {
    const page = await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, libHead.token);
    expect(titles(page.rows)).toEqual(['Dune', 'Emma (2nd ed.)', 'Faust']);
    expect(page.count).toBe(3);
    expect((await t.call('GET', `/api/form/loan/data/${loan.Faust}`, { token: libHead.token })).status).toBe(200);
    // Heads alone: only branch B.
    expect(titles((await ok<Page>('GET', '/api/grid/loans/data/0/50', undefined, head.token)).rows)).toEqual(['Faust']);
  });

  it('deletes inside the delete rule only: 403 for a loan they can read, 404 for one they cannot', async () => {
    expect((await t.call('DELETE', `/api/form/loan/delete/${loan.Dune}`, { token: libHead.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/form/loan/delete/${loan.Dune}`, { token: head.token })).status).toBe(404);
    expect((await ok<Page>('GET', '/api/grid/loans/data/0/50')).count).toBe(4);
  });

  it("clears only the rows inside the clear rule, and says canClear", async () => {
    const extra = Number(await t.app.services.store.insert('Loan', { title: 'Jane Eyre', branch: branch.B }));
    expect((await ok<{ canClear: boolean }>('GET', '/api/grid/loans/definition', undefined, head.token)).canClear).toBe(true);
    expect((await ok<{ canClear: boolean }>('GET', '/api/grid/loans/definition', undefined, lib.token)).canClear).toBe(false);
    expect((await t.call('DELETE', '/api/grid/loans/clear/', { token: lib.token })).status).toBe(403);
    expect((await t.call('DELETE', '/api/grid/loans/clear/', { token: head.token })).status).toBe(200);
    expect(titles((await ok<Page>('GET', '/api/grid/loans/data/0/50')).rows)).toEqual(['Dune', 'Emma (2nd ed.)', 'Gilgamesh']);
    expect(await t.app.services.store.get1('Loan', extra)).toBeUndefined();
    loan.Faust = Number(await t.app.services.store.insert('Loan', { title: 'Faust', branch: branch.B, member: member.Mia }));
  });
});

describe('the groups shorthand', () => {
  it('still gives its members every record and field, but not Clear', async () => {
    expect((await ok<Page>('GET', '/api/grid/loans_staff/data/0/50', undefined, shorthand.token)).count).toBe(4);
    expect((await ok<{ canClear: boolean }>('GET', '/api/grid/loans_staff/definition', undefined, shorthand.token)).canClear).toBe(false);
    expect((await t.call('DELETE', '/api/grid/loans_staff/clear/', { token: shorthand.token })).status).toBe(403);
  });

  it('leaves strangers out: 403 signed in, 401 signed out', async () => {
    expect((await t.call('GET', '/api/grid/loans/data/0/50', { token: plain.token })).status).toBe(403);
    expect((await t.call('GET', `/api/form/loan/data/${loan.Dune}`, { token: plain.token })).status).toBe(403);
    expect((await t.call('GET', '/api/grid/loans/data/0/50')).status).toBe(401);
    expect((await t.call('DELETE', '/api/grid/loans/clear/')).status).toBe(401);
  });
});

describe('grants refused at save, each at its place', () => {
  const save = (grants: unknown[]) =>
    t.call<{ details: { pointer: string; message: string }[] }>('POST', '/api/definitions/grid', {
      token: admin,
      body: { name: `bad_${Math.random().toString(36).slice(2, 8)}`, title: 'Bad', model: 'Loan', definition: loanColumns, access: { grants } },
    });

  it.each([
    ['a rule on a field the model has not', [{ group: 'Librarians', actions: ['read'], rules: { read: { and: [{ field: 'colour', op: 'eq', value: 'red' }] } } }], '/access/grants/0/rules/read/and/0/field'],
    ['a rule naming a field User has not', [{ group: 'Heads', actions: ['read'] }, { group: 'Librarians', actions: ['read'], rules: { read: { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.office' } }] } } }], '/access/grants/1/rules/read/and/0/value'],
    ['a rule in a group of a group', [{ group: 'Librarians', actions: ['delete'], rules: { delete: { or: [{ and: [{ field: 'title', op: 'eq', value: 'x' }] }, { field: 'branch', op: 'eq', value: 'one' }] } } }], '/access/grants/0/rules/delete/or/1/value'],
    ['a hidden field the model has not', [{ group: 'Librarians', actions: ['read'], fields: { colour: 'hidden' } }], '/access/grants/0/fields/colour'],
    ['a preset of the wrong type', [{ group: 'Librarians', actions: ['add'], presets: { branch: 'A' } }], '/access/grants/0/presets/branch'],
    ['a preset of RECORD.id', [{ group: 'Librarians', actions: ['add'], presets: { branch: { var: 'RECORD.id' } } }], '/access/grants/0/presets/branch'],
  ])('%s', async (_, grants, pointer) => {
    const res = await save(grants);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.pointer)).toEqual([pointer]);
  });

  it('takes grants that fit', async () => {
    expect((await save(loanGrants())).status).toBe(201);
  });

  it('refuses rules on a definition without records', async () => {
    const res = await t.call<{ details: { pointer: string }[] }>('POST', '/api/definitions/page', {
      token: admin,
      body: { name: 'bad_page', title: 'Bad', definition: [], access: { grants: [{ group: 'Librarians', actions: ['read'], rules: { read: ofMyBranch } }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0]?.pointer).toBe('/access/grants/0/rules');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { CHOICES_PAGE } from '../../src/server/routes/choices.js';

/**
 * Pickers offer only the target records the caller may read (docs/security.md, "Pickers"): a
 * librarian whose Members grid reads their own branch's members picks a loan's member, and a
 * loan's readers through a link, among those only; the `?id=` naming and the link's linked
 * records stay as the rules say; an admin sees every member; a clerk whom no definition over
 * Member grants read is offered nothing but what the record already refers to.
 */
let t: TestApp;
let admin: string;
const branch: Record<string, number> = {};
const member: Record<string, number> = {};
let loan = 0;
let lib: { token: string; id: number };
let clerk: { token: string; id: number };

type Choices = { items: { id: number; label: string }[]; more: boolean };
type LinkPage = { items: { id: number; name: string; selected: boolean }[]; more: boolean };
type LinkList = { id: number; name: string; selected: boolean }[];

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const ofMyBranch = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
const reference = (name: string) => ({ childType: 'Reference', width: 4, name, label: name });
const LOAN_FIELDS = [{ cols: [{ childType: 'Input', width: 4, name: 'title', label: 'Title', fieldtype: 'text' }, reference('member')] }, { cols: [{ childType: 'DualList', width: 4, name: 'readers', label: 'Readers', link: 'id', url: '/link/Loan/readers' }] }];
/** Members named A00.. in branch A (more than a page of them) and B00.. in branch B. */
const PER_BRANCH = CHOICES_PAGE + 3;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Librarians', 'Clerks']) await ok('POST', '/api/form/group/add', { name });
  await ok('POST', '/api/definitions/model', { name: 'Branch', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Member', fields: [{ name: 'name', type: 'text' }, { name: 'branch', type: 'reference', target: 'Branch' }] });
  const loanFields = [
    { name: 'title', type: 'text' },
    { name: 'member', type: 'reference', target: 'Member' },
  ];
  await ok('POST', '/api/definitions/model', { name: 'Loan', fields: loanFields });
  await ok('POST', '/api/definitions/model', { name: 'LoanReader', fields: [{ name: 'loan', type: 'reference', target: 'Loan', required: true }, { name: 'member', type: 'reference', target: 'Member', required: true }] });
  const loanModel = await ok('GET', '/api/definitions/model/Loan');
  await ok('PUT', '/api/definitions/model/Loan', { ...loanModel, fields: [...loanFields, { name: 'readers', type: 'link', target: 'Member', through: 'LoanReader' }] });
  const { store } = t.app.services;
  // As in grants.test.ts: the deployment's User model has a `branch`, added in this process.
  const user = store.get('User');
  await store.sync([{ ...user, fields: [...user.fields, { name: 'branch', type: 'reference', target: 'Branch' }] }]);
  for (const name of ['A', 'B']) branch[name] = Number(await store.insert('Branch', { name }));
  for (const b of ['A', 'B']) {
    for (let i = 0; i < PER_BRANCH; i++) {
      const name = `${b}${String(i).padStart(2, '0')}`;
      member[name] = Number(await store.insert('Member', { name, branch: branch[b] }));
    }
  }
  // A loan of a branch-B member, read by one member of each branch.
  loan = Number(await store.insert('Loan', { title: 'Dune', member: member.B00 }));
  await store.setLinks('Loan', 'readers', loan, [member.A00, member.B01]);

  lib = await t.user('lib', { groups: ['Librarians'] });
  clerk = await t.user('clerk', { groups: ['Clerks'] });
  await store.update('User', lib.id, { branch: branch.A });
  await store.update('User', clerk.id, { branch: branch.A });

  // The picking form grants both groups every loan; only the Members grid says which members librarians read.
  const loanAccess = { grants: [{ group: 'Librarians', actions: ['read', 'update'] }, { group: 'Clerks', actions: ['read', 'update'] }] };
  await ok('POST', '/api/definitions/form', { name: 'loan', title: 'Loan', model: 'Loan', definition: LOAN_FIELDS, access: loanAccess });
  await ok('POST', '/api/definitions/grid', {
    name: 'members',
    title: 'Members',
    model: 'Member',
    paging: 3,
    definition: [{ name: 'name' }, { name: 'branch' }],
    access: { grants: [{ group: 'Librarians', actions: ['read'], rules: { read: ofMyBranch } }] },
  });
});
afterAll(async () => {
  await t.close();
});

const choices = (query: string, token: string) => ok<Choices>('GET', `/api/choices/Loan/member${query}`, undefined, token);
const labels = (answer: Choices) => answer.items.map((i) => i.label);
const names = (items: { name: string }[]) => items.map((i) => i.name);
const ofBranch = (b: string) => Array.from({ length: PER_BRANCH }, (_, i) => `${b}${String(i).padStart(2, '0')}`);

describe("a librarian picking a loan's member", () => {
  it("pages only their branch's members, and `more` ends with them", async () => {
    const first = await choices('', lib.token);
    expect(labels(first)).toEqual(ofBranch('A').slice(0, CHOICES_PAGE));
    expect(first.more).toBe(true);
    const second = await choices('?page=1', lib.token);
    expect(labels(second)).toEqual(ofBranch('A').slice(CHOICES_PAGE));
    expect(second.more).toBe(false);
  });

  it("finds no member of another branch by search, and `?id=` names only their branch's", async () => {
    expect(labels(await choices('?search=B0', lib.token))).toEqual([]);
    expect(labels(await choices('?search=A01', lib.token))).toEqual(['A01']);
    expect((await choices(`?id=${member.A01}`, lib.token)).items).toEqual([{ id: member.A01, label: 'A01' }]);
    // B00 is the loan's member: still not named for someone who may not read it.
    expect((await choices(`?id=${member.B00}`, lib.token)).items).toEqual([]);
  });

  it("is offered as a loan's readers only their branch's members, while the linked ones stay named", async () => {
    const page = await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?page=0`, undefined, lib.token);
    expect(names(page.items)).toEqual(ofBranch('A').slice(0, CHOICES_PAGE));
    expect(page.items.find((i) => i.name === 'A00')?.selected).toBe(true);
    expect(page.more).toBe(true);
    const last = await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?page=1`, undefined, lib.token);
    expect(last.more).toBe(false);
    expect(names((await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?search=B`, undefined, lib.token)).items)).toEqual([]);
    // The chips of what the loan links to, and the dual list's plain list, keep B01: a save keeps the link.
    expect(names((await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?selected=true`, undefined, lib.token)).items)).toEqual(['A00', 'B01']);
    const all = await ok<LinkList>('GET', `/api/link/Loan/readers/${loan}`, undefined, lib.token);
    expect(names(all)).toEqual([...ofBranch('A'), 'B01']);
    expect(all.filter((i) => i.selected).map((i) => i.name)).toEqual(['A00', 'B01']);
    // A new loan links to nothing yet: its list is their branch's members alone.
    expect(names(await ok<LinkList>('GET', '/api/link/Loan/readers/NEW', undefined, lib.token))).toEqual(ofBranch('A'));
  });
});

describe('a clerk whom no definition over Member grants read', () => {
  it('is offered no member, and names only the one a loan they read refers to', async () => {
    expect(await choices('', clerk.token)).toEqual({ items: [], more: false });
    expect(await choices('?search=A0', clerk.token)).toEqual({ items: [], more: false });
    expect((await choices(`?id=${member.B00}`, clerk.token)).items).toEqual([{ id: member.B00, label: 'B00' }]);
    expect((await choices(`?id=${member.A01}`, clerk.token)).items).toEqual([]);
  });

  it("is offered as readers only what the loan links to", async () => {
    expect(names((await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?page=0`, undefined, clerk.token)).items)).toEqual(['A00', 'B01']);
    expect(names((await ok<LinkPage>('GET', `/api/link/Loan/readers/${loan}?search=b0`, undefined, clerk.token)).items)).toEqual(['B01']);
    expect(names(await ok<LinkList>('GET', `/api/link/Loan/readers/${loan}`, undefined, clerk.token))).toEqual(['A00', 'B01']);
    expect(await ok<LinkList>('GET', '/api/link/Loan/readers/NEW', undefined, clerk.token)).toEqual([]);
  });
});

describe('an admin', () => {
  it('picks among every member, of every branch', async () => {
    expect(labels(await choices('?search=B0', admin))).toHaveLength(10);
    expect((await choices(`?id=${member.B00}`, admin)).items).toEqual([{ id: member.B00, label: 'B00' }]);
    const all = await ok<LinkList>('GET', `/api/link/Loan/readers/${loan}`, undefined, admin);
    expect(all).toHaveLength(2 * PER_BRANCH);
  });
});

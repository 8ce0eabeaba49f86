import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid names only the target records its caller may read (docs/security.md, "Grants"): a
 * librarian who reads every loan but only their own branch's members sees the names of those
 * members in a Loans grid and no other; searching another branch's member finds nothing; sorting
 * by member puts the unreadable ones with the unnamed; a `shows` path names nothing through a
 * member they may not read; an admin sees every name; and two librarians of different branches
 * asking the same page each get their own names (the page cache keys by what the caller reads).
 */
let t: TestApp;
let admin: string;
const branch: Record<string, number> = {};
const member: Record<string, number> = {};
let libA: string;
let libAId = 0;
let libB: string;

type LoanRow = { id: number; title: string; member: number | null; _labels: Record<string, string> };
type Page = { rows: LoanRow[]; count: number };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const ofMyBranch = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
const readAll = { grants: [{ group: 'Librarians', actions: ['read'] }] };
const loansGrid = (name: string, paging: number, shows?: string) => ({
  name,
  title: name,
  model: 'Loan',
  paging,
  pageSize: 50,
  definition: [{ name: 'title' }, { name: 'member', ...(shows ? { shows } : {}) }],
  access: readAll,
});

/** Each row as `title:member's name` ('-' where the row has no name). */
const named = (rows: LoanRow[]) => rows.map((r) => `${r.title}:${r._labels.member ?? '-'}`);
const page = (token: string, query = '', grid = 'loans') => ok<Page>('GET', `/api/grid/${grid}/data/0/50${query}`, undefined, token);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Librarians' });
  await ok('POST', '/api/definitions/model', { name: 'Branch', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Member', fields: [{ name: 'name', type: 'text' }, { name: 'branch', type: 'reference', target: 'Branch' }] });
  await ok('POST', '/api/definitions/model', { name: 'Loan', fields: [{ name: 'title', type: 'text' }, { name: 'member', type: 'reference', target: 'Member' }] });
  const { store } = t.app.services;
  // As in grants.test.ts: the deployment's User model has a `branch`, added in this process.
  const user = store.get('User');
  await store.sync([{ ...user, fields: [...user.fields, { name: 'branch', type: 'reference', target: 'Branch' }] }]);
  for (const name of ['North', 'South']) branch[name] = Number(await store.insert('Branch', { name }));
  // Sorted by name the branches interleave: Anna (N), Bruno (S), Carla (N), Dario (S).
  for (const [name, b] of [['Anna', 'North'], ['Bruno', 'South'], ['Carla', 'North'], ['Dario', 'South']] as const) {
    member[name] = Number(await store.insert('Member', { name, branch: branch[b] }));
  }
  for (const [title, m] of [['L1', 'Anna'], ['L2', 'Bruno'], ['L3', 'Carla'], ['L4', 'Dario']] as const) await store.insert('Loan', { title, member: member[m] });
  await store.insert('Loan', { title: 'L5', member: null });

  const a = await t.user('liba', { groups: ['Librarians'] });
  const b = await t.user('libb', { groups: ['Librarians'] });
  await store.update('User', a.id, { branch: branch.North });
  await store.update('User', b.id, { branch: branch.South });
  libA = a.token;
  libAId = a.id;
  libB = b.token;

  await ok('POST', '/api/definitions/grid', loansGrid('loans', 3));
  await ok('POST', '/api/definitions/grid', loansGrid('loansall', 1));
  await ok('POST', '/api/definitions/grid', loansGrid('loanbranches', 3, 'branch.name'));
  // Librarians read every loan and every branch, but only their own branch's members.
  await ok('POST', '/api/definitions/grid', {
    name: 'members',
    title: 'Members',
    model: 'Member',
    paging: 3,
    definition: [{ name: 'name' }, { name: 'branch' }],
    access: { grants: [{ group: 'Librarians', actions: ['read'], rules: { read: ofMyBranch } }] },
  });
  await ok('POST', '/api/definitions/grid', { name: 'branches', title: 'Branches', model: 'Branch', paging: 3, definition: [{ name: 'name' }], access: readAll });
});
afterAll(async () => {
  await t.close();
});

describe('a grid names only the members its caller may read', () => {
  it("names their branch's members and no other, in every paging mode; the references stay", async () => {
    const { rows, count } = await page(libA, '?sort=title');
    expect(count).toBe(5);
    expect(named(rows)).toEqual(['L1:Anna', 'L2:-', 'L3:Carla', 'L4:-', 'L5:-']);
    // The reference itself is the loan's: the cell shows the id, as for a gone record.
    expect(rows.find((r) => r.title === 'L2')?.member).toBe(member.Bruno);
    const all = await ok<LoanRow[]>('GET', '/api/grid/loansall/data?sort=title', undefined, libA);
    expect(named(all)).toEqual(['L1:Anna', 'L2:-', 'L3:Carla', 'L4:-', 'L5:-']);
  });

  it('names through a shows path only when the member on the way is readable', async () => {
    expect(named((await page(libA, '?sort=title', 'loanbranches')).rows)).toEqual(['L1:North', 'L2:-', 'L3:North', 'L4:-', 'L5:-']);
    expect(named((await page(admin, '?sort=title', 'loanbranches')).rows)).toEqual(['L1:North', 'L2:South', 'L3:North', 'L4:South', 'L5:-']);
    // A branch's name found only through a readable member.
    expect(named((await page(libA, '?search=South', 'loanbranches')).rows)).toEqual([]);
  });

  it("finds nothing by another branch's member's name, and their own as before", async () => {
    expect(await page(libA, '?search=Bruno')).toEqual({ rows: [], count: 0 });
    expect(named((await page(libA, '?search=Carla')).rows)).toEqual(['L3:Carla']);
    expect(named((await page(admin, '?search=Bruno')).rows)).toEqual(['L2:Bruno']);
  });

  it('sorts the members they may not read with the unnamed, in both directions', async () => {
    for (const dir of ['asc', 'desc']) {
      const rows = named((await page(libA, `?sort=member&dir=${dir}`)).rows);
      const readable = dir === 'asc' ? ['L1:Anna', 'L3:Carla'] : ['L3:Carla', 'L1:Anna'];
      // The unnamed (L2 and L4 unreadable, L5 empty) are together at one end: where the database puts NULL.
      const unnamedFirst = rows[0]?.endsWith(':-') === true;
      expect(unnamedFirst ? rows.slice(3) : rows.slice(0, 2)).toEqual(readable);
      expect((unnamedFirst ? rows.slice(0, 3) : rows.slice(2)).sort()).toEqual(['L2:-', 'L4:-', 'L5:-']);
    }
    // The admin's sort by name interleaves the branches.
    const rows = named((await page(admin, '?sort=member')).rows).filter((r) => !r.endsWith(':-'));
    expect(rows).toEqual(['L1:Anna', 'L2:Bruno', 'L3:Carla', 'L4:Dario']);
  });

  it('gives an admin every name', async () => {
    expect(named((await page(admin, '?sort=title')).rows)).toEqual(['L1:Anna', 'L2:Bruno', 'L3:Carla', 'L4:Dario', 'L5:-']);
  });

  it('serves each of two callers alternating on the same page their own names', async () => {
    for (let round = 0; round < 2; round++) {
      expect(named((await page(libA, '?sort=title')).rows)).toEqual(['L1:Anna', 'L2:-', 'L3:Carla', 'L4:-', 'L5:-']);
      expect(named((await page(libB, '?sort=title')).rows)).toEqual(['L1:-', 'L2:Bruno', 'L3:-', 'L4:Dario', 'L5:-']);
      expect(named((await page(admin, '?sort=title')).rows)).toEqual(['L1:Anna', 'L2:Bruno', 'L3:Carla', 'L4:Dario', 'L5:-']);
    }
    // Searching too: the same term counts differently for each.
    expect((await page(libA, '?search=Dario')).count).toBe(0);
    expect((await page(libB, '?search=Dario')).count).toBe(1);
    expect((await page(libA, '?search=Dario')).count).toBe(0);
  });

  it("follows the librarian's own record: moved to the other branch, they see its names", async () => {
    const { store } = t.app.services;
    await store.update('User', libAId, { branch: branch.South });
    try {
      expect(named((await page(libA, '?sort=title')).rows)).toEqual(['L1:-', 'L2:Bruno', 'L3:-', 'L4:Dario', 'L5:-']);
    } finally {
      await store.update('User', libAId, { branch: branch.North });
    }
  });
});

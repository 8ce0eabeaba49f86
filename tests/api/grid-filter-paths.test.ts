import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A user's filter through a grid's reference columns (docs/filters.md, "Filter builder"): the
 * definition answer names the fields one hop through each visible reference column (`paths`),
 * the data routes take `book.title`-style paths and compile them to SQL on both databases, refuse
 * with 400 naming the field what a filter may not ask, and the builder's record picker may list
 * the records such a column or path refers to through GET /api/choices.
 */
let t: TestApp;
let admin: string;
let staff: { token: string; id: number };
let stranger: { token: string; id: number };
const ids: Record<string, number> = {};

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const q = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
const where = (...and: unknown[]) => q({ and });

async function labels(url: string, token = admin): Promise<string[]> {
  const body = await ok<{ rows: { label: string }[] } | { label: string }[]>('GET', url, undefined, token);
  return (Array.isArray(body) ? body : body.rows).map((r) => r.label).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
  staff = await t.user('sam', { groups: ['Staff'] });
  stranger = await t.user('stu');
  await ok('POST', '/api/definitions/model', { name: 'Author', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Book',
    display: 'title',
    fields: [
      { name: 'title', type: 'text', label: 'Title' },
      { name: 'year', type: 'number', label: 'Year' },
      { name: 'published', type: 'date' },
      { name: 'classic', type: 'boolean' },
      { name: 'author', type: 'reference', target: 'Author', label: 'Author' },
      { name: 'keeper', type: 'reference', target: 'User' },
      { name: 'secret', type: 'password' },
      { name: 'meta', type: 'json' },
    ],
  });
  await ok('POST', '/api/definitions/model', {
    name: 'Loan',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'book', type: 'reference', target: 'Book' },
      { name: 'spare', type: 'reference', target: 'Book' },
      { name: 'owner', type: 'reference', target: 'User' },
    ],
  });
  const { store } = t.app.services;
  for (const name of ['Herbert', 'Austen']) ids[name] = Number(await store.insert('Author', { name }));
  const books: [string, number, string, boolean, string][] = [
    ['Dune', 1965, '1965-08-01', true, 'Herbert'],
    ['Dune Messiah', 1969, '1969-10-15', false, 'Herbert'],
    ['Emma', 1815, '1815-12-23', true, 'Austen'],
  ];
  for (const [title, year, published, classic, author] of books) {
    ids[title] = Number(await store.insert('Book', { title, year, published, classic, author: ids[author], keeper: staff.id }));
  }
  const loans: [string, string | null][] = [
    ['l1', 'Dune'],
    ['l2', 'Dune Messiah'],
    ['l3', 'Emma'],
    ['l4', 'Emma'],
    ['l5', null],
  ];
  for (const [label, book] of loans) await store.insert('Loan', { label, book: book ? ids[book] : null, spare: ids.Dune, owner: staff.id });
  const definition = [{ name: 'label' }, { name: 'book' }, { name: 'owner' }, { name: 'spare', hide: true }];
  await ok('POST', '/api/definitions/grid', { name: 'loans', title: 'Loans', model: 'Loan', paging: 3, definition, access: { groups: ['Staff'] } });
  await ok('POST', '/api/definitions/grid', { name: 'loans_all', title: 'Loans', model: 'Loan', paging: 1, definition, access: { groups: ['Staff'] } });
});
afterAll(async () => {
  await t.close();
});

/**
 * Staff read books and authors through these until the picker's tests take them away: a path
 * into a model follows that model's grants (tests/api/reference-path-grants.test.ts).
 */
const readers = [
  { name: 'readbooks', title: 'Books', model: 'Book', paging: 3, definition: [{ name: 'title' }], access: { groups: ['Staff'] } },
  { name: 'readauthors', title: 'Authors', model: 'Author', paging: 3, definition: [{ name: 'name' }], access: { groups: ['Staff'] } },
];

describe("the grid's definition answer", () => {
  beforeAll(async () => {
    for (const grid of readers) await ok('POST', '/api/definitions/grid', grid);
  });
  it("names the fields one hop through each visible reference column, with their types, labels and targets, but no password, JSON or hidden column's", async () => {
    const def = await ok<{ paths: Record<string, unknown>; targets: Record<string, unknown> }>('GET', '/api/grid/loans/definition', undefined, staff.token);
    expect(def.paths).toEqual({
      'book.title': { type: 'text', label: 'Title' },
      'book.year': { type: 'number', label: 'Year' },
      'book.published': { type: 'date', label: 'published' },
      'book.classic': { type: 'boolean', label: 'classic' },
      'book.author': { type: 'reference', label: 'Author', target: { model: 'Author', idtype: 'integer' } },
      'book.keeper': { type: 'reference', label: 'keeper', target: { model: 'User', idtype: 'integer' } },
      // The audit fields every model has (src/shared/audit-fields.ts).
      'book._created_by': { type: 'reference', label: 'Created by', target: { model: 'User', idtype: 'integer' } },
      'book._created_at': { type: 'datetime', label: 'Created at' },
      'book._updated_by': { type: 'reference', label: 'Updated by', target: { model: 'User', idtype: 'integer' } },
      'book._updated_at': { type: 'datetime', label: 'Updated at' },
    });
    expect(def.targets).toEqual({ book: { model: 'Book', idtype: 'integer' }, owner: { model: 'User', idtype: 'integer' } });
  });

  it("names a system model's fields to an administrator only", async () => {
    const def = await ok<{ paths: Record<string, { type: string }> }>('GET', '/api/grid/loans/definition');
    expect(def.paths['owner.user']).toEqual({ type: 'text', label: expect.any(String) as string });
    expect(Object.keys(def.paths).filter((p) => p.startsWith('owner.') && ['password', 'json', 'link'].includes(def.paths[p]?.type ?? ''))).toEqual([]);
  });
});

describe('a filter through a reference column', () => {
  it('narrows the rows by a field of the record referred to, in SQL on this database', async () => {
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.title', op: 'startsWith', value: 'dune' })}`, staff.token)).toEqual(['l1', 'l2']);
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.year', op: 'lt', value: 1900 })}`, staff.token)).toEqual(['l3', 'l4']);
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.published', op: 'between', value: ['1960-01-01', '1966-01-01'] })}`, staff.token)).toEqual(['l1']);
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.classic', op: 'eq', value: false })}`, staff.token)).toEqual(['l2']);
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.author', op: 'in', value: [ids.Austen] })}`, staff.token)).toEqual(['l3', 'l4']);
    // A loan without a book has no book whose title is anything, "is not" included.
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.title', op: 'ne', value: 'Emma' })}`, staff.token)).toEqual(['l1', 'l2']);
    expect(await labels(`/api/grid/loans_all/data?${q({ or: [{ field: 'book.title', op: 'eq', value: 'Emma' }, { field: 'book', op: 'empty' }] })}`, staff.token)).toEqual(['l3', 'l4', 'l5']);
  });

  it('takes two picked records as "is one of" on the column, and two hops as the language does', async () => {
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book', op: 'in', value: [ids.Dune, ids['Dune Messiah']] })}`, staff.token)).toEqual(['l1', 'l2']);
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'book.author.name', op: 'eq', value: 'Herbert' })}`, staff.token)).toEqual(['l1', 'l2']);
  });

  it('is refused with 400 naming the field when the field cannot be filtered, is not there, or the column is hidden or no reference', async () => {
    const refused = async (field: string, token = staff.token) => {
      const res = await t.call<{ code: string; error: string; details: { pointer: string; message: string }[] }>(
        'GET',
        `/api/grid/loans/data/0/50?${where({ field, op: 'notEmpty' })}`,
        { token },
      );
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('INVALID');
      expect(res.body.details).toHaveLength(1);
      expect(res.body.details[0]?.pointer).toBe('/filter/and/0/field');
      return res.body.details[0]?.message ?? '';
    };
    expect(await refused('book.secret')).toBe("'secret' is a password field: password fields cannot be filtered");
    expect(await refused('book.meta')).toBe("'meta' is a json field: json fields cannot be filtered");
    expect(await refused('book.nope')).toBe("'nope' is not a field of Book");
    expect(await refused('label.title')).toContain("'label' is a text field of Loan");
    expect(await refused('spare.title')).toBe("'spare' is not a column this grid shows: a filter may ask only about its columns");
    expect(await refused('owner.user')).toContain("'owner.user' looks into User, a system model");
    expect(await refused('book.author.name.x')).toContain('at most 2');
    // An administrator looks through the system model.
    expect(await labels(`/api/grid/loans/data/0/50?${where({ field: 'owner.user', op: 'eq', value: 'sam' })}`)).toHaveLength(5);
  });
});

describe("the builder's record picker", () => {
  beforeAll(async () => {
    for (const grid of readers) await ok('DELETE', `/api/definitions/grid/${grid.name}`);
  });
  type Answer = { items: { id: number; label: string }[] };
  const choices = (url: string, token: string) => t.call<Answer>('GET', url, { token });

  it('lists and names the records a visible reference column or its path refers to, for whoever may read the grid', async () => {
    // Only what the caller may read of Book and Author is offered (docs/security.md, "Pickers"):
    // reading neither, nothing but the book a loan they read refers to is named.
    expect((await choices('/api/choices/Loan/book?search=dune', staff.token)).body.items).toEqual([]);
    expect((await choices(`/api/choices/Loan/book?id=${ids.Emma}`, staff.token)).body.items).toEqual([{ id: ids.Emma, label: 'Emma' }]);
    expect((await choices('/api/choices/Book/author', staff.token)).body.items).toEqual([]);
    await ok('POST', '/api/definitions/grid', { name: 'books', title: 'Books', model: 'Book', paging: 3, definition: [{ name: 'title' }], access: { groups: ['Staff'] } });
    await ok('POST', '/api/definitions/grid', { name: 'authors', title: 'Authors', model: 'Author', paging: 3, definition: [{ name: 'name' }], access: { groups: ['Staff'] } });
    const books = await choices('/api/choices/Loan/book?search=dune', staff.token);
    expect(books.status).toBe(200);
    expect(books.body.items.map((i) => i.label)).toEqual(['Dune', 'Dune Messiah']);
    const named = await choices(`/api/choices/Loan/book?id=${ids.Emma}`, staff.token);
    expect(named.body.items).toEqual([{ id: ids.Emma, label: 'Emma' }]);
    const authors = await choices('/api/choices/Book/author', staff.token);
    expect(authors.status).toBe(200);
    expect(authors.body.items.map((i) => i.label)).toEqual(['Austen', 'Herbert']);
  });

  it("refuses a hidden column, a system model's records, and a caller who may not read the grid", async () => {
    expect((await choices('/api/choices/Loan/spare', staff.token)).status).toBe(403);
    expect((await choices('/api/choices/Loan/owner', staff.token)).status).toBe(403);
    expect((await choices('/api/choices/Book/keeper', staff.token)).status).toBe(403);
    expect((await choices('/api/choices/Loan/book', stranger.token)).status).toBe(403);
    expect((await choices('/api/choices/Book/author', stranger.token)).status).toBe(403);
    expect((await choices('/api/choices/Loan/owner', admin)).status).toBe(200);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid names the records its reference columns point to (docs/api.md, "Grid data"): each row
 * carries `_labels`, in every paging mode, by the target's display (a template too) or by a
 * `shows` path of two hops; a row whose target is gone has no name; a cached page follows a
 * renamed target; a reference column sorts and is searched by the name it shows; a `shows` that
 * does not fit the models is refused at save at its place.
 */
let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

type LoanRow = { id: number; note: string; book: number | null; member: number | null; _labels: Record<string, string> };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const loansGrid = (name: string, paging: number, definition: unknown[] = [{ name: 'note' }, { name: 'book', type: 'Number' }, { name: 'member', type: 'Reference' }]) => ({
  name,
  title: name,
  model: 'Loan',
  paging,
  pageSize: 50,
  definition,
});

async function page(name: string, query = '', at = 0, size = 50): Promise<{ rows: LoanRow[]; count: number }> {
  return ok('GET', `/api/grid/${name}/data/${at}/${size}${query}`);
}

/** Each row as `note:book label:member label` ('-' where a row has no label). */
const named = (rows: LoanRow[]) => rows.map((r) => `${r.note}:${r._labels.book ?? '-'}:${r._labels.member ?? '-'}`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Region', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'City', fields: [{ name: 'name', type: 'text' }, { name: 'region', type: 'reference', target: 'Region' }] });
  await ok('POST', '/api/definitions/model', { name: 'Book', fields: [{ name: 'title', type: 'text' }, { name: 'city', type: 'reference', target: 'City' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Member',
    display: '{first} {last}',
    fields: [
      { name: 'first', type: 'text' },
      { name: 'last', type: 'text' },
    ],
  });
  await ok('POST', '/api/definitions/model', {
    name: 'Loan',
    fields: [
      { name: 'note', type: 'text' },
      { name: 'book', type: 'reference', target: 'Book' },
      { name: 'member', type: 'reference', target: 'Member' },
    ],
  });
  const { store } = t.app.services;
  for (const name of ['North', 'South']) ids[name] = Number(await store.insert('Region', { name }));
  for (const [name, region] of [['Oslo', 'North'], ['Rome', 'South']] as const) ids[name] = Number(await store.insert('City', { name, region: ids[region] }));
  for (const [title, city] of [['Dune', 'Oslo'], ['Emma', 'Rome'], ['Beowulf', 'Oslo'], ['Carrie', null]] as const) {
    ids[title] = Number(await store.insert('Book', { title, city: city ? ids[city] : null }));
  }
  for (const [first, last] of [['Anna', 'Rossi'], ['Bob', 'Marsh']] as const) ids[first] = Number(await store.insert('Member', { first, last }));
  const loans: [string, string | null, string | null][] = [
    ['n1', 'Dune', 'Anna'],
    ['n2', 'Emma', 'Bob'],
    ['n3', 'Dune', 'Bob'],
    ['n4', 'Beowulf', 'Anna'],
    ['n5', null, null],
  ];
  for (const [note, book, member] of loans) await store.insert('Loan', { note, book: book ? ids[book] : null, member: member ? ids[member] : null });
  // A loan of a book that is gone (left by a restore or another program): the foreign key would refuse it.
  if (store.dialect === 'postgres') await sql`alter table t_loan drop constraint if exists t_loan__book__fk`.execute(store.db);
  else await sql`pragma foreign_keys = off`.execute(store.db);
  await store.insert('Loan', { note: 'n6', book: 987654, member: ids.Anna });
  if (store.dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(store.db);
  await ok('POST', '/api/definitions/grid', loansGrid('loans_paged', 3));
  await ok('POST', '/api/definitions/grid', loansGrid('loans_all', 1));
  await ok('POST', '/api/definitions/grid', loansGrid('loans_first', 2));
});
afterAll(async () => {
  await t.close();
});

const ALL = ['n1:Dune:Anna Rossi', 'n2:Emma:Bob Marsh', 'n3:Dune:Bob Marsh', 'n4:Beowulf:Anna Rossi', 'n5:-:-', 'n6:-:Anna Rossi'];

describe('the names of a grid row\'s references', () => {
  it('come with the rows in every paging mode, by the display (a template too), whatever type the column says', async () => {
    expect(named((await page('loans_paged')).rows)).toEqual(ALL);
    expect(named(await ok<LoanRow[]>('GET', '/api/grid/loans_all/data'))).toEqual(ALL);
    expect(named(await ok<LoanRow[]>('GET', '/api/grid/loans_first/data/3'))).toEqual(ALL.slice(0, 3));
    // The stored id stays as it was beside its name.
    const first = (await page('loans_paged')).rows[0] as LoanRow;
    expect(first.book).toBe(ids.Dune);
    expect(first._labels).toEqual({ book: 'Dune', member: 'Anna Rossi' });
  });

  it('give a row whose target is gone, or that refers to nothing, no name', async () => {
    const rows = (await page('loans_paged')).rows;
    expect(rows.find((r) => r.note === 'n6')?._labels).toEqual({ member: 'Anna Rossi' });
    expect(rows.find((r) => r.note === 'n5')?._labels).toEqual({});
  });

  it('show a field of the target, or a field two references away, as the column\'s shows says', async () => {
    await ok(
      'POST',
      '/api/definitions/grid',
      loansGrid('loans_where', 3, [
        { name: 'note' },
        { name: 'book', type: 'Reference', shows: 'city.name' },
        { name: 'member', type: 'Reference', shows: 'last' },
      ]),
    );
    expect(named((await page('loans_where')).rows)).toEqual(['n1:Oslo:Rossi', 'n2:Rome:Marsh', 'n3:Oslo:Marsh', 'n4:Oslo:Rossi', 'n5:-:-', 'n6:-:Rossi']);
    // A path ending on a reference shows that record's display.
    await ok('POST', '/api/definitions/grid', loansGrid('loans_region', 3, [{ name: 'note' }, { name: 'book', type: 'Reference', shows: 'city.region' }]));
    const regions = (await page('loans_region')).rows.map((r) => `${r.note}:${r._labels.book ?? '-'}`);
    expect(regions).toEqual(['n1:North', 'n2:South', 'n3:North', 'n4:North', 'n5:-', 'n6:-']);
  });

  it('follow a renamed target at once, though the page was cached', async () => {
    const { store } = t.app.services;
    expect(named((await page('loans_paged')).rows)[0]).toBe('n1:Dune:Anna Rossi');
    await store.update('Book', ids.Dune, { title: 'Dune Messiah' });
    await store.update('Member', ids.Anna, { last: 'Verdi' });
    expect(named((await page('loans_paged')).rows)[0]).toBe('n1:Dune Messiah:Anna Verdi');
    // Two hops away too.
    expect((await page('loans_region')).rows[0]?._labels.book).toBe('North');
    await store.update('Region', ids.North, { name: 'Nord' });
    expect((await page('loans_region')).rows[0]?._labels.book).toBe('Nord');
    await store.update('Region', ids.North, { name: 'North' });
    await store.update('Book', ids.Dune, { title: 'Dune' });
    await store.update('Member', ids.Anna, { last: 'Rossi' });
    expect(named((await page('loans_paged')).rows)).toEqual(ALL);
  });

  it('are read in batches: a mode 1 grid of thousands of rows names each', async () => {
    const { store } = t.app.services;
    await ok('POST', '/api/definitions/model', { name: 'Tag', fields: [{ name: 'word', type: 'text' }] });
    await ok('POST', '/api/definitions/model', { name: 'Tagged', fields: [{ name: 'tag', type: 'reference', target: 'Tag' }] });
    const tags = Array.from({ length: 2500 }, (_, i) => ({ word: `w${i}` }));
    await store.db.insertInto('t_tag').values(tags).execute();
    const stored = await store.db.selectFrom('t_tag').select(['id', 'word']).execute();
    await store.db.insertInto('t_tagged').values(stored.map((r) => ({ tag: r.id }))).execute();
    await ok('POST', '/api/definitions/grid', { name: 'tagged_all', model: 'Tagged', paging: 1, definition: [{ name: 'tag' }] });
    const rows = await ok<{ tag: number; _labels: { tag?: string } }[]>('GET', '/api/grid/tagged_all/data');
    expect(rows).toHaveLength(2500);
    const words = new Map(stored.map((r) => [Number(r.id), String(r.word)]));
    expect(rows.every((r) => r._labels.tag === words.get(Number(r.tag)))).toBe(true);
  });
});

describe('a reference column sorted and searched', () => {
  /** The rows that have a book's name, in the order of the answer (where rows without one go differs by database). */
  const books = (rows: LoanRow[]) => rows.filter((r) => r._labels.book !== undefined).map((r) => `${r.note}:${r._labels.book}`);

  it('sorts by the name it shows, ties by id, in both directions and on every page', async () => {
    expect(books((await page('loans_paged', '?sort=book&dir=asc')).rows)).toEqual(['n4:Beowulf', 'n1:Dune', 'n3:Dune', 'n2:Emma']);
    expect(books((await page('loans_paged', '?sort=book&dir=desc')).rows)).toEqual(['n2:Emma', 'n3:Dune', 'n1:Dune', 'n4:Beowulf']);
    // Pages past the middle are read backwards: the pages still make up the whole order.
    for (const dir of ['asc', 'desc']) {
      const whole = (await page('loans_paged', `?sort=member&dir=${dir}`)).rows.map((r) => r.note);
      const paged: string[] = [];
      for (let p = 0; p < 3; p++) paged.push(...(await page('loans_paged', `?sort=member&dir=${dir}`, p, 2)).rows.map((r) => r.note));
      expect(paged).toEqual(whole);
      // Every row is there once; the one without a member comes where the database puts NULL.
      expect([...whole].sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
      const nullsFirst = (t.app.services.store.dialect === 'sqlite') === (dir === 'asc');
      expect(whole.indexOf('n5')).toBe(nullsFirst ? 0 : 5);
    }
    const members = (await page('loans_paged', '?sort=member&dir=asc')).rows.filter((r) => r.member !== null).map((r) => r.note);
    // Members sort by the display's first field (Anna before Bob), ties by id.
    expect(members).toEqual(['n1', 'n4', 'n6', 'n2', 'n3']);
  });

  it('sorts by a shows path two hops away', async () => {
    const rows = (await page('loans_where', '?sort=book&dir=desc')).rows.filter((r) => r._labels.book !== undefined);
    expect(rows.map((r) => `${r.note}:${r._labels.book}`)).toEqual(['n2:Rome', 'n4:Oslo', 'n3:Oslo', 'n1:Oslo']);
  });

  it('finds the rows whose reference is named by the search, short terms and long, and counts them', async () => {
    const found = async (term: string, grid = 'loans_paged') => {
      const answer = await page(grid, `?search=${encodeURIComponent(term)}`);
      expect(answer.count).toBe(answer.rows.length);
      return answer.rows.map((r) => r.note);
    };
    expect(await found('Dune')).toEqual(['n1', 'n3']);
    expect(await found('du')).toEqual(['n1', 'n3']);
    expect(await found('rossi')).toEqual(['n1', 'n4', 'n6']);
    expect(await found('Marsh')).toEqual(['n2', 'n3']);
    // A term across a template's fields finds the whole name.
    expect(await found('Anna Rossi')).toEqual(['n1', 'n4', 'n6']);
    expect(await found('a ross')).toEqual(['n1', 'n4', 'n6']);
    expect(await found('Anna Marsh')).toEqual([]);
    // The row's own columns are still searched beside the names.
    expect(await found('n5')).toEqual(['n5']);
    expect(await found('Oslo', 'loans_where')).toEqual(['n1', 'n3', 'n4']);
    expect(await found('Nowhere')).toEqual([]);
  });

  it('finds by the name after a rename, though the count was cached', async () => {
    const { store } = t.app.services;
    expect((await page('loans_paged', '?search=Emma')).count).toBe(1);
    await store.update('Book', ids.Emma, { title: 'Persuasion' });
    expect((await page('loans_paged', '?search=Emma')).count).toBe(0);
    expect((await page('loans_paged', '?search=Persuasion')).rows.map((r) => r.note)).toEqual(['n2']);
    await store.update('Book', ids.Emma, { title: 'Emma' });
  });
});

describe('the name _labels', () => {
  it('is no field name, as _version is not: a row\'s _labels could not be told from it', async () => {
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Shelf', fields: [{ name: '_labels', type: 'text' }] } });
    expect(res.status).toBe(400);
    expect(() => t.app.services.store.register([{ name: 'Shelf', fields: [{ name: '_labels', type: 'text' }] }])).toThrow(/not a valid field name/);
  });
});

describe('a grid column\'s shows', () => {
  const refused = async (definition: unknown[]) => {
    const res = await t.call<{ details?: { pointer: string; message: string }[] }>('POST', '/api/definitions/grid', { token: admin, body: loansGrid('loans_bad', 3, definition) });
    expect(res.status).toBe(400);
    return res.body.details ?? [];
  };

  it('is refused at save, at its place, when it does not fit the models', async () => {
    const [bad] = await refused([{ name: 'note' }, { name: 'book', type: 'Reference', shows: 'city.mayor' }]);
    expect(bad?.pointer).toBe('/definition/1/shows');
    expect(bad?.message).toContain('mayor');
    expect((await refused([{ name: 'book', type: 'Reference', shows: 'title.name' }]))[0]?.pointer).toBe('/definition/0/shows');
    expect((await refused([{ name: 'note', shows: 'title' }]))[0]?.pointer).toBe('/definition/0/shows');
    expect((await refused([{ name: 'book', shows: 'city.region.name' }]))[0]?.pointer).toBe('/definition/0/shows');
  });
});

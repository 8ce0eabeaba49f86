import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * "Generate screens" (docs/api.md, "Generating screens from a model"): a model's form, grid and
 * menu card made in one transaction, usable at once for every field type, named
 * so they never clash, undone as one, and never half made.
 */
let t: TestApp;
let admin = '';

type Row = Record<string, unknown>;
interface Created {
  kind: 'form' | 'grid' | 'select';
  id: string;
  name: string;
}
interface Changed {
  kind: 'menu' | 'form';
  id: string;
  name: string;
  version: number;
}
interface Generation {
  created: Created[];
  changed: Changed[];
}

async function call<T = Row>(method: string, url: string, body?: unknown) {
  return t.call<T>(method, url, { token: admin, body });
}

async function ok<T = Row>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call<T>(method, url, body);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function names(kind: string): Promise<string[]> {
  return (await ok<{ name: string }[]>('GET', `/api/definitions/${kind}`)).map((d) => d.name).sort();
}

async function everything(): Promise<{ form: string[]; grid: string[]; select: string[]; menu: string[] }> {
  return { form: await names('form'), grid: await names('grid'), select: await names('select'), menu: await names('menu') };
}

const fields = [
  { name: 'title', type: 'text', label: 'Title', required: true },
  { name: 'pages', type: 'number' },
  { name: 'published', type: 'date', label: 'Published on' },
  { name: 'added', type: 'datetime', label: 'Added' },
  { name: 'available', type: 'boolean', label: 'Available' },
  { name: 'meta', type: 'json', label: 'Meta' },
  { name: 'secret', type: 'password', label: 'Secret' },
  { name: 'author', type: 'reference', target: 'Author', label: 'Author' },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', {
    name: 'Author',
    title: 'Authors',
    display: '{first} {last}',
    fields: [
      { name: 'first', type: 'text' },
      { name: 'last', type: 'text' },
    ],
  });
  await ok('POST', '/api/definitions/model', { name: 'Tag', title: 'Tags', fields: [{ name: 'label', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Book', title: 'Books', fields });
  await ok('POST', '/api/definitions/model', {
    name: 'BookTag',
    fields: [
      { name: 'book', type: 'reference', target: 'Book', required: true },
      { name: 'tag', type: 'reference', target: 'Tag', required: true },
    ],
  });
  const book = await ok('GET', '/api/definitions/model/Book');
  await ok('PUT', '/api/definitions/model/Book', { ...book, fields: [...fields, { name: 'tags', type: 'link', target: 'Tag', through: 'BookTag', label: 'Tags' }] });
  await ok('POST', '/api/definitions/menu', { name: 'library', title: 'Library', definition: [{ title: 'Home', url: '/' }] });
});

afterAll(async () => {
  await t?.close();
});

let first: Generation;

describe('generating the screens of a model', () => {
  it('previews the names it will use, writing nothing', async () => {
    const before = await everything();
    const res = await call<Generation>('POST', '/api/definitions/model/Book/screens', { menu: 'library', preview: true });
    expect(res.status).toBe(200);
    // The books of one author too (docs/api.md, "The records that refer to this one"); no form edits an Author yet.
    expect(res.body.created).toEqual([
      { kind: 'form', id: null, name: 'book' },
      { kind: 'grid', id: null, name: 'books' },
      { kind: 'grid', id: null, name: 'author_books', reference: 'author' },
    ]);
    expect(res.body.changed).toEqual([{ kind: 'menu', id: expect.any(String), name: 'library', version: 2 }]);
    expect(await everything()).toEqual(before);
  });

  it('makes a form, a grid and a menu card, each a first version', async () => {
    const res = await call<Generation>('POST', '/api/definitions/model/Book/screens', { menu: 'library' });
    expect(res.status).toBe(201);
    first = res.body;
    expect(first.created.map(({ kind, name }) => [kind, name])).toEqual([
      ['form', 'book'],
      ['grid', 'books'],
      ['grid', 'author_books'],
    ]);
    for (const c of first.created) {
      expect(c.id).toMatch(/^[0-9a-f]{32}$/);
      const versions = await ok<{ version: number }[]>('GET', `/api/definitions/${c.kind}/${c.id}/versions`);
      expect(versions.map((v) => v.version)).toEqual([1]);
    }
    expect(first.changed).toEqual([{ kind: 'menu', id: expect.any(String), name: 'library', version: 2 }]);
    const menu = await ok<{ definition: Row[]; version: number }>('GET', '/api/definitions/menu/library');
    expect(menu.version).toBe(2);
    expect(menu.definition).toEqual([{ title: 'Home', url: '/' }, { icon: 'table', title: 'Books', description: 'List, add and edit Books', url: '/grid/books' }]);
  });

  it('gives each field the column of its type, labels and required carried over, and returns to the grid', async () => {
    const form = await ok<{ url: string; model: string; definition: { cols: { rows: { cols: Row[] }[] }[] }[] }>('GET', '/api/definitions/form/book');
    expect(form.url).toBe('/grid/books');
    expect(form.model).toBe('Book');
    const cols = form.definition[0]!.cols[0]!.rows.flatMap((r) => r.cols);
    const by = (name: string) => cols.find((c) => c.name === name);
    expect(by('title')).toMatchObject({ childType: 'Input', fieldtype: 'text', label: 'Title', required: true });
    expect(by('pages')).toMatchObject({ childType: 'Input', fieldtype: 'number', label: 'Pages' });
    expect(by('published')).toMatchObject({ childType: 'Input', fieldtype: 'date', label: 'Published on' });
    expect(by('added')).toMatchObject({ childType: 'Input', fieldtype: 'datetime-local' });
    expect(by('secret')).toMatchObject({ childType: 'Input', fieldtype: 'password' });
    expect(by('available')).toMatchObject({ childType: 'Checkbox' });
    expect(by('meta')).toMatchObject({ childType: 'CodeEditor', language: 'json' });
    // A picker of the target's records by their display; no form edits an Author yet, so it has no Open link.
    expect(by('author')).toEqual({ childType: 'Reference', width: 6, name: 'author', label: 'Author', showlabelchecked: true });
    expect(by('tags')).toMatchObject({ childType: 'DualList', url: '/link/Book/tags' });
    const grid = await ok<Row>('GET', '/api/definitions/grid/books');
    expect(grid).toMatchObject({
      paging: 3,
      hideClear: true,
      actions: [{ url: '/form/book/add/0', label: 'New' }],
      rowactions: [{ url: '/form/book/edit/:id', label: 'Edit' }],
    });
    expect((grid.definition as Row[]).map((c) => c.name)).toEqual(['title', 'pages', 'published', 'added', 'available', 'author']);
    expect(grid.hideSearchBox).toBeUndefined();
  });

  it('saves and reads a record of every field type through the generated form, the reference picked from its choices', async () => {
    // The target's records, through a form over the Author model.
    await ok('POST', '/api/definitions/form', { name: 'author_raw', model: 'Author', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'first' }, { childType: 'Input', width: 6, name: 'last' }] }] });
    for (const [first, last] of [
      ['Grace', 'Hopper'],
      ['Ada', 'Lovelace'],
    ]) await ok('POST', '/api/form/author_raw/add', { first, last });
    const choices = await ok<{ items: { id: number; label: string }[] }>('GET', '/api/choices/Book/author');
    // Called by the model's display template, sorted by its first field.
    expect(choices.items.map((o) => o.label)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const options = choices.items.map((o) => [o.id, o.label] as const);
    const lovelace = options[0]![0];
    await ok('POST', '/api/definitions/form', { name: 'tag_raw', model: 'Tag', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'label' }] }] });
    const tagIds: (string | number)[] = [];
    for (const label of ['math', 'poetry', 'engines']) tagIds.push((await ok<{ id: number }>('POST', '/api/form/tag_raw/add', { label })).id);
    const record = {
      title: 'Notes on the Engine',
      pages: 66,
      published: '1843-09-01',
      added: '2024-05-01T10:30',
      available: true,
      meta: '{"edition": 1}',
      secret: 'hidden words',
      author: lovelace,
      tags: [tagIds[0], tagIds[2]],
    };
    const saved = await ok<{ id: number }>('POST', '/api/form/book/add', record);
    const read = await ok<Row>('GET', `/api/form/book/data/${saved.id}`);
    const { secret: _secret, tags: _tags, ...shown } = record;
    expect(read).toMatchObject(shown);
    expect(read).not.toHaveProperty('secret');
    const links = await ok<{ id: number; selected: boolean }[]>('GET', `/api/link/Book/tags/${saved.id}`);
    expect(links.filter((l) => l.selected).map((l) => l.id).sort()).toEqual([tagIds[0], tagIds[2]].sort());
    await ok('POST', '/api/form/book/add', { title: 'A Manual of Operation', pages: 200, author: options[1]![0], available: false });
  });

  it('lists the records in its grid, searching and sorting on the server', async () => {
    const page = await ok<{ rows: Row[]; count: number }>('GET', '/api/grid/books/data/0/50');
    expect(page.count).toBe(2);
    expect(page.rows.map((r) => r.title)).toEqual(['A Manual of Operation', 'Notes on the Engine']);
    const found = await ok<{ rows: Row[]; count: number }>('GET', '/api/grid/books/data/0/50?search=Engine');
    expect(found.rows.map((r) => r.title)).toEqual(['Notes on the Engine']);
    const sorted = await ok<{ rows: Row[] }>('GET', '/api/grid/books/data/0/50?sort=pages&dir=desc');
    expect(sorted.rows.map((r) => r.pages)).toEqual([200, 66]);
    // The author column is a Reference: its cells name the author by the model's display.
    const grid = await ok<{ definition: { name: string; type?: string }[] }>('GET', '/api/definitions/grid/books');
    expect(grid.definition.find((f) => f.name === 'author')?.type).toBe('Reference');
    expect(page.rows.map((r) => (r._labels as Record<string, string>).author)).toEqual(['Grace Hopper', 'Ada Lovelace']);
    const byAuthor = await ok<{ rows: Row[] }>('GET', '/api/grid/books/data/0/50?search=lovelace');
    expect(byAuthor.rows.map((r) => r.title)).toEqual(['Notes on the Engine']);
    // Its grid is paged: another paging url is refused.
    expect((await call('GET', '/api/grid/books/data')).status).toBe(400);
  });

  it('names a second generation so nothing clashes, and undoes it whole, the menu restored as a new version', async () => {
    const second = await ok<Generation>('POST', '/api/definitions/model/Book/screens', { menu: 'library' });
    expect(second.created.map(({ kind, name }) => [kind, name])).toEqual([
      ['form', 'book_2'],
      ['grid', 'books_2'],
      ['grid', 'author_books_2'],
    ]);
    // An Author form exists now: it shows the author's books.
    expect(second.changed.map(({ kind, name, version }) => [kind, name, version])).toEqual([
      ['form', 'author_raw', 2],
      ['menu', 'library', 3],
    ]);
    const form = await ok<Row>('GET', '/api/definitions/form/book_2');
    expect(form.url).toBe('/grid/books_2');
    // An Author form exists now: the picker opens the picked author in it.
    expect(JSON.stringify(form)).toContain('"open":"/form/author_raw/edit/:id"');
    const menu = await ok<{ definition: Row[] }>('GET', '/api/definitions/menu/library');
    expect(menu.definition.map((c) => c.url)).toEqual(['/', '/grid/books', '/grid/books_2']);

    const before = await everything();
    const undone = await call<{ deleted: Created[]; restored: Changed[] }>('POST', '/api/definitions/model/Book/screens/undo', second);
    expect(undone.status).toBe(200);
    expect(undone.body.deleted.map((d) => d.name)).toEqual(['book_2', 'books_2', 'author_books_2']);
    expect(undone.body.restored).toEqual([
      { kind: 'form', id: second.changed[0]!.id, name: 'author_raw', version: 3 },
      { kind: 'menu', id: second.changed[1]!.id, name: 'library', version: 4 },
    ]);
    const after = await everything();
    expect(after.form).toEqual(before.form.filter((n) => n !== 'book_2'));
    expect(after.grid).toEqual(before.grid.filter((n) => n !== 'books_2' && n !== 'author_books_2'));
    expect(after.select).toEqual(before.select);
    const restored = await ok<{ definition: Row[]; version: number }>('GET', '/api/definitions/menu/library');
    expect(restored.version).toBe(4);
    expect(restored.definition.map((c) => c.url)).toEqual(['/', '/grid/books']);
    // History is kept: every version is still there.
    const versions = await ok<{ version: number }[]>('GET', '/api/definitions/menu/library/versions');
    expect(versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect((await call('GET', `/api/definitions/form/${second.created[0]!.id}/versions`)).status).toBe(404);
  });

  it('refuses to undo what changed since it was generated, naming it, and undoes nothing', async () => {
    // The menu moved on (the second generation and its undo): the first generation's card cannot be taken back.
    const byMenu = await call<{ error: string; code: string }>('POST', '/api/definitions/model/Book/screens/undo', first);
    expect(byMenu.status).toBe(409);
    expect(byMenu.body.error).toContain("The menu 'library' was changed");
    // Without the menu, an edited grid stops it.
    const grid = await ok<Row>('GET', '/api/definitions/grid/books');
    await ok('PUT', '/api/definitions/grid/books', { ...grid, title: 'All the books' });
    const before = await everything();
    const byGrid = await call<{ error: string; code: string }>('POST', '/api/definitions/model/Book/screens/undo', { ...first, changed: [] });
    expect(byGrid.status).toBe(409);
    expect(byGrid.body.code).toBe('CONFLICT');
    expect(byGrid.body.error).toContain("The grid 'books' was changed since it was generated");
    expect(await everything()).toEqual(before);
  });

  it("restores a menu only over the card of a grid it deletes", async () => {
    const menu = await ok<{ id: string; version: number; definition: Row[] }>('GET', '/api/definitions/menu/library');
    await ok('PUT', '/api/definitions/menu/library', { ...menu, definition: [...menu.definition, { title: 'Elsewhere', url: '/grid/users' }] });
    const res = await call<{ error: string }>('POST', '/api/definitions/model/Book/screens/undo', { created: [], changed: [{ kind: 'menu', id: menu.id, version: menu.version + 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('is not the card of a generated grid added');
    const after = await ok<{ definition: Row[] }>('GET', '/api/definitions/menu/library');
    expect(after.definition.at(-1)).toEqual({ title: 'Elsewhere', url: '/grid/users' });
  });

  it('undoes only what a generation for that model makes', async () => {
    const tag = await ok<Row>('GET', '/api/definitions/form/tag_raw');
    const res = await call<{ error: string }>('POST', '/api/definitions/model/Book/screens/undo', { created: [{ kind: 'form', id: tag.id, name: 'tag_raw' }], changed: [] });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain("not over the model 'Book'");
    expect(await names('form')).toContain('tag_raw');
  });

  it('writes nothing when a step fails midway: a menu that is not there, a name already taken', async () => {
    const before = await everything();
    const noMenu = await call<{ code: string; error: string }>('POST', '/api/definitions/model/Tag/screens', { menu: 'nope' });
    expect(noMenu.status).toBe(404);
    expect(noMenu.body.error).toContain("The menu 'nope'");
    expect(await everything()).toEqual(before);
    const taken = await call<{ code: string; error: string }>('POST', '/api/definitions/model/Tag/screens', { names: { grid: 'books' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain("Another grid is already named 'books'");
    expect(await everything()).toEqual(before);
    // And the same request, once right, makes them under the names asked for.
    const made = await ok<Generation>('POST', '/api/definitions/model/Tag/screens', { names: { form: 'tag_edit', grid: 'tag_list' } });
    expect(made.created.map((c) => c.name)).toEqual(['tag_edit', 'tag_list']);
    expect(made.changed).toEqual([]);
  });

  it('refuses system models, unknown models, bad bodies and callers who are not administrators', async () => {
    expect((await call('POST', '/api/definitions/model/User/screens', {})).status).toBe(409);
    expect((await call('POST', '/api/definitions/model/Nope/screens', {})).status).toBe(404);
    expect((await call('POST', '/api/definitions/model/Book/screens', { menu: 7 })).status).toBe(400);
    expect((await call('POST', '/api/definitions/model/Book/screens', { names: { form: '../x' } })).status).toBe(400);
    expect((await call('POST', '/api/definitions/model/Book/screens/undo', { created: [] })).status).toBe(400);
    const { token } = await t.user('reader');
    expect((await t.call('POST', '/api/definitions/model/Book/screens', { token, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/definitions/model/Book/screens/undo', { token, body: first })).status).toBe(403);
  });

  it('undoes a generation whole once nothing moved', async () => {
    const before = await everything();
    const beforeMenu = await ok<Row>('GET', '/api/definitions/menu/library');
    const made = await ok<Generation>('POST', '/api/definitions/model/Author/screens', { menu: 'library' });
    expect(made.created.map((c) => c.name)).toEqual(['author', 'authors']);
    await ok('POST', '/api/definitions/model/Author/screens/undo', made);
    expect(await everything()).toEqual(before);
    const menu = await ok<Row>('GET', '/api/definitions/menu/library');
    expect(menu.definition).toEqual(beforeMenu.definition);
    expect(menu.version).toBe(Number(beforeMenu.version) + 2);
  });
});

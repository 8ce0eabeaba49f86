import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/server/records/model-store.js';
import { ftsTableOf, SEARCHED_TYPES, SearchIndex } from '../../src/server/records/search-index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid's search uses the database's text index (SQLite FTS5 trigram, PostgreSQL
 * pg_trgm) and answers exactly what the plain substring scan answered: a row matches when one
 * of the grid's text, date, datetime or number columns contains the trimmed term (a number as the
 * grid shows it: '19' finds 1965), case-insensitively
 * for ASCII letters on SQLite (LIKE) and for every letter on PostgreSQL (ILIKE).
 */

let t: TestApp;
let admin: string;

type Doc = { id: number | string; title: string | null; body: string | null; made: string | null; n: number | null; kind: string | null; extra?: string | null };

const fields = [
  { name: 'title', type: 'text', label: 'Title' },
  { name: 'body', type: 'text', label: 'Body' },
  { name: 'made', type: 'date', label: 'Made' },
  { name: 'n', type: 'number', label: 'N' },
  { name: 'kind', type: 'text', label: 'Kind' },
];
const gridOf = (name: string, model: string, columns: string[], extra: Record<string, unknown> = {}) => ({
  name,
  title: name,
  model,
  paging: 3,
  pageSize: 50,
  definition: columns.map((c) => ({ name: c, label: c, type: 'Text' })),
  ...extra,
});

/** Texts with what could trip an index up: case, LIKE and FTS5 syntax, quotes, Unicode, emoji. */
const TEXTS = [
  'Hello World',
  'hello world',
  'HELLO there',
  'Straße in München',
  'STRASSE',
  'Ärger über Öl',
  'ärger',
  '100% sure_thing',
  '100 percent sure',
  'a_b%c\\d',
  'say "hi" to me',
  "it's a 'quote'",
  'stars * and (parens) and {braces}',
  'this AND that OR other NEAR(x y) NOT z',
  'col:value ^start -minus +plus',
  'emoji 😀 party 🎉 time',
  '😀😀😀',
  'naïve café résumé',
  'x',
  '',
  '  padded  ',
  'abcabcabc',
];
const TERMS = [
  'hello', 'HELLO', 'Hello W', 'lo', 'o', 'll', 'ß', 'straße', 'STRASSE', 'ärger', 'Ärger', 'ÄRGER', 'über', 'Öl', '%', '100%', '_', 'e_t', 'sure_', 'a_b%c\\d', '\\',
  '"', '"hi"', 'say "hi', "'", "it's", '*', 'stars *', '(parens)', '{braces}', 'AND', 'AND that', 'OR', 'NEAR', 'NEAR(x y)', 'NOT z', 'col:value', '^start', '-minus', '+plus',
  '😀', '😀😀', '😀😀😀', 'party 🎉', 'é', 'café', 'CAFÉ', 'ï', '  hello  ', 'abc', 'cab', 'bcabca', '2024', '2024-0', '-03-', 'zzz', 'x', 'padded',
];

function makeDocs(count: number): Omit<Doc, 'id'>[] {
  const out: Omit<Doc, 'id'>[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      title: i % 7 === 6 ? null : (TEXTS[i % TEXTS.length] ?? ''),
      body: i % 5 === 4 ? null : `${TEXTS[(i * 3 + 1) % TEXTS.length]} #${i}`,
      made: i % 4 === 3 ? null : `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      n: i % 10 === 5 ? i + 0.5 : i,
      kind: i % 3 === 0 ? 'tmp' : 'keep',
    });
  }
  return out;
}

/** The fold of the database's search: ASCII letters only on SQLite (LIKE), every letter on PostgreSQL (ILIKE). */
function fold(s: string): string {
  if (t.db === 'sqlite') return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return [...s].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
}

/** The naive search: every row, every searched column, a plain substring test. */
function naive(rows: Doc[], columns: (keyof Doc)[], term: string): (number | string)[] {
  const needle = fold(term.trim());
  return rows
    .filter((r) =>
      columns.some((c) => {
        // A number as the grid shows it: 1965, 12.5.
        const v = r[c];
        const text = typeof v === 'number' ? String(v) : v;
        return typeof text === 'string' && fold(text).includes(needle);
      }),
    )
    .map((r) => r.id)
    .sort(byId);
}
const byId = (a: number | string, b: number | string) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

async function all(model: string): Promise<Doc[]> {
  return (await t.app.services.store.list(model, { fields: ['title', 'body', 'made', 'n', 'kind', ...(t.app.services.store.get(model).fields.some((f) => f.name === 'extra') ? ['extra'] : [])] })) as Doc[];
}

/** Every id the grid's search answers, read page by page through the API as the screen does. */
async function searched(grid: string, term: string): Promise<{ ids: (number | string)[]; count: number }> {
  const ids: (number | string)[] = [];
  let count: number;
  for (let page = 0; ; page++) {
    const res = await t.call<{ rows: { id: number | string }[]; count: number }>('GET', `/api/grid/${grid}/data/${page}/50?search=${encodeURIComponent(term)}`, { token: admin });
    if (res.status !== 200) throw new Error(`${grid} ${JSON.stringify(term)}: ${res.status} ${JSON.stringify(res.body)}`);
    count = res.body.count;
    ids.push(...res.body.rows.map((r) => r.id));
    if (res.body.rows.length < 50) break;
  }
  return { ids: ids.sort(byId), count };
}

async function expectSame(model: string, grid: string, columns: (keyof Doc)[], terms: string[], shown: (r: Doc) => boolean = () => true): Promise<void> {
  const rows = (await all(model)).filter(shown);
  for (const term of terms) {
    const want = term.trim() === '' ? rows.map((r) => r.id).sort(byId) : naive(rows, columns, term);
    const got = await searched(grid, term);
    expect({ term, ids: got.ids }).toEqual({ term, ids: want });
    expect({ term, count: got.count }).toEqual({ term, count: want.length });
  }
}

async function define(kind: string, body: object): Promise<void> {
  const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
  if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await define('model', { name: 'Doc', title: 'Docs', fields });
  await define('model', { name: 'HexDoc', title: 'Hex docs', idtype: 'hex', fields });
  for (const model of ['Doc', 'HexDoc']) {
    const g = model.toLowerCase();
    await define('grid', gridOf(`${g}s`, model, ['title', 'body', 'made', 'n']));
    await define('grid', gridOf(`${g}s_title`, model, ['title', 'n']));
    await define('grid', gridOf(`${g}s_tmp`, model, ['title', 'body', 'kind'], { filters: [{ fieldname: 'kind', value: 'tmp' }] }));
    for (const doc of makeDocs(160)) await t.app.services.store.insert(model, doc);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe.each(['Doc', 'HexDoc'])('search of %s', (model) => {
  const g = model.toLowerCase();

  it('answers what a naive substring filter answers, for short, long, odd and Unicode terms', async () => {
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], TERMS);
    await expectSame(model, `${g}s_title`, ['title', 'n'], ['hello', 'World', '#1', 'sure', 'lo', '1', '15', '159', '.5', '5.5', '.0', '5.0']);
  });

  it('keeps answering it after inserts, updates, deletes and a filtered Clear', async () => {
    const { store } = t.app.services;
    const added = await store.insert(model, { title: 'Fresh QuokkA entry', body: 'brand new', kind: 'keep' });
    await store.insert(model, { title: 'second quokka', body: null, kind: 'tmp' });
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], ['quokka', 'QUOKKA', 'brand', 'hello']);
    const rows = await all(model);
    const hello = rows.filter((r) => r.title?.toLowerCase().includes('hello')).slice(0, 3);
    for (const r of hello) await store.update(model, r.id, { title: 'renamed wombat' });
    await store.update(model, added, { title: 'no longer that animal', body: 'wombat too' });
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], ['quokka', 'wombat', 'hello', 'animal', 'brand']);
    for (const r of rows.filter((x) => x.body?.includes('#2')).slice(0, 5)) await store.delete(model, r.id);
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], ['#2', '#21', 'hello', 'wombat']);
    // The grid's own filter and the search together.
    await expectSame(model, `${g}s_tmp`, ['title', 'body', 'kind'], ['quokka', 'hello', 'tmp', 'sure'], (r) => r.kind === 'tmp');
    const clear = await t.call('DELETE', `/api/grid/${g}s_tmp/clear/`, { token: admin });
    expect(clear.status).toBe(200);
    expect((await all(model)).some((r) => r.kind === 'tmp')).toBe(false);
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], TERMS.slice(0, 20));
    await expectSame(model, `${g}s_tmp`, ['title', 'body', 'kind'], ['quokka', 'hello', 'tmp'], (r) => r.kind === 'tmp');
  });

  it('searches a text field the model gained later, in old rows and new', async () => {
    const current = await t.call<{ version: number }>('GET', `/api/definitions/model/${model}`, { token: admin });
    const put = await t.call('PUT', `/api/definitions/model/${model}`, {
      token: admin,
      body: { name: model, title: model, ...(model === 'HexDoc' ? { idtype: 'hex' } : {}), fields: [...fields, { name: 'extra', type: 'text', label: 'Extra' }], version: current.body.version },
    });
    expect(put.status).toBe(200);
    await define('grid', gridOf(`${g}s_extra`, model, ['title', 'extra']));
    const { store } = t.app.services;
    await store.insert(model, { title: 'plain', extra: 'Kangaroo jumps' });
    const old = (await all(model))[0];
    if (old) await store.update(model, old.id, { extra: 'a kangaroo too' });
    await expectSame(model, `${g}s_extra`, ['title', 'extra'], ['kangaroo', 'KANG', 'hello', 'ka', 'jumps']);
    await expectSame(model, `${g}s`, ['title', 'body', 'made', 'n'], ['hello', 'wombat', '😀']);
  });

  it('answers what the naive filter answers for any term (property)', async () => {
    const rows = await all(model);
    const alphabet = fc.constantFrom(...'aAbeEhHlLoOwW %_\\"\'*()ÄäöÖß😀-:^{}0123#'.split(/(?:)/u), 'AND', 'OR', 'NEAR', ' NOT ');
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { minLength: 1, maxLength: 6 }).map((a) => a.join('')), async (term) => {
        const want = term.trim() === '' ? rows.map((r) => r.id).sort(byId) : naive(rows, ['title', 'body', 'made', 'n'], term);
        expect((await searched(`${g}s`, term)).ids).toEqual(want);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the index is what answers', () => {
  it('a term of 3 characters or more is looked up in the text index', async () => {
    const { database, store } = t.app.services;
    const table = tableOf('Doc');
    const columns = store.get('Doc').fields.filter((f) => SEARCHED_TYPES.has(f.type)).map((f) => f.name);
    const index = new SearchIndex(database);
    // Finds the index the store made (the same columns: nothing is rebuilt).
    await index.sync(table, store.get('Doc').fields.map((f) => f.name), columns, ['n']);
    const query = (term: string, searched = ['title', 'body']) =>
      database.db.selectFrom(table).select('id').where(index.condition(table, searched, term, new Set(['n']))).compile();
    if (database.dialect === 'sqlite') {
      const plan = async (term: string) => {
        const q = query(term);
        const rows = await database.db.executeQuery<{ detail: string }>({ ...q, sql: `explain query plan ${q.sql}` });
        return JSON.stringify(rows.rows);
      };
      // Each searched column's own FTS table.
      expect(await plan('hello')).toContain(ftsTableOf(table, 'title'));
      expect(await plan('hello')).toContain(ftsTableOf(table, 'body'));
      const numbers = query('159', ['n']);
      expect(JSON.stringify((await database.db.executeQuery({ ...numbers, sql: `explain query plan ${numbers.sql}` })).rows)).toContain(ftsTableOf(table, 'n'));
      // Too short for trigrams: the plain scan, as before.
      expect(await plan('he')).not.toContain('__fts');
    } else {
      const plans = await database.db.connection().execute(async (c) => {
        await sql`set enable_seqscan = off`.execute(c);
        try {
          const out: string[] = [];
          // The grid's sort index on n can stand in for a scan of a table this small: out of the
          // way (in a transaction rolled back), the planner shows whether the text index serves.
          await sql`begin`.execute(c);
          try {
            await sql`drop index if exists ${sql.id(`${table}__n__sx`)}`.execute(c);
            for (const q of [query('hello'), query('159', ['n'])]) {
              const explained = await c.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `explain ${q.sql}` });
              out.push(...explained.rows.map((r) => r['QUERY PLAN']));
            }
          } finally {
            await sql`rollback`.execute(c);
          }
          return out.join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(c);
        }
      });
      expect(plans).toContain(`${table}__title__trgm`);
      expect(plans).toContain(`${table}__body__trgm`);
      expect(plans, plans).toContain(`${table}__n__trgm`);
    }
  });
});

describe('after a model change', () => {
  const change = async (model: string, body: object) => {
    const res = await t.call('POST', `/api/definitions/model/${model}/change`, { token: admin, body });
    if (res.status !== 200) throw new Error(`change: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const found = async (grid: string, term: string) =>
    (await t.call<{ rows: { title: string }[] }>('GET', `/api/grid/${grid}/data/0/50?search=${encodeURIComponent(term)}`, { token: admin })).body.rows.map((r) => r.title).sort();
  /** Whether the store's search of these columns is looked up in their FTS tables (SQLite) rather than scanned. */
  const indexed = async (model: string, columns: string[]) => {
    const { database } = t.app.services;
    const table = tableOf(model);
    const q = database.db.selectFrom(table).select('id').where(t.app.services.store['queries'].whereOf(t.app.services.store.get(model), { search: { fields: columns, term: 'abc' } })).compile();
    const plan = JSON.stringify((await database.db.executeQuery({ ...q, sql: `explain query plan ${q.sql}` })).rows);
    return columns.every((c) => plan.includes(ftsTableOf(table, c)));
  };

  it('finds the values of a renamed field and of added ones at once, old rows and new', async () => {
    const noteFields = [
      { name: 'title', type: 'text', label: 'Title' },
      { name: 'body', type: 'text', label: 'Body' },
    ];
    await define('model', { name: 'Note', title: 'Notes', fields: noteFields });
    await define('grid', gridOf('notes', 'Note', ['title', 'body']));
    const { store } = t.app.services;
    await store.insert('Note', { title: 'one', body: 'the quick brown fox' });
    await store.insert('Note', { title: 'two', body: 'a lazy dog' });
    const m = await t.call<{ version: number }>('GET', '/api/definitions/model/Note', { token: admin });
    // body renamed to text; tag added empty, size added with a default.
    await change('Note', {
      model: {
        name: 'Note',
        title: 'Notes',
        version: m.body.version,
        fields: [noteFields[0], { name: 'text', type: 'text', label: 'Text' }, { name: 'tag', type: 'text', label: 'Tag' }, { name: 'size', type: 'text', label: 'Size', default: 'Large' }],
      },
      renames: { body: 'text' },
    });
    // The grid was saved with the new name by the change.
    expect(await found('notes', 'brown')).toEqual(['one']);
    await define('grid', gridOf('notes_more', 'Note', ['title', 'tag', 'size']));
    expect(await found('notes_more', 'larg')).toEqual(['one', 'two']);
    expect(await found('notes_more', 'urgent')).toEqual([]);
    const three = await store.insert('Note', { title: 'three', text: 'brown bread', tag: 'urgent', size: 'Small' });
    const rows = await store.list('Note', { fields: ['title'], filters: [{ field: 'title', value: 'two' }] });
    await store.update('Note', rows[0]?.id, { tag: 'Urgent call' });
    expect(await found('notes', 'brown')).toEqual(['one', 'three']);
    expect(await found('notes_more', 'urgent')).toEqual(['three', 'two']);
    expect(await found('notes_more', 'small')).toEqual(['three']);
    await store.delete('Note', three);
    expect(await found('notes_more', 'urgent')).toEqual(['two']);
    if (t.db === 'sqlite') {
      // Looked up in the renamed and added columns' own FTS tables, not scanned.
      expect(await indexed('Note', ['title', 'text', 'tag', 'size'])).toBe(true);
      const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 't_note__%__fts'`.execute(t.app.services.database.db);
      expect(names.rows.map((r) => r.name).sort()).toEqual(['t_note__size__fts', 't_note__tag__fts', 't_note__text__fts', 't_note__title__fts']);
    }
  });

  it.skipIf(process.env.TESSERA_TEST_DB === 'postgres')('replaces the single FTS table an older release made by one per column', async () => {
    const { database, store } = t.app.services;
    const table = tableOf('Note');
    const db = database.db;
    // The table, triggers and content as the older release made them, over title and text.
    const index = new SearchIndex(database);
    await index.drop(table);
    await sql`create virtual table ${sql.id(`${table}__fts`)} using fts5(title, text, content=${sql.lit(table)}, tokenize='trigram')`.execute(db);
    await sql`create trigger ${sql.id(`${table}__fts_ai`)} after insert on ${sql.id(table)} begin
      insert into ${sql.id(`${table}__fts`)}(rowid, title, text) values (new.rowid, new.title, new.text); end`.execute(db);
    await sql`insert into ${sql.id(`${table}__fts`)}(${sql.id(`${table}__fts`)}) values('rebuild')`.execute(db);
    // A start of the server syncs every model.
    await store.sync([store.get('Note')]);
    const left = await sql<{ name: string }>`select name from sqlite_master where name like ${`${table}__fts%`}`.execute(db);
    expect(left.rows).toEqual([]);
    expect(await indexed('Note', ['title', 'text', 'tag', 'size'])).toBe(true);
    expect(await found('notes', 'brown')).toEqual(['one']);
    expect(await found('notes_more', 'urgent')).toEqual(['two']);
    await store.insert('Note', { title: 'four', text: 'brownie' });
    expect(await found('notes', 'brown')).toEqual(['four', 'one']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelStore } from '../../src/server/records/model-store.js';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';

/**
 * Safe changes of a model that holds data (docs/api.md, "Changing a model that holds data"):
 * POST /api/definitions/model/{id}/preview answers the plan and writes nothing; .../change
 * applies it in one transaction or not at all.
 */
let t: TestApp;
let admin = '';

type Plan = {
  rows: number;
  added: { field: string; filled: number }[];
  renamed: { from: string; to: string; uses: { kind: string; name: string; places: string[] }[] }[];
  retyped: { field: string; values: number; convertible: number; failing: number; samples: unknown[] }[];
  required: { field: string; empty: number }[];
  unique: { field: string; repeated: number }[];
  deleted: { field: string; values: number; uses: unknown[] }[];
  problems: { pointer: string; message: string }[];
  warning?: string;
};

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type Field = { name: string; type: string; label?: string; required?: boolean; unique?: boolean; default?: unknown };
const field = (name: string, type = 'text', extra: Partial<Field> = {}): Field => ({ name, type, label: name, ...extra });

/** Makes a model `name` with the fields and rows given, a form, a grid (sorted by the first field) and a select over it. */
async function makeModel(name: string, fields: Field[], rows: Record<string, unknown>[]): Promise<void> {
  const lower = name.toLowerCase();
  await ok('POST', '/api/definitions/model', { name, title: name, fields });
  await ok('POST', '/api/definitions/form', {
    name: lower,
    title: name,
    model: name,
    url: '/',
    definition: [{ cols: fields.map((f) => ({ childType: 'Input', width: 3, name: f.name, label: f.name })) }],
  });
  await ok('POST', '/api/definitions/grid', {
    name: `${lower}s`,
    title: name,
    model: name,
    paging: 3,
    definition: fields.map((f) => ({ name: f.name, label: f.name, type: 'Text' })),
    sorts: [{ fieldname: fields[0]?.name, sorttype: 'ASC' }],
  });
  await ok('POST', '/api/definitions/select', { name: `${lower}pick`, title: name, model: name, valuefield: 'id', labelfield: fields[0]?.name });
  for (const row of rows) await ok('POST', `/api/form/${lower}/add`, row);
}

async function model(name: string): Promise<{ version: number; fields: Field[] } & Record<string, unknown>> {
  return ok('GET', `/api/definitions/model/${name}`);
}

const preview = (name: string, body: unknown) => t.call<Plan>('POST', `/api/definitions/model/${name}/preview`, { token: admin, body });
const change = (name: string, body: unknown) =>
  t.call<{ model: { version: number }; plan: Plan; updated: { kind: string; name: string }[]; error?: string; code?: string }>(
    'POST',
    `/api/definitions/model/${name}/change`,
    { token: admin, body },
  );

const db = () => t.app.services.database.db;
async function columns(table: string): Promise<string[]> {
  const rows =
    TEST_DB === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db())
      : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db());
  return rows.rows.map((r) => r.name).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('the preview of a change', () => {
  beforeAll(async () => {
    await makeModel('Parcel', [field('code'), field('weight'), field('note')], [
      { code: 'A', weight: '12', note: 'x' },
      { code: 'A', weight: 'n/a', note: '' },
      { code: 'B', weight: '12 kg', note: 'y' },
      { code: 'C', weight: '3.5' },
    ]);
  });

  it('counts what each kind of change does and writes nothing', async () => {
    const m = await model('Parcel');
    const next = {
      ...m,
      fields: [field('ref'), field('weight', 'number', { required: true }), field('code2', 'text', { unique: true }), field('size', 'text', { default: 'M' })],
    };
    // code renamed to ref; note deleted; weight to number and required; code2 new; size added with a default.
    const res = await preview('Parcel', { model: next, renames: { code: 'ref' } });
    expect(res.status).toBe(200);
    const plan = res.body;
    expect(plan.rows).toBe(4);
    expect(plan.renamed).toEqual([
      {
        from: 'code',
        to: 'ref',
        uses: [
          { kind: 'form', name: 'parcel', places: ["Input column 'code' (name)"] },
          { kind: 'grid', name: 'parcels', places: ['column 1', 'sort 1'] },
          { kind: 'select', name: 'parcelpick', places: ['labelfield'] },
        ],
      },
    ]);
    expect(plan.retyped).toEqual([{ field: 'weight', from: 'text', to: 'number', values: 4, convertible: 2, failing: 2, samples: ['n/a', '12 kg'], clear: false }]);
    expect(plan.required).toEqual([{ field: 'weight', empty: 2 }]);
    expect(plan.added).toEqual([
      { field: 'code2', type: 'text', required: false, filled: 0 },
      { field: 'size', type: 'text', required: false, default: 'M', filled: 4 },
    ]);
    expect(plan.deleted).toEqual([{ field: 'note', type: 'text', values: 2, uses: [expect.objectContaining({ kind: 'form', name: 'parcel' }), expect.objectContaining({ kind: 'grid' })] }]);
    expect(plan.warning).toMatch(/loses 2 values: the version history keeps the definition, not the data \(a backup does\)/);
    expect(plan.problems.map((p) => p.pointer)).toEqual(['/model/fields/1/type', '/model/fields/1/required', '/model/fields']);
    expect(plan.problems[0]?.message).toMatch(/2 of 4 values of 'weight' are not numbers: 'n\/a', '12 kg'/);
    // Nothing written.
    expect((await model('Parcel')).version).toBe(m.version);
    expect(await columns('t_parcel')).toEqual(['_version', 'code', 'id', 'note', 'weight']);
  });

  it('counts the repeated values that stop unique and the rows a required field added without a default stops', async () => {
    const m = await model('Parcel');
    const unique = await preview('Parcel', { model: { ...m, fields: m.fields.map((f) => (f.name === 'code' ? { ...f, unique: true } : f)) } });
    expect(unique.body.unique).toEqual([{ field: 'code', repeated: 2, samples: [{ value: 'A', count: 2 }] }]);
    const required = await preview('Parcel', { model: { ...m, fields: [...m.fields, field('must', 'text', { required: true })] } });
    expect(required.body.problems).toEqual([{ status: 400, pointer: '/model/fields/3/default', message: expect.stringMatching(/required: the 4 rows/) }]);
    const refused = await change('Parcel', { model: { ...m, fields: [...m.fields, field('must', 'text', { required: true })] } });
    expect(refused.status).toBe(400);
    const blocked = await change('Parcel', { model: { ...m, fields: m.fields.map((f) => (f.name === 'code' ? { ...f, unique: true } : f)) } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('MODEL_CHANGE_BLOCKED');
    expect((await model('Parcel')).version).toBe(m.version);
  });

  it('refuses renames that name no field, and bodies the schema refuses', async () => {
    const m = await model('Parcel');
    expect((await preview('Parcel', { model: m, renames: { nope: 'code' } })).status).toBe(400);
    expect((await preview('Parcel', { model: m, renames: { code: 'weight' } })).status).toBe(400);
    expect((await preview('Parcel', { model: m, convert: { weight: 'drop' } })).status).toBe(400);
    expect((await preview('Parcel', { model: m, extra: 1 })).status).toBe(400);
    expect((await t.call('POST', '/api/definitions/model/Parcel/preview', { token: null, body: { model: m } })).status).toBe(401);
  });
});

describe('a rename', () => {
  beforeAll(async () => {
    await makeModel('Book', [field('title'), field('isbn', 'text', { unique: true })], [
      { title: 'Dune', isbn: '1' },
      { title: 'Emma', isbn: '2' },
      { title: 'Beloved', isbn: '3' },
    ]);
  });

  it('keeps the data, and the form, grid and select naming the field keep working', async () => {
    const m = await model('Book');
    const res = await change('Book', { model: { ...m, fields: [field('name'), m.fields[1]] }, renames: { title: 'name' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toEqual([
      { kind: 'form', name: 'book' },
      { kind: 'grid', name: 'books' },
      { kind: 'select', name: 'bookpick' },
    ]);
    expect(await columns('t_book')).toEqual(['_version', 'id', 'isbn', 'name']);
    // The grid lists, sorts and searches by the renamed field.
    const page = await ok<{ rows: { name: string }[]; count: number }>('GET', '/api/grid/books/data/0/50?sort=name&dir=desc');
    expect(page.rows.map((r) => r.name)).toEqual(['Emma', 'Dune', 'Beloved']);
    const found = await ok<{ rows: { name: string }[] }>('GET', '/api/grid/books/data/0/50?search=elov');
    expect(found.rows.map((r) => r.name)).toEqual(['Beloved']);
    // The form reads and writes a record through the renamed field.
    const first = page.rows[0] as unknown as { id: number };
    const rec = await ok<{ name: string; _version: number }>('GET', `/api/form/book/data/${first.id}`);
    expect(rec.name).toBe('Emma');
    await ok('POST', `/api/form/book/update/${first.id}`, { name: 'Emma (2nd)', isbn: '2', _version: rec._version });
    expect((await ok<{ name: string }>('GET', `/api/form/book/data/${first.id}`)).name).toBe('Emma (2nd)');
    expect(await ok<unknown[][]>('GET', '/api/select/bookpick')).toEqual(expect.arrayContaining([[first.id, 'Emma (2nd)']]));
    // Each definition saved gets a kept version.
    const versions = await ok<{ version: number }[]>('GET', '/api/definitions/grid/books/versions');
    expect(versions.length).toBe(2);
  });

  it('moves the indexes with the column: unique still holds, and a field added under the old name gets its own', async () => {
    const dup = await t.call('POST', '/api/form/book/add', { token: admin, body: { name: 'Again', isbn: '1' } });
    expect(dup.status).toBe(409);
    const m = await model('Book');
    const res = await change('Book', { model: { ...m, fields: [...m.fields, field('title', 'text', { unique: true })] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await columns('t_book')).toEqual(['_version', 'id', 'isbn', 'name', 'title']);
  });

  it('answers 409 STALE_VERSION for a model read before another save, and changes nothing', async () => {
    const m = await model('Book');
    expect((await change('Book', { model: m })).status).toBe(200);
    const stale = await change('Book', { model: { ...m, fields: [field('label'), ...m.fields.slice(1)] }, renames: { name: 'label' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(await columns('t_book')).toContain('name');
  });

  it('leaves the table and every definition as they were when a step after the column rename fails', async () => {
    const m = await model('Book');
    const grid = await ok('GET', '/api/definitions/grid/books');
    vi.spyOn(ModelStore.prototype as unknown as { syncStats: () => Promise<void> }, 'syncStats').mockRejectedValueOnce(new Error('the table step failed'));
    const res = await change('Book', { model: { ...m, fields: [field('label'), ...m.fields.slice(1)] }, renames: { name: 'label' } });
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(await columns('t_book')).toEqual(['_version', 'id', 'isbn', 'name', 'title']);
    expect(await model('Book')).toEqual(m);
    expect(await ok('GET', '/api/definitions/grid/books')).toEqual(grid);
    expect((await ok<{ rows: unknown[] }>('GET', '/api/grid/books/data/0/50?sort=name')).rows).toHaveLength(3);
  });
});

describe('a type change', () => {
  beforeAll(async () => {
    await makeModel('Crate', [field('label'), field('weight')], [
      { label: 'a', weight: '12' },
      { label: 'b', weight: 'n/a' },
      { label: 'c', weight: '3.5' },
      { label: 'd', weight: '' },
    ]);
  });

  it('is refused while values do not convert, and converts with clear, values as announced', async () => {
    const m = await model('Crate');
    const next = { ...m, fields: [m.fields[0], field('weight', 'number')] };
    const refused = await change('Crate', { model: next });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MODEL_CHANGE_BLOCKED');
    expect(refused.body.error).toMatch(/1 of 3 values of 'weight' are not numbers: 'n\/a'/);
    expect((refused.body as unknown as { plan: Plan }).plan.retyped[0]).toMatchObject({ values: 3, convertible: 2, failing: 1 });
    expect((await model('Crate')).version).toBe(m.version);

    const done = await change('Crate', { model: next, convert: { weight: 'clear' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = await ok<{ rows: { label: string; weight: number | null }[] }>('GET', '/api/grid/crates/data/0/50?sort=weight');
    const byLabel = Object.fromEntries(rows.rows.map((r) => [r.label, r.weight]));
    expect(byLabel).toEqual({ a: 12, b: null, c: 3.5, d: null });
    // Numbers now: sorted as numbers, and a record is saved with one.
    expect(rows.rows.filter((r) => r.weight !== null).map((r) => r.weight)).toEqual([3.5, 12]);
    expect((await t.call('POST', '/api/form/crate/add', { token: admin, body: { label: 'e', weight: 'heavy' } })).status).toBe(400);
  });
});

describe('adding and deleting fields', () => {
  beforeAll(async () => {
    await ok('POST', '/api/definitions/model', { name: 'Shelf', title: 'Shelf', fields: [field('label'), field('old')] });
    await ok('POST', '/api/definitions/form', { name: 'shelf', title: 'Shelf', model: 'Shelf', url: '/', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'label', label: 'Label' }] }] });
    for (const label of ['a', 'b']) await ok('POST', '/api/form/shelf/add', { label });
    await sql`update t_shelf set old = 'kept'`.execute(db());
  });

  it('gives existing rows an added field\'s default, and accepts a required field that has one', async () => {
    const m = await model('Shelf');
    const res = await change('Shelf', { model: { ...m, fields: [...m.fields, field('size', 'text', { required: true, default: 'M' })] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.plan.added).toEqual([{ field: 'size', type: 'text', required: true, default: 'M', filled: 2 }]);
    const rows = await sql<{ size: string }>`select size from t_shelf`.execute(db());
    expect(rows.rows.map((r) => r.size)).toEqual(['M', 'M']);
  });

  it('drops a deleted field\'s column with its values, keeps the definition in the history and says the data is not there', async () => {
    const m = await model('Shelf');
    const res = await change('Shelf', { model: { ...m, fields: m.fields.filter((f) => f.name !== 'old') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.plan.deleted).toEqual([{ field: 'old', type: 'text', values: 2, uses: [] }]);
    expect(res.body.plan.warning).toMatch(/not the data \(a backup does\)/);
    expect(await columns('t_shelf')).toEqual(['_version', 'id', 'label', 'size']);
    const kept = await ok<{ document: { fields: Field[] } }>('GET', `/api/definitions/model/Shelf/versions/${m.version}`);
    expect(kept.document.fields.map((f) => f.name)).toContain('old');
  });

  it('refuses to delete a field a form still names', async () => {
    const m = await model('Shelf');
    const res = await change('Shelf', { model: { ...m, fields: m.fields.filter((f) => f.name !== 'label') } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/'label' is still used by form 'shelf'/);
    expect(await columns('t_shelf')).toContain('label');
  });

  it('makes a field required once no row is empty in it, and is blocked while one is', async () => {
    const m = await model('Shelf');
    const required = { ...m, fields: m.fields.map((f) => (f.name === 'label' ? { ...f, required: true } : f)) };
    expect((await change('Shelf', { model: required })).status).toBe(200);
    const again = await model('Shelf');
    const withNote = await change('Shelf', { model: { ...again, fields: [...again.fields, field('note')] } });
    expect(withNote.status).toBe(200);
    const last = await model('Shelf');
    const stop = await change('Shelf', { model: { ...last, fields: last.fields.map((f) => (f.name === 'note' ? { ...f, required: true } : f)) } });
    expect(stop.status).toBe(409);
    expect((stop.body as unknown as { plan: Plan }).plan.required).toEqual([{ field: 'note', empty: 2 }]);
  });
});

describe('the other conversions', () => {
  beforeAll(async () => {
    await makeModel('Mixed', [field('name'), field('qty', 'number'), field('day'), field('flag'), field('seen', 'date'), field('code'), field('ref')], [
      { name: 'a', qty: 12, day: '2024-02-29', flag: 'Yes', seen: '2024-01-05', code: '10', ref: '1' },
      { name: 'b', qty: 3.5, day: '2023-02-29', flag: 'no', seen: '2023-12-31', code: '10.0', ref: '2' },
      { name: 'c', qty: 0.1, day: ' 2024-03-01 ', flag: 'maybe', code: '7', ref: '3' },
      { name: 'd', day: 'soon', flag: '1', code: 'x', ref: 'none' },
    ]);
  });

  type Row = { name: string; qty: unknown; day: unknown; flag: unknown; seen: unknown; code: unknown; ref: unknown };
  const byName = async () => Object.fromEntries((await ok<{ rows: Row[] }>('GET', '/api/grid/mixeds/data/0/50?sort=name')).rows.map((r) => [r.name, r]));

  it('counts number to text, text to date and to boolean, date to text, and a retyped field made unique, and converts them as counted', async () => {
    const m = await model('Mixed');
    const retype = (over: Record<string, Partial<Field>>) => ({ ...m, fields: m.fields.map((f) => ({ ...f, ...over[f.name] })) });
    const all = retype({ qty: { type: 'text' }, day: { type: 'date' }, flag: { type: 'boolean' }, seen: { type: 'text' }, code: { type: 'number', unique: true } });
    const previewed = await preview('Mixed', { model: all });
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    const plan = previewed.body;
    expect(plan.retyped.map(({ field: f, values, convertible, failing, samples }) => ({ f, values, convertible, failing, samples }))).toEqual([
      { f: 'qty', values: 3, convertible: 3, failing: 0, samples: [] },
      { f: 'day', values: 4, convertible: 2, failing: 2, samples: ['2023-02-29', 'soon'] },
      { f: 'flag', values: 4, convertible: 3, failing: 1, samples: ['maybe'] },
      { f: 'seen', values: 2, convertible: 2, failing: 0, samples: [] },
      { f: 'code', values: 4, convertible: 3, failing: 1, samples: ['x'] },
    ]);
    // '10' and '10.0' are both 10 as numbers: unique is stopped by the values as converted.
    expect(plan.unique).toEqual([{ field: 'code', repeated: 2, samples: [{ value: 10, count: 2 }] }]);
    const blocked = await change('Mixed', { model: all, convert: { day: 'clear', flag: 'clear', code: 'clear' } });
    expect(blocked.status).toBe(409);
    expect((await model('Mixed')).version).toBe(m.version);

    const done = await change('Mixed', { model: retype({ qty: { type: 'text' }, day: { type: 'date' }, flag: { type: 'boolean' }, seen: { type: 'text' }, ref: { type: 'number', unique: true } }), convert: { day: 'clear', flag: 'clear', ref: 'clear' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = await byName();
    expect(Object.values(rows).map((r) => [r.name, r.qty, r.day, r.flag, r.seen, r.ref])).toEqual([
      ['a', '12', '2024-02-29', true, '2024-01-05', 1],
      ['b', '3.5', null, false, '2023-12-31', 2],
      ['c', '0.1', '2024-03-01', null, null, 3],
      ['d', null, null, true, null, null],
    ]);
    // The retyped unique field holds: a repeated number is refused, a new one saved.
    expect((await t.call('POST', '/api/form/mixed/add', { token: admin, body: { name: 'e', ref: 2 } })).status).toBe(409);
    expect((await t.call('POST', '/api/form/mixed/add', { token: admin, body: { name: 'e', ref: 4, day: '2024-12-01', flag: 'false' } })).status).toBe(200);
  });
});

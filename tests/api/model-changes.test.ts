import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelStore } from '../../src/server/records/model-store.js';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';
import { isAuditField } from '../../src/shared/audit-fields.js';

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
/** The table's columns but the audit columns every model table has (src/shared/audit-fields.ts): what a change may touch. */
async function columns(table: string): Promise<string[]> {
  const rows =
    TEST_DB === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db())
      : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db());
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !isAuditField(name))
    .sort();
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

describe('models created with the change', () => {
  const linkModel = (name: string) => ({
    name,
    title: 'Novels and Writers',
    fields: [
      { name: 'novel', label: 'Novel', type: 'reference', target: 'Novel', required: true },
      { name: 'writer', label: 'Writer', type: 'reference', target: 'Writer', required: true },
    ],
  });
  const withLink = (m: Awaited<ReturnType<typeof model>>, through: string, extra: Field[] = []) => ({
    ...m,
    fields: [...m.fields, { name: 'writers', label: 'Writers', type: 'link', target: 'Writer', through }, ...extra],
  });
  const stored = async () => (await ok<{ name: string }[]>('GET', '/api/definitions/model')).map((x) => x.name);

  beforeAll(async () => {
    await ok('POST', '/api/definitions/model', { name: 'Writer', title: 'Writer', fields: [field('name')] });
    await ok('POST', '/api/definitions/model', { name: 'Novel', title: 'Novel', fields: [field('title')] });
    await ok('POST', '/api/definitions/form', { name: 'novel', title: 'Novel', model: 'Novel', url: '/', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'title', label: 'Title' }] }] });
    await ok('POST', '/api/definitions/form', { name: 'writer', title: 'Writer', model: 'Writer', url: '/', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }] }] });
    for (const title of ['Emma', 'Dracula']) await ok('POST', '/api/form/novel/add', { title });
    await ok('POST', '/api/form/writer/add', { name: 'Austen' });
  });

  it('previews the link model it would create, writing nothing', async () => {
    const m = await model('Novel');
    const res = await preview('Novel', { model: withLink(m, 'NovelWriter'), create: [linkModel('NovelWriter')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as { created: string[] }).created).toEqual(['NovelWriter']);
    expect(res.body.added).toEqual([{ field: 'writers', type: 'link', required: false, filled: 0, through: 'NovelWriter' }]);
    expect(await stored()).not.toContain('NovelWriter');
    expect((await model('Novel')).version).toBe(m.version);
  });

  it('refuses a change that fails and creates neither the model nor the change', async () => {
    const m = await model('Novel');
    // The link model is fine; the new required field without a default stops the change (the table holds rows).
    const res = await change('Novel', { model: withLink(m, 'NovelWriter', [field('isbn', 'text', { required: true })]), create: [linkModel('NovelWriter')] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/'isbn' is required/);
    expect(await stored()).not.toContain('NovelWriter');
    expect(await columns('t_novelwriter')).toEqual([]);
    expect((await model('Novel')).version).toBe(m.version);
    // A created model that is not valid points into `create`.
    const bad = await change('Novel', { model: withLink(m, 'NovelWriter'), create: [{ ...linkModel('NovelWriter'), fields: [field('id')] }] });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { details: { pointer: string }[] }).details[0]?.pointer).toBe('/create/0/fields/0/name');
    expect(await stored()).not.toContain('NovelWriter');
    // A link naming a model that is neither stored nor created.
    const unknown = await change('Novel', { model: withLink(m, 'NovelWriter') });
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as { details: { pointer: string }[] }).details[0]?.pointer).toBe('/model/fields/1/through');
  });

  it('answers 409 for a name that is taken and changes nothing', async () => {
    const m = await model('Novel');
    for (const name of ['Writer', 'writer', 'Novel']) {
      const res = await change('Novel', { model: withLink(m, 'NovelWriter'), create: [{ ...linkModel('NovelWriter'), name }] });
      expect(res.status, name).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
    }
    const twice = await change('Novel', { model: withLink(m, 'NovelWriter'), create: [linkModel('NovelWriter'), linkModel('NovelWriter')] });
    expect(twice.status).toBe(409);
    expect((await preview('Novel', { model: withLink(m, 'Writer'), create: [{ ...linkModel('NovelWriter'), name: 'Writer' }] })).status).toBe(409);
    expect(await stored()).not.toContain('NovelWriter');
    expect((await model('Novel')).version).toBe(m.version);
    expect((await model('Writer')).fields.map((f) => f.name)).toEqual(['name']);
  });

  it('adds a link field and creates its link model in one go, each as its first version, and the link works', async () => {
    const m = await model('Novel');
    const res = await change('Novel', { model: withLink(m, 'NovelWriter'), create: [linkModel('NovelWriter')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.model.version).toBe(m.version + 1);
    expect((res.body.plan as unknown as { created: string[] }).created).toEqual(['NovelWriter']);
    const made = await model('NovelWriter');
    expect(made.version).toBe(1);
    const versions = await ok<{ version: number; current: boolean }[]>('GET', '/api/definitions/model/NovelWriter/versions');
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(await columns('t_novelwriter')).toEqual(['_version', 'id', 'novel', 'writer']);
    // The link reads and writes through its new table.
    const [novel] = (await sql<{ id: number }>`select id from t_novel order by id`.execute(db())).rows;
    const [writer] = (await sql<{ id: number }>`select id from t_writer order by id`.execute(db())).rows;
    await ok('POST', `/api/link/Novel/writers/${novel?.id}`, [{ id: writer?.id }]);
    const linked = await ok<{ id: number; selected: boolean }[]>('GET', `/api/link/Novel/writers/${novel?.id}`);
    expect(linked.filter((l) => l.selected).map((l) => l.id)).toEqual([writer?.id]);
  });
});

describe('restoring a model version', () => {
  it('is refused when it would change the table, naming the preview, and allowed when it changes no column', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Hamper', title: 'Hamper', fields: [field('label')] });
    await ok('POST', '/api/definitions/form', { name: 'hamper', title: 'Hamper', model: 'Hamper', url: '/', definition: [{ cols: [{ childType: 'Input', width: 6, name: 'label', label: 'Label' }] }] });
    await ok('POST', '/api/form/hamper/add', { label: 'a' });
    const v1 = await model('Hamper');
    expect((await change('Hamper', { model: { ...v1, fields: [...v1.fields, field('size', 'text', { default: 'M' })] } })).status).toBe(200);
    const v2 = await model('Hamper');
    const res = await t.call<{ error: string; code: string }>('POST', `/api/definitions/model/Hamper/versions/${v1.version}/restore`, { token: admin, body: { version: v2.version } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.error).toBe(
      `Restoring version ${v1.version} of the model 'Hamper' would change its table (it deletes 'size'): preview it with POST /api/definitions/model/Hamper/preview and apply it with POST /api/definitions/model/Hamper/change, which say first what happens to the data`,
    );
    expect((await model('Hamper')).version).toBe(v2.version);
    expect((await sql<{ size: string }>`select size from t_hamper`.execute(db())).rows.map((r) => r.size)).toEqual(['M']);
    // A version that differs in its title alone is restored as before.
    const v3 = await ok<{ version: number }>('PUT', '/api/definitions/model/Hamper', { ...v2, title: 'Hampers' });
    const back = await t.call<{ title: string; version: number }>('POST', `/api/definitions/model/Hamper/versions/${v2.version}/restore`, { token: admin, body: { version: v3.version } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.title).toBe('Hamper');
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

describe('a type change and the table\'s readers and writers', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    await makeModel('Sack', [field('label'), field('weight')], [
      { label: 'a', weight: '12' },
      { label: 'b', weight: 'n/a' },
      { label: 'c', weight: '' },
    ]);
    ids = (await ok<{ rows: { id: number }[] }>('GET', '/api/grid/sacks/data/0/50?sort=label')).rows.map((r) => r.id);
  });
  const toNumber = (m: { fields: Field[] }) => ({ ...m, fields: m.fields.map((f) => (f.name === 'weight' ? field('weight', 'number') : f)) });

  it('leaves no column behind when it fails, blocked or stale', async () => {
    const m = await model('Sack');
    const blocked = await change('Sack', { model: toNumber(m) });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('MODEL_CHANGE_BLOCKED');
    expect(await columns('t_sack')).toEqual(['_version', 'id', 'label', 'weight']);
    const stale = await change('Sack', { model: { ...toNumber(m), version: m.version - 1 }, convert: { weight: 'clear' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(await columns('t_sack')).toEqual(['_version', 'id', 'label', 'weight']);
    expect((await model('Sack')).version).toBe(m.version);
  });

  it('has the replacement column a process left when it died mid-change dropped at start-up', async () => {
    await sql`alter table t_sack add column ${sql.id('weight#retyped')} text`.execute(db());
    const { store } = t.app.services;
    // What the start-up runs before it syncs the stored models (applyStoredModels).
    await store.dropLeftoverReplacements([store.get('Sack')]);
    expect(await columns('t_sack')).toEqual(['_version', 'id', 'label', 'weight']);
  });

  it('moves the version of the rows it converts, so a form opened before cannot write the old value back', async () => {
    const [a, , c] = ids;
    const before = await ok<{ weight: string; _version: number }>('GET', `/api/form/sack/data/${a}`);
    const empty = await ok<{ _version: number }>('GET', `/api/form/sack/data/${c}`);
    const res = await change('Sack', { model: toNumber(await model('Sack')), convert: { weight: 'clear' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await ok<{ weight: number; _version: number }>('GET', `/api/form/sack/data/${a}`);
    expect(after).toMatchObject({ weight: 12, _version: before._version + 1 });
    // A row without a value has nothing converted: its version stays.
    expect((await ok<{ _version: number }>('GET', `/api/form/sack/data/${c}`))._version).toBe(empty._version);
    const late = await t.call<{ code: string }>('POST', `/api/form/sack/update/${a}`, { token: admin, body: { label: 'a', weight: 12, _version: before._version } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('STALE_VERSION');
  });

  it.skipIf(TEST_DB !== 'postgres')('answers reads of the table while it converts; writes wait for it', async () => {
    await makeModel('Bale', [field('label'), field('weight')], [
      { label: 'a', weight: '12' },
      { label: 'b', weight: '3.5' },
    ]);
    const [first] = (await ok<{ rows: { id: number }[] }>('GET', '/api/grid/bales/data/0/50?sort=label')).rows.map((r) => r.id);
    const m = await model('Bale');
    // A transaction of the test's holds the table's stats row: the change stops there, when it has
    // converted every row and before it swaps the columns (withoutRowTriggers, column-change.ts).
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const blocker = db()
      .connection()
      .execute(async (c) => {
        await sql`begin`.execute(c);
        try {
          await sql`select 1 from sys_table_stats where tbl = 't_bale' for update`.execute(c);
          held();
          await released;
        } finally {
          await sql`rollback`.execute(c);
        }
      });
    await holding;
    const order: string[] = [];
    const changing = change('Bale', { model: toNumber(m) }).then((res) => {
      order.push('change');
      return res;
    });
    try {
      await vi.waitFor(
        async () => {
          const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'update sys_table_stats set version%'`.execute(db());
          expect(waiting.rows[0]?.n).toBe(1);
        },
        { timeout: 10_000, interval: 25 },
      );
      // The change holds its lock on the table now. A write waits for it...
      const writing = t.call('POST', `/api/form/bale/update/${first}`, { token: admin, body: { label: 'A', weight: '12', _version: 1 } }).then((res) => {
        order.push('write');
        return res;
      });
      // ...a read does not: it answers (the value as it was) while the change is still under way.
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5_000));
      const read = await Promise.race([t.call<{ weight: unknown }>('GET', `/api/form/bale/data/${first}`, { token: admin }), timeout]);
      order.push('read');
      expect(read === 'timeout' ? read : read.body.weight).toBe('12');
      const page = await Promise.race([t.call<{ count: number }>('GET', '/api/grid/bales/data/0/50?search=3.5', { token: admin }), timeout]);
      expect(page === 'timeout' ? page : page.body.count).toBe(1);
      expect(order).toEqual(['read']);
      release();
      expect((await changing).status).toBe(200);
      // The write went on once the change committed, and found the row's version moved by it.
      expect((await writing).status).toBe(409);
      expect(order.slice(1).sort()).toEqual(['change', 'write']);
    } finally {
      release();
      await blocker;
    }
    expect(await ok('GET', `/api/form/bale/data/${first}`)).toMatchObject({ label: 'a', weight: 12, _version: 2 });
    expect(await columns('t_bale')).toEqual(['_version', 'id', 'label', 'weight']);
  });
});

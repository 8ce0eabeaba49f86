import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Definitions as code: an app leaves one instance as a file and enters another by name. A
 * refused file, or an import that fails half-way, leaves the instance exactly as it was.
 */
type AppFile = { format: string; formatVersion: number; exportedAt: string; definitions: Record<string, Record<string, unknown>[]> };
type Change = { kind: string; name: string; status: string; diff?: { op: string; pointer: string }[] };

let source: TestApp;
let admin: string;

const customerModel = {
  name: 'Customer',
  title: 'Customers',
  fields: [
    { name: 'name', type: 'text', label: 'Name', required: true, unique: true },
    { name: 'city', type: 'text', label: 'City' },
  ],
};
const customerForm = {
  name: 'customer',
  title: 'Customer',
  model: 'Customer',
  definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }, { childType: 'Input', width: 6, name: 'city', label: 'City' }] }],
};
const customerGrid = {
  name: 'customers',
  title: 'Customers',
  model: 'Customer',
  definition: [{ name: 'name', label: 'Name', type: 'Text' }, { name: 'city', label: 'City', type: 'Text' }],
};
const customerMenu = { name: 'shop', title: 'Shop', definition: [{ title: 'Customers', url: '/grid/customers' }] };

async function exported(t: TestApp, body: unknown = {}): Promise<AppFile> {
  const res = await t.call<AppFile>('POST', '/api/app/export', { token: t.adminToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A whole export without its time stamp: the instance's definitions as a comparable value. */
async function snapshot(t: TestApp): Promise<AppFile['definitions']> {
  return (await exported(t)).definitions;
}

const names = (file: AppFile, kind: string) => (file.definitions[kind] ?? []).map((d) => d.name);

beforeAll(async () => {
  source = await startTestApp();
  admin = await source.setup();
  for (const [kind, body] of [
    ['model', customerModel],
    ['form', customerForm],
    ['grid', customerGrid],
    ['menu', customerMenu],
  ] as const) {
    const res = await source.call('POST', `/api/definitions/${kind}`, { token: admin, body });
    if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await source.call('POST', '/api/form/customer/add', { token: admin, body: { name: 'Ada', city: 'London' } });
});
afterAll(async () => {
  await source.close();
});

describe('export', () => {
  it('gives the whole app as one attachment: every definition without ids, no system models, no records', async () => {
    const res = await source.call<AppFile>('POST', '/api/app/export', { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="tessera-app.json"');
    const file = res.body;
    expect(file).toMatchObject({ format: 'tessera-app', formatVersion: 1 });
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    expect(Object.keys(file.definitions).sort()).toEqual(['automation', 'form', 'grid', 'menu', 'model', 'page', 'select']);
    expect(names(file, 'form')).toContain('customer');
    expect(names(file, 'form')).toContain('user');
    expect(names(file, 'model')).toEqual(['Customer']);
    expect(file.definitions.form?.find((d) => d.name === 'customer')).toEqual(customerForm);
    for (const list of Object.values(file.definitions)) {
      for (const doc of list) {
        expect(doc).not.toHaveProperty('id');
        expect(doc).not.toHaveProperty('version');
      }
    }
    expect(JSON.stringify(file)).not.toContain('London');
  });

  it('gives a chosen set plus the models its forms and grids name', async () => {
    const file = await exported(source, { definitions: { form: ['customer'], menu: ['shop'] } });
    expect(names(file, 'form')).toEqual(['customer']);
    expect(names(file, 'menu')).toEqual(['shop']);
    expect(names(file, 'grid')).toEqual([]);
    expect(file.definitions.model).toEqual([customerModel]);
    // The user form names the system model User, which every instance has.
    expect(names(await exported(source, { definitions: { form: ['user'] } }), 'model')).toEqual([]);
    // An empty choice is an empty file, not the whole app.
    const none = await exported(source, { definitions: { form: [] } });
    expect(Object.values(none.definitions).flat()).toEqual([]);
  });

  it('answers 404 for a chosen name that does not exist, and 400 for an unknown kind', async () => {
    expect((await source.call('POST', '/api/app/export', { token: admin, body: { definitions: { form: ['nope'] } } })).status).toBe(404);
    expect((await source.call('POST', '/api/app/export', { token: admin, body: { definitions: { widget: ['x'] } } })).status).toBe(400);
  });
});

describe('import into a fresh instance', () => {
  let target: TestApp;
  let file: AppFile;
  beforeAll(async () => {
    target = await startTestApp();
    await target.setup();
    file = await exported(source);
  });
  afterAll(async () => {
    await target.close();
  });

  it('previews first: what is new, what is unchanged, and writes nothing', async () => {
    const before = await snapshot(target);
    const res = await target.call<{ ok: boolean; changes: Change[] }>('POST', '/api/app/import?dryRun=1', { token: target.adminToken, body: file });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const status = (kind: string, name: string) => res.body.changes.find((c) => c.kind === kind && c.name === name)?.status;
    expect(status('model', 'Customer')).toBe('new');
    expect(status('form', 'customer')).toBe('new');
    expect(status('grid', 'customers')).toBe('new');
    expect(status('form', 'user')).toBe('unchanged');
    expect(await snapshot(target)).toEqual(before);
  });

  it('applies it: the form and grid are served and their model works, and the same file again changes nothing', async () => {
    const res = await target.call<{ ok: boolean; changes: Change[] }>('POST', '/api/app/import', { token: target.adminToken, body: file });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await target.call('GET', '/api/definitions/form/customer', { token: target.adminToken })).body).toMatchObject(customerForm);
    const grid = await target.call<Record<string, unknown>>('GET', '/api/definitions/grid/customers', { token: target.adminToken });
    expect(grid.body).toMatchObject({ ...customerGrid, version: 1 });
    const added = await target.call('POST', '/api/form/customer/add', { token: target.adminToken, body: { name: 'Grace', city: 'Arlington' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await snapshot(target))).toEqual(file.definitions);
    const again = await target.call<{ changes: Change[] }>('POST', '/api/app/import', { token: target.adminToken, body: file });
    expect(again.body.changes.every((c) => c.status === 'unchanged')).toBe(true);
  });

  it('previews a changed definition with its diff, and applying it moves its version on', async () => {
    const changed: AppFile = structuredClone(file);
    const grid = changed.definitions.grid?.find((d) => d.name === 'customers') as Record<string, unknown>;
    grid.title = 'All customers';
    grid.pageSize = 25;
    const preview = await target.call<{ changes: Change[] }>('POST', '/api/app/import?dryRun=1', { token: target.adminToken, body: changed });
    const change = preview.body.changes.find((c) => c.name === 'customers');
    expect(change?.status).toBe('changed');
    expect(change?.diff).toEqual([
      { op: 'change', pointer: '/title', before: 'Customers', after: 'All customers' },
      { op: 'add', pointer: '/pageSize', after: 25 },
    ]);
    expect(preview.body.changes.filter((c) => c.status !== 'unchanged')).toHaveLength(1);
    expect((await target.call('POST', '/api/app/import', { token: target.adminToken, body: changed })).status).toBe(200);
    const stored = await target.call<Record<string, unknown>>('GET', '/api/definitions/grid/customers', { token: target.adminToken });
    expect(stored.body).toMatchObject({ title: 'All customers', pageSize: 25, version: 2 });
    // Both versions are kept, as for any save: the imported one is the administrator's.
    const versions = await target.call<{ version: number; savedBy: string | null }[]>('GET', '/api/definitions/grid/customers/versions', { token: target.adminToken });
    expect(versions.body.map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'admin'],
      [1, 'admin'],
    ]);
  });
});

describe('refused files change nothing', () => {
  const cases: [string, (file: AppFile) => unknown, string, RegExp][] = [
    ['not an app file', () => ({ hello: 'world' }), '/', /format/],
    ['a list instead of definitions', (f) => ({ ...f, definitions: [] }), '/definitions', /./],
    ['a newer format version', (f) => ({ ...f, formatVersion: 2 }), '/formatVersion', /newer Tessera/],
    [
      'a definition failing its schema',
      (f) => ({ ...f, definitions: { ...f.definitions, form: [customerForm, { ...customerForm, name: 'second', title: 7 }] } }),
      '/definitions/form/1/title',
      /string/,
    ],
    [
      'a form naming a model neither here nor in the file',
      (f) => ({ ...f, definitions: { form: [{ ...customerForm, name: 'order', model: 'Order' }] } }),
      '/definitions/form/0/model',
      /Order/,
    ],
    [
      'two definitions of one kind with one name',
      (f) => ({ ...f, definitions: { ...f.definitions, menu: [customerMenu, { ...customerMenu, title: 'Twin' }] } }),
      '/definitions/menu/1/name',
      /already the name/,
    ],
    [
      'a select naming a model neither here nor in the file',
      (f) => ({ ...f, definitions: { select: [{ name: 'orders', model: 'Order' }] } }),
      '/definitions/select/0/model',
      /Order/,
    ],
    [
      "a model changing a field's type",
      (f) => ({ ...f, definitions: { model: [{ ...customerModel, fields: [customerModel.fields[0], { name: 'city', type: 'number', label: 'City' }] }] } }),
      '/definitions/model/0/fields/1/type',
      /cannot change from text to number/,
    ],
    [
      'a model referring to a model neither here nor in the file',
      (f) => ({ ...f, definitions: { model: [{ ...customerModel, fields: [...customerModel.fields, { name: 'owner', type: 'reference', label: 'Owner', target: 'Nope' }] }] } }),
      '/definitions/model/0/fields/2/target',
      /must name a model/,
    ],
    [
      'a system model',
      (f) => ({ ...f, definitions: { model: [{ name: 'User', title: 'Mine', fields: [] }] } }),
      '/definitions/model/0',
      /system model/,
    ],
    [
      'an unknown kind',
      (f) => ({ ...f, definitions: { ...f.definitions, widget: [] } }),
      '/definitions/widget',
      /not a definition kind/,
    ],
  ];

  it.each(cases)('%s', async (_what, breakIt, pointer, message) => {
    const file = breakIt(await exported(source));
    const before = await snapshot(source);
    for (const url of ['/api/app/import?dryRun=1', '/api/app/import']) {
      const res = await source.call<{ code: string; details: { pointer: string; message: string }[] }>('POST', url, { token: admin, body: file });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('INVALID');
      const detail = res.body.details.find((d) => d.pointer === pointer);
      expect(detail, JSON.stringify(res.body.details)).toBeDefined();
      expect(detail?.message).toMatch(message);
    }
    expect(await snapshot(source)).toEqual(before);
  });
});

describe('a failure half-way through applying', () => {
  it('leaves nothing behind: definitions written before the failure are rolled back', async () => {
    const t = await startTestApp();
    try {
      await t.setup();
      const before = await snapshot(t);
      const file = await exported(source);
      file.definitions.menu = [...(file.definitions.menu ?? []), { ...customerMenu, name: 'boom' }];
      // The database itself refuses the menu named 'boom', after models, forms and grids were written.
      const { db, dialect } = t.app.services.database;
      if (dialect === 'sqlite') {
        await sql`create trigger boom before insert on t_menu when new.name = 'boom' begin select raise(abort, 'boom'); end`.execute(db);
      } else {
        await sql`create function boom() returns trigger language plpgsql as $$ begin if new.name = 'boom' then raise exception 'boom'; end if; return new; end $$`.execute(db);
        await sql`create trigger boom before insert on t_menu for each row execute function boom()`.execute(db);
      }
      const preview = await t.call<{ changes: Change[] }>('POST', '/api/app/import?dryRun=1', { token: t.adminToken, body: file });
      expect(preview.body.changes.filter((c) => c.status === 'new').map((c) => c.name)).toEqual(
        expect.arrayContaining(['Customer', 'customer', 'customers', 'shop', 'boom']),
      );
      const res = await t.call('POST', '/api/app/import', { token: t.adminToken, body: file });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await snapshot(t)).toEqual(before);
      expect((await t.call('GET', '/api/definitions/form/customer', { token: t.adminToken })).status).toBe(404);
      // Without the saboteur the same file goes in whole.
      await sql`drop trigger boom ${sql.raw(dialect === 'sqlite' ? '' : 'on t_menu')}`.execute(db);
      expect((await t.call('POST', '/api/app/import', { token: t.adminToken, body: file })).status).toBe(200);
      expect(names({ ...file, definitions: await snapshot(t) }, 'menu')).toContain('boom');
      expect((await t.call('POST', '/api/form/customer/add', { token: t.adminToken, body: { name: 'Linus' } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('size', () => {
  it('takes a file larger than the default body limit', async () => {
    const big = { name: 'big_page', title: 'x'.repeat(11 * 1024 * 1024), definition: [] };
    const file = { format: 'tessera-app', formatVersion: 1, definitions: { page: [big] } };
    const res = await source.call<{ changes: Change[] }>('POST', '/api/app/import?dryRun=1', { token: admin, body: file });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([{ kind: 'page', name: 'big_page', status: 'new' }]);
  });
});

describe('access', () => {
  it('is for administrators only', async () => {
    const { token } = await source.user('clerk');
    for (const [url, body] of [
      ['/api/app/export', {}],
      ['/api/app/import?dryRun=1', await exported(source)],
      ['/api/app/import', await exported(source)],
    ] as const) {
      expect((await source.call('POST', url, { body })).status).toBe(401);
      expect((await source.call('POST', url, { body, token })).status).toBe(403);
    }
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;

const thingModel = {
  name: 'Thing',
  title: 'Things',
  fields: [
    { name: 'name', type: 'text', label: 'Name', required: true, unique: true },
    { name: 'price', type: 'number', label: 'Price' },
    { name: 'active', type: 'boolean', label: 'Active', default: true },
    { name: 'made', type: 'date', label: 'Made' },
    { name: 'secret', type: 'password', label: 'Secret' },
    { name: 'notes', type: 'text', label: 'Notes' },
  ],
};

const input = (name: string, extra: Record<string, unknown> = {}) => ({ childType: 'Input', width: 6, name, label: name, ...extra });

const thingForm = {
  name: 'thing',
  title: 'Thing',
  model: 'Thing',
  url: '/grid/things',
  definition: [
    { cols: [input('name', { label: 'Name', required: true, minchecked: true, min: 2 }), input('price', { fieldtype: 'number', maxchecked: true, max: 1000 })] },
    { cols: [{ childType: 'Checkbox', width: 3, name: 'active', label: 'Active' }, input('made', { fieldtype: 'date' }), input('secret', { fieldtype: 'password' })] },
  ],
};

const thingGrid = (extra: Record<string, unknown> = {}) => ({
  name: 'things',
  title: 'Things',
  model: 'Thing',
  paging: 3,
  pageSize: 50,
  definition: [
    { name: 'name', label: 'Name', type: 'Text' },
    { name: 'price', label: 'Price', type: 'Number' },
    { name: 'active', label: 'Active', type: 'Text' },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const [kind, body] of [
    ['model', thingModel],
    ['form', thingForm],
    ['grid', thingGrid()],
  ] as const) {
    const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
    if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  }
});
afterAll(async () => {
  await t.close();
});

describe('records through a form', () => {
  it('adds, reads, updates and deletes, answering the new id', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', {
      token: admin,
      body: { name: 'Widget', price: '12.5', active: false, made: '2026-01-02', secret: 's3cret!' },
    });
    expect(add.status).toBe(200);
    const id = add.body.id;
    const read = await t.call('GET', `/api/form/thing/data/${id}`, { token: admin });
    expect(read.body).toEqual({ id, name: 'Widget', price: 12.5, active: false, made: '2026-01-02', _version: 1 });
    const upd = await t.call('POST', `/api/form/thing/update/${id}`, { token: admin, body: { price: 13, secret: '', _version: 1 } });
    expect(upd.status).toBe(200);
    expect(upd.body).toEqual({ success: true, id, _version: 2 });
    expect((await t.call('GET', `/api/form/thing/data/${id}`, { token: admin })).body).toMatchObject({ price: 13 });
    expect((await t.call('DELETE', `/api/form/thing/delete/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/form/thing/data/${id}`, { token: admin })).status).toBe(404);
  });

  it('stores a password field hashed and never sends it back', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Hashy', secret: 'plain text' } });
    const stored = await t.app.services.store.getRaw('Thing', { field: 'id', value: add.body.id });
    expect(String(stored?.secret)).toMatch(/^\$argon2id\$/);
    const grid = await t.call('GET', '/api/grid/things/data/0/50', { token: admin });
    expect(JSON.stringify(grid.body)).not.toContain('argon2');
  });

  it('refuses keys the form does not hold, and changes nothing', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Guarded' } });
    const res = await t.call('POST', `/api/form/thing/update/${add.body.id}`, { token: admin, body: { name: 'Changed', notes: 'sneaky', _version: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ pointer: '/notes', message: 'is not a field of this form' }] });
    expect((await t.call('GET', `/api/form/thing/data/${add.body.id}`, { token: admin })).body).toMatchObject({ name: 'Guarded' });
  });

  it('validates with the generic validator messages, word for word', async () => {
    const res = await t.call<{ error: string; details: { pointer: string; message: string }[] }>('POST', '/api/form/thing/add', {
      token: admin,
      body: { name: 'x', price: 5000 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation Failed');
    expect(res.body.details).toEqual([
      { pointer: '/name', message: 'Length of Name is less then 2' },
      { pointer: '/price', message: 'price is more than 1000' },
    ]);
    const missing = await t.call<{ details: { message: string }[] }>('POST', '/api/form/thing/add', { token: admin, body: { price: 1 } });
    expect(missing.body.details[0]?.message).toBe('Name is a required field');
  });

  it('refuses a wrongly typed value with a clear error', async () => {
    const res = await t.call('POST', '/api/form/thing/add', { token: admin, body: { name: 'Typed', price: 'cheap' } });
    expect(res.status).toBe(400);
    // The form's number input says so on its field, as the browser does.
    expect(res.body).toMatchObject({ error: 'Validation Failed', details: [{ pointer: '/price', message: 'price must be a number' }] });
    // Behind a plain text input the model's number type says it.
    await t.call('POST', '/api/definitions/form', { token: admin, body: { ...thingForm, name: 'thing_text', definition: [{ cols: [input('name'), input('price', { label: 'Price' })] }] } });
    const plain = await t.call('POST', '/api/form/thing_text/add', { token: admin, body: { name: 'Typed', price: 'cheap' } });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ error: 'Price must be a number' });
  });

  it('answers 409 naming the field on a duplicate unique value', async () => {
    await t.call('POST', '/api/form/thing/add', { token: admin, body: { name: 'Unique One' } });
    const dup = await t.call('POST', '/api/form/thing/add', { token: admin, body: { name: 'Unique One' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'Another Thing record already has this Name' });
  });

  it('refuses writes through a read-only form, and deletes through a form that hides Delete', async () => {
    await t.call('POST', '/api/definitions/form', { token: admin, body: { ...thingForm, name: 'thing_ro', readOnly: true } });
    await t.call('POST', '/api/definitions/form', { token: admin, body: { ...thingForm, name: 'thing_nodel', hideDelete: true } });
    expect((await t.call('POST', '/api/form/thing_ro/add', { token: admin, body: { name: 'RO' } })).status).toBe(403);
    const add = await t.call<{ id: number }>('POST', '/api/form/thing_nodel/add', { token: admin, body: { name: 'NoDel' } });
    expect(add.status).toBe(200);
    expect((await t.call('DELETE', `/api/form/thing_nodel/delete/${add.body.id}`, { token: admin })).status).toBe(403);
  });
});

describe('grids', () => {
  beforeAll(async () => {
    await t.call('DELETE', '/api/grid/things/clear/', { token: admin });
    for (let i = 1; i <= 120; i++) {
      const res = await t.call('POST', '/api/form/thing/add', {
        token: admin,
        body: { name: `Item ${String(i).padStart(3, '0')}`, price: i, active: i % 2 === 0 },
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  });

  it('answers every row in mode 1, the first n in mode 2, and rows and count in mode 3', async () => {
    for (const body of [thingGrid({ name: 'things-all', paging: 1 }), thingGrid({ name: 'things-first', paging: 2, pageSize: 10 })]) {
      expect((await t.call('POST', '/api/definitions/grid', { token: admin, body })).status).toBe(201);
    }
    const all = await t.call<unknown[]>('GET', '/api/grid/things-all/data', { token: admin });
    expect(all.body).toHaveLength(120);
    const first = await t.call<{ name: string }[]>('GET', '/api/grid/things-first/data/10', { token: admin });
    expect(first.body).toHaveLength(10);
    expect(first.body[0]?.name).toBe('Item 001');
    // Mode 2 answers the grid's "Records to fetch" at most.
    expect((await t.call('GET', '/api/grid/things-first/data/11', { token: admin })).status).toBe(400);
    const page = await t.call<{ rows: { name: string }[]; count: number }>('GET', '/api/grid/things/data/1/50', { token: admin });
    expect(page.body.count).toBe(120);
    expect(page.body.rows.map((r) => r.name)[0]).toBe('Item 051');
    const last = await t.call<{ rows: { name: string }[]; count: number }>('GET', '/api/grid/things/data/2/50', { token: admin });
    expect(last.body.rows.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Item ${String(101 + i).padStart(3, '0')}`));
    const beyond = await t.call<{ rows: unknown[] }>('GET', '/api/grid/things/data/9/50', { token: admin });
    expect(beyond.body.rows).toEqual([]);
  });

  it('answers a grid only in the paging mode its definition names, naming the url to ask', async () => {
    // 'things' is paged (mode 3): asking for all of it, or its first n, is refused.
    const whole = await t.call<{ error: string; code: string }>('GET', '/api/grid/things/data', { token: admin });
    expect(whole.status).toBe(400);
    expect(whole.body.code).toBe('INVALID');
    expect(whole.body.error).toBe("The grid 'things' shows its records page by page (mode 3): ask /api/grid/things/data/{page}/{pageSize}");
    expect((await t.call('GET', '/api/grid/things/data/10', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/grid/things-all/data/0/50', { token: admin })).body).toMatchObject({
      error: "The grid 'things-all' shows every record at once (mode 1): ask /api/grid/things-all/data",
    });
    expect((await t.call('GET', '/api/grid/things-first/data', { token: admin })).status).toBe(400);
  });

  it('reads a late page backwards and still answers the same rows in order', async () => {
    const pages: string[] = [];
    for (let p = 0; p < 13; p++) {
      const res = await t.call<{ rows: { name: string }[] }>('GET', `/api/grid/things/data/${p}/10`, { token: admin });
      pages.push(...res.body.rows.map((r) => r.name));
    }
    expect(pages).toEqual(Array.from({ length: 120 }, (_, i) => `Item ${String(i + 1).padStart(3, '0')}`));
  });

  it('searches all rows and sorts on the server in mode 3', async () => {
    const found = await t.call<{ rows: { name: string }[]; count: number }>('GET', '/api/grid/things/data/0/50?search=item%2011', { token: admin });
    expect(found.body.count).toBe(10); // Item 110 to Item 119
    expect(found.body.rows.map((r) => r.name)).toContain('Item 115');
    const sorted = await t.call<{ rows: { price: number }[] }>('GET', '/api/grid/things/data/0/5?sort=price&dir=desc', { token: admin });
    expect(sorted.body.rows.map((r) => r.price)).toEqual([120, 119, 118, 117, 116]);
    const literal = await t.call<{ count: number }>('GET', '/api/grid/things/data/0/5?search=%25', { token: admin });
    expect(literal.body.count).toBe(0);
  });

  it('refuses a sort column that is not in the grid, before it reaches SQL', async () => {
    const res = await t.call('GET', '/api/grid/things/data/0/5?sort=secret', { token: admin });
    expect(res.status).toBe(400);
    const inj = await t.call('GET', `/api/grid/things/data/0/5?sort=${encodeURIComponent('name; drop table t_thing')}`, { token: admin });
    expect(inj.status).toBe(400);
  });

  it("applies the grid's filters and sorts in SQL", async () => {
    const created = await t.call<{ id: string }>('POST', '/api/definitions/grid', {
      token: admin,
      body: thingGrid({ name: 'active_things', filters: [{ fieldname: 'active', value: 'true' }], sorts: [{ fieldname: 'price', sorttype: 'DESC' }] }),
    });
    expect(created.status).toBe(201);
    const res = await t.call<{ rows: { price: number; active: boolean }[]; count: number }>('GET', '/api/grid/active_things/data/0/3', { token: admin });
    expect(res.body.count).toBe(60);
    expect(res.body.rows.map((r) => r.price)).toEqual([120, 118, 116]);
    expect(res.body.rows.every((r) => r.active)).toBe(true);
  });

  it('keeps the count right after writes (maintained, not stale)', async () => {
    const before = (await t.call<{ count: number }>('GET', '/api/grid/things/data/0/1', { token: admin })).body.count;
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Counted' } });
    expect((await t.call<{ count: number }>('GET', '/api/grid/things/data/0/1', { token: admin })).body.count).toBe(before + 1);
    const searched = (await t.call<{ count: number }>('GET', '/api/grid/things/data/0/1?search=Counted', { token: admin })).body.count;
    expect(searched).toBe(1);
    await t.call('DELETE', `/api/form/thing/delete/${add.body.id}`, { token: admin });
    expect((await t.call<{ count: number }>('GET', '/api/grid/things/data/0/1?search=Counted', { token: admin })).body.count).toBe(0);
  });

  it('previews a grid definition for the designer', async () => {
    const res = await t.call<unknown[]>('POST', '/api/data/Thing', { token: admin, body: thingGrid({ pageSize: 7 }) });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect((await t.call('POST', '/api/data/Thing', { token: admin, body: { ...thingGrid(), paging: 4 } })).status).toBe(400);
  });

  it("tells in the definition's canClear exactly when DELETE .../clear/ would be accepted", async () => {
    const canClear = async (grid: string, token: string) => (await t.call<{ canClear?: boolean }>('GET', `/api/grid/${grid}/definition`, { token })).body.canClear;
    await t.call('POST', '/api/definitions/grid', { token: admin, body: thingGrid({ name: 'things_noclear', hideClear: true }) });
    const shared = await t.call('POST', '/api/definitions/grid', { token: admin, body: thingGrid({ name: 'things_shared', access: { groups: ['Everyone'] } }) });
    expect(shared.status).toBe(201);
    const { token: plain } = await t.user('grid_reader');

    // An admin on a grid of an app model: shown, and accepted (checked last, in 'clears the grid data').
    expect(await canClear('things', admin)).toBe(true);
    // hideClear: not shown, and refused.
    expect(await canClear('things_noclear', admin)).toBe(false);
    expect((await t.call('DELETE', '/api/grid/things_noclear/clear/', { token: admin })).status).toBe(403);
    // Every built-in list is over a system model: not shown, and refused.
    for (const grid of ['users', 'groups', 'grids', 'forms', 'pages', 'menus', 'selects']) {
      expect(await canClear(grid, admin)).toBe(false);
      expect((await t.call('DELETE', `/api/grid/${grid}/clear/`, { token: admin })).status).toBe(403);
    }
    // Not an admin: not shown wherever the grid can be read, and refused.
    const read = await t.call<{ canClear?: boolean }>('GET', '/api/grid/things_shared/definition', { token: plain });
    expect(read.status).toBe(200);
    expect(read.body.canClear).toBe(false);
    expect(await canClear('things_shared', admin)).toBe(true);
    expect((await t.call('DELETE', '/api/grid/things_shared/clear/', { token: plain })).status).toBe(403);
    expect((await t.call<{ count: number }>('GET', '/api/grid/things/data/0/5', { token: admin })).body.count).toBeGreaterThan(0);
  });

  it("clears a filtered grid's rows all together or not at all", async () => {
    const part = { name: 'Part', title: 'Parts', fields: [{ name: 'label', type: 'text', label: 'Label' }, { name: 'thing', type: 'reference', target: 'Thing', label: 'Thing' }] };
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: part })).status).toBe(201);
    const cheap = thingGrid({ name: 'cheap_things', filters: [{ fieldname: 'price', value: '777' }] });
    const saved = await t.call('POST', '/api/definitions/grid', { token: admin, body: cheap });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const ids: number[] = [];
    for (const name of ['Cheap A', 'Cheap B', 'Cheap C']) {
      ids.push((await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name, price: 777 } })).body.id);
    }
    const count = async (grid: string) => (await t.call<{ count: number }>('GET', `/api/grid/${grid}/data/0/5`, { token: admin })).body.count;
    const others = (await count('things')) - 3;
    // A part refers to the last cheap thing: that one cannot go, so none of them goes.
    const store = t.app.services.store;
    const partId = await store.insert('Part', { label: 'bolt', thing: ids[2] });
    try {
      const refused = await t.call<{ code: string }>('DELETE', '/api/grid/cheap_things/clear/', { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CONFLICT');
      expect(await count('cheap_things')).toBe(3);
    } finally {
      await store.delete('Part', partId);
    }
    expect((await t.call('DELETE', '/api/grid/cheap_things/clear/', { token: admin })).status).toBe(200);
    expect(await count('cheap_things')).toBe(0);
    expect(await count('things')).toBe(others);
  });

  it('clears the grid data', async () => {
    expect((await t.call('DELETE', '/api/grid/things/clear/', { token: admin })).status).toBe(200);
    expect((await t.call<{ count: number }>('GET', '/api/grid/things/data/0/5', { token: admin })).body.count).toBe(0);
  });
});

describe('catalogue', () => {
  it('lists models, a model\'s fields, grids, menus, selects and urls', async () => {
    const models = await t.call<string[]>('GET', '/api/models', { token: admin });
    expect(models.body).toEqual(expect.arrayContaining(['User', 'Group', 'UserGroup', 'Form', 'Grid', 'Page', 'Menu', 'Select', 'Model', 'Automation', 'Thing']));
    const fields = await t.call<{ name: string; type: string }[]>('GET', '/api/models/Thing', { token: admin });
    // Its own fields, then the audit fields every model has (src/shared/audit-fields.ts).
    expect(fields.body.map((f) => f.name)).toEqual(['name', 'price', 'active', 'made', 'secret', 'notes', '_created_by', '_created_at', '_updated_by', '_updated_at']);
    expect((await t.call<string[]>('GET', '/api/grids', { token: admin })).body).toContain('things');
    expect((await t.call<string[]>('GET', '/api/menus', { token: admin })).status).toBe(200);
    expect((await t.call<string[]>('GET', '/api/urls', { token: admin })).body).toContain('/grid/things');
  });

  it('answers dynamic select options as [value, label] pairs, with parameters', async () => {
    await t.call('POST', '/api/form/thing/add', { token: admin, body: { name: 'Alpha', price: 1 } });
    await t.call('POST', '/api/form/thing/add', { token: admin, body: { name: 'Beta', price: 2 } });
    const sel = await t.call('POST', '/api/definitions/select', {
      token: admin,
      body: { name: 'things_by_price', title: 'Things', model: 'Thing', valuefield: 'id', labelfield: 'name', params: ['price'] },
    });
    expect(sel.status).toBe(201);
    expect((await t.call<string[]>('GET', '/api/selects', { token: admin })).body).toContain('/select/things_by_price/:price');
    const opts = await t.call<[number, string][]>('GET', '/api/select/things_by_price/2', { token: admin });
    expect(opts.status).toBe(200);
    expect(opts.body.map((o) => o[1])).toEqual(['Beta']);
    const fixed = await t.call('POST', '/api/definitions/select', {
      token: admin,
      body: { name: 'colours', title: 'Colours', items: [{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }] },
    });
    expect(fixed.status).toBe(201);
    expect((await t.call('GET', '/api/select/colours', { token: admin })).body).toEqual([['r', 'Red'], ['g', 'Green']]);
  });
});

describe('dual lists (user-group membership)', () => {
  it('lists groups with selected flags and saves the chosen ones', async () => {
    const { id } = await t.user('member');
    const g = await t.call<{ id: number }>('POST', '/api/form/group/add', { token: admin, body: { name: 'Sales', description: 'Sales team' } });
    expect(g.status).toBe(200);
    const fresh = await t.call<{ id: number; name: string; selected: boolean }[]>('GET', '/api/link/User/groups/NEW', { token: admin });
    expect(fresh.body.every((i) => !i.selected)).toBe(true);
    expect(fresh.body.map((i) => i.name)).toEqual(expect.arrayContaining(['Everyone', 'Sales']));
    const save = await t.call('POST', `/api/link/User/groups/${id}`, { token: admin, body: [{ id: g.body.id, name: 'Sales', selected: true }] });
    expect(save.status).toBe(200);
    const after = await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/User/groups/${id}`, { token: admin });
    expect(after.body.filter((i) => i.selected).map((i) => i.name)).toEqual(['Sales']);
    const members = await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/Group/users/${g.body.id}`, { token: admin });
    expect(members.body.filter((i) => i.selected).map((i) => i.name)).toEqual(['member']);
  });

  it("names each target record by its model's display, a template too, ordered by its first field", async () => {
    const imported = await t.call('POST', '/api/app/import', {
      token: admin,
      body: {
        format: 'tessera-app',
        formatVersion: 1,
        definitions: {
          model: [
            { name: 'Person', title: 'People', display: '{first} {last}', fields: [{ name: 'code', type: 'text' }, { name: 'first', type: 'text' }, { name: 'last', type: 'text' }] },
            { name: 'Crew', title: 'Crews', fields: [{ name: 'name', type: 'text' }, { name: 'people', type: 'link', target: 'Person', through: 'CrewPerson' }] },
            { name: 'CrewPerson', title: 'Crew members', fields: [{ name: 'crew', type: 'reference', target: 'Crew' }, { name: 'person', type: 'reference', target: 'Person' }] },
          ],
        },
      },
    });
    expect(imported.status).toBe(200);
    expect((await t.call('POST', '/api/definitions/model/Person/screens', { token: admin, body: { menu: null } })).status).toBe(201);
    for (const [code, first, last] of [['z1', 'Grace', 'Hopper'], ['a2', 'Ada', 'Lovelace']]) {
      expect((await t.call('POST', '/api/form/person/add', { token: admin, body: { code, first, last } })).status).toBe(200);
    }
    const items = await t.call<{ name: string }[]>('GET', '/api/link/Crew/people/NEW', { token: admin });
    expect(items.status).toBe(200);
    expect(items.body.map((i) => i.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it("saves membership from the group's side too, seen from the user's side", async () => {
    const { id } = await t.user('joiner');
    const g = await t.call<{ id: number }>('POST', '/api/form/group/add', { token: admin, body: { name: 'Support' } });
    const members = await t.call<{ id: number; name: string; selected: boolean }[]>('GET', `/api/link/Group/users/${g.body.id}`, { token: admin });
    const chosen = members.body.filter((i) => i.name === 'joiner').map((i) => ({ ...i, selected: true }));
    expect(chosen).toHaveLength(1);
    expect((await t.call('POST', `/api/link/Group/users/${g.body.id}`, { token: admin, body: chosen })).status).toBe(200);
    const mine = await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/User/groups/${id}`, { token: admin });
    expect(mine.body.filter((i) => i.selected).map((i) => i.name)).toEqual(['Support']);
    // Emptied from the group's side, the user is in no group.
    expect((await t.call('POST', `/api/link/Group/users/${g.body.id}`, { token: admin, body: [] })).status).toBe(200);
    const none = await t.call<{ selected: boolean }[]>('GET', `/api/link/User/groups/${id}`, { token: admin });
    expect(none.body.filter((i) => i.selected)).toEqual([]);
  });

  it('never lets My Details change the Admin flag, not even for an admin', async () => {
    const me = (await t.call<{ user: { id: number } }>('GET', '/api/checkuser', { token: admin })).body.user.id;
    const res = await t.call<{ error: string }>('POST', `/api/form/mydetails/update/${me}`, { token: admin, body: { Admin: false, _version: 1 } });
    expect(res.status).toBe(400);
    expect((await t.call<{ Admin: boolean }>('GET', `/api/form/user/data/${me}`, { token: admin })).body.Admin).toBe(true);
  });
});

describe('optimistic concurrency of records', () => {
  const read = async (id: number) => (await t.call<Record<string, unknown>>('GET', `/api/form/thing/data/${id}`, { token: admin })).body;

  it('answers the version with the record; each update moves it on by one', async () => {
    const add = await t.call<{ id: number; _version: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Versioned' } });
    expect(add.body._version).toBe(1);
    expect((await read(add.body.id))._version).toBe(1);
    for (const v of [1, 2, 3]) {
      const upd = await t.call<{ _version: number }>('POST', `/api/form/thing/update/${add.body.id}`, { token: admin, body: { price: v, _version: v } });
      expect(upd.status).toBe(200);
      expect(upd.body._version).toBe(v + 1);
    }
    expect(await read(add.body.id)).toMatchObject({ price: 3, _version: 4 });
  });

  it('answers 409 with the current record to a save based on an older version, and changes nothing', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Contested', price: 1 } });
    const mine = await read(add.body.id);
    const theirs = await read(add.body.id);
    expect((await t.call('POST', `/api/form/thing/update/${add.body.id}`, { token: admin, body: { price: 2, _version: theirs._version } })).status).toBe(200);
    const stale = await t.call<{ error: string; code: string; current: unknown }>('POST', `/api/form/thing/update/${add.body.id}`, {
      token: admin,
      body: { name: 'Mine now', price: 3, _version: mine._version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(stale.body.error).toBe('This record was changed by someone else since you opened it: reload it, or save yours over it');
    const now = await read(add.body.id);
    expect(now).toMatchObject({ name: 'Contested', price: 2, _version: 2 });
    expect(stale.body.current).toEqual(now);
    // Saved again with the current version ("save mine anyway"), it goes through.
    const again = await t.call('POST', `/api/form/thing/update/${add.body.id}`, { token: admin, body: { name: 'Mine now', price: 3, _version: 2 } });
    expect(again.status).toBe(200);
    expect(await read(add.body.id)).toMatchObject({ name: 'Mine now', price: 3, _version: 3 });
  });

  it('refuses an update without the version it read, with a clear message', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/thing/add', { token: admin, body: { name: 'Unversioned', price: 1 } });
    for (const body of [{ price: 5 }, { price: 5, _version: '1' }, { price: 5, _version: 1.5 }]) {
      const res = await t.call<{ error: string; details: unknown[] }>('POST', `/api/form/thing/update/${add.body.id}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("The record must carry the version it was read at ('_version', as GET /api/form/{name}/data/{id} answers it)");
      expect(res.body.details).toEqual([{ pointer: '/_version', message: 'must be the version that was read' }]);
    }
    expect(await read(add.body.id)).toMatchObject({ price: 1, _version: 1 });
  });

  it('still answers 404 for a record that is not there', async () => {
    expect((await t.call('POST', '/api/form/thing/update/999999', { token: admin, body: { price: 1, _version: 1 } })).status).toBe(404);
  });

  it('refuses a model field named _version', async () => {
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Clash', fields: [{ name: '_version', type: 'number' }] } });
    expect(res.status).toBe(400);
    expect((await t.call<string[]>('GET', '/api/models', { token: admin })).body).not.toContain('Clash');
  });

  it('gives a table made before versions existed the column, every row at version 1', async () => {
    const db = t.app.services.store.db;
    await sql`create table t_oldie (id integer primary key, label text)`.execute(db);
    await sql`insert into t_oldie (id, label) values (7, 'kept')`.execute(db);
    const model = { name: 'Oldie', fields: [{ name: 'label', type: 'text', label: 'Label' }] };
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: model })).status).toBe(201);
    const form = { name: 'oldie', title: 'Oldie', model: 'Oldie', url: '/', definition: [{ cols: [input('label')] }] };
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: form })).status).toBe(201);
    expect((await t.call('GET', '/api/form/oldie/data/7', { token: admin })).body).toEqual({ id: 7, label: 'kept', _version: 1 });
    expect((await t.call('POST', '/api/form/oldie/update/7', { token: admin, body: { label: 'new', _version: 1 } })).status).toBe(200);
    expect((await t.call('GET', '/api/form/oldie/data/7', { token: admin })).body).toEqual({ id: 7, label: 'new', _version: 2 });
  });

  it('keeps the version of definition records in their own version field', async () => {
    const cols = await t.app.services.store.db.selectFrom('t_form').selectAll().limit(1).execute();
    expect(Object.keys(cols[0] ?? {})).toContain('version');
    expect(Object.keys(cols[0] ?? {})).not.toContain('_version');
  });
});

describe('links saved with the record, in one transaction', () => {
  let sales: number;
  let support: number;
  const groupsOf = async (id: number) =>
    (await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/User/groups/${id}`, { token: admin })).body.filter((g) => g.selected).map((g) => g.name);
  const userNamed = (name: string) => t.app.services.store.getRaw('User', { field: 'user', value: name });
  const person = (name: string, extra: Record<string, unknown> = {}) => ({ user: name, email: `${name}@example.com`, password: `${name}-password-1`, ...extra });

  beforeAll(async () => {
    sales = (await t.call<{ id: number }>('POST', '/api/form/group/add', { token: admin, body: { name: 'Linked Sales' } })).body.id;
    support = (await t.call<{ id: number }>('POST', '/api/form/group/add', { token: admin, body: { name: 'Linked Support' } })).body.id;
  });

  it('adds a record with the links its form shows, and updates both together', async () => {
    const add = await t.call<{ id: number; _version: number }>('POST', '/api/form/user/add', { token: admin, body: person('linda', { groups: [sales] }) });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(await groupsOf(add.body.id)).toEqual(['Linked Sales']);
    const upd = await t.call<{ _version: number }>('POST', `/api/form/user/update/${add.body.id}`, {
      token: admin,
      body: { email: 'linda2@example.com', groups: [String(support), sales], _version: add.body._version },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await groupsOf(add.body.id)).sort()).toEqual(['Linked Sales', 'Linked Support']);
    // Left out, the links stay; an empty list empties them.
    await t.call('POST', `/api/form/user/update/${add.body.id}`, { token: admin, body: { email: 'linda3@example.com', _version: upd.body._version } });
    expect((await groupsOf(add.body.id)).length).toBe(2);
    await t.call('POST', `/api/form/user/update/${add.body.id}`, { token: admin, body: { groups: [], _version: upd.body._version + 1 } });
    expect(await groupsOf(add.body.id)).toEqual([]);
  });

  it('refuses an unknown target id or a malformed list, and stores neither record nor links', async () => {
    for (const groups of [[sales, 999999], ['not an id'], 'Linked Sales', [{ id: sales }]]) {
      const res = await t.call<{ details: { pointer: string }[] }>('POST', '/api/form/user/add', { token: admin, body: person('nobody', { groups }) });
      expect(res.status, JSON.stringify(groups)).toBe(400);
      expect(res.body.details[0]?.pointer).toBe('/groups');
      expect(await userNamed('nobody')).toBeUndefined();
    }
  });

  it('leaves no record when the link write fails, so Save again makes no second copy', async () => {
    const spy = vi.spyOn(t.app.services.store, 'writeLinks').mockRejectedValueOnce(new Error('forced failure in the link write'));
    try {
      const res = await t.call('POST', '/api/form/user/add', { token: admin, body: person('halfway', { groups: [sales] }) });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await userNamed('halfway')).toBeUndefined();
    const again = await t.call<{ id: number }>('POST', '/api/form/user/add', { token: admin, body: person('halfway', { groups: [sales] }) });
    expect(again.status).toBe(200);
    expect(await groupsOf(again.body.id)).toEqual(['Linked Sales']);
  });

  it('leaves the record as it was when the link write of an update fails', async () => {
    const add = await t.call<{ id: number; _version: number }>('POST', '/api/form/user/add', { token: admin, body: person('steady', { groups: [sales] }) });
    const spy = vi.spyOn(t.app.services.store, 'writeLinks').mockRejectedValueOnce(new Error('forced failure in the link write'));
    try {
      const res = await t.call('POST', `/api/form/user/update/${add.body.id}`, { token: admin, body: { email: 'moved@example.com', groups: [support], _version: 1 } });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect((await t.call('GET', `/api/form/user/data/${add.body.id}`, { token: admin })).body).toMatchObject({ email: 'steady@example.com', _version: 1 });
    expect(await groupsOf(add.body.id)).toEqual(['Linked Sales']);
  });

  it('takes links only for the dual lists the form shows', async () => {
    const me = (await t.call<{ user: { id: number } }>('GET', '/api/checkuser', { token: admin })).body.user.id;
    const mine = await t.call<{ _version: number }>('GET', `/api/form/mydetails/data/${me}`, { token: admin });
    const res = await t.call<{ details: { pointer: string }[] }>('POST', `/api/form/mydetails/update/${me}`, { token: admin, body: { groups: [sales], _version: mine.body._version } });
    expect(res.status).toBe(400);
    expect(res.body.details[0]?.pointer).toBe('/groups');
  });

  it('moves the record on when its links are saved through the dual-list route', async () => {
    const add = await t.call<{ id: number }>('POST', '/api/form/user/add', { token: admin, body: person('routed') });
    expect((await t.call('POST', `/api/link/User/groups/${add.body.id}`, { token: admin, body: [{ id: sales, selected: true }] })).status).toBe(200);
    expect((await t.call<{ _version: number }>('GET', `/api/form/user/data/${add.body.id}`, { token: admin })).body._version).toBe(2);
    const bad = await t.call('POST', `/api/link/User/groups/${add.body.id}`, { token: admin, body: [{ id: 999999, selected: true }] });
    expect(bad.status).toBe(400);
    expect(await groupsOf(add.body.id)).toEqual(['Linked Sales']);
  });
});

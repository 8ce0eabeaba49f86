import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../support/backup.js';
import { sessionToken } from '../support/cookies.js';
import { lastingDatabase, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Fields of an administrator's own on the system models User and Group (docs/security.md, "Your
 * own fields on User"): added through the API as any model's, kept across a restart, named by
 * record rules as CURRENT_USER.<field>; the built-in fields, the rest of the model and the link's
 * own model UserGroup stay as Tessera ships them.
 */
let drop: (() => Promise<void>) | undefined;
let databaseUrl = '';
let t: TestApp;
let admin = '';

type Model = { id: string; version: number; name: string; title?: string; fields: Record<string, unknown>[] };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const model = (name: string) => ok<Model>('GET', `/api/definitions/model/${name}`);

beforeAll(async () => {
  const lasting = await lastingDatabase('user-fields');
  databaseUrl = lasting.databaseUrl;
  drop = () => lasting.dispose();
  t = await startTestApp({ databaseUrl });
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
  await drop?.();
});

describe('fields of your own on User', () => {
  it('are added by a save, and a record rule names them as CURRENT_USER.<field>', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Branch', fields: [{ name: 'name', type: 'text' }] });
    await ok('POST', '/api/definitions/model', { name: 'Loan', fields: [{ name: 'title', type: 'text' }, { name: 'branch', type: 'reference', target: 'Branch' }] });
    const user = await model('User');
    const saved = await ok<Model>('PUT', '/api/definitions/model/User', {
      ...user,
      fields: [...user.fields, { name: 'branch', type: 'reference', target: 'Branch', label: 'Branch' }, { name: 'region', type: 'text', label: 'Region' }],
    });
    expect(saved.fields.map((f) => f.name)).toEqual([...user.fields.map((f) => f.name), 'branch', 'region']);

    const { store } = t.app.services;
    const north = Number(await store.insert('Branch', { name: 'North' }));
    const south = Number(await store.insert('Branch', { name: 'South' }));
    await store.insert('Loan', { title: 'Dune', branch: north });
    await store.insert('Loan', { title: 'Emma', branch: south });
    await ok('POST', '/api/form/group/add', { name: 'Librarians' });
    const rule = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
    await ok('POST', '/api/definitions/grid', {
      name: 'loans',
      model: 'Loan',
      title: 'Loans',
      paging: 3,
      definition: [{ name: 'title' }],
      access: { grants: [{ group: 'Librarians', actions: ['read'], rules: { read: rule } }] },
    });
    const lib = await t.user('lib', { groups: ['Librarians'] });
    // The admin puts the field on the user form, which then saves it as any other.
    const form = await ok<{ definition: unknown[] }>('GET', '/api/definitions/form/user');
    const branchRow = { cols: [{ childType: 'Reference', width: 6, name: 'branch', label: 'Branch' }] };
    await ok('PUT', '/api/definitions/form/user', { ...form, definition: [...form.definition, branchRow] });
    await ok('POST', `/api/form/user/update/${lib.id}`, { ...(await ok('GET', `/api/form/user/data/${lib.id}`)), branch: north });
    const page = await ok<{ rows: { title: string }[]; count: number }>('GET', '/api/grid/loans/data/0/50', undefined, lib.token);
    expect(page.rows.map((r) => r.title)).toEqual(['Dune']);
    expect(page.count).toBe(1);
  });

  it('refuses a required field without a default, and changes nothing', async () => {
    const user = await model('User');
    const res = await t.call('PUT', '/api/definitions/model/User', {
      token: admin,
      body: { ...user, fields: [...user.fields, { name: 'badge', type: 'text', required: true }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ pointer: `/fields/${user.fields.length}/required` }] });
    expect(JSON.stringify(res.body)).toMatch(/cannot be required without a default/);
    expect((await model('User')).version).toBe(user.version);
  });

  it.each([
    ['changing a built-in field', (f: Record<string, unknown>[]) => f.map((x) => (x.name === 'email' ? { ...x, unique: false } : x)), /'email' is a built-in field of User/, 400],
    ['deleting a built-in field', (f: Record<string, unknown>[]) => f.filter((x) => x.name !== 'FrontPage'), /'FrontPage' is a built-in field of User/, 400],
  ])('refuses %s (a save and a model change alike)', async (_what, change, message, status) => {
    const user = await model('User');
    const put = await t.call('PUT', '/api/definitions/model/User', { token: admin, body: { ...user, fields: change(user.fields) } });
    expect(put.status).toBe(status);
    expect(JSON.stringify(put.body)).toMatch(message);
    const { id, ...rest } = user;
    const changed = await t.call('POST', `/api/definitions/model/${id}/change`, { token: admin, body: { model: { ...rest, fields: change(user.fields) } } });
    expect(changed.status).toBe(status);
    expect(JSON.stringify(changed.body)).toMatch(message);
    expect(await model('User')).toEqual(user);
  });

  it("refuses a change of the model's own settings (403) and any change of UserGroup", async () => {
    const user = await model('User');
    const retitled = await t.call('PUT', '/api/definitions/model/User', { token: admin, body: { ...user, title: 'People' } });
    expect(retitled.status).toBe(403);
    expect(JSON.stringify(retitled.body)).toMatch(/takes new fields only/);
    const through = await model('UserGroup');
    const res = await t.call('PUT', '/api/definitions/model/UserGroup', { token: admin, body: { ...through, fields: [...through.fields, { name: 'note', type: 'text' }] } });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toMatch(/The system model 'UserGroup' cannot be changed/);
  });

  it('lets a field of your own change and go as any field does, through the model change', async () => {
    const user = await model('User');
    const { id, ...rest } = user;
    const fields = user.fields.map((f) => (f.name === 'region' ? { ...f, name: 'area' } : f));
    const res = await t.call('POST', `/api/definitions/model/${id}/change`, { token: admin, body: { model: { ...rest, fields }, renames: { region: 'area' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await model('User')).fields.map((f) => f.name)).toContain('area');
  });

  it('takes fields on Group too', async () => {
    const group = await model('Group');
    await ok('PUT', '/api/definitions/model/Group', { ...group, fields: [...group.fields, { name: 'code', type: 'text' }] });
    const made = await ok<{ id: number }>('POST', '/api/form/group/add', { name: 'Readers' });
    await t.app.services.store.update('Group', made.id, { code: 'R1' });
    expect((await t.app.services.store.get1('Group', made.id))?.code).toBe('R1');
  });

  it('keeps them across a restart, values and rules included', async () => {
    await t.close();
    t = await startTestApp({ databaseUrl });
    const login = await t.call('POST', '/api/login', { body: { user: 'admin', password: 'correct horse battery' } });
    admin = sessionToken(login);
    t.adminToken = admin;
    expect((await model('User')).fields.map((f) => f.name)).toEqual(expect.arrayContaining(['branch', 'area']));
    const lib = await t.call('POST', '/api/login', { body: { user: 'lib', password: 'lib-password-1' } });
    const page = await ok<{ rows: { title: string }[] }>('GET', '/api/grid/loans/data/0/50', undefined, sessionToken(lib));
    expect(page.rows.map((r) => r.title)).toEqual(['Dune']);
  });

  it('travel in a backup: a restore brings the fields and their values back', async () => {
    const taken = await takeBackup(t, 'backup password 1');
    expect(taken.status).toBe(200);
    const { store } = t.app.services;
    const lib = await store.getRaw('User', { field: 'user', value: 'lib' });
    const before = (lib as Record<string, unknown>).branch;
    await store.update('User', Number((lib as Record<string, unknown>).id), { branch: null });
    const restored = await restoreBackup(t, { file: taken.bytes, password: 'backup password 1', delete: 'true' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await store.getRaw('User', { field: 'user', value: 'lib' }))?.branch).toBe(before);
    expect(before).not.toBeNull();
  });
});

describe('CURRENT_USER.groups', () => {
  const inMyGroups = { and: [{ field: 'team', op: 'in', value: [{ var: 'CURRENT_USER.groups' }] }] };
  const grid = (name: string, rule: unknown) => ({
    name,
    model: 'Notice',
    title: 'Notices',
    paging: 3,
    definition: [{ name: 'text' }],
    access: { grants: [{ group: 'Everyone', actions: ['read'], rules: { read: rule } }] },
  });

  it("reaches the records of the caller's groups, Everyone's included", async () => {
    await ok('POST', '/api/definitions/model', { name: 'Notice', fields: [{ name: 'text', type: 'text' }, { name: 'team', type: 'reference', target: 'Group' }] });
    await ok('POST', '/api/definitions/grid', grid('notices', inMyGroups));
    const { store } = t.app.services;
    const id = async (name: string) => Number((await store.getRaw('Group', { field: 'name', value: name }))?.id);
    await ok('POST', '/api/form/group/add', { name: 'Porters' });
    for (const [text, team] of [['to librarians', 'Librarians'], ['to porters', 'Porters'], ['to everyone', 'Everyone']] as const) {
      await store.insert('Notice', { text, team: await id(team) });
    }
    await store.insert('Notice', { text: 'to nobody', team: null });
    const lib = await t.call('POST', '/api/login', { body: { user: 'lib', password: 'lib-password-1' } });
    const page = await ok<{ rows: { text: string }[]; count: number }>('GET', '/api/grid/notices/data/0/50', undefined, sessionToken(lib));
    expect(page.rows.map((r) => r.text).sort()).toEqual(['to everyone', 'to librarians']);
    expect(page.count).toBe(2);
    const loner = await t.user('loner');
    expect((await ok<{ rows: { text: string }[] }>('GET', '/api/grid/notices/data/0/50', undefined, loner.token)).rows.map((r) => r.text)).toEqual(['to everyone']);
  });

  it('is refused outside an in list, and on a reference to another model, naming why', async () => {
    const eq = await t.call('POST', '/api/definitions/grid', { token: admin, body: grid('notices_eq', { and: [{ field: 'team', op: 'eq', value: { var: 'CURRENT_USER.groups' } }] }) });
    expect(eq.status).toBe(400);
    expect(JSON.stringify(eq.body)).toMatch(/CURRENT_USER.groups is a list of Group records: compare with it by in/);
    const other = await t.call('POST', '/api/definitions/grid', { token: admin, body: grid('notices_id', { and: [{ field: 'id', op: 'in', value: [{ var: 'CURRENT_USER.groups' }] }] }) });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toMatch(/CURRENT_USER.groups is a list of Group records: it fits a reference to Group/);
  });
});


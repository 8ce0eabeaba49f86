import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A form, grid or select over a definition model (Form, Grid, Page, Menu, Select,
 * Model) writes or shows definitions, access blocks included, so whoever uses one is an
 * administrator in all but name. They are admin-only whatever their grants say: a member of
 * a granted group gets 403, an anonymous caller 401 (even when the grant is `public`), and
 * nothing is written. And no model reaches the system tables that hold secrets.
 */
let t: TestApp;
let admin: string;
let editor: string;
let userFormId: string;

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Gives a built-in definition an access block, through the admin's raw definition API. */
async function grant(kind: string, name: string, access: unknown): Promise<void> {
  const doc = await ok<Record<string, unknown>>('GET', `/api/definitions/${kind}/${name}`);
  await ok('PUT', `/api/definitions/${kind}/${name}`, { ...doc, access });
}

async function formNames(): Promise<string[]> {
  return (await ok<{ name: string }[]>('GET', '/api/definitions/form')).map((f) => f.name).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Editors' });
  ({ token: editor } = await t.user('editor', { groups: ['Editors'] }));
  // The built-in form and grid over the Form model, granted to the group.
  await grant('form', 'form', { groups: ['Editors'] });
  await grant('grid', 'forms', { groups: ['Editors'] });
  // A select over the Model model, and a form over Page open to everyone.
  await ok('POST', '/api/definitions/select', { name: 'model_names', title: 'Models', model: 'Model', valuefield: 'name', labelfield: 'name', access: { groups: ['Editors'] } });
  await ok('POST', '/api/definitions/form', {
    name: 'page_public',
    title: 'Pages',
    model: 'Page',
    url: '/',
    access: { public: true },
    definition: [{ cols: [{ childType: 'Input', width: 6, name: 'name', label: 'Name' }] }],
  });
  // A control: the same group granted a form over an ordinary model can use it.
  await grant('form', 'group', { groups: ['Editors'] });
  userFormId = (await ok<{ id: string }>('GET', '/api/definitions/form/user')).id;
});
afterAll(async () => {
  await t.close();
});

const reads = () => [
  ['GET', '/api/form/form/definition'],
  ['GET', `/api/form/form/data/${userFormId}`],
  ['GET', '/api/grid/forms/definition'],
  ['GET', '/api/grid/forms/data'],
  ['GET', '/api/grid/forms/data/5'],
  ['GET', '/api/grid/forms/data/0/10'],
  ['GET', '/api/select/model_names'],
  ['GET', '/api/form/page_public/definition'],
];

describe('forms, grids and selects over definition models', () => {
  it('let a member of a granted group use a form over an ordinary model (the control)', async () => {
    expect((await t.call('GET', '/api/form/group/definition', { token: editor })).status).toBe(200);
  });

  it('refuse a member of the granted group every read (403)', async () => {
    for (const [method, url] of reads()) {
      const res = await t.call<{ code: string }>(method as string, url as string, { token: editor });
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 403, code: 'FORBIDDEN' });
    }
  });

  it('refuse an anonymous caller every read (401), a public grant included', async () => {
    for (const [method, url] of reads()) {
      const res = await t.call(method as string, url as string);
      expect({ url, status: res.status }).toEqual({ url, status: 401 });
    }
  });

  it('refuse a member of the granted group every write, and write nothing', async () => {
    const before = await formNames();
    const userForm = await ok<Record<string, unknown>>('GET', `/api/form/form/data/${userFormId}`);
    const escalate = { name: 'mine', title: 'Mine', model: 'User', url: '/', access: { public: true }, definition: [] };
    const add = await t.call('POST', '/api/form/form/add', { token: editor, body: escalate });
    expect(add.status).toBe(403);
    const update = await t.call('POST', `/api/form/form/update/${userFormId}`, { token: editor, body: { ...userForm, access: { public: true } } });
    expect(update.status).toBe(403);
    const remove = await t.call('DELETE', `/api/form/form/delete/${userFormId}`, { token: editor });
    expect(remove.status).toBe(403);
    const anonymousAdd = await t.call('POST', '/api/form/page_public/add', { body: { name: 'defaced' } });
    expect(anonymousAdd.status).toBe(401);
    expect(await formNames()).toEqual(before);
    expect(await ok('GET', `/api/form/form/data/${userFormId}`)).toEqual(userForm);
    expect((await ok<{ name: string }[]>('GET', '/api/definitions/page')).map((p) => p.name)).not.toContain('defaced');
  });

  it('still serve the admin', async () => {
    // The grid pages its rows (mode 3): its other data urls are refused for everyone (400).
    for (const [method, url] of reads().filter(([, u]) => !/\/api\/grid\/forms\/data(\/5)?$/.test(u as string))) {
      const res = await t.call(method as string, url as string, { token: admin });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
    const add = await t.call<{ id: string }>('POST', '/api/form/form/add', {
      token: admin,
      body: { name: 'made_by_admin', title: 'Made', model: 'User', url: '/', definition: [] },
    });
    expect(add.status).toBe(200);
    expect(await formNames()).toContain('made_by_admin');
  });
});

describe('system tables', () => {
  it('are out of reach of any model: a model named after one gets a table of its own', async () => {
    // Model names start with a capital and map onto `t_<name>`, never onto `sys_*`.
    const lower = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'sys_sessions', title: 'x', fields: [{ name: 'token', type: 'text' }] } });
    expect(lower.status).toBe(400);
    for (const name of ['Sys_sessions', 'Sys_settings', 'Sys_login_failures']) {
      const res = await t.call('POST', '/api/definitions/model', { token: admin, body: { name, title: name, fields: [{ name: 'token', type: 'text' }] } });
      expect(res.status).toBe(201);
      const grid = await t.call('POST', `/api/data/${name}`, { token: admin, body: { name: 'peek', title: 'Peek', model: name, definition: [{ name: 'token' }] } });
      expect({ name, status: grid.status, rows: grid.body }).toEqual({ name, status: 200, rows: [] });
    }
    // The admin's session still works: nothing was mapped onto the session table.
    expect((await t.call('GET', '/api/checkuser', { token: admin })).status).toBe(200);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../support/cookies.js';
import { createTestSchema } from '../support/pg.js';
import { ADMIN, startTestApp, TEST_DB, type TestApp, useTestApp } from '../support/test-app.js';

/**
 * Model names become table names in lower case, so a model named USER is the users' table and
 * FORM the forms'. Every path that makes a model (the definitions API, an app import) runs the
 * same name check and the same model checks as a save, and the rules that single out a system
 * model (self-registration, `self`, the last admin, definitions) compare names as tables do, so
 * a model that slipped in before (an older import, an older backup) escapes none of them.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

type AppFile = { format: string; formatVersion: number; exportedAt: string; definitions: Record<string, unknown[]> };
type Refusal = { error: string; code: string; details?: { pointer: string; message: string }[] };

const appFile = (definitions: Record<string, unknown[]>): AppFile => ({ format: 'tessera-app', formatVersion: 1, exportedAt: '2024-01-01T00:00:00Z', definitions });
const userLike = (name: string) => ({
  name,
  title: name,
  fields: [
    { name: 'user', type: 'text' },
    { name: 'email', type: 'text' },
    { name: 'password', type: 'text' },
    { name: 'Admin', type: 'boolean' },
  ],
});
const inputs = (names: string[]) => names.map((name) => ({ cols: [{ childType: 'Input', width: 12, name, label: name }] }));
const publicForm = (name: string, model: string, fields: string[]) => ({ name, title: name, model, access: { public: true }, definition: inputs(fields) });

/** Everything an import could change: every definition, and the users. */
async function instance(): Promise<unknown> {
  const file = await t.call<AppFile>('POST', '/api/app/export', { token: admin, body: {} });
  const users = await t.call('GET', '/api/grid/users/data/0/1000', { token: admin });
  return { definitions: file.body.definitions, users: users.body };
}

async function refusedImport(file: AppFile, pointer: string, message: RegExp): Promise<void> {
  const before = await instance();
  for (const url of ['/api/app/import?dryRun=1', '/api/app/import']) {
    const res = await t.call<Refusal>('POST', url, { token: admin, body: file });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details, JSON.stringify(res.body)).toContainEqual({ pointer, message: expect.stringMatching(message) });
  }
  expect(await instance()).toEqual(before);
}

describe('an app import', () => {
  it.each(['USER', 'UsEr', 'GROUP', 'USERGROUP', 'FORM', 'MODEL'])('refuses a model named %s, which would map onto a built-in table', async (name) => {
    const file = appFile({ model: [userLike(name)], form: [publicForm(`over_${name.toLowerCase()}`, name, ['user', 'email', 'password', 'Admin'])] });
    await refusedImport(file, '/definitions/model/0/name', /would share its table .* compared without regard to case/);
  });

  it("refuses 'user ' and 'Form', which are no model names of an import", async () => {
    await refusedImport(appFile({ model: [userLike('user ')] }), '/definitions/model/0/name', /pattern/);
    await refusedImport(appFile({ model: [userLike('Form')] }), '/definitions/model/0', /system model 'Form'/);
  });

  it("refuses a model whose name differs only in case from one stored here, or from another in the file", async () => {
    expect((await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Product', title: 'P', fields: [{ name: 'title', type: 'text' }] } })).status).toBe(201);
    await refusedImport(appFile({ model: [userLike('PRODUCT')] }), '/definitions/model/0/name', /would share its table with the model 'Product'/);
    await refusedImport(appFile({ model: [userLike('Widget'), userLike('WIDGET')] }), '/definitions/model/1/name', /would share its table with the model 'Widget'/);
  });

  it('runs the checks of a save: field names, patterns a form cannot run', async () => {
    const model = (fields: unknown[]) => appFile({ model: [{ name: 'Gadget', title: 'G', fields }] });
    await refusedImport(model([{ name: 'constructor', type: 'text' }]), '/definitions/model/0/fields/0/name', /not allowed/);
    await refusedImport(model([{ name: 'hasOwnProperty', type: 'text' }]), '/definitions/model/0/fields/0/name', /not allowed/);
    await refusedImport(model([{ name: 'code', type: 'text' }, { name: 'Code', type: 'text' }]), '/definitions/model/0/fields/1/name', /only in case/);
    const lookahead = {
      name: 'gadget',
      title: 'G',
      model: 'Product',
      definition: [{ cols: [{ childType: 'Input', width: 12, name: 'title', label: 'Title', regularexpressionchecked: true, regularexpression: '^(?=a)a$' }] }],
    };
    await refusedImport(appFile({ form: [lookahead] }), '/definitions/form/0/definition/0/cols/0/regularexpression', /linear time/);
  });

  it('refuses to make a field unique over values that repeat, as a save does, changing nothing', async () => {
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: { name: 'product', title: 'P', model: 'Product', definition: inputs(['title']) } })).status).toBe(201);
    for (const title of ['same', 'same']) expect((await t.call('POST', '/api/form/product/add', { token: admin, body: { title } })).status).toBe(200);
    const unique = appFile({ model: [{ name: 'Product', title: 'P', fields: [{ name: 'title', type: 'text', unique: true }] }] });
    await refusedImport(unique, '/definitions/model/0/fields/0/unique', /values repeat/);
  });
});

/**
 * A database from before these checks may hold such a model: here one is written straight into
 * the Model table, as an older import did, with a public form over it.
 */
async function plantModel(name: string, fields: unknown[], on: TestApp = t): Promise<void> {
  await on.app.services.store.insert('Model', { name, title: name, fields, version: 1 });
}

describe('a model that shares a built-in table, stored before these checks', () => {
  it('cannot self-register an administrator through a public form over it', async () => {
    await plantModel('USER', userLike('USER').fields);
    const made = await t.call('POST', '/api/definitions/form', { token: admin, body: publicForm('signup_upper', 'USER', ['user', 'email', 'password', 'Admin']) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await t.call('POST', '/api/settings', { token: admin, body: { SELF_REGISTRATION: true } })).status).toBe(200);
    const res = await t.call('POST', '/api/form/signup_upper/add', { body: { user: 'mallory', email: 'mallory@example.com', password: 'a long password', Admin: true } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const stored = await t.app.services.store.getRaw('User', { field: 'user', value: 'mallory' });
    expect(stored?.Admin ?? false).toBeFalsy();
  });

  it('cannot write the forms table through a public form over FORM', async () => {
    await plantModel('FORM', [
      { name: 'name', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'model', type: 'text' },
      { name: 'access', type: 'json' },
      { name: 'definition', type: 'json' },
    ]);
    expect((await t.call('POST', '/api/definitions/form', { token: admin, body: publicForm('sneaky', 'FORM', ['name', 'title', 'model', 'access', 'definition']) })).status).toBe(201);
    const res = await t.call('POST', '/api/form/sneaky/add', {
      body: { name: 'backdoor', title: 'B', model: 'User', access: { public: true }, definition: inputs(['Admin']) },
    });
    expect([401, 403, 409]).toContain(res.status);
    expect((await t.call('GET', '/api/definitions/form/backdoor', { token: admin })).status).toBe(404);
  });

  it('is refused when used, and deleting its definition keeps the table it shares', async () => {
    const users = (await t.call<{ count: number }>('GET', '/api/grid/users/data/0/10', { token: admin })).body.count;
    const grid = await t.call('POST', '/api/definitions/grid', { token: admin, body: { name: 'upper_users', title: 'U', model: 'USER', definition: [{ name: 'user', label: 'User' }] } });
    expect(grid.status).toBe(201);
    const read = await t.call<Refusal>('GET', '/api/grid/upper_users/data/0/10', { token: admin });
    expect(read.status).toBe(409);
    expect(read.body.error).toMatch(/shares its table with the model 'User'/);
    for (const [kind, name] of [['grid', 'upper_users'], ['form', 'signup_upper']]) {
      expect((await t.call('DELETE', `/api/definitions/${kind}/${name}`, { token: admin })).status).toBe(200);
    }
    expect((await t.call('DELETE', '/api/definitions/model/USER', { token: admin })).status).toBe(200);
    expect((await t.call<{ count: number }>('GET', '/api/grid/users/data/0/10', { token: admin })).body.count).toBe(users);
    expect((await t.call('POST', '/api/login', { body: { user: 'admin', password: 'correct horse battery' } })).status).toBe(200);
  });
});

describe('at start-up, a database that holds such models', () => {
  it('keeps the built-in model and its table, and refuses the others until one definition is deleted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-names-'));
    const schema = TEST_DB === 'postgres' ? await createTestSchema() : undefined;
    const databaseUrl = schema?.url ?? `sqlite:${join(dir, 'names.sqlite')}`;
    let app = await startTestApp({ databaseUrl });
    try {
      const first = await app.setup();
      expect((await app.call('POST', '/api/definitions/model', { token: first, body: { name: 'Product', title: 'P', fields: [{ name: 'title', type: 'text' }] } })).status).toBe(201);
      await plantModel('USER', [...userLike('USER').fields, { name: 'extra', type: 'text' }], app);
      await plantModel('PRODUCT', [{ name: 'title', type: 'text' }, { name: 'price', type: 'number' }], app);
      await app.close();
      app = await startTestApp({ databaseUrl });
      const login = await app.call('POST', '/api/login', { body: { user: ADMIN.user, password: ADMIN.password } });
      expect(login.status).toBe(200);
      const admin2 = sessionToken(login);
      // The users are served by User as ever; USER changed nothing of their table.
      expect((await app.call<{ count: number }>('GET', '/api/grid/users/data/0/10', { token: admin2 })).body.count).toBe(1);
      const columns = await app.app.services.store.db.introspection.getTables();
      expect(columns.find((c) => c.name === 't_user')?.columns.map((c) => c.name)).not.toContain('extra');
      for (const name of ['USER', 'PRODUCT', 'Product']) {
        const res = await app.call<Refusal>('GET', `/api/models/${name}`, { token: admin2 });
        expect(res.status, name).toBe(409);
        expect(res.body.code).toBe('MODEL_NOT_APPLIED');
        expect(res.body.error).toMatch(/shares its table with the model/);
      }
      // Deleting one of two admin-made definitions keeps the table, which the other then has alone.
      expect((await app.call('DELETE', '/api/definitions/model/PRODUCT', { token: admin2 })).status).toBe(200);
      expect((await app.call('GET', '/api/models/Product', { token: admin2 })).status).toBe(200);
      expect((await app.call('DELETE', '/api/definitions/model/USER', { token: admin2 })).status).toBe(200);
      expect((await app.call<{ count: number }>('GET', '/api/grid/users/data/0/10', { token: admin2 })).body.count).toBe(1);
    } finally {
      await app.close();
      await schema?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

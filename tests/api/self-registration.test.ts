import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Self-registration follows the SELF_REGISTRATION setting (off by default), whatever
 * a public form over User grants, and a self-registered user joins REGISTRATION_GROUP only,
 * never as an admin.
 */
let t: TestApp;
let admin: string;

const BOB = { user: 'bob', email: 'bob@example.com', password: 'a long password' };

const stored = (name: string) => t.app.services.store.getRaw('User', { field: 'user', value: name });
const setSettings = (body: Record<string, unknown>) => t.call('POST', '/api/settings', { token: admin, body });
const groupsOf = async (id: number) =>
  (await t.call<{ name: string; selected: boolean }[]>('GET', `/api/link/User/groups/${id}`, { token: admin })).body.filter((g) => g.selected).map((g) => g.name);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Members', 'Staff']) {
    expect((await t.call('POST', '/api/form/group/add', { token: admin, body: { name } })).status).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('self-registration turned off (the default)', () => {
  it('tells the client in GET /api/env/', async () => {
    const env = await t.call<{ SELF_REGISTRATION: number }>('GET', '/api/env/');
    expect(env.body.SELF_REGISTRATION).toBe(0);
  });

  it('refuses the register form with 403 and stores nothing', async () => {
    const res = await t.call('POST', '/api/form/register/add', { body: BOB });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'REGISTRATION_OFF', error: expect.stringContaining('Self-registration is turned off') });
    expect(await stored('bob')).toBeUndefined();
    expect((await t.call('POST', '/api/login', { body: { user: 'bob', password: BOB.password } })).status).toBe(401);
  });

  it('refuses any other public form over User too, whatever its grants say', async () => {
    const definition = ['user', 'email', 'password'].map((name) => ({ cols: [{ childType: 'Input', width: 12, name, label: name, fieldtype: name === 'password' ? 'password' : 'text' }] }));
    const made = await t.call('POST', '/api/definitions/form', { token: admin, body: { name: 'signup', title: 'Sign up', model: 'User', access: { public: true, groups: ['Everyone'] }, definition } });
    expect(made.status).toBe(201);
    const res = await t.call('POST', '/api/form/signup/add', { body: { user: 'carol', email: 'carol@example.com', password: 'a long password' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'REGISTRATION_OFF' });
    expect(await stored('carol')).toBeUndefined();
  });

  it('still lets an admin add users', async () => {
    const res = await t.call('POST', '/api/form/user/add', { token: admin, body: { user: 'dave', email: 'dave@example.com', password: 'a long password', Admin: false } });
    expect(res.status).toBe(200);
  });
});

describe('self-registration turned on', () => {
  it('refuses a registration group that does not exist', async () => {
    const res = await setSettings({ SELF_REGISTRATION: true, REGISTRATION_GROUP: 'Nobody' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ pointer: '/REGISTRATION_GROUP' }] });
  });

  it('creates the user in the configured group only, not as an admin', async () => {
    expect((await setSettings({ SELF_REGISTRATION: true, REGISTRATION_GROUP: 'Members' })).status).toBe(200);
    expect((await t.call<{ SELF_REGISTRATION: number }>('GET', '/api/env/')).body.SELF_REGISTRATION).toBe(1);
    const res = await t.call<{ id: number }>('POST', '/api/form/register/add', { body: BOB });
    expect(res.status).toBe(200);
    expect(await groupsOf(res.body.id)).toEqual(['Members']);
    const login = await t.call<{ user: { Admin: boolean } }>('POST', '/api/login', { body: { user: 'bob', password: BOB.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.Admin).toBe(false);
  });

  it('refuses Admin and groups in the body, storing nothing', async () => {
    for (const extra of [{ Admin: true }, { Admin: false }, { groups: [1] }]) {
      const res = await t.call('POST', '/api/form/register/add', { body: { user: 'eve', email: 'eve@example.com', password: 'a long password', ...extra } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('Self-registration cannot set') });
      expect(await stored('eve')).toBeUndefined();
    }
  });

  it('never makes an admin, even through a public User form that shows the Admin flag', async () => {
    const form = await t.call<{ id: number; version: number; definition: unknown[] }>('GET', '/api/definitions/form/signup', { token: admin });
    const definition = [...form.body.definition, { cols: [{ childType: 'Checkbox', width: 12, name: 'Admin', label: 'Admin' }] }];
    expect((await t.call('PUT', '/api/definitions/form/signup', { token: admin, body: { ...form.body, definition } })).status).toBe(200);
    const res = await t.call('POST', '/api/form/signup/add', { body: { user: 'mallory', email: 'mallory@example.com', password: 'a long password', Admin: true } });
    expect(res.status).toBe(403);
    expect(await stored('mallory')).toBeUndefined();
    const plain = await t.call('POST', '/api/form/signup/add', { body: { user: 'trent', email: 'trent@example.com', password: 'a long password' } });
    expect(plain.status).toBe(200);
    expect((await stored('trent'))?.Admin).toBeFalsy();
  });

  it('joins no group when none is named, or when the named one was deleted since', async () => {
    expect((await setSettings({ REGISTRATION_GROUP: '' })).status).toBe(200);
    const none = await t.call<{ id: number }>('POST', '/api/form/register/add', { body: { user: 'frank', email: 'frank@example.com', password: 'a long password' } });
    expect(none.status).toBe(200);
    expect(await groupsOf(none.body.id)).toEqual([]);

    expect((await setSettings({ REGISTRATION_GROUP: 'Staff' })).status).toBe(200);
    const staff = await t.app.services.store.getRaw('Group', { field: 'name', value: 'Staff' });
    expect((await t.call('DELETE', `/api/form/group/delete/${String(staff?.id)}`, { token: admin })).status).toBe(200);
    const gone = await t.call<{ id: number }>('POST', '/api/form/register/add', { body: { user: 'grace', email: 'grace@example.com', password: 'a long password' } });
    expect(gone.status).toBe(200);
    expect(await groupsOf(gone.body.id)).toEqual([]);
  });

  it('is refused again as soon as it is turned off', async () => {
    expect((await setSettings({ SELF_REGISTRATION: false })).status).toBe(200);
    const res = await t.call('POST', '/api/form/register/add', { body: { user: 'heidi', email: 'heidi@example.com', password: 'a long password' } });
    expect(res.status).toBe(403);
    expect(await stored('heidi')).toBeUndefined();
  });
});

describe('SELF_REGISTRATION in the configuration', () => {
  it('turns self-registration on without Settings', async () => {
    const on = await startTestApp({ env: { SELF_REGISTRATION: 1 } });
    try {
      await on.setup();
      expect((await on.call<{ SELF_REGISTRATION: number }>('GET', '/api/env/')).body.SELF_REGISTRATION).toBe(1);
      expect((await on.call('POST', '/api/form/register/add', { body: BOB })).status).toBe(200);
    } finally {
      await on.close();
    }
  });
});

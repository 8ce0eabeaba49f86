import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/auth.js';
import { sessionToken } from '../support/cookies.js';
import { createTestSchema } from '../support/pg.js';
import { startSmtp, tokenIn, type Inbox } from '../support/smtp.js';
import { ADMIN, startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';

/**
 * A user name or e-mail address names one account whatever its case and surrounding spaces:
 * `Admin ` and `ADMIN@example.com` are admin's. They are stored trimmed, unique without regard
 * to case on every path that writes a User (registration, the user form, My details, setup),
 * held by the database itself, and sign-in and the lost-password mail find them the same way.
 */
let t: TestApp;
let admin: string;
let inbox: Inbox;

type Refusal = { error: string; code: string; details?: { pointer: string; message: string }[] };

const stored = (name: string) => t.app.services.store.getRaw('User', { field: 'user', value: name });
const login = (user: string, password: string) => t.call<{ user?: { user: string } }>('POST', '/api/login', { body: { user, password } });
const register = (body: Record<string, unknown>) => t.call<Refusal & { id: number }>('POST', '/api/form/register/add', { body: { password: 'a long password', ...body } });
const addUser = (body: Record<string, unknown>) => t.call<Refusal & { id: number }>('POST', '/api/form/user/add', { token: admin, body: { password: 'a long password', Admin: false, ...body } });
const userCount = async () => Number((await t.app.services.store.count('User')) ?? 0);

function expectTaken(res: { status: number; body: Refusal }, pointer: '/user' | '/email'): void {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.details).toEqual([{ pointer, message: expect.stringMatching(/already/) }]);
  expect(res.body.error).toMatch(pointer === '/user' ? /user name/i : /e-mail/i);
}

beforeAll(async () => {
  inbox = await startSmtp();
  t = await startTestApp();
  const res = await t.call('POST', '/api/setup/finish', {
    body: { ...ADMIN, user: ` ${ADMIN.user} `, setupCode: t.setupCode(), smtp_host: '127.0.0.1', smtp_port: String(inbox.port), smtp_from: 'noreply@example.com', smtp_secure: false },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  admin = sessionToken(res);
  expect((await t.call('POST', '/api/settings', { token: admin, body: { SELF_REGISTRATION: true } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe('self-registration', () => {
  it.each([
    ['Admin ', 'someone@example.com', '/user'],
    ['ADMIN', 'someone@example.com', '/user'],
    ['someone', 'ADMIN@example.com', '/email'],
    ['someone', ' admin@EXAMPLE.com ', '/email'],
  ] as const)("refuses '%s' / '%s' beside admin, storing nothing", async (user, email, pointer) => {
    const before = await userCount();
    expectTaken(await register({ user, email }), pointer);
    expect(await userCount()).toBe(before);
  });

  it('stores the names trimmed, and they sign in in any case', async () => {
    const res = await register({ user: '  Newbie ', email: ' Newbie@Example.com ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored('Newbie')).toMatchObject({ user: 'Newbie', email: 'Newbie@Example.com' });
    for (const name of ['Newbie', 'newbie', ' NEWBIE ', 'newbie@example.com', 'NEWBIE@EXAMPLE.COM']) {
      const signed = await login(name, 'a long password');
      expect(signed.status, name).toBe(200);
      expect(signed.body.user?.user).toBe('Newbie');
    }
    expect((await login('newbie', 'a wrong password')).status).toBe(401);
  });
});

describe("the admin's user form", () => {
  it('refuses a name or address taken in another case, and stores trimmed ones', async () => {
    expectTaken(await addUser({ user: 'newBIE', email: 'other@example.com' }), '/user');
    expectTaken(await addUser({ user: 'other', email: 'NEWBIE@example.com' }), '/email');
    const bob = await addUser({ user: ' bob ', email: 'bob@example.com ' });
    expect(bob.status, JSON.stringify(bob.body)).toBe(200);
    expect(await stored('bob')).toMatchObject({ user: 'bob', email: 'bob@example.com' });
  });

  it('refuses a rename onto another account, and takes a change of case of its own name', async () => {
    const bob = await stored('bob');
    const id = Number(bob?.id);
    const version = async () => (await t.call<{ _version: number }>('GET', `/api/form/user/data/${id}`, { token: admin })).body._version;
    expectTaken(await t.call<Refusal>('POST', `/api/form/user/update/${id}`, { token: admin, body: { user: 'Admin', _version: await version() } }), '/user');
    expectTaken(await t.call<Refusal>('POST', `/api/form/user/update/${id}`, { token: admin, body: { email: 'admin@example.COM', _version: await version() } }), '/email');
    const renamed = await t.call('POST', `/api/form/user/update/${id}`, { token: admin, body: { user: 'Bob ', email: 'BOB@example.com', _version: await version() } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await stored('Bob')).toMatchObject({ user: 'Bob', email: 'BOB@example.com' });
  });

  it('refuses a name of spaces only', async () => {
    const res = await addUser({ user: '   ', email: 'blank@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.pointer).toBe('/user');
  });
});

describe('My details', () => {
  it("refuses another account's address in another case, and stores a trimmed one", async () => {
    const bob = await login('bob', 'a long password');
    const token = sessionToken(bob);
    const id = Number((await stored('Bob'))?.id);
    const version = async () => (await t.call<{ _version: number }>('GET', `/api/form/mydetails/data/${id}`, { token })).body._version;
    expectTaken(await t.call<Refusal>('POST', `/api/form/mydetails/update/${id}`, { token, body: { email: ' Admin@Example.com', _version: await version() } }), '/email');
    expectTaken(await t.call<Refusal>('POST', `/api/form/mydetails/update/${id}`, { token, body: { user: 'NEWBIE', _version: await version() } }), '/user');
    const saved = await t.call('POST', `/api/form/mydetails/update/${id}`, { token, body: { email: ' bob2@example.com ', _version: await version() } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await stored('Bob'))?.email).toBe('bob2@example.com');
  });
});

describe('setup', () => {
  it('stored the first admin trimmed', async () => {
    expect(await stored(ADMIN.user)).toMatchObject({ user: ADMIN.user, email: ADMIN.email });
  });
});

describe('the database', () => {
  it('holds the rule itself: a second spelling written past the routes is refused', async () => {
    const { store } = t.app.services;
    await expect(store.insert('User', { user: 'BOB', email: 'unique@example.com', password: 'x' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/User name/) });
    await expect(store.insert('User', { user: 'unique', email: 'Bob2@Example.COM', password: 'x' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/E-mail/) });
  });
});

describe('the lost-password mail', () => {
  it('finds the account by its address in any case', async () => {
    const before = inbox.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/lost_password', headers: { 'x-requested-with': 'tessera' }, payload: { email: ' BOB2@EXAMPLE.COM ' }, remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    await t.app.services.passwordReset.settled();
    const mail = await inbox.waitFor((m) => inbox.messages.indexOf(m) >= before && m.to.includes('bob2@example.com'));
    const check = await t.app.inject({ method: 'POST', url: '/api/user/validate_token', headers: { 'x-requested-with': 'tessera' }, payload: { email: 'Bob2@example.com', token: tokenIn(mail) }, remoteAddress: '10.9.9.9' });
    expect(check.statusCode, check.body).toBe(200);
  });
});

describe('a database that already holds two spellings of one name', () => {
  it('starts, keeps them apart at sign-in, refuses a third, and gets the rule once they are resolved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-identity-'));
    const schema = TEST_DB === 'postgres' ? await createTestSchema() : undefined;
    const databaseUrl = schema?.url ?? `sqlite:${join(dir, 'identity.sqlite')}`;
    let app = await startTestApp({ databaseUrl });
    const indexes = async () => {
      const { db, dialect } = app.app.services.database;
      const rows =
        dialect === 'sqlite'
          ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 't_user'`.execute(db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 't_user'`.execute(db);
      return rows.rows.map((r) => r.name).filter((n) => n.endsWith('__ci')).sort();
    };
    try {
      const first = await app.setup();
      expect(await indexes()).toEqual(['t_user__email__ci', 't_user__user__ci']);
      // As an older release allowed: 'dave' and 'DAVE', each with its own password.
      await sql`drop index t_user__user__ci`.execute(app.app.services.database.db);
      expect((await app.call('POST', '/api/form/user/add', { token: first, body: { user: 'dave', email: 'dave@example.com', password: 'dave-password', Admin: false } })).status).toBe(200);
      await app.app.services.store.insert('User', { user: 'DAVE', email: 'dave2@example.com', password: await hashPassword('DAVE-password'), Admin: false });
      await app.close();
      app = await startTestApp({ databaseUrl });
      expect(await indexes()).toEqual(['t_user__email__ci']);
      const signIn = (user: string, password: string) => app.call('POST', '/api/login', { body: { user, password } });
      expect((await signIn('dave', 'dave-password')).status).toBe(200);
      expect((await signIn('DAVE', 'DAVE-password')).status).toBe(200);
      expect((await signIn('Dave', 'dave-password')).status).toBe(401);
      const token = sessionToken(await signIn(ADMIN.user, ADMIN.password));
      const third = await app.call<Refusal>('POST', '/api/form/user/add', { token, body: { user: 'Dave', email: 'dave3@example.com', password: 'dave3-password', Admin: false } });
      expect(third.status).toBe(409);
      const upper = await app.app.services.store.getRaw('User', { field: 'user', value: 'DAVE' });
      expect((await app.call('DELETE', `/api/form/user/delete/${String(upper?.id)}`, { token })).status).toBe(200);
      await app.close();
      app = await startTestApp({ databaseUrl });
      expect(await indexes()).toEqual(['t_user__email__ci', 't_user__user__ci']);
      expect((await signIn('Dave', 'dave-password')).status).toBe(200);
    } finally {
      await app.close();
      await schema?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

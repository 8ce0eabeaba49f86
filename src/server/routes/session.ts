import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../core/errors.js';
import { hashPassword, userIdOf, verifyPassword } from '../auth/auth.js';
import { throttleKeys } from '../auth/signin-throttle.js';
import { requireSetupCode } from '../auth/setup-code.js';
import { checkIdentityFree, findAccount } from '../auth/user-identity.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, DEVICE_COOKIE_PATH } from '../auth/trusted-devices.js';
import { apiSchemaId } from '../../shared/contract.js';
import { authorOf } from '../records/audit-columns.js';


/**
 * The body limit of sign-in, setup and the password routes, whoever calls them: their bodies
 * hold a name, an address, passwords and SMTP settings, a few KiB at most (413 beyond).
 */
export const SMALL_BODY_LIMIT = 16 * 1024;

const loginBody = {
  $id: apiSchemaId('login'),
  type: 'object',
  properties: { user: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', minLength: 1, maxLength: 1000 } },
  required: ['user', 'password'],
  additionalProperties: false,
};

const smtpProps = {
  smtp_host: { type: 'string', maxLength: 255 },
  smtp_port: { anyOf: [{ type: 'string', pattern: '^[0-9]{0,5}$' }, { type: 'integer', minimum: 1, maximum: 65535 }] },
  smtp_user: { type: 'string', maxLength: 255 },
  smtp_password: { type: 'string', maxLength: 1000 },
  smtp_from: { type: 'string', maxLength: 255 },
  smtp_secure: { type: 'boolean' },
};

const setupBody = {
  $id: apiSchemaId('setup-finish'),
  type: 'object',
  properties: {
    // Not required by the schema: a missing code is answered 403 SETUP_CODE, like a wrong one.
    setupCode: { type: 'string', maxLength: 100 },
    user: { type: 'string', minLength: 1, maxLength: 200 },
    email: { type: 'string', format: 'email', maxLength: 255 },
    password: { type: 'string', minLength: 8, maxLength: 1000 },
    ...smtpProps,
  },
  required: ['user', 'email', 'password'],
  additionalProperties: false,
};

const changeMyPasswordBody = {
  $id: apiSchemaId('change-my-password'),
  type: 'object',
  properties: {
    email: { type: 'string' },
    OldPassword: { type: 'string', minLength: 1 },
    NewPassword1: { type: 'string', minLength: 8, maxLength: 1000 },
    NewPassword2: { type: 'string', maxLength: 1000 },
  },
  required: ['OldPassword', 'NewPassword1', 'NewPassword2'],
  additionalProperties: false,
};

const changeUserPasswordBody = {
  $id: apiSchemaId('change-user-password'),
  type: 'object',
  properties: {
    id: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }] },
    NewPassword1: { type: 'string', minLength: 8, maxLength: 1000 },
    NewPassword2: { type: 'string', maxLength: 1000 },
  },
  required: ['id', 'NewPassword1', 'NewPassword2'],
  additionalProperties: false,
};

export function setTokenCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  reply.setCookie('token', token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge,
  });
}

/** The trusted-device cookie (auth/trusted-devices.ts): long-lived, sent only to sign-in. */
function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { store, sessions, throttle, devices, setupCodes, settings, database, site } = app.services;

  app.get('/api/checkuser', { config: { access: 'public', beforeSetup: true } }, async (req) => {
    const setupNotCompleted = !(await settings.setupCompleted());
    if (setupNotCompleted) return { user: null, setupNotCompleted };
    // While an administrator views as someone (http/view-as.ts), `user` is whom they view as, so
    // the client's menus and screens follow that user; `viewingAs` says so, for the banner.
    return req.viewingAs ? { user: req.user, setupNotCompleted, viewingAs: req.viewingAs } : { user: req.user, setupNotCompleted };
  });

  app.post<{ Body: { user: string; password: string } }>(
    '/api/login',
    { config: { access: 'public' }, bodyLimit: SMALL_BODY_LIMIT, schema: { body: loginBody } },
    async (req, reply) => {
      const account = req.body.user.trim();
      // Without regard to case, as names and addresses are unique (user-identity.ts).
      const row = await findAccount(database.db, account.includes('@') ? 'email' : 'user', account);
      // A browser that signed in to this account before is counted on its own (see
      // auth/signin-throttle.ts); anyone else per address and per account, by id when the
      // account exists so that its user name and e-mail share one count.
      const device = await devices.read(req.cookies[DEVICE_COOKIE]);
      const userId = row ? userIdOf(store, row.id) : undefined;
      const trusted = userId !== undefined && device?.userId === String(userId) ? device : undefined;
      const reserved = await throttle.reserve(
        trusted ? [throttleKeys.device(trusted.id)] : [throttleKeys.address(req.ip), throttleKeys.account(userId !== undefined ? `#${userId}` : account)],
      );
      const ok = await verifyPassword(row ? String(row.password ?? '') || null : null, req.body.password);
      if (!row || userId === undefined || !ok) return reply.status(401).send({ success: false, error: 'Wrong user name or password' });
      await throttle.release(reserved);
      const token = await sessions.create(userId);
      setTokenCookie(req, reply, token, site.sessionTtlSeconds());
      setDeviceCookie(req, reply, await devices.issue(userId, trusted));
      const user = {
        id: row.id,
        user: row.user,
        email: row.email,
        Admin: row.Admin === true || row.Admin === 1,
        FrontPage: row.FrontPage ?? '',
      };
      // The HttpOnly cookie carries the token; a body a script can read never does.
      return { success: true, user };
    },
  );

  app.get('/api/logout', { config: { access: 'public' } }, async (req, reply) => {
    // A GET, because the API's callers sign out with GET (docs/security.md), so a picture
    // (<img src=/api/logout>, a grid Image cell), a frame, a link or another origin's fetch
    // could sign a viewer out: the request hook lets only the
    // app's own calls reach here, as for every change (src/server/http/origin-check.ts).
    if (req.token) await sessions.revoke(req.token);
    reply.clearCookie('token', { path: '/' });
    return { success: true };
  });

  app.post<{ Body: Record<string, unknown> & { setupCode?: string; user: string; email: string; password: string } }>(
    '/api/setup/finish',
    { config: { access: 'setup', beforeSetup: true }, bodyLimit: SMALL_BODY_LIMIT, schema: { body: setupBody } },
    async (req, reply) => {
      const { setupCode, user, email, password, ...smtp } = req.body;
      await requireSetupCode(throttle, setupCodes, req.ip, setupCode);
      // Stored trimmed (user-identity.ts): a name of spaces only is no name.
      if (user.trim() === '') throw errors.invalid('Validation Failed', [{ pointer: '/user', message: 'User name is a required field' }]);
      const hashed = await hashPassword(password);
      let id: number;
      try {
        id = await database.db.transaction().execute(async (trx) => {
          await settings.markSetupCompleted(trx);
          await setupCodes.clear(trx);
          const admin = { user: user.trim(), email: email.trim(), password: hashed, Admin: true };
          await checkIdentityFree(trx, admin);
          const newId = userIdOf(store, await store.insert('User', admin, trx));
          await settings.set('smtp', smtp, trx);
          return newId;
        });
      } catch (e) {
        if (await settings.setupCompleted()) throw errors.setupCompleted();
        throw e;
      }
      // Setup's SMTP values seed the settings: apply them in this process at once.
      await site.reload();
      const token = await sessions.create(id);
      setTokenCookie(req, reply, token, site.sessionTtlSeconds());
      setDeviceCookie(req, reply, await devices.issue(id));
      return { success: true };
    },
  );

  app.post<{ Body: { OldPassword: string; NewPassword1: string; NewPassword2: string } }>(
    '/api/changemypassword',
    { config: { access: 'user' }, bodyLimit: SMALL_BODY_LIMIT, schema: { body: changeMyPasswordBody } },
    async (req, reply) => {
      const me = req.user;
      if (!me || me.id === 0) throw errors.forbidden('There is no account to change');
      const { OldPassword, NewPassword1, NewPassword2 } = req.body;
      if (NewPassword1 !== NewPassword2) throw errors.invalid('Password mismatch');
      if (NewPassword1 === OldPassword) throw errors.invalid('New password must be different from the old one');
      const row = await store.getRaw('User', { field: 'id', value: me.id });
      // A stolen session must not guess the old password without limit: the sign-in delays
      // apply, to this account's password changes and to the address.
      const reserved = await throttle.reserve([throttleKeys.address(req.ip), throttleKeys.changePassword(me.id)]);
      if (!(await verifyPassword(row ? String(row.password ?? '') || null : null, OldPassword))) {
        throw errors.invalid('The old password is not right');
      }
      await throttle.release(reserved);
      await store.update('User', me.id, { password: await hashPassword(NewPassword1) }, undefined, undefined, authorOf(me));
      await sessions.revokeAll(me.id);
      setTokenCookie(req, reply, await sessions.create(me.id), site.sessionTtlSeconds());
      return { success: true };
    },
  );

  app.post<{ Body: { id: string | number; NewPassword1: string; NewPassword2: string } }>(
    '/api/changeuserpassword',
    { config: { access: 'admin' }, bodyLimit: SMALL_BODY_LIMIT, schema: { body: changeUserPasswordBody } },
    async (req) => {
      const { NewPassword1, NewPassword2 } = req.body;
      if (NewPassword1 !== NewPassword2) throw errors.invalid('Password mismatch');
      // '02' is user 2 to the update: the sessions to end are user 2's too.
      const id = userIdOf(store, req.body.id);
      if (!(await store.update('User', id, { password: await hashPassword(NewPassword1) }, undefined, undefined, authorOf(req.user)))) {
        throw errors.notFound(`The user '${String(req.body.id)}'`);
      }
      await sessions.revokeAll(id);
      return { success: true };
    },
  );
}

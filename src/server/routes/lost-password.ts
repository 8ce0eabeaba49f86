import type { FastifyInstance } from 'fastify';
import { SMALL_BODY_LIMIT } from './session.js';
import { errors } from '../core/errors.js';

const S = 'https://tessera.dev/schemas/api/';

const email = { type: 'string', minLength: 3, maxLength: 255, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$' };
const token = { type: 'string', minLength: 1, maxLength: 200 };

const lostPasswordBody = {
  $id: `${S}lost-password.json`,
  type: 'object',
  properties: { email },
  required: ['email'],
  additionalProperties: false,
};

const validateTokenBody = {
  $id: `${S}validate-token.json`,
  type: 'object',
  properties: { email, token },
  required: ['email', 'token'],
  additionalProperties: false,
};

const changePasswordBody = {
  $id: `${S}lost-password-change.json`,
  type: 'object',
  properties: {
    email,
    token,
    NewPassword1: { type: 'string', minLength: 8, maxLength: 1000 },
    NewPassword2: { type: 'string', maxLength: 1000 },
  },
  required: ['email', 'token', 'NewPassword1', 'NewPassword2'],
  additionalProperties: false,
};

/** The one answer of stage 1, whether or not the address is an account's. */
export const LOST_PASSWORD_ANSWER = {
  success: true,
  message: 'If this address belongs to an account, a token to reset its password is on its way.',
};

/** Lost password (docs/operations.md): request a token by e-mail, check it, choose a new password with it. */
export async function lostPasswordRoutes(app: FastifyInstance): Promise<void> {
  const { passwordReset } = app.services;

  app.post<{ Body: { email: string } }>(
    '/api/user/lost_password',
    { config: { access: 'public' }, bodyLimit: SMALL_BODY_LIMIT, schema: { summary: 'Stage 1: e-mails a token when the address is an account\'s; answers alike either way', body: lostPasswordBody } },
    async (req) => {
      await passwordReset.request(req.body.email, req.ip);
      return LOST_PASSWORD_ANSWER;
    },
  );

  app.post<{ Body: { email: string; token: string } }>(
    '/api/user/validate_token',
    { config: { access: 'public' }, bodyLimit: SMALL_BODY_LIMIT, schema: { summary: 'Stage 2: checks a token without using it', body: validateTokenBody } },
    async (req) => {
      if (!(await passwordReset.check(req.body.email, req.body.token))) throw errors.invalidToken();
      return { success: true };
    },
  );

  app.post<{ Body: { email: string; token: string; NewPassword1: string; NewPassword2: string } }>(
    '/api/user/change_password',
    { config: { access: 'public' }, bodyLimit: SMALL_BODY_LIMIT, schema: { summary: 'Stage 3: sets the new password with the token, which it uses up, and ends every session', body: changePasswordBody } },
    async (req) => {
      const { NewPassword1, NewPassword2 } = req.body;
      if (NewPassword1 !== NewPassword2) throw errors.invalid('Password mismatch');
      await passwordReset.change(req.body.email, req.body.token, NewPassword1);
      return { success: true };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { errors } from '../core/errors.js';
import { requireSetupCode } from '../auth/setup-code.js';
import { settingsBody, type SettingsInput, type SmtpValues } from '../core/site-settings.js';
import { apiSchemaId } from '../../shared/contract.js';


const smtpBody = {
  $id: apiSchemaId('smtp-test'),
  type: 'object',
  properties: {
    smtp_host: { type: 'string', maxLength: 255 },
    smtp_port: { anyOf: [{ type: 'string', pattern: '^\\s*[0-9]{0,5}\\s*$' }, { type: 'integer', minimum: 1, maximum: 65535 }] },
    smtp_user: { type: 'string', maxLength: 255 },
    smtp_password: { type: 'string', maxLength: 1000 },
    smtp_from: { type: 'string', maxLength: 255 },
    smtp_secure: { anyOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false'] }] },
    ADMIN_EMAIL: { type: 'string', maxLength: 255 },
    // Before setup is completed: the code printed in the server's log (the wizard's first step).
    setupCode: { type: 'string', maxLength: 100 },
  },
  required: ['smtp_host'],
  // The Settings dialogue sends its whole form; only the values above are used.
  additionalProperties: true,
};

const bit = { enum: [0, 1] };

/** GET /api/env/: what the client reads at start (the EnvValues: environment, licence, flags), public so the login screen can use it. */
const envAnswer = {
  type: 'object',
  properties: {
    ENVIRONMENT_NAME: { type: 'string' },
    LICENCE_STATUS: { type: 'string' },
    EXPIRED: { type: 'boolean' },
    ENABLE_SECURITY: bit,
    ENABLE_PREFERENCES_SCREEN: bit,
    TOOLBAR_CLASS: { type: 'string' },
    SELF_REGISTRATION: { ...bit, description: '1: anyone may create an account through the register form, so the login screen offers Register; 0: the server refuses it' },
  },
  required: ['ENVIRONMENT_NAME', 'LICENCE_STATUS', 'EXPIRED', 'ENABLE_SECURITY', 'ENABLE_PREFERENCES_SCREEN', 'TOOLBAR_CLASS', 'SELF_REGISTRATION'],
  additionalProperties: false,
};

type SmtpTestBody = Partial<Record<keyof SmtpValues | 'ADMIN_EMAIL' | 'setupCode', string | number | boolean>>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Settings (the Settings dialogue, docs/operations.md): the admins' values, and the SMTP test of setup and Settings. */
/** The one answer to a failed SMTP test, whatever went wrong (the log has the reason). */
export const SMTP_TEST_FAILED = 'SMTP test failed: the server could not be reached, or it refused the connection, the sign-in or the message. The server log has the details.';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { site, mail, settings, store, throttle, setupCodes } = app.services;

  app.get(
    '/api/env/',
    { config: { access: 'public', beforeSetup: true }, schema: { summary: 'The environment values the client reads at start', response: { 200: envAnswer } } },
    async () => site.env(await site.current()),
  );

  app.get('/api/settings', { config: { access: 'admin' }, schema: { summary: 'The settings, the SMTP password masked' } }, async () =>
    site.forBrowser(),
  );

  app.post<{ Body: SettingsInput }>(
    '/api/settings',
    { config: { access: 'admin' }, schema: { summary: 'Saves the settings', body: settingsBody } },
    async (req) => {
      const group = typeof req.body.REGISTRATION_GROUP === 'string' ? req.body.REGISTRATION_GROUP.trim() : '';
      if (group && !(await store.getRaw('Group', { field: 'name', value: group }))) {
        throw errors.invalid(`There is no group '${group.slice(0, 100)}': create it first, or leave the registration group empty`, [
          { pointer: '/REGISTRATION_GROUP', message: 'is not an existing group' },
        ]);
      }
      await site.save(req.body);
      return { success: true, settings: await site.forBrowser() };
    },
  );

  app.post<{ Body: SmtpTestBody }>(
    '/api/smtp/test',
    { config: { access: 'setupOrAdmin', beforeSetup: true }, schema: { summary: 'Tests SMTP values; sends a test message to ADMIN_EMAIL when given', body: smtpBody } },
    async (req, reply) => {
      const v = req.body;
      // The password left masked in the form means the stored one (it never reaches the browser).
      // Before setup is completed nothing is stored, and nobody signed in may read it anyway.
      const mayUseStored = await settings.setupCompleted();
      // Before setup anyone may call this: without the setup code it would let them time
      // connections to any host and port from the server (refused at once, open after seconds).
      if (!mayUseStored) await requireSetupCode(throttle, setupCodes, req.ip, v.setupCode);
      const smtp: SmtpValues = {
        smtp_host: String(v.smtp_host ?? '').trim(),
        smtp_port: Number(String(v.smtp_port ?? '').trim() || 587),
        smtp_secure: v.smtp_secure === true || v.smtp_secure === 1 || v.smtp_secure === '1' || v.smtp_secure === 'true',
        smtp_user: String(v.smtp_user ?? '').trim(),
        smtp_password: mayUseStored ? await site.resolvePassword(v.smtp_password) : String(v.smtp_password ?? ''),
        smtp_from: String(v.smtp_from ?? '').trim(),
      };
      if (!smtp.smtp_host) throw errors.invalid('SMTP test failed: enter the SMTP server first');
      const to = String(v.ADMIN_EMAIL ?? '').trim();
      try {
        if (to && EMAIL.test(to)) {
          const name = (await site.current()).ENVIRONMENT_NAME;
          await mail.send({ to, subject: `${name}: SMTP test`, text: `This is a test message from ${name}. Outgoing mail works.` }, smtp);
          return { success: true, sentTo: to };
        }
        await mail.verify(smtp);
        return { success: true };
      } catch (e) {
        // The reason stays in the server's log: echoed back, socket errors (refused, timed out,
        // not an SMTP greeting) would make this route a port scanner of the server's network.
        req.log.warn({ err: e, host: smtp.smtp_host, port: smtp.smtp_port }, 'SMTP test failed');
        return reply.status(400).send({ success: false, error: SMTP_TEST_FAILED, code: 'SMTP_FAILED' });
      }
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { apiSchemaId } from '../../shared/contract.js';
import { requireSetupCode } from '../auth/setup-code.js';
import { SMALL_BODY_LIMIT } from './session.js';

const checkBody = {
  $id: apiSchemaId('setup-check-code'),
  type: 'object',
  properties: {
    // Not required, as at /api/setup/finish: a missing code is answered 403 SETUP_CODE, like a wrong one.
    setupCode: { type: 'string', maxLength: 100 },
  },
  additionalProperties: false,
};

/**
 * POST /api/setup/check-code: whether a setup code is right, without finishing setup, so the
 * wizard can refuse a wrong code on the step where it is typed instead of at Finish. It is
 * the same check as finishing's (requireSetupCode): a wrong or missing code is 403 SETUP_CODE
 * and counts against the address's sign-in limits (429 when too early), so asking here guesses
 * no faster than finishing would; the right one hands the count back. After setup it answers
 * 403 SETUP_COMPLETED like the other setup routes.
 */
export async function setupCheckRoutes(app: FastifyInstance): Promise<void> {
  const { throttle, setupCodes } = app.services;
  app.post<{ Body: { setupCode?: string } }>(
    '/api/setup/check-code',
    {
      config: { access: 'setup', beforeSetup: true },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: { summary: 'Checks the setup code without finishing setup, counted like a sign-in attempt', body: checkBody },
    },
    async (req) => {
      await requireSetupCode(throttle, setupCodes, req.ip, req.body.setupCode);
      // 200 like every other answer the client takes as success (its contract: anything else is an error).
      return { success: true };
    },
  );
}

/** How a refused or failed request is answered: the error catalogue's body (src/server/core/errors.ts), never a stack. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errors, isDatabaseUnavailable, refusalBody } from '../core/errors.js';

/** At most this many reasons are listed when a request is refused. */
export const MAX_ERROR_DETAILS = 10;

/** The router's own refusals (a bad or too long url) quote the whole url, which may be megabytes: ours do not. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const refusal = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? errors.urlTooLong() : errors.badUrl();
  // Typed for the route that was not found; any reply can answer.
  (reply as unknown as FastifyReply).status(refusal.status).send(refusalBody(refusal.message, refusal.code));
}

/** Sets the error handler: catalogue errors as they are, schema failures as 400 with a few reasons, the rest 500. */
export function setErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ ...refusalBody(err.message, err.code, err.details, MAX_ERROR_DETAILS), ...err.extra });
    }
    if (err.validation) {
      // A body with ten thousand bad keys gets a few reasons, not an answer bigger than itself.
      const all = err.validation.map((v) => ({
        pointer: v.instancePath || '/',
        message: v.message ?? 'is not valid',
      }));
      const details = all.slice(0, MAX_ERROR_DETAILS);
      const more = all.length > details.length ? ` (and ${all.length - details.length} more)` : '';
      const where = err.validationContext ?? 'body';
      const message = `The request ${where} is not valid: ${details.map((d) => `${d.pointer} ${d.message}`).join('; ')}${more}`;
      return reply.status(400).send(refusalBody(message, 'INVALID', details, MAX_ERROR_DETAILS));
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply.status(err.statusCode).send(refusalBody(err.message, err.code ?? 'BAD_REQUEST'));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      const unavailable = errors.databaseUnavailable();
      return reply.status(503).header('retry-after', '5').send({ error: unavailable.message, code: unavailable.code });
    }
    req.log.error(err);
    return reply.status(500).send({ error: 'The server failed to answer this request', code: 'INTERNAL' });
  });
}

/**
 * Limits on what a request may send: a caller who is not signed in sends a small body at most
 * (preParsing, before it is read), and no url or body holds a NUL or nests too deep
 * (preValidation, after access is decided: input-checks.ts).
 */
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError, errors } from '../core/errors.js';
import { bodyFault, MAX_BODY_DEPTH, urlHoldsNul } from './input-checks.js';

/**
 * The largest body a caller who is not signed in may send (sign-in, setup, registration, lost
 * password): their work needs a few hundred bytes, and nobody should make the server read and
 * parse megabytes before knowing who they are. Signed-in callers keep the 10 MiB limit.
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/** Adds the preParsing hook that holds an anonymous caller's body to ANONYMOUS_BODY_LIMIT. */
export function addAnonymousBodyLimit(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.user || !req.url.startsWith('/api/')) return payload;
    const tooLarge = () => new ApiError(413, 'TOO_LARGE', `A request from a caller who is not signed in may hold at most ${ANONYMOUS_BODY_LIMIT / 1024} KiB`);
    if (Number(req.headers['content-length'] ?? 0) > ANONYMOUS_BODY_LIMIT) throw tooLarge();
    // No (or a false) Content-Length: count what actually arrives.
    let seen = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (seen > ANONYMOUS_BODY_LIMIT) done(tooLarge());
          else done(null, chunk);
        },
      }),
    );
  });
}

/** Adds the preValidation hook that refuses a NUL in a url or body and a body nested too deep; after addAccessCheck's. */
export function addInputChecks(app: FastifyInstance): void {
  // After access: a NUL in a url or a body is refused on both databases (PostgreSQL cannot store
  // one), and so is a body nesting deeper than the server can work with (input-checks.ts).
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config.access) return;
    if (urlHoldsNul(req.url)) throw errors.invalid('The url holds a NUL character (%00)');
    const fault = bodyFault(req.body);
    if (fault === 'nul') throw errors.invalid('The request holds a NUL character (\\u0000)');
    if (fault === 'depth') {
      throw errors.invalid(`The request nests deeper than ${MAX_BODY_DEPTH} levels`, [{ pointer: '', message: `nests deeper than ${MAX_BODY_DEPTH} levels` }]);
    }
  });
}

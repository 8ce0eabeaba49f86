import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterHistoryContext, type HistoryContext } from '../db/history-context.js';

/**
 * Gives every /api/ request its record history context (db/history-context.ts): the route as
 * its source, the client's address and a request id that groups its entries; the user is filled
 * in once the request hook has found them (preHandler). Every record the request writes is
 * recorded with them.
 *
 * Fastify runs a request's hooks and handler in callbacks, and the body's stream events run
 * outside the request's async context; so, as @fastify/request-context does, the context is
 * entered in onRequest, kept with an AsyncResource on the request, and its scope entered again
 * before validation and before the handler.
 */
const RESOURCE = Symbol('historyScope');
const CONTEXT = Symbol('historyContext');
type WithScope = FastifyRequest & { [RESOURCE]?: AsyncResource; [CONTEXT]?: HistoryContext };

export function addHistoryContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    const context: HistoryContext = {
      userId: null,
      userName: null,
      source: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      address: req.ip,
      requestId: randomUUID(),
    };
    enterHistoryContext(context, () => {
      const scope = new AsyncResource('tessera-history');
      (req as WithScope)[RESOURCE] = scope;
      (req as WithScope)[CONTEXT] = context;
      scope.runInAsyncScope(done, req.raw);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = (req as WithScope)[RESOURCE];
    if (scope) scope.runInAsyncScope(done, req.raw);
    else done();
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const r = req as WithScope;
    const context = r[CONTEXT];
    // The person signed in: while an administrator views the app as another, the administrator.
    const who = req.viewer ?? req.user;
    if (context && who) {
      context.userId = typeof who.id === 'number' ? who.id : Number(who.id);
      context.userName = who.user;
    }
    const scope = r[RESOURCE];
    if (scope) scope.runInAsyncScope(done, req.raw);
    else done();
  });
}

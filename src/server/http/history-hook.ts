import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterHistoryContext, type HistoryContext } from '../db/history-context.js';
import { bearerToken } from './origin-check.js';

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

/** The automation run a request's token stands for (ops/automations/run-tokens.ts), if it is a run's. */
export type RunCallerOf = (token: string | undefined) => { automation: string; depth: number } | undefined;

export function addHistoryContext(app: FastifyInstance, runCallerOf: RunCallerOf = () => undefined): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    // A record step of an automation run (in this process, with its run's token): its writes say
    // so, and start runs one level deeper (docs/automations.md, "Loops").
    const run = runCallerOf(bearerToken(req.headers.authorization));
    const context: HistoryContext = {
      userId: null,
      userName: null,
      source: run ? `automation ${run.automation}` : `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      address: run ? null : req.ip,
      requestId: randomUUID(),
      ...(run ? { automation: { name: run.automation, depth: run.depth } } : {}),
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

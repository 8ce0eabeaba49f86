/**
 * Every /api route declares who may call it (`config.access`, src/server/http/context.ts); these
 * hooks keep the table of routes and check the caller against it before the body is validated,
 * so a stranger learns nothing from 400s.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../core/errors.js';
import type { Access } from './context.js';
import type { Services } from '../ops/services.js';

/** Adds the onRoute hook that refuses an /api route without an access level and lists each in app.routeTable. */
export function addRouteTable(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access as Access | undefined;
    if (!route.url.startsWith('/api')) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, access, beforeSetup: route.config?.beforeSetup === true });
    }
  });
}

/** Adds the preValidation hook that checks the route's access level (and whether setup is done). */
export function addAccessCheck(app: FastifyInstance, services: Services): void {
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access) return;
    const done = await services.settings.setupCompleted();
    if (!done && !req.routeOptions.config.beforeSetup) throw errors.setupNotCompleted();
    switch (access) {
      case 'setup':
        if (done) throw errors.setupCompleted();
        return;
      case 'setupOrAdmin':
        if (!done) return;
        if (!req.user) throw errors.unauthenticated();
        if (!req.user.Admin) throw errors.forbidden();
        return;
      case 'user':
        if (!req.user) throw errors.unauthenticated();
        return;
      case 'admin':
        if (!req.user) throw errors.unauthenticated();
        if (!req.user.Admin) throw errors.forbidden('Only administrators may do this');
        return;
      default:
        return;
    }
  });
}

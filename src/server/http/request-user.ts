/**
 * The first hook of every /api/ request (onRequest): it refuses a change that carries no proof
 * of origin, reads every table's version once, reloads what another process changed, and finds
 * the caller from the session token (the Authorization header or the token cookie), and whom an
 * administrator views the app as (view-as.ts).
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../core/errors.js';
import type { Services } from '../ops/services.js';
import type { SessionUser } from '../auth/auth.js';
import { SETTINGS_TABLE } from '../core/site-settings.js';
import { bearerToken, originRefusal } from './origin-check.js';
import { viewAs } from './view-as.js';

/** The user every caller is when ENABLE_SECURITY is 0. */
const OPEN_ADMIN: SessionUser = { id: 0, user: 'admin', email: '', Admin: true, FrontPage: 'frontpage' };

/** Adds the onRequest hook that sets req.stats, req.user and req.token (and while viewing as, req.viewer and req.viewingAs). */
export function addRequestUser(app: FastifyInstance, services: Services): void {
  const { store } = services;
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    // Before anything is read or decided: a page of another origin on the same site (another
    // port, a sibling subdomain) gets the SameSite cookie sent along (origin-check.ts).
    const refusal = originRefusal({
      method: req.method,
      path: req.url.split('?')[0] ?? '',
      headers: req.headers,
      ownOrigins: [`${req.protocol}://${req.host}`, services.site.cached().PUBLIC_URL],
    });
    if (refusal) throw errors.crossOrigin(refusal);
    // One read of every table's version: the settings (changed in this process or another)
    // are re-read only when theirs moved, and the routes validate their caches with the rest.
    req.stats = await store.snapshot();
    // Another process restored a backup or deleted a model: this one reloads first.
    const reloading = services.generation.check(req.stats);
    if (reloading) await reloading;
    if (!(await services.site.current(req.stats.get(SETTINGS_TABLE)?.version)).ENABLE_SECURITY) {
      req.user = OPEN_ADMIN;
      await viewAs(store, req, req.user, false);
      return;
    }
    const header = req.headers.authorization;
    // 'Bearer ' with nothing after it names nobody: it does not fall back to the cookie.
    const token = header?.startsWith('Bearer ') ? bearerToken(header) : req.cookies.token;
    if (!token) return;
    // An automation run's record step (ops/automations/run-tokens.ts): the run-as user, while the run goes on.
    const run = services.automations.tokens.callerOf(token);
    const stored = run ? await store.getRaw('User', { field: 'id', value: run.userId }) : await services.sessions.userRow(token);
    if (!stored) return;
    const row = store.decode(store.get('User'), stored);
    req.token = token;
    req.user = {
      id: row.id as number,
      user: String(row.user ?? ''),
      email: String(row.email ?? ''),
      Admin: row.Admin === true,
      FrontPage: String(row.FrontPage ?? ''),
    };
    await viewAs(store, req, req.user, true);
  });
}

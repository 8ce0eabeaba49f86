/**
 * buildApp: the Fastify app with its services, hooks and routes. The request hooks live in
 * http/ and are added here in the order a request meets them (onRequest: the caller; preParsing:
 * an anonymous caller's body limit; preValidation: access, then the input checks).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { compileSchema } from '../../shared/schema-registry.js';
import { requestTimeouts, type Config } from '../core/config.js';
import { connect, detectBytewiseText } from '../db/connect.js';
import { migrate } from '../db/migrations.js';
import { refusalBody } from '../core/errors.js';
import type { Services } from '../ops/services.js';
import { Sessions } from '../auth/auth.js';
import { SigninThrottle } from '../auth/signin-throttle.js';
import { TrustedDevices } from '../auth/trusted-devices.js';
import { SetupCodes } from '../auth/setup-code.js';
import { Definitions } from '../definitions/definitions.js';
import { ModelStore } from '../records/model-store.js';
import { Settings } from '../core/settings.js';
import { SiteSettings } from '../core/site-settings.js';
import { Mail } from '../core/mail.js';
import { PasswordReset } from '../auth/password-reset.js';
import { AccessLog, accessLogStore } from '../ops/access-log.js';
import { Housekeeping } from '../ops/housekeeping.js';
import { PlannerStats } from '../ops/planner-stats.js';
import { ImportJobs } from '../ops/import/import-jobs.js';
import { Automations } from '../ops/automations/automations.js';
import { AutomationIndex } from '../ops/automations/automation-index.js';
import { importColumns } from '../ops/import/import-columns.js';
import { bootstrap, reloadShared } from '../ops/bootstrap.js';
import { currentGeneration, Generation } from '../records/generation.js';
import { sessionRoutes } from '../routes/session.js';
import { setupCheckRoutes } from '../routes/setup-check.js';
import { formRoutes } from '../routes/forms.js';
import { gridRoutes } from '../routes/grids.js';
import { gridExportRoutes } from '../routes/grid-export.js';
import { catalogRoutes } from '../routes/catalog.js';
import { definitionRoutes } from '../routes/definitions.js';
import { permissionRoutes } from '../routes/permissions.js';
import { linkRoutes } from '../routes/links.js';
import { choiceRoutes } from '../routes/choices.js';
import { gridViewRoutes } from '../routes/grid-views.js';
import { selectRoutes } from '../routes/selects.js';
import { iconRoutes } from '../routes/icons.js';
import { appTransferRoutes } from '../routes/app-transfer.js';
import { settingsRoutes } from '../routes/settings.js';
import { lostPasswordRoutes } from '../routes/lost-password.js';
import { accessLogRoutes } from '../routes/access-log.js';
import { backupRoutes } from '../routes/backup.js';
import { viewAsRoutes } from '../routes/view-as.js';
import { historyRoutes } from '../routes/history.js';
import { importRoutes } from '../routes/imports.js';
import { automationRoutes } from '../routes/automations.js';
import { addOpenapi } from './openapi.js';
import { addAccessCheck, addRouteTable } from './access.js';
import { addAnonymousBodyLimit, addInputChecks } from './body-checks.js';
import { frameworkErrors, setErrorAnswers } from './error-handler.js';
import { addAnswerHeaders } from './headers.js';
import { addRequestUser } from './request-user.js';
import { addHistoryContext } from './history-hook.js';
import { loggedUser } from './view-as.js';

export { ANONYMOUS_BODY_LIMIT } from './body-checks.js';
export { MAX_ERROR_DETAILS } from './error-handler.js';
export { COMPRESS_THRESHOLD } from './headers.js';

/**
 * Vite names what it builds under assets/ by content hash, so a name never changes meaning:
 * cached for a year, never revalidated. Everything else, index.html first, is asked again
 * each time, so a new release reaches every browser at its next load.
 */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface BuildOptions {
  /**
   * A cluster worker (WORKERS > 1): the primary prepared the database and printed the setup
   * code before forking, so a worker opens no code of its own (any stored code is accepted).
   */
  clusterWorker?: boolean;
  /** Tests only: every answer says which process gave it (`x-tessera-pid`). */
  pidHeader?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The console log is written asynchronously (pino's buffered destination, flushed at close
  // and at exit) and says nothing per request: the access log is the record of requests.
  const logStream = config.logLevel === 'silent' ? null : pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : false,
    logController: new LogController({ disableRequestLogging: true }),
    // TRUST_PROXY hops: the socket's peer and the next hops-1 addresses are our proxies; the
    // address before them is the client, whatever a client wrote further left.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 10 * 1024 * 1024,
    ...requestTimeouts(config.requestTimeoutSeconds),
    ajv: undefined,
    frameworkErrors,
  });
  const database = connect({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    sqliteSynchronous: config.sqliteSynchronous,
    onPoolError: (err) => app.log.error({ err }, 'database: a pooled connection failed; it is dropped and a new one opened when needed'),
  });
  await migrate(database);
  await detectBytewiseText(database);
  const store = new ModelStore(database, app.log);
  const defs = new Definitions(store, { versionsKept: config.versionsKept });
  const site = new SiteSettings(database.db, config);
  const sessions = new Sessions(database.db, () => site.sessionTtlSeconds());
  const mail = new Mail(site);
  // Read before anything is loaded: a restore by another process from now on is seen by the first request.
  const loadedAt = await currentGeneration(database.db);
  const services: Services = {
    config,
    database,
    store,
    defs,
    sessions,
    throttle: new SigninThrottle(database.db),
    devices: new TrustedDevices(database.db),
    setupCodes: new SetupCodes(database.db),
    setupCode: null,
    settings: new Settings(database.db),
    site,
    mail,
    passwordReset: new PasswordReset({ db: database.db, store, sessions, mail, site, log: app.log, tokenMinutes: config.passwordTokenMinutes }),
    housekeeping: new Housekeeping(database.db, app.log, Date.now, {
      days: config.recordHistoryDays,
      models: () => new Map(store.names().flatMap((name) => {
        const days = store.definitionOf(name)?.history?.days;
        return days ? [[name, days] as const] : [];
      })),
      sqlite: database.file && database.file !== ':memory:' ? { file: database.file, synchronous: config.sqliteSynchronous } : undefined,
    }),
    plannerStats: new PlannerStats(database, app.log),
    accessLog: new AccessLog(accessLogStore(database), app.log, { enabled: config.accessLog, retentionDays: config.accessLogRetentionDays }),
    generation: new Generation(() => reloadShared(services, app.log), loadedAt),
    imports: new ImportJobs(
      database,
      store,
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl, sqliteSynchronous: config.sqliteSynchronous },
      app.log,
      (model) => importColumns(defs, store, model),
      (model) => services.automations.beforeTriggersOf(model),
      config.importFilesDays,
    ),
    automations: new Automations({ database, store, defs, mail, log: app.log, allowedHosts: config.automationAllowedHosts, runsDays: config.automationRunsDays }),
  };
  defs.onGeneration = (version) => services.generation.moved(version);
  await bootstrap(services, app.log);
  if (!options.clusterWorker && !(await services.settings.setupCompleted())) {
    // As Jupyter and Grafana do: only whoever can read this log may finish setup (auth/setup-code.ts).
    services.setupCode = await services.setupCodes.open();
    const line =
      `Setup is not completed. Open /setup in a browser and enter the setup code ${services.setupCode} ` +
      '(printed in this log at every start while setup is open; any code printed so far works).';
    // The person starting the server must see it even when LOG_LEVEL hides warnings (error,
    // fatal); only `silent` keeps it in (tests build such apps and read app.services.setupCode).
    if (['silent', 'error', 'fatal'].includes(config.logLevel)) {
      if (config.logLevel !== 'silent') process.stderr.write(`${line}\n`);
    } else app.log.warn(line);
  }
  await services.accessLog.start();
  await services.housekeeping.start();
  services.plannerStats.start();
  await services.imports.start();
  // Record steps write through the forms' own routes, in this process, as the run-as user (run-powers.ts).
  services.automations.setInvoke(async ({ method, url, token, body }) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: res.statusCode, body: jsonOrText(res.body) };
  });
  await services.automations.start();
  if ((await site.reload()).ENABLE_SECURITY === false && !options.clusterWorker) {
    app.log.warn('ENABLE_SECURITY is 0: every caller is treated as an administrator. Never run like this on a network.');
  }

  app.decorate('services', services);
  app.decorate('routeTable', []);
  app.decorateRequest('user', null);
  app.decorateRequest('viewer', null);
  app.decorateRequest('viewingAs', null);
  app.decorateRequest('token', null);
  app.decorateRequest('stats', null);
  // One ajv (the schema registry's) validates every body, on the server as on the client.
  app.setValidatorCompiler(({ schema }) => compileSchema(schema as object));

  addRouteTable(app);

  await app.register(fastifyCookie);
  await addAnswerHeaders(app, options);

  // First, so the request hook's own writes (a session's renewal) are the request's too.
  addHistoryContext(app, (token) => services.automations.tokens.callerOf(token));
  addRequestUser(app, services);
  // A save of an automation in any process guards the next write of this one (before-triggers).
  app.addHook('onRequest', async (req) => {
    const version = AutomationIndex.versionOf(req.stats);
    if (version !== undefined) await services.automations.current(version);
  });

  if (config.accessLog) {
    const { accessLog } = services;
    // Every request, answered or not found; a callback hook (no promise) that only buffers.
    app.addHook('onResponse', (req, reply, done) => {
      accessLog.record(req.method, req.url, reply.statusCode, reply.elapsedTime, loggedUser(req), req.id, req.ip);
      done();
    });
  }
  addAnonymousBodyLimit(app);
  // Access is decided before the body is validated, so a stranger learns nothing from 400s;
  // then a NUL or a too deep body is refused.
  addAccessCheck(app, services);
  addInputChecks(app);

  setErrorAnswers(app);

  // Before the routes: @fastify/swagger learns them from its onRoute hook.
  await addOpenapi(app);
  await app.register(sessionRoutes);
  await app.register(setupCheckRoutes);
  await app.register(formRoutes);
  await app.register(gridRoutes);
  await app.register(gridExportRoutes);
  await app.register(catalogRoutes);
  await app.register(definitionRoutes);
  await app.register(permissionRoutes);
  await app.register(linkRoutes);
  await app.register(choiceRoutes);
  await app.register(gridViewRoutes);
  await app.register(selectRoutes);
  await app.register(iconRoutes);
  await app.register(appTransferRoutes);
  await app.register(settingsRoutes);
  await app.register(lostPasswordRoutes);
  await app.register(accessLogRoutes);
  await app.register(backupRoutes);
  await app.register(viewAsRoutes);
  await app.register(historyRoutes);
  await app.register(importRoutes);
  await app.register(automationRoutes);

  if (existsSync(join(config.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      // The build's .br and .gz copies go to callers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', cacheControlFor(path)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const index = join(config.clientDir, 'index.html');
    // `/api` itself and what lies under `/api/` are the API's; `/apidocs` and the like are client routes.
    const api = /^\/api(?:[/?#]|$)/.test(req.url);
    if (req.method === 'GET' && !api && existsSync(index)) {
      // The client owns every other path (its router redirects unknown ones to /).
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(refusalBody(`No such API: ${req.method} ${req.url.split('?')[0] ?? ''}`, 'NOT_FOUND'));
  });

  app.addHook('onClose', async () => {
    // Lost-password mails still being sent finish before the database goes.
    await services.passwordReset.settled();
    await services.housekeeping.stop();
    await services.plannerStats.stop();
    await services.imports.stop();
    await services.automations.stop();
    await services.accessLog.close();
    await database.close();
    logStream?.flushSync();
  });
  return app;
}

/** An answer's body as JSON, or its text when it is not JSON. */
function jsonOrText(body: string): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

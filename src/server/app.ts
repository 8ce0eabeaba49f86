import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import { pino } from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyError, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { compileSchema } from '../shared/schema-registry.js';
import { requestTimeouts, type Config } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrations.js';
import { ApiError, errors, isDatabaseUnavailable, refusalBody } from './errors.js';
import type { Access, Services } from './context.js';
import { Sessions, type SessionUser } from './services/auth.js';
import { SigninThrottle } from './services/signin-throttle.js';
import { TrustedDevices } from './services/trusted-devices.js';
import { SetupCodes } from './services/setup-code.js';
import { Definitions } from './services/definitions.js';
import { ModelStore } from './services/model-store.js';
import { Settings } from './services/settings.js';
import { SETTINGS_TABLE, SiteSettings } from './services/site-settings.js';
import { Mail } from './services/mail.js';
import { PasswordReset } from './services/password-reset.js';
import { AccessLog, accessLogStore } from './services/access-log.js';
import { Housekeeping } from './services/housekeeping.js';
import { bootstrap, reloadShared } from './services/bootstrap.js';
import { currentGeneration, Generation } from './services/generation.js';
import { sessionRoutes } from './routes/session.js';
import { formRoutes } from './routes/forms.js';
import { gridRoutes } from './routes/grids.js';
import { catalogRoutes } from './routes/catalog.js';
import { definitionRoutes } from './routes/definitions.js';
import { linkRoutes } from './routes/links.js';
import { selectRoutes } from './routes/selects.js';
import { iconRoutes } from './routes/icons.js';
import { appTransferRoutes } from './routes/app-transfer.js';
import { settingsRoutes } from './routes/settings.js';
import { lostPasswordRoutes } from './routes/lost-password.js';
import { accessLogRoutes } from './routes/access-log.js';
import { backupRoutes } from './routes/backup.js';
import { addOpenapi } from './openapi.js';
import { bodyFault, MAX_BODY_DEPTH, urlHoldsNul } from './input-checks.js';
import { originRefusal } from './origin-check.js';

/** At most this many reasons are listed when a request is refused. */
export const MAX_ERROR_DETAILS = 10;

/**
 * The largest body a caller who is not signed in may send (sign-in, setup, registration, lost
 * password): their work needs a few hundred bytes, and nobody should make the server read and
 * parse megabytes before knowing who they are. Signed-in callers keep the 10 MiB limit.
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/**
 * Vite names what it builds under assets/ by content hash, so a name never changes meaning:
 * cached for a year, never revalidated. Everything else, index.html first, is asked again
 * each time, so a new release reaches every browser at its next load.
 */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * API answers at least this large go compressed to a client that accepts it. A 50-row grid page
 * (about 8 KB) stays under it and costs no compression; a mode-1 grid of 100,000 rows (megabytes
 * of JSON) goes as brotli at quality 1 or gzip at level 1, which make it 7 to 8 times smaller for
 * a few tens of milliseconds of a libuv thread: on a 100 Mbit/s link that saves about a second
 * (docs/performance.md has the measured figures). Higher levels cost several times the time
 * for a few percent more.
 */
export const COMPRESS_THRESHOLD = 32 * 1024;

/** The user every caller is when ENABLE_SECURITY is 0. */
const OPEN_ADMIN: SessionUser = { id: 0, user: 'admin', email: '', Admin: true, FrontPage: 'frontpage' };

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
    // The router's own refusals quote the whole url (which may be megabytes): ours do not.
    frameworkErrors: (err, _req, reply): void => {
      const refusal = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? errors.urlTooLong() : errors.badUrl();
      // Typed for the route that was not found; any reply can answer.
      (reply as unknown as FastifyReply).status(refusal.status).send(refusalBody(refusal.message, refusal.code));
    },
  });
  const database = connect({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    sqliteSynchronous: config.sqliteSynchronous,
    onPoolError: (err) => app.log.error({ err }, 'database: a pooled connection failed; it is dropped and a new one opened when needed'),
  });
  await migrate(database);
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
    housekeeping: new Housekeeping(database.db, app.log),
    accessLog: new AccessLog(accessLogStore(database), app.log, { enabled: config.accessLog, retentionDays: config.accessLogRetentionDays }),
    generation: new Generation(() => reloadShared(services, app.log), loadedAt),
  };
  defs.onGeneration = (version) => services.generation.moved(version);
  await bootstrap(services, app.log);
  if (!options.clusterWorker && !(await services.settings.setupCompleted())) {
    // As Jupyter and Grafana do: only whoever can read this log may finish setup (services/setup-code.ts).
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
  if ((await site.reload()).ENABLE_SECURITY === false && !options.clusterWorker) {
    app.log.warn('ENABLE_SECURITY is 0: every caller is treated as an administrator. Never run like this on a network.');
  }

  app.decorate('services', services);
  app.decorate('routeTable', []);
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('stats', null);
  // One ajv (the schema registry's) validates every body, on the server as on the client.
  app.setValidatorCompiler(({ schema }) => compileSchema(schema as object));

  app.addHook('onRoute', (route) => {
    const access = route.config?.access as Access | undefined;
    if (!route.url.startsWith('/api')) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, access, beforeSetup: route.config?.beforeSetup === true });
    }
  });

  await app.register(fastifyCookie);
  // JSON only: the client's script and style files have brotli and gzip copies made at build
  // time (served by @fastify/static below), and index.html is small.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    customTypes: /^application\/json\b/,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  // Security headers on every answer: only the app's own script files run (no inline script,
  // no event-handler attribute, no javascript: url), styles are the app's own plus inline ones
  // (CodeMirror and React style attributes), no page may frame the app, and pictures may come
  // from elsewhere (grid Image cells). No 'unsafe-eval': the browser's schema validators are
  // precompiled by gen:types (src/generated/validators.ts), so no client code builds functions
  // from strings; every browser test fails on a CSP violation (tests/support/browser-setup.ts).
  // Definitions' patterns run in a Web Worker that is one of the app's own files (worker-src
  // falls back to script-src); re2-wasm, as the server runs it, would need 'unsafe-eval'
  // (src/runtime/patterns.ts).
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent below only over HTTPS: over plain http it would be ignored, and a test instance
    // on http must not teach browsers to insist on https for its host.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  if (options.pidHeader) {
    app.addHook('onSend', async (_req, reply) => {
      reply.header('x-tessera-pid', String(process.pid));
    });
  }

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
      return;
    }
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : req.cookies.token;
    if (!token) return;
    const stored = await services.sessions.userRow(token);
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
  });

  if (config.accessLog) {
    const { accessLog } = services;
    // Every request, answered or not found; a callback hook (no promise) that only buffers.
    app.addHook('onResponse', (req, reply, done) => {
      accessLog.record(req.method, req.url, reply.statusCode, reply.elapsedTime, req.user?.user ?? null, req.id, req.ip);
      done();
    });
  }

  // preValidation: access is decided before the body is validated, so a stranger learns nothing from 400s.
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

  // Before the routes: @fastify/swagger learns them from its onRoute hook.
  await addOpenapi(app);
  await app.register(sessionRoutes);
  await app.register(formRoutes);
  await app.register(gridRoutes);
  await app.register(catalogRoutes);
  await app.register(definitionRoutes);
  await app.register(linkRoutes);
  await app.register(selectRoutes);
  await app.register(iconRoutes);
  await app.register(appTransferRoutes);
  await app.register(settingsRoutes);
  await app.register(lostPasswordRoutes);
  await app.register(accessLogRoutes);
  await app.register(backupRoutes);

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
    services.housekeeping.stop();
    await services.accessLog.close();
    await database.close();
    logStream?.flushSync();
  });
  return app;
}

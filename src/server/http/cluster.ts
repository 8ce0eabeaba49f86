import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../core/config.js';
import type { BuildOptions } from './app.js';

/** The first wait before a worker that died is replaced; it doubles while replacements keep dying young. */
export const RESTART_BACKOFF_MS = 250;
export const RESTART_BACKOFF_MAX_MS = 10_000;
/** A worker that lived this long died of something new: its replacement starts after the first wait again. */
const HEALTHY_AFTER_MS = 10_000;
/** How long closing workers may take before they are killed. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * WORKERS > 1 (docs/operations.md, Workers and several servers): this process is the cluster's primary. It serves nothing itself. It
 * prepares the database once (migrations, built-ins, the setup code printed once) by building
 * the app and closing it again, so workers starting together never race over the schema, and
 * the one code it printed is accepted by every worker (the codes live in sys_settings). Then it
 * forks the workers, which listen on the same port (node:cluster hands connections out round
 * robin), replaces a worker that dies unexpectedly (after a short wait that grows while
 * replacements keep dying young), and on SIGTERM or SIGINT closes every worker gracefully
 * before it exits.
 */
export async function runPrimary(config: Config, build: (config: Config, options?: BuildOptions) => Promise<FastifyInstance>): Promise<void> {
  const log = pino({ level: config.logLevel });
  const prepared = await build(config);
  await prepared.close();

  const startedAt = new Map<Worker, number>();
  let closing = false;
  let ready = false;
  let backoff = RESTART_BACKOFF_MS;

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  let listening = 0;
  cluster.on('listening', () => {
    listening++;
    // Ready once the first worker serves; the others follow within moments.
    if (!ready) {
      ready = true;
      const db = config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
      log.info(`Tessera is ready at http://localhost:${config.port} (${db}, ${config.workers} worker processes)`);
    }
    if (listening === config.workers) log.info(`all ${config.workers} worker processes are listening`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (closing) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!ready) {
      // A worker that cannot even start (the port is taken, the database cannot be opened)
      // would fail again: the server stops instead of restarting it forever.
      log.error(`worker ${worker.process.pid} ended (${how}) before the server was ready: stopping`);
      void stop(1);
      return;
    }
    backoff = lived >= HEALTHY_AFTER_MS ? RESTART_BACKOFF_MS : Math.min(backoff * 2, RESTART_BACKOFF_MAX_MS);
    const wait = lived >= HEALTHY_AFTER_MS ? RESTART_BACKOFF_MS : backoff;
    log.warn(`worker ${worker.process.pid} ended unexpectedly (${how}); a new one starts in ${wait} ms`);
    setTimeout(() => {
      if (closing) return;
      const next = fork();
      next.once('listening', () => log.info(`worker ${next.process.pid} replaced worker ${worker.process.pid}`));
      // Not unref'd: when every worker died at once, this wait is what keeps the primary alive.
    }, wait);
  });

  const stop = async (exitCode: number, signal?: string): Promise<void> => {
    if (closing) return;
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (signal) log.info(`${signal}: closing ${workers.length} worker processes`);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.isDead()) return done();
            w.once('exit', () => done());
            const kill = setTimeout(() => w.process.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
            kill.unref();
            // Each worker closes its server (in-flight requests finish), its log and its database.
            w.process.kill('SIGTERM');
          }),
      ),
    );
    log.flush();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0, 'SIGINT'));
  process.on('SIGTERM', () => void stop(0, 'SIGTERM'));

  for (let i = 0; i < config.workers; i++) fork();
}

import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './core/config.js';
import { PluginFolderError, verifyPluginFolders } from './http/plugin-folders.js';

// The plugin folders are checked before anything imports them, so a broken or new folder stops
// start-up with a message naming it (and the command that fixes it), not a stack trace.
try {
  verifyPluginFolders(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
} catch (e) {
  if (!(e instanceof PluginFolderError)) throw e;
  console.error(`Tessera cannot start. ${e.message}`);
  process.exit(1);
}
const { buildApp } = await import('./http/app.js');

const config = loadConfig();
if (cluster.isPrimary && config.workers > 1) {
  // WORKERS processes share the port; this one prepares the database and looks after them.
  const { runPrimary } = await import('./http/cluster.js');
  await runPrimary(config, buildApp);
} else {
  const app = await buildApp(config, { clusterWorker: cluster.isWorker, pidHeader: process.env.NODE_ENV === 'test' });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone (killed outright) closes too, rather than serving on alone.
  if (cluster.isWorker) cluster.worker?.on('disconnect', () => void shutdown('primary gone'));
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) app.log.info(`Tessera is ready at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, one process)`);
}

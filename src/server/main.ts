import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { PluginFolderError, verifyPluginFolders } from './plugin-folders.js';

// The plugin folders are checked before anything imports them, so a broken or new folder stops
// start-up with a message naming it (and the command that fixes it), not a stack trace.
try {
  verifyPluginFolders(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
} catch (e) {
  if (!(e instanceof PluginFolderError)) throw e;
  console.error(`Tessera cannot start. ${e.message}`);
  process.exit(1);
}
const { buildApp } = await import('./app.js');

const config = loadConfig();
const app = await buildApp(config);
const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
await app.listen({ port: config.port, host: config.host });
app.log.info(`Tessera is ready at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);

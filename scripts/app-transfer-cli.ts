import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/http/app.js';
import { loadConfig } from '../src/server/core/config.js';
import { AppTransfer } from '../src/server/definitions/app-transfer.js';

/**
 * The database of the configured instance (DATA_DIR / DATABASE_URL, as the server reads them),
 * opened without listening on any port; closed whatever happens.
 */
export async function withTransfer(run: (transfer: AppTransfer) => Promise<number>): Promise<never> {
  let app: FastifyInstance | undefined;
  let code = 1;
  try {
    app = await buildApp(loadConfig({ logLevel: 'error' }));
    code = await run(new AppTransfer(app.services.defs, app.services.store));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
  } finally {
    await app?.close();
  }
  process.exit(code);
}

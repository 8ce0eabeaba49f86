import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/http/app.js';
import { loadConfig } from '../src/server/core/config.js';
import { gridReads } from '../src/server/routes/grids.js';
import { prepareExport, type ExportQuery } from '../src/server/routes/grid-export.js';
import type { SessionUser } from '../src/shared/api-types.js';

/**
 * `npm run data:export -- grid NAME [--format csv|xlsx] [--bom] [--search TERM] [--sort FIELD]
 * [--dir asc|desc] [--filter JSON] > FILE`: a grid's export, as GET /api/grid/NAME/export answers it
 * to an administrator (the same code: prepareExport), written to standard output. The instance is
 * the configured one (DATA_DIR / DATABASE_URL, as the server reads them).
 */
const USAGE = 'usage: npm run data:export -- grid NAME [--format csv|xlsx] [--bom] [--search TERM] [--sort FIELD] [--dir asc|desc] [--filter JSON] > FILE';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { format: { type: 'string' }, bom: { type: 'boolean' }, search: { type: 'string' }, sort: { type: 'string' }, dir: { type: 'string' }, filter: { type: 'string' } },
    });
  } catch (e) {
    return fail(`${(e as Error).message}\n${USAGE}`);
  }
})();
const [kind, name] = positionals;
if (kind !== 'grid' || !name || positionals.length !== 2) fail(USAGE);
if (values.format !== undefined && values.format !== 'csv' && values.format !== 'xlsx') fail(`--format is csv or xlsx, not '${values.format}'\n${USAGE}`);
if (values.dir !== undefined && values.dir !== 'asc' && values.dir !== 'desc') fail(`--dir is asc or desc, not '${values.dir}'\n${USAGE}`);
if (process.stdout.isTTY && values.format === 'xlsx') fail('An XLSX file is not for a terminal: redirect the output (> FILE).');

let app: FastifyInstance | undefined;
let code = 1;
try {
  app = await buildApp(loadConfig({ logLevel: 'error' }));
  const { store, defs } = app.services;
  // An administrator of the instance, so CURRENT_USER in the grid's filters is someone real.
  const [first] = await store.list('User', { fields: ['user', 'email'], filters: [{ field: 'Admin', value: true }], sorts: [{ field: 'id', dir: 'asc' }], limit: 1 });
  const user: SessionUser = { id: Number(first?.id ?? 0), user: String(first?.user ?? 'admin'), email: String(first?.email ?? ''), Admin: true, FrontPage: 'frontpage' };
  const query: ExportQuery = {
    ...(values.format ? { format: values.format as ExportQuery['format'] } : {}),
    ...(values.bom ? { bom: '1' as const } : {}),
    ...(values.search !== undefined ? { search: values.search } : {}),
    ...(values.sort !== undefined ? { sort: values.sort } : {}),
    ...(values.dir !== undefined ? { dir: values.dir } : {}),
    ...(values.filter !== undefined ? { filter: values.filter } : {}),
  };
  // The request the route would have: its name, its query and an administrator as the caller.
  const req = { params: { name }, query, user, headers: {}, stats: null } as unknown as FastifyRequest<{ Params: { name: string }; Querystring: ExportQuery }>;
  const { count, stream } = await prepareExport(store, gridReads(store, defs), req);
  await pipeline(stream, process.stdout);
  console.error(`exported ${count} rows of the grid '${name}'`);
  code = 0;
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
} finally {
  await app?.close();
}
process.exit(code);

import type { FastifyInstance } from 'fastify';
import { definitionKinds } from '../../shared/schema-registry.js';
import { errors } from '../core/errors.js';
import { AppTransfer, type ImportResult, type Selection } from '../definitions/app-transfer.js';

/** A whole app's definitions can be large; the import route alone takes up to this much. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

const exportBody = {
  $id: 'https://tessera.dev/schemas/api/app-export-body.json',
  type: 'object',
  properties: {
    definitions: {
      type: 'object',
      propertyNames: { enum: [...definitionKinds] },
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  additionalProperties: false,
};

/**
 * The envelope only: each definition is checked against its kind's schema by the service, so
 * its errors point into the file. formatVersion has no maximum here, so that a newer file is
 * told it comes from a newer Tessera rather than that a number is too big.
 */
const appFile = {
  $id: 'https://tessera.dev/schemas/api/app-file.json',
  type: 'object',
  required: ['format', 'formatVersion', 'definitions'],
  properties: {
    format: { const: 'tessera-app' },
    formatVersion: { type: 'integer', minimum: 1 },
    exportedAt: { type: 'string' },
    definitions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'object' } } },
  },
};

const importQuery = {
  $id: 'https://tessera.dev/schemas/api/app-import-query.json',
  type: 'object',
  properties: { dryRun: { enum: ['0', '1', 'true', 'false'] } },
};

function answer(result: ImportResult) {
  if (!result.ok) {
    throw errors.invalid(`The app file cannot be imported: ${result.errors.map((e) => `${e.pointer || '/'} ${e.message}`).join('; ')}`, result.errors);
  }
  return result;
}

/** Definitions as code (admins only): an app's definitions out as one file, and back in. */
export async function appTransferRoutes(app: FastifyInstance): Promise<void> {
  const transfer = new AppTransfer(app.services.defs, app.services.store);

  app.post<{ Body: { definitions?: Selection } }>(
    '/api/app/export',
    { config: { access: 'admin' }, schema: { body: exportBody } },
    async (req, reply) => {
      const file = await transfer.exportApp(req.body.definitions);
      return reply.header('content-disposition', 'attachment; filename="tessera-app.json"').send(file);
    },
  );

  app.post<{ Body: unknown; Querystring: { dryRun?: string } }>(
    '/api/app/import',
    { config: { access: 'admin' }, bodyLimit: IMPORT_BODY_LIMIT, schema: { body: appFile, querystring: importQuery } },
    async (req) => {
      const dryRun = req.query.dryRun === '1' || req.query.dryRun === 'true';
      return answer(dryRun ? await transfer.previewImport(req.body) : await transfer.applyImport(req.body, req.user?.user ?? null));
    },
  );
}

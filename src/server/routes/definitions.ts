import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { definitionKinds, type DefinitionKind } from '../definitions/definitions.js';
import type { ModelChangeRequest } from '../definitions/model-change.js';
import { apiSchemaId } from '../../shared/contract.js';

const anyObject = { $id: apiSchemaId('definition-body'), type: 'object' };

/** A restore carries the version the caller read, as every save does. */
const restoreBody = {
  $id: apiSchemaId('restore-body'),
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
};

const FIELD_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';

/** A model change (docs/api.md, "Changing a model that holds data"); `model` is checked as every model save. */
const modelChangeBody = {
  $id: apiSchemaId('model-change-body'),
  type: 'object',
  required: ['model'],
  properties: {
    model: { type: 'object' },
    renames: { type: 'object', propertyNames: { pattern: FIELD_NAME }, additionalProperties: { type: 'string', pattern: FIELD_NAME }, maxProperties: 500 },
    convert: { type: 'object', propertyNames: { pattern: FIELD_NAME }, additionalProperties: { const: 'clear' }, maxProperties: 500 },
  },
  additionalProperties: false,
};

function versionOf(value: string): number {
  const n = Number(value);
  if (!/^[1-9][0-9]{0,9}$/.test(value) || !Number.isSafeInteger(n)) throw errors.notFound(`Version '${value}'`);
  return n;
}

function kindOf(value: string): DefinitionKind {
  const kind = definitionKinds.find((k) => k === value);
  if (!kind) throw errors.notFound(`The definition kind '${value}'`);
  return kind;
}

/**
 * Raw definitions, for the designers and the raw editors (admins only). Every body is
 * validated against its kind's schema; an update must carry the version it read (409 if
 * someone saved in between) and a refused one leaves the stored definition untouched.
 */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  const { defs } = app.services;

  app.get<{ Params: { kind: string } }>('/api/definitions/:kind', { config: { access: 'admin' } }, async (req) =>
    defs.list(kindOf(req.params.kind)),
  );

  app.get<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id', { config: { access: 'admin' } }, async (req) =>
    defs.get(kindOf(req.params.kind), req.params.id),
  );

  app.post<{ Params: { kind: string }; Body: Row }>(
    '/api/definitions/:kind',
    { config: { access: 'admin' }, schema: { body: anyObject } },
    async (req, reply) => {
      const created = await defs.create(kindOf(req.params.kind), req.body, req.user?.user ?? null);
      return reply.status(201).send(created);
    },
  );

  app.put<{ Params: { kind: string; id: string }; Body: Row }>(
    '/api/definitions/:kind/:id',
    { config: { access: 'admin' }, schema: { body: anyObject } },
    async (req) => defs.update(kindOf(req.params.kind), req.params.id, req.body, req.user?.user ?? null),
  );

  // A change of a model that holds data: previewed (nothing written), then applied whole or not at all.
  app.post<{ Params: { id: string }; Body: ModelChangeRequest }>(
    '/api/definitions/model/:id/preview',
    { config: { access: 'admin' }, schema: { body: modelChangeBody } },
    async (req) => defs.previewModelChange(req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: ModelChangeRequest }>(
    '/api/definitions/model/:id/change',
    { config: { access: 'admin' }, schema: { body: modelChangeBody } },
    async (req) => defs.changeModel(req.params.id, req.body, req.user?.user ?? null),
  );

  // Versions (docs/api.md): every save is kept; any version can be read, and restored as a new one.
  app.get<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id/versions', { config: { access: 'admin' } }, async (req) =>
    defs.versions(kindOf(req.params.kind), req.params.id),
  );

  app.get<{ Params: { kind: string; id: string; version: string } }>(
    '/api/definitions/:kind/:id/versions/:version',
    { config: { access: 'admin' } },
    async (req) => defs.version(kindOf(req.params.kind), req.params.id, versionOf(req.params.version)),
  );

  app.post<{ Params: { kind: string; id: string; version: string }; Body: { version: number } }>(
    '/api/definitions/:kind/:id/versions/:version/restore',
    { config: { access: 'admin' }, schema: { body: restoreBody } },
    async (req) => defs.restore(kindOf(req.params.kind), req.params.id, versionOf(req.params.version), req.body.version, req.user?.user ?? null),
  );

  app.delete<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id', { config: { access: 'admin' } }, async (req) => {
    await defs.remove(kindOf(req.params.kind), req.params.id);
    return { success: true };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/connect.js';
import { errors } from '../errors.js';
import { definitionKinds, type DefinitionKind } from '../services/definitions.js';

const anyObject = { $id: 'https://tessera.dev/schemas/api/definition-body.json', type: 'object' };

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
      const created = await defs.create(kindOf(req.params.kind), req.body);
      return reply.status(201).send(created);
    },
  );

  app.put<{ Params: { kind: string; id: string }; Body: Row }>(
    '/api/definitions/:kind/:id',
    { config: { access: 'admin' }, schema: { body: anyObject } },
    async (req) => defs.update(kindOf(req.params.kind), req.params.id, req.body),
  );

  app.delete<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id', { config: { access: 'admin' } }, async (req) => {
    await defs.remove(kindOf(req.params.kind), req.params.id);
    return { success: true };
  });
}

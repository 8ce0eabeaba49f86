import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dualLists, type WalkRow } from '../../shared/definition-walk.js';
import { errors } from '../core/errors.js';
import { anyFormGrants, type Operation } from '../http/permissions.js';
import { apiSchemaId } from '../../shared/contract.js';

const itemsBody = {
  $id: apiSchemaId('link-items'),
  type: 'array',
  maxItems: 100_000,
  items: {
    type: 'object',
    properties: {
      id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 64 }] },
      name: { type: 'string' },
      selected: { type: 'boolean' },
    },
    required: ['id'],
    additionalProperties: false,
  },
};

interface Params {
  model: string;
  field: string;
  id: string;
}

/**
 * Dual-list data: `GET /api/link/{Model}/{field}/{id or NEW}` lists the link's targets with
 * `selected`, `POST` with the chosen items replaces the record's links. A caller may use a
 * link when they may use a form over that model that shows this dual list.
 */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;

  /** The model and field exist and the field is a link (404 or 400 otherwise). */
  async function checkLink(model: string, field: string): Promise<void> {
    const m = await defs.model(model);
    if (store.field(m, field).type !== 'link') throw errors.invalid(`'${model}.${field}' is not a link field`);
  }

  async function permit(req: FastifyRequest<{ Params: Params }>, op: Operation): Promise<void> {
    const { model, field, id } = req.params;
    if (req.user?.Admin) return checkLink(model, field);
    if (!req.user) throw errors.unauthenticated();
    // Grants first, the model after: a user without a form showing this list gets the same 403
    // whether the model and field exist or not, so the answers do not map the schema.
    const url = `/link/${model}/${field}`;
    const shows = (rows: WalkRow[]) => dualLists(rows).some((c) => c.url === url);
    if (await anyFormGrants(defs, store, req, model, shows, [op], id === 'NEW' ? undefined : id)) return checkLink(model, field);
    throw errors.forbidden(`You may not use the list '${url}'`);
  }

  app.get<{ Params: Params }>('/api/link/:model/:field/:id', { config: { access: 'user' } }, async (req) => {
    await permit(req, 'read');
    const { model, field, id } = req.params;
    return store.linkItems(model, field, id === 'NEW' ? null : id);
  });

  app.post<{ Params: Params; Body: { id: string | number; selected?: boolean }[] }>(
    '/api/link/:model/:field/:id',
    { config: { access: 'user' }, schema: { body: itemsBody } },
    async (req) => {
      await permit(req, 'update');
      const { model, field, id } = req.params;
      await store.setLinks(model, field, id, req.body.filter((i) => i.selected !== false).map((i) => i.id));
      return { success: true };
    },
  );
}

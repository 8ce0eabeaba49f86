import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dualLists, type WalkRow } from '../../core/definition-walk.js';
import { errors } from '../errors.js';
import { authorize, type Operation } from '../services/permissions.js';

const itemsBody = {
  $id: 'https://tessera.dev/schemas/api/link-items.json',
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

  async function permit(req: FastifyRequest<{ Params: Params }>, op: Operation): Promise<void> {
    const { model, field, id } = req.params;
    const m = await defs.model(model);
    const f = store.field(m, field);
    if (f.type !== 'link') throw errors.invalid(`'${model}.${field}' is not a link field`);
    if (req.user?.Admin) return;
    if (!req.user) throw errors.unauthenticated();
    const url = `/link/${model}/${field}`;
    for (const { name } of await defs.list('form')) {
      const form = await defs.get('form', name);
      if (form.model !== model || !dualLists(form.definition as WalkRow[]).some((c) => c.url === url)) continue;
      try {
        await authorize(store, req, 'form', form, op, id === 'NEW' ? undefined : id);
        return;
      } catch {
        // another form may grant it
      }
    }
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

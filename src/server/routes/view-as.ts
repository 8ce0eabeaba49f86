import type { FastifyInstance } from 'fastify';
import { apiSchemaId } from '../../shared/contract.js';

/** The most users one answer names: the dialog searches by name for the rest. */
export const VIEW_AS_USERS = 20;
/** The most groups one answer names. */
export const VIEW_AS_GROUPS = 500;

const query = {
  $id: apiSchemaId('view-as-choices-query'),
  type: 'object',
  properties: { search: { type: 'string', maxLength: 200, description: "Part of a user's name or e-mail address, any case." } },
  additionalProperties: false,
};

const choices = {
  type: 'object',
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, user: { type: 'string' }, email: { type: 'string' }, Admin: { type: 'boolean' } },
        required: ['id', 'user', 'email', 'Admin'],
      },
    },
    groups: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  },
  required: ['users', 'groups'],
};

/**
 * Whom an administrator may view the app as (docs/security.md, "View as"): the users whose
 * name or address holds `search` (the first VIEW_AS_USERS by name) and every group. Read from
 * the models, not through the Users and Groups grids, whose columns and paging an administrator
 * may change.
 */
export async function viewAsRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.services;
  app.get<{ Querystring: { search?: string } }>(
    '/api/view-as/choices',
    {
      config: { access: 'admin' },
      schema: { summary: 'Whom an administrator may view the app as: users (searched by name or e-mail) and groups', querystring: query, response: { 200: choices } },
    },
    async (req) => {
      const term = req.query.search?.trim() ?? '';
      const users = await store.list('User', {
        fields: ['user', 'email', 'Admin'],
        ...(term ? { search: { fields: ['user', 'email'], term } } : {}),
        sorts: [{ field: 'user', dir: 'asc' }],
        limit: VIEW_AS_USERS,
      });
      const groups = await store.list('Group', { fields: ['name'], sorts: [{ field: 'name', dir: 'asc' }], limit: VIEW_AS_GROUPS });
      return {
        users: users.map((u) => ({ id: Number(u.id), user: String(u.user ?? ''), email: String(u.email ?? ''), Admin: u.Admin === true })),
        groups: groups.map((g) => ({ name: String(g.name ?? '') })),
      };
    },
  );
}

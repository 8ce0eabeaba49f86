import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizedDefinition } from '../http/permissions.js';
import { selectUrl } from './selects.js';

/** The admin list screens (the routes of src/app/shell/App.tsx), offered as link targets beside the definitions. */
const ADMIN_URLS = ['/', '/grids', '/forms', '/pages', '/selects', '/users', '/groups'];

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;

  app.get('/api/models', { config: { access: 'admin' } }, async () => (await defs.list('model')).map((m) => m.name));

  app.get<{ Params: { model: string } }>('/api/models/:model', { config: { access: 'admin' } }, async (req) => {
    const model = await defs.model(req.params.model);
    return model.fields;
  });

  app.get('/api/selects', { config: { access: 'admin' } }, async () => {
    const urls: string[] = [];
    for (const { name } of await defs.list('select')) urls.push(selectUrl(await defs.get('select', name)));
    return urls;
  });

  app.get('/api/menus', { config: { access: 'admin' } }, async () => (await defs.list('menu')).map((m) => m.name));
  app.get('/api/grids', { config: { access: 'admin' } }, async () => (await defs.list('grid')).map((g) => g.name));

  app.get('/api/urls', { config: { access: 'admin' } }, async () => {
    const urls = [...ADMIN_URLS];
    for (const { name } of await defs.list('grid')) urls.push(`/grid/${name}`);
    for (const { name } of await defs.list('page')) urls.push(`/page/${name}`);
    for (const { name } of await defs.list('form')) urls.push(`/form/${name}/add/0`);
    return urls;
  });

  for (const kind of ['menu', 'page'] as const) {
    app.get<{ Params: { name: string } }>(
      `/api/${kind}/:name/definition`,
      { config: { access: 'definition' } },
      async (req: FastifyRequest<{ Params: { name: string } }>) => {
        return authorizedDefinition(defs, store, req, kind, req.params.name, 'read');
      },
    );
  }
}

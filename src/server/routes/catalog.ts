import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, authorizedDefinition, withoutAccess } from '../http/permissions.js';
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

  // Pickers: what exists, as the [value, label] pairs a dynamic Select lists (plugins/select),
  // so a form asks 'which model?' with a list instead of a text box (fixtures/forms/select.json,
  // mydetails.json). Labels name the thing and keep its code in brackets when they differ.
  const named = (name: string, title: unknown) => [name, typeof title === 'string' && title !== '' && title !== name ? `${title} (${name})` : name];

  app.get('/api/pick/models', { config: { access: 'admin' } }, async () =>
    (await defs.list('model')).map((m) => named(m.name, (m as { title?: unknown }).title)),
  );

  app.get<{ Params: { model: string } }>('/api/pick/models/:model/fields', { config: { access: 'admin' } }, async (req) => {
    const model = await defs.model(req.params.model);
    return [['id', 'id'], ...model.fields.filter((f) => f.type !== 'link' && f.type !== 'password').map((f) => named(f.name, f.label))];
  });

  /** The pages the caller may open, for a front page: a user picks among what they can see. */
  app.get('/api/pick/pages', { config: { access: 'user' } }, async (req) => {
    const out: unknown[] = [];
    for (const { name } of await defs.list('page')) {
      const page = await defs.get('page', name);
      try {
        await authorize(store, req, 'page', page, 'read');
        out.push(named(name, page.title));
      } catch {
        // Not this caller's to open: not offered.
      }
    }
    return out;
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
        return withoutAccess(await authorizedDefinition(defs, store, req, kind, req.params.name, 'read'), req);
      },
    );
  }
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiSchemaId, modelOf } from '../../shared/contract.js';
import { errors } from '../core/errors.js';
import type { Db, Row } from '../db/connect.js';
import type { Definition } from '../definitions/definitions.js';
import { permittedDefinition } from '../http/permissions.js';
import { readableReach } from '../http/readable.js';
import { userFilterProblems } from './grid-user-filter.js';

/** Views one person keeps on one grid, and shared views on one grid: enough for any screen, bounded for the table. */
export const MAX_VIEWS = 50;

/** What a view keeps of a grid's state: what the url says (docs/api.md, "Saved views"). */
export interface ViewState {
  search?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  /** A top group of the filter language (docs/filters.md). */
  filter?: Record<string, unknown>;
}

export interface GridView {
  id: string;
  name: string;
  /** Published on the grid by an administrator, for everyone who may read it. */
  shared: boolean;
  state: ViewState;
  savedAt: string;
}

interface ViewBody {
  name: string;
  shared?: boolean;
  state: ViewState;
}

/** The owner a shared view is kept under. */
const SHARED = '';

const stateSchema = {
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200 },
    sort: { type: 'string', minLength: 1, maxLength: 64 },
    dir: { enum: ['asc', 'desc'] },
    filter: { type: 'object' },
  },
  additionalProperties: false,
};

const viewBody = {
  $id: apiSchemaId('grid-view'),
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
    shared: { type: 'boolean' },
    state: stateSchema,
  },
  required: ['name', 'state'],
  additionalProperties: false,
};

function viewOf(row: Row): GridView {
  return { id: String(row.id), name: String(row.name), shared: row.owner === SHARED, state: JSON.parse(String(row.state)) as ViewState, savedAt: String(row.saved_at) };
}

/**
 * Saved views of a grid: `GET /api/grid/{name}/views` lists the shared ones and the caller's
 * own; `POST` saves the caller's view (an administrator may share it on the grid), `PUT .../{id}`
 * renames or replaces one, `DELETE .../{id}` removes one. A view keeps what the grid's url says
 * (search, sort, direction, filter), checked against the grid when saved: a sort or filter on a
 * field the grid does not show is refused there, as the grid's data routes refuse it.
 */
export async function gridViewRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;
  const db = (): Db => store.db;

  /** The fields each grid answered by gridFor hides from its caller (grants.ts). */
  const hiddenOf = new WeakMap<Definition, ReadonlySet<string>>();

  /** The grid the caller may read, remembering which of its fields their grant hides. */
  async function gridFor(req: FastifyRequest<{ Params: { name: string } }>): Promise<Definition> {
    const { def, permit } = await permittedDefinition(defs, store, req, 'grid', req.params.name, 'read');
    const grid = { ...def };
    hiddenOf.set(grid, permit.hidden);
    return grid;
  }

  /** Refuses a state the grid cannot show, pointing into the body: its filter as the data routes check a user's filter. */
  async function checkState(req: FastifyRequest, grid: Definition, state: ViewState): Promise<void> {
    // A field the caller's grant hides is no column of theirs: neither sorted nor filtered by, as the data routes refuse it.
    const hidden = hiddenOf.get(grid) ?? new Set<string>();
    const columns = ((grid.definition as { name: string; hide?: boolean }[] | undefined) ?? []).map((c) => (hidden.has(c.name) ? { ...c, hide: true } : c));
    if (state.sort !== undefined && state.sort !== 'id' && (hidden.has(state.sort) || !columns.some((f) => f.name === state.sort))) {
      throw errors.invalid(`The grid '${grid.name}' cannot be sorted by '${state.sort}'`, [{ pointer: '/state/sort', message: 'is not a column of this grid' }]);
    }
    if (state.filter === undefined) return;
    if ((grid as { hideFilters?: boolean }).hideFilters === true) {
      throw errors.invalid(`The grid '${grid.name}' takes no filter of its users (hideFilters)`, [{ pointer: '/state/filter', message: 'this grid has its filter builder turned off' }]);
    }
    const find = (n: string) => store.find(n);
    // A path through a reference follows the target's grants, as the data routes check it (grids.ts, usersFilter).
    const reachOf = (name: string) => readableReach(defs, store, req, name);
    const { problems } = await userFilterProblems(JSON.stringify(state.filter), { definition: columns }, store.get(modelOf(grid)), find, req.user?.Admin === true, reachOf);
    if (problems.length) {
      const first = problems[0];
      throw errors.invalid(`The view's filter does not fit the grid '${grid.name}': ${first ? `${first.pointer} ${first.message}` : 'it is not valid'}.`, problems.map((p) => ({ ...p, pointer: `/state${p.pointer}` })));
    }
  }

  /** A view of this grid the caller may change: their own, or a shared one for an administrator (404 for any other, so ids of others' views tell nothing). */
  async function changeable(req: FastifyRequest<{ Params: { name: string; id: string } }>, grid: Definition): Promise<Row> {
    const row = await db().selectFrom('sys_grid_views').selectAll().where('id', '=', req.params.id).where('grid', '=', grid.name).executeTakeFirst();
    const me = String(req.user?.id ?? '');
    if (!row || (row.owner !== me && !(row.owner === SHARED && req.user?.Admin))) throw errors.notFound(`The view '${req.params.id}'`);
    return row;
  }

  async function nameTaken(on: Db, grid: string, owner: string, name: string, except?: string): Promise<void> {
    let q = on.selectFrom('sys_grid_views').select('id').where('grid', '=', grid).where('owner', '=', owner).where('name', '=', name);
    if (except) q = q.where('id', '<>', except);
    if (await q.executeTakeFirst()) throw errors.conflict(`A view named '${name}' is already saved on this grid`);
  }

  app.get<{ Params: { name: string } }>('/api/grid/:name/views', { config: { access: 'definition' } }, async (req) => {
    const grid = await gridFor(req);
    const owners = req.user ? [SHARED, String(req.user.id)] : [SHARED];
    const rows = await db().selectFrom('sys_grid_views').selectAll().where('grid', '=', grid.name).where('owner', 'in', owners).orderBy('name').orderBy('id').execute();
    const views = rows.map(viewOf);
    return { shared: views.filter((v) => v.shared), mine: views.filter((v) => !v.shared) };
  });

  app.post<{ Params: { name: string }; Body: ViewBody }>('/api/grid/:name/views', { config: { access: 'user' }, schema: { body: viewBody } }, async (req, reply) => {
    const grid = await gridFor(req);
    const shared = req.body.shared === true;
    if (shared && !req.user?.Admin) throw errors.forbidden('Only administrators may share a view on a grid');
    const owner = shared ? SHARED : String(req.user?.id ?? '');
    const name = req.body.name.trim();
    await checkState(req, grid, req.body.state);
    const view = await db()
      .transaction()
      .execute(async (trx) => {
        const counted = await trx.selectFrom('sys_grid_views').select((eb) => eb.fn.countAll().as('n')).where('grid', '=', grid.name).where('owner', '=', owner).executeTakeFirst();
        if (Number(counted?.n ?? 0) >= MAX_VIEWS) throw errors.conflict(`At most ${MAX_VIEWS} views are kept on a grid ${shared ? 'for everyone' : 'for each person'}: delete one first`);
        await nameTaken(trx, grid.name, owner, name);
        const row = { id: randomBytes(16).toString('hex'), grid: grid.name, owner, name, state: JSON.stringify(req.body.state), saved_at: new Date().toISOString() };
        await trx.insertInto('sys_grid_views').values(row).execute();
        return viewOf(row);
      });
    return reply.code(201).send(view);
  });

  app.put<{ Params: { name: string; id: string }; Body: ViewBody }>('/api/grid/:name/views/:id', { config: { access: 'user' }, schema: { body: viewBody } }, async (req) => {
    const grid = await gridFor(req);
    const row = await changeable(req, grid);
    if ((req.body.shared === true) !== (row.owner === SHARED)) throw errors.invalid('A view stays shared or personal: save a new one instead', [{ pointer: '/shared', message: 'cannot change' }]);
    const name = req.body.name.trim();
    await checkState(req, grid, req.body.state);
    await nameTaken(db(), grid.name, String(row.owner), name, String(row.id));
    const saved = { ...row, name, state: JSON.stringify(req.body.state), saved_at: new Date().toISOString() };
    await db().updateTable('sys_grid_views').set({ name: saved.name, state: saved.state, saved_at: saved.saved_at }).where('id', '=', String(row.id)).execute();
    return viewOf(saved);
  });

  app.delete<{ Params: { name: string; id: string } }>('/api/grid/:name/views/:id', { config: { access: 'user' } }, async (req) => {
    const grid = await gridFor(req);
    const row = await changeable(req, grid);
    await db().deleteFrom('sys_grid_views').where('id', '=', String(row.id)).execute();
    return { success: true };
  });
}

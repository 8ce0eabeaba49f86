import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateDefinition } from '../../shared/schema-registry.js';
import { type ApiError, errors } from '../core/errors.js';
import type { Definition, Definitions } from '../definitions/definitions.js';
import type { Filter, ListQuery, ModelStore, PageResult, Sort, StatsSnapshot } from '../records/model-store.js';
import type { AnyOf, Reached } from '../records/record-queries.js';
import { authorize, permittedDefinition, withoutAccess } from '../http/permissions.js';
import { callerContext, FULL_PERMIT, ruleWhere, type Permit } from '../http/grants.js';
import { readableReach, type Reach } from '../http/readable.js';
import { displayFieldNames, effectiveDisplay } from '../../shared/record-display.js';
import { planColumns, planModels, type LabelColumn, type LabelReadable } from '../records/record-labels.js';
import { apiSchemaId, MAX_ALL_ROWS, MAX_PAGE_SIZE, modelOf } from '../../shared/contract.js';
import { itemKind, type FilterContext, type FilterItem, type FilterTree } from '../../shared/filter/index.js';
import { columnTypes, filterableFields, MAX_USER_FILTER_LENGTH, userFilter } from './grid-user-filter.js';

export interface GridField {
  name: string;
  label?: string;
  type?: string;
  hide?: boolean;
  /** A reference column's field path of the target to show ('' or absent: its display). */
  shows?: string;
}
export interface GridDoc {
  model?: string;
  definition?: GridField[];
  filters?: FilterItem[];
  sorts?: { fieldname: string; sorttype: 'ASC' | 'DESC' }[];
  pageSize?: number;
  paging?: number;
  /** The users' filter builder is off: the data routes take no `?filter=`. */
  hideFilters?: boolean;
}

export interface Query {
  search?: string;
  sort?: string;
  dir?: string;
  /** The id of the record of the form the grid is embedded in: RECORD.id of its filters. */
  record?: string;
  /** A filter the user built (grid-user-filter.ts): JSON of a top group, ANDed with the grid's own. */
  filter?: string;
}

const listQuery = {
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200 },
    sort: { type: 'string', maxLength: 64 },
    dir: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
    record: { type: 'string', maxLength: 64 },
    filter: { type: 'string', maxLength: MAX_USER_FILTER_LENGTH },
  },
  additionalProperties: false,
};

function wholeNumber(value: string, what: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw errors.invalid(`${what} must be a whole number from ${min} to ${max}`, [{ pointer: `/${what}`, message: 'out of range' }]);
  }
  return n;
}

const MODE_URL: Record<number, string> = { 1: 'data', 2: 'data/{n}', 3: 'data/{page}/{pageSize}' };
const MODE_NAME: Record<number, string> = { 1: 'every record at once (mode 1)', 2: 'its first records (mode 2)', 3: 'its records page by page (mode 3)' };

/**
 * A grid answers only in the paging mode its definition names (1 all records, 2 the
 * first N, 3 paged; 3 when not said), so a grid an admin made paged over a big table is never
 * read whole by asking another url.
 */
function requireMode(grid: Definition & GridDoc, mode: 1 | 2 | 3): void {
  const named = grid.paging === 1 || grid.paging === 2 ? grid.paging : 3;
  if (named === mode) return;
  throw errors.invalid(`The grid '${grid.name}' shows ${MODE_NAME[named]}: ask /api/grid/${grid.name}/${MODE_URL[named]}`, [
    { pointer: '/paging', message: `this grid's paging is ${named}` },
  ]);
}

/**
 * Turns a grid definition (and the caller's search and sort) into a checked list query. Its
 * old-style filters are read as they always were; its conditions and groups of the filter
 * language (docs/filters.md) become the query's `where`, their variables valued by `context`.
 * The caller's permit (grants.ts) adds its record rule and takes away the fields hidden from
 * them: not read, searched or sorted by (a sort asked by one is refused).
 */
export function gridQuery(grid: GridDoc, q: Query = {}, context: FilterContext = {}, user?: FilterTree | Reached, permit: Permit = FULL_PERMIT): ListQuery {
  const hidden = permit.hidden;
  const fields = (grid.definition ?? []).map((f) => f.name).filter((n) => !hidden.has(n));
  const items = grid.filters ?? [];
  const filters: Filter[] = [];
  const conditions: FilterItem[] = [];
  for (const item of items) {
    if ('fieldname' in item && itemKind(item) === 'legacy') filters.push({ field: item.fieldname, value: item.value });
    else conditions.push(item);
  }
  const trees: (FilterTree | AnyOf | Reached)[] = conditions.length ? [{ and: conditions }] : [];
  if (user) trees.push(user);
  const rule = ruleWhere(permit);
  if (rule) trees.push(rule);
  const where = trees.length ? { where: trees, context } : {};
  // The grid's own order by a field hidden from the caller would tell its values apart: dropped.
  let sorts: Sort[] = (grid.sorts ?? []).filter((s) => !hidden.has(s.fieldname)).map((s) => ({ field: s.fieldname, dir: s.sorttype === 'DESC' ? 'desc' : 'asc' }));
  if (q.sort && hidden.has(q.sort)) {
    throw errors.invalid(`The grid cannot be sorted by '${q.sort}'`, [{ pointer: '/sort', message: `'${q.sort}' is a field hidden from you` }]);
  }
  if (q.sort) {
    if (q.sort !== 'id' && !fields.includes(q.sort)) {
      throw errors.invalid(`The grid cannot be sorted by '${q.sort}'`, [{ pointer: '/sort', message: 'is not a column of this grid' }]);
    }
    sorts = [{ field: q.sort, dir: q.dir?.toLowerCase() === 'desc' ? 'desc' : 'asc' }];
  }
  const search = q.search?.trim() ? { fields: fields.length ? fields : [], term: q.search } : undefined;
  return { fields, filters, sorts, search, labels: gridLabels(grid, hidden), ...where };
}

/** Every column that is a reference (whatever its type says) shows, sorts and is searched by its target's name. */
function gridLabels(grid: GridDoc, hidden: ReadonlySet<string>): LabelColumn[] {
  return (grid.definition ?? []).filter((f) => !hidden.has(f.name)).map((f) => ({ field: f.name, ...(f.shows ? { shows: f.shows } : {}) }));
}

/** The grid with the columns hidden from the caller marked hidden: what they are shown and may filter by. */
function asShownTo<T extends GridDoc>(grid: T, permit: Permit): T {
  if (permit.hidden.size === 0) return grid;
  return { ...grid, definition: (grid.definition ?? []).map((f) => (permit.hidden.has(f.name) ? { ...f, hide: true } : f)) };
}

/**
 * Why DELETE /api/grid/:name/clear/ refuses this caller, or null when it clears. The definition
 * answer's `canClear` is this same rule, so the screen shows Clear only where it can work.
 * `granted`: a grant of the grid names clear for the caller (grants.ts), or they are an admin.
 */
export function clearRefusal(grid: { name?: unknown; hideClear?: unknown }, model: { name: string; system?: boolean }, user: { Admin?: boolean } | null | undefined, granted = false): ApiError | null {
  if (!user) return errors.unauthenticated();
  if (!user.Admin && !granted) return errors.forbidden('Only administrators may do this');
  if (grid.hideClear === true) return errors.forbidden(`The grid '${String(grid.name)}' does not allow clearing`);
  if (model.system === true) return errors.forbidden(`The system model '${model.name}' cannot be cleared`);
  return null;
}

/** The JSON of each cached page answer, kept as long as the page is. */
const serialised = new WeakMap<PageResult, string>();

/**
 * How a grid's data routes read for a caller: the grid they may use, their permit and the list
 * query of what they asked (grid-export.ts and the CLI's export read through the same).
 */
export function gridReads(store: ModelStore, defs: Definitions) {
  /** The grid, and what the caller may read of it (their permit for read, or for `op`: its rule and hidden fields). */
  async function permittedGrid(req: FastifyRequest<{ Params: { name: string } }>, snapshot?: StatsSnapshot, op: 'read' | 'export' = 'read'): Promise<{ grid: Definition & GridDoc; permit: Permit }> {
    const { def, permit } = await permittedDefinition(defs, store, req, 'grid', req.params.name, op, undefined, snapshot);
    await defs.model(modelOf(def), snapshot);
    return { grid: def as Definition & GridDoc, permit };
  }

  /** Whether the caller's Clear on this grid is granted (an admin, or a grant naming clear), and its rule then. */
  async function clearPermit(req: FastifyRequest, grid: Definition): Promise<Permit | null> {
    if (req.user?.Admin) return FULL_PERMIT;
    try {
      return await authorize(store, req, 'grid', grid, 'clear');
    } catch {
      return null;
    }
  }

  /**
   * The list query of a grid data route for this caller: the grid's filters, the user's filter
   * (checked against the columns they are shown), their search and sort, and their record rule.
   */
  async function callersQuery(req: FastifyRequest<{ Params: { name: string }; Querystring: Query }>, grid: Definition & GridDoc, permit: Permit): Promise<ListQuery> {
    const user = await usersFilter(req, asShownTo(grid, permit));
    const readable = await labelReadable(req, grid, gridLabels(grid, permit.hidden));
    const context = await callerContext(store, req, [grid.filters, user, permit.rule, readable], { recordId: req.query.record ?? null });
    return { ...gridQuery(grid, req.query, context, user, permit), context, ...(readable ? { readable } : {}) };
  }

  /**
   * What the caller may read of the models the grid's reference columns name, at their end and on
   * the way (readable.ts, readableReach; docs/security.md, "Grants"): a name is shown, searched
   * and sorted by only within it. Undefined for an administrator, who reads every record.
   */
  async function labelReadable(req: FastifyRequest, grid: Definition & GridDoc, labels: readonly LabelColumn[]): Promise<LabelReadable | undefined> {
    if (req.user?.Admin) return undefined;
    const plans = planColumns(store.get(modelOf(grid)), labels, (name) => store.find(name));
    const out: Record<string, FilterTree[] | null> = {};
    const reaches = new Map<string, Reach | null>();
    for (const name of new Set(plans.flatMap(planModels).map((m) => m.name))) {
      const reach = await readableReach(defs, store, req, name);
      reaches.set(name, reach);
      if (reach === null) out[name] = null;
      else if (reach.rule) out[name] = reach.rule;
    }
    // A name built from a field every definition granting the caller read hides is no name of
    // theirs: such a model names nothing for them (the cells show ids), as a model they may not read.
    for (const plan of plans) {
      const hidden = reaches.get(plan.end.name)?.hidden;
      if (!hidden?.size) continue;
      const display = effectiveDisplay(plan.end);
      const named = plan.shown !== undefined ? [plan.shown] : display === undefined ? [] : displayFieldNames(display);
      if (named.some((f) => hidden.has(f))) out[plan.end.name] = null;
    }
    return out;
  }

  /**
   * The filter the caller built on the grid's screen, checked against what the grid shows; 400 when
   * it does not fit. A path through a reference follows the target's grants, not the grid's
   * (docs/security.md, "Grants"): it may not go into a model the caller may not read nor name a
   * field hidden from them there, and it reaches only the target records they may read.
   */
  async function usersFilter(req: FastifyRequest<{ Querystring: Query }>, grid: Definition & GridDoc): Promise<FilterTree | Reached | undefined> {
    // A grid whose builder is off shows what its own filters let through, and no more narrowly.
    if (grid.hideFilters === true && req.query.filter !== undefined && req.query.filter.trim() !== '') {
      throw errors.invalid(`The grid '${grid.name}' takes no filter of its users (hideFilters)`, [{ pointer: '/filter', message: 'this grid has its filter builder turned off' }]);
    }
    const model = store.get(modelOf(grid));
    return userFilter(req.query.filter, grid, model, (name) => store.find(name), req.user?.Admin === true, (name) => readableReach(defs, store, req, name));
  }

  return { permittedGrid, clearPermit, callersQuery, labelReadable, usersFilter };
}

export async function gridRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;

  const { permittedGrid, clearPermit, callersQuery } = gridReads(store, defs);

  app.get<{ Params: { name: string } }>('/api/grid/:name/definition', { config: { access: 'definition' } }, async (req) => {
    const { grid: stored, permit } = await permittedGrid(req);
    const grid = asShownTo(stored, permit);
    const model = store.get(modelOf(grid));
    const granted = (await clearPermit(req, grid)) !== null;
    const mayExport = req.user?.Admin === true || (await authorize(store, req, 'grid', stored, 'export').then(() => true, () => false));
    // What the caller may read of each model a visible reference column refers to: the paths the
    // builder offers into it follow its grants, as the data routes do.
    const reaches = new Map<string, Reach | null>();
    if (!req.user?.Admin) {
      for (const name of filterableFields(grid.definition)) {
        const f = model.fields.find((x) => x.name === name);
        const target = f?.type === 'reference' && f.target ? store.find(f.target) : undefined;
        if (target && !reaches.has(target.name)) reaches.set(target.name, await readableReach(defs, store, req, target.name));
      }
    }
    // Not part of the stored definition: whether this caller's Clear and Export would be accepted, and what
    // the filter builder needs to know of the columns (their types, and the ids references take).
    return { ...withoutAccess(grid, req), canClear: clearRefusal(grid, model, req.user, granted) === null, mayExport, ...columnTypes(grid, model, (name) => store.find(name), req.user?.Admin === true, reaches) };
  });

  app.get<{ Params: { name: string }; Querystring: Query }>(
    '/api/grid/:name/data',
    { config: { access: 'definition' }, schema: { querystring: listQuery } },
    async (req, reply) => {
      const { grid, permit } = await permittedGrid(req);
      requireMode(grid, 1);
      const model = modelOf(grid);
      const q = await callersQuery(req, grid, permit);
      const rows = await store.list(model, { ...q, limit: MAX_ALL_ROWS + 1 });
      if (rows.length > MAX_ALL_ROWS) {
        rows.length = MAX_ALL_ROWS;
        reply.header('x-truncated', 'true');
      }
      return rows;
    },
  );

  app.get<{ Params: { name: string; n: string }; Querystring: Query }>(
    '/api/grid/:name/data/:n',
    { config: { access: 'definition' }, schema: { querystring: listQuery } },
    async (req) => {
      const { grid, permit } = await permittedGrid(req);
      requireMode(grid, 2);
      // Mode 2 is the grid's first `pageSize` records ("Records to fetch"): no more.
      const n = wholeNumber(req.params.n, 'n', 1, Math.min(Number(grid.pageSize ?? 50) || 50, MAX_ALL_ROWS));
      return store.list(modelOf(grid), { ...(await callersQuery(req, grid, permit)), limit: n });
    },
  );

  app.get<{ Params: { name: string; page: string; pageSize: string }; Querystring: Query }>(
    '/api/grid/:name/data/:page/:pageSize',
    { config: { access: 'definition' }, schema: { querystring: listQuery } },
    async (req, reply) => {
      const page = wholeNumber(req.params.page, 'page', 0, Number.MAX_SAFE_INTEGER);
      const size = wholeNumber(req.params.pageSize, 'pageSize', 1, MAX_PAGE_SIZE);
      // One read of every table's version validates the grid, its model and the page caches.
      const snapshot = req.stats ?? (await store.snapshot());
      const { grid, permit } = await permittedGrid(req, snapshot);
      requireMode(grid, 3);
      const result = await store.page(modelOf(grid), await callersQuery(req, grid, permit), page, size, snapshot);
      // A cached page is the same object: its JSON is made once and sent as it is.
      let json = serialised.get(result);
      if (json === undefined) {
        json = JSON.stringify(result);
        serialised.set(result, json);
      }
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.delete<{ Params: { name: string } }>('/api/grid/:name/clear/', { config: { access: 'definition' } }, async (req) => {
    if (!req.user) throw errors.unauthenticated();
    // Clear is the grid's own: whoever may not use the grid learns nothing more of it here.
    const grid = (await permittedDefinition(defs, store, req, 'grid', req.params.name, req.user.Admin ? 'read' : 'clear')).def as Definition & GridDoc;
    await defs.model(modelOf(grid));
    const model = modelOf(grid);
    const permit = (await clearPermit(req, grid)) ?? FULL_PERMIT;
    const refusal = clearRefusal(grid, store.get(model), req.user, true);
    if (refusal) throw refusal;
    // Only the rows inside the caller's clear rule go (the grid's filters ANDed with it).
    const rule = permit.rule ? { ...FULL_PERMIT, rule: permit.rule } : FULL_PERMIT;
    const context = await callerContext(store, req, [grid.filters, permit.rule]);
    const { filters, where } = gridQuery(grid, {}, context, undefined, rule);
    if (filters?.length || where) {
      // Only the rows this grid shows are its data: all of them go, or none.
      await store.deleteWhere(model, { filters, where, context });
    } else {
      await store.clear(model);
    }
    return { success: true };
  });

  app.post<{ Params: { model: string }; Body: GridDoc }>(
    '/api/data/:model',
    { config: { access: 'admin' }, schema: { body: { $id: apiSchemaId('preview'), type: 'object' } } },
    async (req) => {
      const result = validateDefinition('grid', req.body);
      if (!result.ok) throw errors.invalid('The grid definition is not valid', result.errors);
      await defs.model(req.params.model);
      const size = Math.min(req.body.pageSize ?? 50, MAX_PAGE_SIZE);
      const context = await callerContext(store, req, [req.body.filters]);
      return store.list(req.params.model, { ...gridQuery(req.body, {}, context), limit: size });
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walkColumns, type WalkRow } from '../../shared/definition-walk.js';
import { displayFieldNames, effectiveDisplay, recordDisplay } from '../../shared/record-display.js';
import { apiSchemaId, modelOf } from '../../shared/contract.js';
import { errors } from '../core/errors.js';
import { anyFormGrants, authorize, type Operation } from '../http/permissions.js';
import { readableReach, reachQuery } from '../http/readable.js';
import { filterableFields } from './grid-user-filter.js';
import type { ModelDefinition } from '../records/model-types.js';
import { idValueOf } from '../records/value-codec.js';

/** Records a picker shows at a time. */
export const CHOICES_PAGE = 20;
/** The furthest page a picker may ask for: narrowing the search is the way past it. */
export const MAX_CHOICES_PAGE = 500;

interface Params {
  model: string;
  field: string;
}

interface Query {
  search?: string;
  /** A whole number from 0 (query strings are text: the schema holds it to digits). */
  page?: string;
  id?: string;
}

const query = {
  $id: apiSchemaId('choices-query'),
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200 },
    page: { type: 'string', pattern: '^[0-9]{1,6}$' },
    id: { type: 'string', minLength: 1, maxLength: 64 },
  },
  additionalProperties: false,
};

export interface Choice {
  id: string | number;
  label: string;
}

export interface ChoicesAnswer {
  items: Choice[];
  /** Whether a next page has more. */
  more: boolean;
}

/** The operations a form's user may pick a reference for: any of them lets them see the choices. */
const USES: Operation[] = ['read', 'add', 'update'];

/**
 * The records a reference field may point to, named by the target model's display
 * (docs/api.md, "Reference pickers"): `GET /api/choices/{Model}/{field}?search=&page=` answers a
 * page of `{ id, label }` ordered by the display's first field, searched in the display's
 * fields through the search index, and `?id=` the one record a stored value names. A caller may
 * ask when they may use a form over that model that picks this field (a Reference column on it),
 * or read a grid whose filter builder picks it (gridPicks): then not for a system model's records.
 */
export async function choiceRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;

  /** The target model of a reference field (404 for an unknown model or field, 400 for a field that is no reference). */
  async function targetOf(model: string, field: string): Promise<ModelDefinition> {
    const m = await defs.model(model);
    const f = store.field(m, field);
    if (f.type !== 'reference' || !f.target) throw errors.invalid(`'${model}.${field}' is not a reference field`);
    return defs.model(f.target);
  }

  async function permit(req: FastifyRequest<{ Params: Params }>): Promise<ModelDefinition> {
    const { model, field } = req.params;
    if (req.user?.Admin) return targetOf(model, field);
    if (!req.user) throw errors.unauthenticated();
    // Grants first, the model after: a user with no form picking this field gets the same 403
    // whether the model and field exist or not, so the answers do not map the schema.
    if (await anyFormGrants(defs, store, req, model, (rows) => picks(rows, field), USES)) return targetOf(model, field);
    if (await anyGridGrants(req, model, field)) {
      const target = await targetOf(model, field);
      if (target.system !== true) return target;
    }
    throw errors.forbidden(`You may not pick '${model}.${field}'`);
  }

  /** Whether the caller may read some grid whose filter builder picks records for `model.field` (gridPicks). */
  async function anyGridGrants(req: FastifyRequest, model: string, field: string): Promise<boolean> {
    for (const { def: grid } of (await defs.readers(req.stats ?? undefined)).of('grid')) {
      const over = store.find(modelOf(grid));
      if (!over || !gridPicks(grid, over, model, field, store.find.bind(store))) continue;
      try {
        await authorize(store, req, 'grid', grid, 'read');
        return true;
      } catch {
        // another grid may grant it
      }
    }
    return false;
  }

  /** Whether a record of `model` the caller may read (through any definition over it) refers to `id` through `field`. */
  async function referredTo(req: FastifyRequest, model: string, field: string, id: string | number): Promise<boolean> {
    const reach = await readableReach(defs, store, req, model);
    if (reach === null) return false;
    const rows = await store.list(model, { ...(await reachQuery(store, req, reach)), fields: [], filters: [{ field, value: id }], limit: 1 });
    return rows.length > 0;
  }

  app.get<{ Params: Params; Querystring: Query }>(
    '/api/choices/:model/:field',
    { config: { access: 'user' }, schema: { querystring: query } },
    async (req): Promise<ChoicesAnswer> => {
      const target = await permit(req);
      const { model, field } = req.params;
      const display = effectiveDisplay(target);
      // Only what the caller may read of the target, through any definition over it (readable.ts);
      // a record is named, searched and ordered by the display's fields they may see, without those
      // every such definition hides (a field left out names nothing; with none left, the id does).
      const reach = await readableReach(defs, store, req, target.name);
      const shown = (display === undefined ? [] : displayFieldNames(display)).filter((f) => !reach?.hidden?.has(f));
      const name = (row: Record<string, unknown>): Choice => ({ id: row.id as string | number, label: recordDisplay(target, row) });
      if (req.query.id !== undefined) {
        // An id no record can have (not a number, out of range) names nothing, as an id no record has.
        let id: string | number;
        try {
          id = idValueOf(target, req.query.id);
        } catch {
          return { items: [], more: false };
        }
        // Reading no record of the target, a caller still sees the name of what a record of theirs refers to.
        if (reach === null && !(await referredTo(req, model, field, id))) return { items: [], more: false };
        const rows = await store.list(target.name, { ...(reach ? await reachQuery(store, req, reach) : {}), fields: shown, filters: [{ field: 'id', value: id }], limit: 1 });
        return { items: rows.map(name), more: false };
      }
      const page = Number(req.query.page ?? 0);
      if (page > MAX_CHOICES_PAGE) throw errors.invalid(`A picker pages up to page ${MAX_CHOICES_PAGE}: search to narrow the choices`, [{ pointer: '/page', message: `at most ${MAX_CHOICES_PAGE}` }]);
      if (reach === null) return { items: [], more: false };
      const term = req.query.search?.trim() ?? '';
      const rows = await store.list(target.name, {
        ...(await reachQuery(store, req, reach)),
        fields: shown,
        ...(term && shown.length ? { search: { fields: shown, term } } : {}),
        sorts: shown[0] ? [{ field: shown[0], dir: 'asc' }] : [],
        limit: CHOICES_PAGE + 1,
        offset: page * CHOICES_PAGE,
      });
      return { items: rows.slice(0, CHOICES_PAGE).map(name), more: rows.length > CHOICES_PAGE };
    },
  );
}

/** Whether a form's rows hold a Reference column picking `field`. */
function picks(rows: WalkRow[] | undefined, field: string): boolean {
  let found = false;
  walkColumns(rows, (col) => {
    if (col.childType === 'Reference' && col.name === field) found = true;
  });
  return found;
}

/**
 * Whether a grid's filter builder picks records for `model.field` (docs/filters.md, "Filter
 * builder"): the field is a visible column of a grid over `model`, or `model` is the target of a
 * visible reference column (the builder's `column.field` paths) and not a system model, whose
 * fields only administrators filter through.
 */
export function gridPicks(
  grid: object,
  over: ModelDefinition,
  model: string,
  field: string,
  find: (name: string) => ModelDefinition | undefined,
): boolean {
  const columns = (grid as { definition?: unknown }).definition;
  const shown = filterableFields(Array.isArray(columns) ? (columns as { name: string; hide?: boolean }[]) : []);
  if (over.name === model) return shown.has(field);
  return over.fields.some((f) => shown.has(f.name) && f.type === 'reference' && f.target === model && find(model)?.system !== true);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dualLists, type WalkRow } from '../../shared/definition-walk.js';
import { errors } from '../core/errors.js';
import { formPermits, type Operation } from '../http/permissions.js';
import { callerContext } from '../http/grants.js';
import { boundRule, recordWithin } from '../http/record-rule.js';
import { readableReach, reachQuery, type Reach } from '../http/readable.js';
import { filterSql } from '../records/filter-sql.js';
import { tableOf } from '../records/model-store.js';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { apiSchemaId } from '../../shared/contract.js';
import { displayFieldNames, effectiveDisplay, recordDisplay } from '../../shared/record-display.js';
import type { LinkItem } from '../records/record-links.js';
import { authorOf } from '../records/audit-columns.js';
import { CHOICES_PAGE, MAX_CHOICES_PAGE } from './choices.js';

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

/**
 * A link picker's questions (query strings are text: the schema holds them to patterns). None:
 * every target at once, as the dual list always asked.
 */
const linkQuery = {
  $id: apiSchemaId('link-query'),
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200 },
    page: { type: 'string', pattern: '^[0-9]{1,6}$' },
    selected: { type: 'string', pattern: '^true$' },
  },
  additionalProperties: false,
};

interface Query {
  search?: string;
  page?: string;
  selected?: 'true';
}

/** A page of a link's targets: what a searching picker asks for. */
export interface LinkPage {
  items: LinkItem[];
  /** Whether a next page has more. */
  more: boolean;
}

interface Params {
  model: string;
  field: string;
  id: string;
}

/**
 * Dual-list and link-picker data: `GET /api/link/{Model}/{field}/{id or NEW}` lists the link's
 * targets with `selected` (all, a searched page, or the linked ones), `POST` with the chosen items replaces the record's links. A caller may use a
 * link when they may use a form over that model that shows this dual list.
 */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs, database } = app.services;

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
    const permits = await formPermits(defs, store, req, model, shows, [op], id === 'NEW' ? undefined : id);
    if (permits.length === 0) throw errors.forbidden(`You may not use the list '${url}'`);
    await checkLink(model, field);
    // A record outside every rule of the forms that grant the list is missing for the caller (grants.ts).
    if (id !== 'NEW' && permits.every((p) => p.rule)) {
      const rule = permits.flatMap((p) => p.rule ?? []);
      if (!(await recordWithin(database, store.db, store, model, id, rule, await callerContext(store, req, [rule])))) {
        throw errors.notFound(`The ${model} record '${id}'`);
      }
    }
  }

  /** A reach as a condition on the target's table (none: every record; nothing readable: no record). */
  async function readableSql(req: FastifyRequest, targetName: string, reach: Reach | null): Promise<RawBuilder<SqlBool> | undefined> {
    if (reach === null) return sql<SqlBool>`1 = 0`;
    if (!reach.rule) return undefined;
    const bound = boundRule(store, targetName, reach.rule, await callerContext(store, req, [reach.rule]));
    return filterSql(bound, tableOf(targetName), database.dialect, database.bytewiseText);
  }

  /**
   * `?search=&page=`: 20 targets a page, named by the target's display, ordered by its first
   * field, searched in its fields through the target's search index (as a Reference picker's
   * choices are), each marked `selected` when linked to the record. `?selected=true`: every
   * target linked to the record. Neither: every target, as a plain list (the first dual lists).
   * Targets are those the caller may read through any definition over the target model
   * (readable.ts); the plain list adds the linked ones, so a dual list saved back keeps them, and
   * a caller who may read none of the target is offered only what the record links to.
   */
  app.get<{ Params: Params; Querystring: Query }>(
    '/api/link/:model/:field/:id',
    { config: { access: 'user' }, schema: { querystring: linkQuery } },
    async (req): Promise<LinkItem[] | LinkPage> => {
      await permit(req, 'read');
      const { model, field, id } = req.params;
      const record = id === 'NEW' ? null : id;
      const { search, page, selected } = req.query;
      if (selected !== undefined) {
        if (search !== undefined || page !== undefined) {
          throw errors.invalid('selected=true lists every linked record: it takes no search or page', [{ pointer: '/selected', message: 'is not asked with search or page' }]);
        }
        // What the record links to is named whatever the caller may read of the target: they read the record.
        return { items: await store.linkedItems(model, field, record), more: false };
      }
      const m = await defs.model(model);
      const target = await defs.model(store.field(m, field).target ?? '');
      // Only what the caller may read of the target, through any definition over it (readable.ts).
      const reach = await readableReach(defs, store, req, target.name);
      if (search === undefined && page === undefined) return store.linkItems(model, field, record, await readableSql(req, target.name, reach));
      const n = Number(page ?? 0);
      if (n > MAX_CHOICES_PAGE) throw errors.invalid(`A link list pages up to page ${MAX_CHOICES_PAGE}: search to narrow it`, [{ pointer: '/page', message: `at most ${MAX_CHOICES_PAGE}` }]);
      const term = search?.trim() ?? '';
      if (reach === null) {
        // Reading no record of the target, the caller is offered what the record already links to.
        const found = (await store.linkedItems(model, field, record)).filter((i) => i.name.toLowerCase().includes(term.toLowerCase()));
        return { items: found.slice(n * CHOICES_PAGE, (n + 1) * CHOICES_PAGE), more: found.length > (n + 1) * CHOICES_PAGE };
      }
      const display = effectiveDisplay(target);
      const shown = display === undefined ? [] : displayFieldNames(display);
      const rows = await store.list(target.name, {
        ...(await reachQuery(store, req, reach)),
        fields: shown,
        ...(term && shown.length ? { search: { fields: shown, term } } : {}),
        sorts: shown[0] ? [{ field: shown[0], dir: 'asc' }] : [],
        limit: CHOICES_PAGE + 1,
        offset: n * CHOICES_PAGE,
      });
      const pageRows = rows.slice(0, CHOICES_PAGE);
      const linked = await store.linkedAmong(model, field, record, pageRows.map((r) => r.id as string | number));
      return {
        items: pageRows.map((r) => ({ id: r.id as string | number, name: recordDisplay(target, r), selected: linked.has(String(r.id)) })),
        more: rows.length > CHOICES_PAGE,
      };
    },
  );

  app.post<{ Params: Params; Body: { id: string | number; selected?: boolean }[] }>(
    '/api/link/:model/:field/:id',
    { config: { access: 'user' }, schema: { body: itemsBody } },
    async (req) => {
      await permit(req, 'update');
      const { model, field, id } = req.params;
      await store.setLinks(model, field, id, req.body.filter((i) => i.selected !== false).map((i) => i.id), authorOf(req.user));
      return { success: true };
    },
  );
}

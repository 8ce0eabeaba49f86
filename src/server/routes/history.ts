/**
 * The record history's routes (docs/history.md, "Reading the history"; docs/api.md): one record's
 * timeline, the administrators' list of every entry and its CSV export, and a revert, which is an
 * ordinary update through a form (form-writes.ts). Who may read a record's history: administrators,
 * and a caller a form over the model grants `history` (within that grant's read rule, without the
 * fields it hides); nobody else, whatever else they may do.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiSchemaId, kindOfModel } from '../../shared/contract.js';
import { boundFields, type WalkRow } from '../../shared/definition-walk.js';
import { displayFieldNames, effectiveDisplay, recordDisplay } from '../../shared/record-display.js';
import { HISTORY_ACTIONS, VALUE_KEPT_OUT, type HistoryAction } from '../../shared/record-history.js';
import type { FilterTree } from '../../shared/filter/index.js';
import { errors } from '../core/errors.js';
import type { Definition } from '../definitions/definitions.js';
import { isModel } from '../records/model-names.js';
import type { ModelDefinition } from '../records/model-types.js';
import { ROW_VERSION } from '../records/model-store.js';
import { authorize } from '../http/permissions.js';
import { callerContext, FULL_PERMIT, type Permit } from '../http/grants.js';
import { readableReach, reachQuery } from '../http/readable.js';
import { recordWithin } from '../http/record-rule.js';
import {
  answerEntries,
  beforeValues,
  changesText,
  csvCell,
  HISTORY_MAX_PAGE,
  HISTORY_PAGE,
  historyRow,
  historyRows,
  storedChanges,
  type HistoryFilter,
  type NameRecords,
} from '../history/history-read.js';
import { formWrites } from './form-writes.js';

/** The most entries one export holds; past it the file ends with a line saying so. */
export const HISTORY_EXPORT_MAX = 100_000;
/** Entries read per query while exporting. */
const EXPORT_BATCH = 1000;
/** Ids named per query. */
const NAME_BATCH = 500;

const paging = {
  before: { type: 'string', pattern: '^[0-9]{1,15}$', description: 'Only entries older than this entry id: the `next` of the page before.' },
  limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: `Entries in the page, 1 to ${HISTORY_MAX_PAGE}; default ${HISTORY_PAGE}.` },
};

const recordQuery = { $id: apiSchemaId('history-record-query'), type: 'object', properties: paging, additionalProperties: false };

const filters = {
  model: { type: 'string', minLength: 1, maxLength: 128 },
  record: { type: 'string', minLength: 1, maxLength: 64, description: "The record's id (with model)." },
  user: { type: 'string', pattern: '^[0-9]{1,10}$', description: "The id of the user who made the change." },
  action: { type: 'string', enum: [...HISTORY_ACTIONS] },
  job: { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'The id of an import job: the entries its writes made (docs/import.md).' },
  from: { type: 'string', minLength: 10, maxLength: 40, description: 'The first day (YYYY-MM-DD, from its start in UTC) or instant (ISO 8601) wanted, inclusive.' },
  to: { type: 'string', minLength: 10, maxLength: 40, description: 'The last day (to its end in UTC) or instant wanted, inclusive.' },
};

const listQuery = { $id: apiSchemaId('history-list-query'), type: 'object', properties: { ...filters, ...paging }, additionalProperties: false };
const exportQuery = { $id: apiSchemaId('history-export-query'), type: 'object', properties: filters, additionalProperties: false };

const revertBody = {
  $id: apiSchemaId('history-revert-body'),
  type: 'object',
  properties: {
    version: { type: 'integer', minimum: 0, description: "The record's row version the client read (`_version`): a record changed since answers 409 STALE_VERSION." },
    fields: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 128 }, description: "The entry's fields to put back; absent: all of them." },
    form: { type: 'string', minLength: 1, maxLength: 128, description: 'The form to write through (the one whose History was opened); absent: the first form over the model that lets the caller revert those fields.' },
  },
  required: ['version'],
  additionalProperties: false,
};

interface RecordParams {
  model: string;
  id: string;
}
interface Paging {
  before?: string;
  limit?: string;
}
interface Filters {
  model?: string;
  record?: string;
  user?: string;
  action?: HistoryAction;
  job?: string;
  from?: string;
  to?: string;
}
interface RevertBody {
  version: number;
  fields?: string[];
  form?: string;
}

/** A day or an instant of a filter as the stored `at` compares with it (ISO, UTC, milliseconds); 400 when it is neither. */
function instant(text: string | undefined, end: boolean, name: string): string | undefined {
  if (text === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(day ? `${text}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : text);
  if (Number.isNaN(date.getTime())) throw errors.invalid(`'${name}' must be a date (YYYY-MM-DD) or a date and time (ISO 8601)`, [{ pointer: `/${name}`, message: 'is not a date' }]);
  return date.toISOString();
}

function pageSize(limit: string | undefined): number {
  if (limit === undefined) return HISTORY_PAGE;
  const n = Number(limit);
  if (n < 1 || n > HISTORY_MAX_PAGE) throw errors.invalid(`'limit' must be 1 to ${HISTORY_MAX_PAGE}`, [{ pointer: '/limit', message: `1 to ${HISTORY_MAX_PAGE}` }]);
  return n;
}

/** What several permits together let the caller read: the rules ORed (none: every record), a field hidden only where every one hides it. */
function together(permits: readonly Permit[]): { rule?: FilterTree[]; hidden: Set<string> } {
  const rule = permits.every((p) => p.rule) ? permits.flatMap((p) => p.rule ?? []) : undefined;
  const [first, ...rest] = permits;
  const hidden = new Set(first?.hidden ?? []);
  for (const p of rest) for (const f of hidden) if (!p.hidden.has(f)) hidden.delete(f);
  return { ...(rule ? { rule } : {}), hidden };
}

export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs, database } = app.services;
  const writes = formWrites(app.services);

  /** The model named in a url, as its records' routes answer a missing one: 404 for an administrator, 403 for anyone else. */
  function modelFor(req: FastifyRequest, name: string): ModelDefinition {
    const model = store.find(name);
    if (model && !kindOfModel(model.name)) return model;
    if (req.user?.Admin) throw errors.notFound(`The model '${name}'`);
    throw errors.forbidden(`You may not read the history of ${name}`);
  }

  /** The forms over `model` and what each lets the caller do for `op` (administrators: every form, unrestricted). */
  async function formsGranting(req: FastifyRequest, model: string, op: 'history' | 'update', recordId?: string): Promise<{ form: Definition; permit: Permit }[]> {
    const out: { form: Definition; permit: Permit }[] = [];
    for (const { kind, def } of (await defs.readers(req.stats ?? undefined)).over(model)) {
      if (kind !== 'form' || !isModel(def.model as string, model)) continue;
      try {
        out.push({ form: def, permit: await authorize(store, req, 'form', def, op, recordId) });
      } catch {
        // another form may grant it
      }
    }
    return out;
  }

  /**
   * What of a record's history the caller may read: administrators all of it; a caller whose forms
   * grant them history, within those grants' read rules, without the fields they hide. 403 without
   * such a grant, 404 for a record outside the rules (as a record outside a form's read rule).
   */
  async function historyReach(req: FastifyRequest, model: ModelDefinition, id: string): Promise<{ hidden: ReadonlySet<string> }> {
    if (req.user?.Admin) return { hidden: FULL_PERMIT.hidden };
    const permits = (await formsGranting(req, model.name, 'history', id)).map((g) => g.permit);
    if (!permits.length) throw errors.forbidden(`You may not read the history of ${model.name}`);
    const { rule, hidden } = together(permits);
    if (rule && !(await recordWithin(database, store.db, store, model.name, id, rule, await callerContext(store, req, [rule])))) {
      throw errors.notFound(`The ${model.name} record '${id}'`);
    }
    return { hidden };
  }

  /** Names referenced records as a picker would for this caller (readable.ts): only records they may read, by the fields they may see. */
  function namer(req: FastifyRequest): NameRecords {
    return async (target, ids) => {
      const out = new Map<string, string>();
      const reach = await readableReach(defs, store, req, target.name);
      if (reach === null) return out;
      const display = effectiveDisplay(target);
      const shown = (display === undefined ? [] : displayFieldNames(display)).filter((f) => !reach.hidden?.has(f) && target.fields.some((x) => x.name === f));
      const valid: (string | number)[] = [];
      for (const id of ids) {
        try {
          valid.push(store.idValue(target, id));
        } catch {
          // an id no record can have names nothing
        }
      }
      const within = await reachQuery(store, req, reach);
      const mine = Array.isArray(within.where) ? within.where : [];
      for (let i = 0; i < valid.length; i += NAME_BATCH) {
        const batch = valid.slice(i, i + NAME_BATCH);
        const rows = await store.list(target.name, { fields: shown, ...within, where: [...mine, { and: [{ field: 'id', op: 'in', value: batch }] }] });
        for (const row of rows) out.set(String(row.id), recordDisplay(target, row));
      }
      return out;
    };
  }

  const modelOfEntry = (name: string) => store.find(name);

  app.get<{ Params: RecordParams; Querystring: Paging }>(
    '/api/history/:model/:id',
    {
      config: { access: 'user' },
      schema: {
        querystring: recordQuery,
        summary:
          "A record's history, newest first, a page at a time (`before` the `next` of the page before): each entry's action, time, user, source, request and field changes (label, before and after as the API answers the record, the names of referenced records, `kept` for a value kept out). Administrators, and callers a form over the model grants `history`: within that grant's read rule (404 outside it), without the fields it hides",
      },
    },
    async (req) => {
      const model = modelFor(req, req.params.model);
      const id = String(store.idValue(model, req.params.id));
      const { hidden } = await historyReach(req, model, id);
      const limit = pageSize(req.query.limit);
      const { rows, next } = await historyRows(store.db, { model: model.name, recordId: id, ...(req.query.before ? { before: Number(req.query.before) } : {}) }, limit);
      const entries = await answerEntries(rows, { model: modelOfEntry, hidden: () => hidden, names: namer(req) });
      return { entries: entries.map(({ model: _m, recordId: _r, ...entry }) => entry), next };
    },
  );

  /** The filters of the global list and its export, checked. */
  function filterOf(q: Filters): HistoryFilter {
    if (q.record !== undefined && q.model === undefined) throw errors.invalid("'record' needs 'model'", [{ pointer: '/record', message: 'needs model' }]);
    const out: HistoryFilter = {};
    if (q.model !== undefined) out.model = store.find(q.model)?.name ?? q.model;
    if (q.record !== undefined) out.recordId = q.record;
    if (q.user !== undefined) out.userId = Number(q.user);
    if (q.action !== undefined) out.action = q.action;
    if (q.job !== undefined) out.job = q.job;
    const from = instant(q.from, false, 'from');
    const to = instant(q.to, true, 'to');
    if (from !== undefined) out.from = from;
    if (to !== undefined) out.to = to;
    return out;
  }

  app.get<{ Querystring: Filters & Paging }>(
    '/api/history',
    {
      config: { access: 'admin' },
      schema: {
        querystring: listQuery,
        summary: 'Every entry of the record history, newest first, a page at a time, filtered by model, record, user, action and a range of dates; as the record route answers, with each entry\'s `model` and `recordId`. Administrators only',
      },
    },
    async (req) => {
      const limit = pageSize(req.query.limit);
      const { rows, next } = await historyRows(store.db, { ...filterOf(req.query), ...(req.query.before ? { before: Number(req.query.before) } : {}) }, limit);
      return { entries: await answerEntries(rows, { model: modelOfEntry, names: namer(req) }), next };
    },
  );

  app.get<{ Querystring: Filters }>(
    '/api/history/export',
    {
      config: { access: 'admin' },
      schema: {
        querystring: exportQuery,
        summary: `The record history's entries the filters pick, newest first, as a CSV file (id, at, model, record, action, user id, user name, source, request, changes); at most ${HISTORY_EXPORT_MAX.toLocaleString('en')} entries, after which a last line says the export stops there. Administrators only`,
      },
    },
    async (req, reply) => {
      const filter = filterOf(req.query);
      const names = namer(req);
      async function* lines(): AsyncGenerator<string> {
        yield 'id,at,model,record,action,user_id,user_name,source,request_id,changes\r\n';
        let before: number | undefined;
        let sent = 0;
        for (;;) {
          const { rows, next } = await historyRows(store.db, { ...filter, ...(before !== undefined ? { before } : {}) }, Math.min(EXPORT_BATCH, HISTORY_EXPORT_MAX - sent));
          const entries = await answerEntries(rows, { model: modelOfEntry, names });
          let text = '';
          for (const e of entries) text += [e.id, e.at, e.model, e.recordId, e.action, e.user?.id, e.user?.name, e.source, e.requestId, changesText(e.changes)].map(csvCell).join(',') + '\r\n';
          if (text) yield text;
          sent += rows.length;
          if (next === null) return;
          if (sent >= HISTORY_EXPORT_MAX) {
            yield `"The export stops at ${HISTORY_EXPORT_MAX} entries: narrow the filters (a range of dates) for the rest"\r\n`;
            return;
          }
          before = next;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="record-history.csv"')
        .send(Readable.from(lines()));
    },
  );

  app.post<{ Params: { entryId: string }; Body: RevertBody }>(
    '/api/history/:entryId/revert',
    {
      config: { access: 'user' },
      schema: {
        body: revertBody,
        summary:
          "Puts back the values an entry's change replaced (all its fields, or `fields`) as an ordinary update through a form, at the record's row version `version`: 409 STALE_VERSION when the record changed since, 400 for a field whose values were kept out, for an insert, a delete or a restore. Administrators, and callers a form over the model grants `history` and `update` for the record; the revert is itself recorded",
      },
    },
    async (req) => {
      const entryId = Number(req.params.entryId);
      const entry = Number.isSafeInteger(entryId) && entryId > 0 ? await historyRow(store.db, entryId) : undefined;
      if (!entry) throw errors.notFound(`The history entry '${req.params.entryId.slice(0, 32)}'`);
      const model = modelFor(req, entry.model);
      const id = String(entry.record_id);
      // Reading the entry is reading the record's history: a caller who may not learns nothing more.
      const { hidden } = await historyReach(req, model, id);
      if (entry.action === 'insert') throw errors.invalid('An insert cannot be reverted: delete the record instead');
      if (entry.action === 'delete') throw errors.invalid('A deleted record cannot be reverted here: restore it from a backup, or add it again');
      if (entry.action !== 'update') throw errors.invalid(`A ${entry.action} entry has no field changes to revert`);
      const stored = storedChanges(entry.changes);
      const visible = Object.keys(stored).filter((f) => !hidden.has(f));
      const fields = req.body.fields ?? visible;
      const unknown = fields.filter((f) => !visible.includes(f));
      if (unknown.length) throw errors.invalid(`The entry changed no field ${unknown.map((f) => `'${f.slice(0, 64)}'`).join(', ')}`, unknown.slice(0, 10).map((f) => ({ pointer: `/fields`, message: `'${f.slice(0, 64)}' is not a field of this change` })));
      const kept = fields.filter((f) => stored[f] === VALUE_KEPT_OUT);
      if (kept.length) throw errors.invalid(`The values of ${kept.map((f) => `'${f}'`).join(', ')} are kept out of the history: they cannot be put back`, kept.map((f) => ({ pointer: '/fields', message: `'${f}' was kept out of the history` })));
      if (!fields.length) throw errors.invalid('The entry has no change to revert');
      const { form, permit } = await revertForm(req, model, id, fields);
      const values = beforeValues(model, stored, fields);
      return writes.update(req, form, permit, id, { ...values, [ROW_VERSION]: req.body.version });
    },
  );

  /**
   * The form a revert writes through, and what it lets the caller do: the named one, or the first
   * over the model that lets them update the record and shows every field put back. A caller
   * must be granted history on it too (administrators excepted).
   */
  async function revertForm(req: FastifyRequest<{ Body: RevertBody }>, model: ModelDefinition, id: string, fields: readonly string[]): Promise<{ form: Definition; permit: Permit }> {
    const shows = (form: Definition) => {
      const bound = new Set(boundFields(form.definition as WalkRow[]).map((b) => b.field));
      return fields.every((f) => bound.has(f));
    };
    let candidates = await formsGranting(req, model.name, 'update', id);
    if (!req.user?.Admin) {
      const historians = new Set((await formsGranting(req, model.name, 'history', id)).map((g) => g.form.name));
      candidates = candidates.filter((g) => historians.has(g.form.name));
    }
    if (req.body.form !== undefined) {
      const named = candidates.find((g) => g.form.name === req.body.form);
      if (!named) throw errors.forbidden(`You may not revert through the form '${req.body.form.slice(0, 64)}'`);
      return named;
    }
    if (!candidates.length) throw errors.forbidden(`You may not change the ${model.name} record '${id}'`);
    const showing = candidates.find((g) => shows(g.form));
    if (!showing) throw errors.invalid(`No form you may update ${model.name} through shows ${fields.map((f) => `'${f}'`).join(', ')}`);
    return showing;
  }
}

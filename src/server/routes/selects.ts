import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import type { Definition } from '../definitions/definitions.js';
import { permittedDefinition } from '../http/permissions.js';
import { callerContext, ruleWhere } from '../http/grants.js';
import { displayFieldNames, effectiveDisplay, isDisplayTemplate, recordDisplay } from '../../shared/record-display.js';

/** A lookup answers at most this many options; a longer list wants a search field instead. */
export const MAX_OPTIONS = 10_000;

interface SelectDoc {
  name: string;
  items?: { value: unknown; label: unknown }[];
  model?: string;
  valuefield?: string;
  labelfield?: string;
  filters?: { fieldname: string; value: unknown }[];
  sorts?: { fieldname: string; sorttype: 'ASC' | 'DESC' }[];
  params?: string[];
}

/** The data url a Select column uses: `/select/{name}` and a `/:{param}` per parameter. */
export function selectUrl(def: Definition): string {
  const doc = def as unknown as SelectDoc;
  return [`/select/${doc.name}`, ...(doc.params ?? []).map((p) => `:${p}`)].join('/');
}

/**
 * The parameters after `/api/select/{name}/`, decoded exactly once. The router has already
 * decoded its wildcard, so splitting that would cut a value holding an encoded '/' in two and
 * decoding it again would turn '%25' into an error: the raw path is split instead.
 */
function rawArgs(req: FastifyRequest): string[] {
  const path = (req.raw.url ?? '').split('?')[0] ?? '';
  const parts = path.split('/').slice(4); // '', 'api', 'select', name, ...params
  try {
    return parts.filter((s) => s !== '').map(decodeURIComponent);
  } catch {
    throw errors.invalid('A select parameter is not valid percent-encoding');
  }
}

export async function selectRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;

  const options = async (req: FastifyRequest<{ Params: { name: string; '*'?: string } }>) => {
      const { def, permit } = await permittedDefinition(defs, store, req, 'select', req.params.name, 'read');
      const doc = def as unknown as SelectDoc;
      if (doc.items) return doc.items.map((i) => [i.value, i.label]);
      if (!doc.model) return [];
      const model = await defs.model(doc.model);
      const args = rawArgs(req);
      const params = doc.params ?? [];
      if (args.length !== params.length) {
        throw errors.invalid(`The select '${doc.name}' takes ${params.length} parameter(s): ${selectUrl(def)}`);
      }
      const value = doc.valuefield ?? 'id';
      // Without a label field, a record is called by its model's display (a field, or a template over several).
      const display = doc.labelfield === undefined ? effectiveDisplay(model) : undefined;
      const template = display !== undefined && isDisplayTemplate(display) ? display : undefined;
      const label = doc.labelfield ?? (template ? displayFieldNames(template)[0] : display) ?? store.labelField(model);
      const shown = template ? displayFieldNames(template) : [label];
      // A select offers what its value and label fields hold: none may be a field hidden from the caller.
      // Nor may a parameter or a stored filter be: a select filtered by a hidden field would answer
      // whether a guessed value is right (found by tests/api/grant-matrix.test.ts).
      const hidden = [...new Set([value, ...shown, ...params, ...(doc.filters ?? []).map((f) => f.fieldname)])].filter((f) => permit.hidden.has(f));
      if (hidden.length) throw errors.forbidden(`The select '${doc.name}' shows or filters by ${hidden.map((f) => `'${f}'`).join(', ')}, hidden from you`);
      // Only the records the caller's read rule reaches are offered (grants.ts).
      const rule = ruleWhere(permit);
      const where = rule ? { where: [rule], context: await callerContext(store, req, [permit.rule]) } : {};
      const rows: Row[] = await store.list(model.name, {
        ...where,
        fields: [...new Set([value, ...shown])].filter((f) => f !== 'id'),
        filters: [
          ...(doc.filters ?? []).map((f) => ({ field: f.fieldname, value: f.value })),
          ...params.map((p, i) => ({ field: p, value: args[i] })),
        ],
        sorts: doc.sorts?.length
          ? doc.sorts.map((s) => ({ field: s.fieldname, dir: s.sorttype === 'DESC' ? 'desc' : 'asc' }) as const)
          : [{ field: label, dir: 'asc' }],
        limit: MAX_OPTIONS,
      });
      return rows.map((r) => [r[value], template ? recordDisplay(model, r) : r[label]]);
  };
  app.get('/api/select/:name', { config: { access: 'definition' } }, options);
  app.get('/api/select/:name/*', { config: { access: 'definition' } }, options);
}

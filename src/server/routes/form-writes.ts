/**
 * A form's writes of a model record, shared by the form routes (forms.ts) and whatever else writes
 * a record as a form would: a revert from the record history (history.ts) is an ordinary update
 * through a form, with its checks, its version test and its grants. One place, so the two cannot
 * drift apart.
 */
import type { FastifyRequest } from 'fastify';
import { boundFields, dualLists, type WalkRow } from '../../shared/definition-walk.js';
import { validateField, type ValidatedField } from '../../shared/field-validation.js';
import type { Row } from '../db/connect.js';
import { errors, type ApiError, type ErrorDetail } from '../core/errors.js';
import { hashPassword, userIdOf } from '../auth/auth.js';
import type { Definition } from '../definitions/definitions.js';
import { isModel } from '../records/model-names.js';
import { checkIdentityFree, IDENTITY_FIELDS, trimIdentity } from '../auth/user-identity.js';
import { ROW_VERSION } from '../records/model-store.js';
import { auditFieldsRefused, authorOf } from '../records/audit-columns.js';
import { isAuditField } from '../../shared/audit-fields.js';
import type { ModelDefinition } from '../records/model-types.js';
import { re2Match } from '../records/patterns.js';
import { authorize } from '../http/permissions.js';
import { callerContext, type Permit } from '../http/grants.js';
import { recordFieldsIn, recordWithin } from '../http/record-rule.js';
import { modelOf } from '../../shared/contract.js';
import type { Services } from '../ops/services.js';
import { dualListLink } from './form-as-shown.js';

/** The most target ids one link field may carry in a form's body. */
const MAX_LINK_IDS = 100_000;

/**
 * The link fields a form edits with a dual list over `/link/{Model}/{field}` keyed by the record
 * id: their selected target ids may travel in the form's body and are saved with the record.
 */
function formLinks(form: Definition, model: ModelDefinition): Set<string> {
  const out = new Set<string>();
  for (const col of dualLists(form.definition as WalkRow[])) {
    const field = dualListLink(col, model.name);
    if (field && model.fields.some((f) => f.name === field && f.type === 'link')) out.add(field);
  }
  return out;
}

/** A stored value and one sent for it alike: the same text, unset and empty text being one. */
function sameValue(stored: unknown, sent: unknown): boolean {
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return text(stored) === text(sent);
}

/** The answer of a record update: its id and its new row version. */
export interface UpdateAnswer {
  success: true;
  id: string | number;
  [ROW_VERSION]: number;
}

export type FormWrites = ReturnType<typeof formWrites>;

/** The writes, over one process's services. */
export function formWrites(services: Pick<Services, 'store' | 'defs' | 'sessions' | 'database'>) {
  const { store, defs, sessions, database } = services;

  /**
   * A User's name and e-mail address are stored trimmed (user-identity.ts), so one of spaces
   * only is missing: refused as a required field is. Each write then checks them against the
   * other accounts in its transaction (checkIdentityFree).
   */
  async function trimUserIdentity(values: Row): Promise<void> {
    trimIdentity(values);
    const model = await defs.model('User');
    const missing = IDENTITY_FIELDS.filter((name) => values[name] === '' && model.fields.some((f) => f.name === name && f.required));
    if (missing.length) {
      throw errors.invalid('Validation Failed', missing.map((name) => ({ pointer: `/${name}`, message: `${store.field(model, name).label ?? name} is a required field` })));
    }
  }

  /**
   * A record outside the caller's rule for an action answers as if missing (404), unless they may
   * read it through this form: then 403, for they know it is there.
   */
  async function outsideRule(req: FastifyRequest, form: Definition, modelName: string, id: string, action: string): Promise<ApiError> {
    let read: Permit | undefined;
    try {
      read = await authorize(store, req, 'form', form, 'read', id);
    } catch {
      read = undefined;
    }
    if (read && (await recordWithin(database, store.db, store, modelName, id, read.rule, await callerContext(store, req, [read.rule])))) {
      return errors.forbidden(`You may not ${action} the ${modelName} record '${id}'`);
    }
    return errors.notFound(`The ${modelName} record '${id}'`);
  }

  /**
   * The record fields this form may write, checked against the model: a body with any
   * other key is refused, so no form can change a field its definition does not show. The
   * link fields its dual lists show may carry their selected target ids (`links`). `preset`:
   * values the server sets (a grant's presets), whatever the body says, on the form or not.
   */
  async function writableValues(form: Definition, body: Row, isUpdate: boolean, preset: Row = {}): Promise<{ values: Row; links: Map<string, unknown[]> }> {
    const modelName = modelOf(form);
    const model = await defs.model(modelName);
    const bound = boundFields(form.definition as WalkRow[]).filter((b) => model.fields.some((f) => f.name === b.field));
    const allowed = new Map(bound.map((b) => [b.field, b]));
    const linkFields = formLinks(form, model);
    // The audit fields are the server's: a form may show them, and what it sends back for them is
    // left out below; a body naming one the form does not show is refused as setting it.
    const audit = Object.keys(body).filter((k) => isAuditField(k) && !allowed.has(k));
    if (audit.length) throw auditFieldsRefused(audit);
    const unknown = Object.keys(body).filter((k) => k !== 'id' && k !== 'version' && k !== ROW_VERSION && !allowed.has(k) && !linkFields.has(k) && !(k in preset));
    if (unknown.length) {
      const named = unknown.slice(0, 10).map((k) => `'${k.slice(0, 64)}'`).join(', ');
      const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
      throw errors.invalid(
        `The form '${form.name}' has no field ${named}${more}`,
        unknown.slice(0, 10).map((k) => ({ pointer: `/${k.slice(0, 64)}`, message: 'is not a field of this form' })),
      );
    }
    const details: ErrorDetail[] = [];
    const values: Row = {};
    const links = new Map<string, unknown[]>();
    for (const field of linkFields) {
      const ids = body[field];
      if (ids === undefined) continue; // left out: the links stay as they are
      if (!Array.isArray(ids) || ids.length > MAX_LINK_IDS || !ids.every((t) => typeof t === 'string' || typeof t === 'number')) {
        details.push({ pointer: `/${field}`, message: 'must be a list of record ids' });
      } else links.set(field, ids);
    }
    for (const { field, column } of bound) {
      const value = field in preset ? preset[field] : body[field];
      const f = store.field(model, field);
      if (f.type === 'link' || isAuditField(field)) continue; // a link field is written from `links`; an audit field by the store
      if (value === undefined && isUpdate) continue;
      if (f.type === 'password' && isUpdate && (value === '' || value === null)) continue; // blank keeps the password
      const check = validateField(column as unknown as ValidatedField, value, re2Match);
      if (!check.valid) details.push({ pointer: `/${field}`, message: check.message || `${column.label ?? field} is not valid` });
      if (check.valid && f.required && (value === undefined || value === null || value === '') && f.type !== 'boolean') {
        details.push({ pointer: `/${field}`, message: `${column.label ?? f.label ?? field} is a required field` });
      }
      values[field] = f.type === 'password' && typeof value === 'string' && value !== '' ? await hashPassword(value) : value;
    }
    if (details.length) throw errors.invalid('Validation Failed', details);
    for (const [field, value] of Object.entries(preset)) if (!allowed.has(field)) values[field] = value;
    return { values, links };
  }

  /**
   * An instance always keeps an administrator, and nobody takes their own admin flag away
   * (they could not give it back). Checked before a User record loses its flag or is deleted.
   */
  async function keepAnAdmin(req: FastifyRequest, id: string, change: 'demote' | 'delete'): Promise<void> {
    if (change === 'demote' && req.user && String(req.user.id) === id) throw errors.conflict('You cannot remove your own admin flag');
    const target = await store.get1('User', id, ['Admin']);
    if (!target || target.Admin !== true) return;
    const admins = await store.count('User', { filters: [{ field: 'Admin', value: true }] });
    if (admins <= 1) throw errors.conflict(change === 'demote' ? 'The last admin cannot lose the admin flag' : 'The last admin cannot be deleted');
  }

  async function recordFields(form: Definition): Promise<string[]> {
    const model = await defs.model(modelOf(form));
    return boundFields(form.definition as WalkRow[])
      .map((b) => b.field)
      .filter((n) => model.fields.some((f) => f.name === n && f.type !== 'link' && f.type !== 'password'));
  }

  /**
   * Updates a model record through `form` as the caller (`permit`: what their grants let them do
   * with it for update): `body` is the form's fields and the row version read (`_version`); 400
   * without it, 409 STALE_VERSION with the record as it is now when it moved on since, 404 outside
   * the caller's read rule, 403 outside the update rule or for a field locked for them. The record
   * and its links are written in one transaction; nothing changes on a refusal.
   */
  async function update(req: FastifyRequest, form: Definition, permit: Permit, rawId: string, body: Row): Promise<UpdateAnswer> {
    const modelName = modelOf(form);
    const { values, links } = await writableValues(form, body, true);
    // One spelling of the id from here on: '05' is record 5 for every check below.
    const id = String(store.idValue(store.get(modelName), rawId));
    const expected = body[ROW_VERSION];
    if (typeof expected !== 'number' || !Number.isSafeInteger(expected)) {
      throw errors.invalid(`The record must carry the version it was read at ('${ROW_VERSION}', as GET /api/form/{name}/data/{id} answers it)`, [
        { pointer: `/${ROW_VERSION}`, message: 'must be the version that was read' },
      ]);
    }
    // Fields the caller may not change: one they cannot even read is refused whatever it says (or
    // its answer would tell its value); one they can read may come back as it is, and is left alone.
    const locked = [...permit.readOnly].filter((f) => f in values || links.has(f));
    const blind = locked.filter((f) => permit.hidden.has(f) || links.has(f));
    if (blind.length) throw errors.forbidden(`You may not change ${blind.map((f) => `'${f}'`).join(', ')}`);
    const context = await callerContext(store, req, [permit.rule]);
    let endSessions = false;
    let identity: { id: number; row: Row } | undefined;
    if (isModel(modelName, 'User')) {
      if ('Admin' in values && values.Admin !== true) await keepAnAdmin(req, id, 'demote');
      const stored = await store.get1('User', id, ['Admin', ...IDENTITY_FIELDS]);
      endSessions = 'password' in values || ('Admin' in values && stored?.Admin !== values.Admin);
      await trimUserIdentity(values);
      identity = { id: userIdOf(store, id), row: stored ?? {} };
    }
    // The record and its links together, and only while the record is at the version read and
    // inside the caller's update rule, before the change and after it.
    const saved = await store.db.transaction().execute(async (trx) => {
      if (permit.rule && !(await recordWithin(database, trx, store, modelName, id, permit.rule, context))) return 'outside';
      if (locked.length) {
        const stored = await recordFieldsIn(trx, store, modelName, id, locked);
        const changed = locked.filter((f) => stored !== undefined && !sameValue(stored[f], values[f]));
        if (changed.length) throw errors.forbidden(`You may not change ${changed.map((f) => `'${f}'`).join(', ')}`);
        for (const f of locked) delete values[f];
      }
      if (identity) await checkIdentityFree(trx, values, identity);
      if (!(await store.update(modelName, id, values, trx, expected, authorOf(req.user)))) return false;
      for (const [field, ids] of links) await store.writeLinks(trx, modelName, field, id, ids, authorOf(req.user));
      if (permit.rule && !(await recordWithin(database, trx, store, modelName, id, permit.rule, context))) {
        throw errors.forbidden(`The change would take the ${modelName} record '${rawId}' outside what you may update`);
      }
      return true;
    });
    if (saved === 'outside') throw await outsideRule(req, form, modelName, id, 'update');
    if (!saved) {
      // The record as it is now, as the caller may see it: never a field hidden from them.
      const current = await store.get1(modelName, id, [...(await recordFields(form)).filter((f) => !permit.hidden.has(f)), ROW_VERSION]);
      if (!current) throw errors.notFound(`The ${modelName} record '${rawId}'`);
      throw errors.staleRecord(current);
    }
    // A new password or admin flag ends the user's sessions (the caller's own one stays).
    if (endSessions) await sessions.revokeAll(userIdOf(store, id), req.token ?? undefined);
    return { success: true, id: store.idValue(store.get(modelName), id), [ROW_VERSION]: expected + 1 };
  }

  return { update, writableValues, trimUserIdentity, keepAnAdmin, outsideRule, recordFields };
}

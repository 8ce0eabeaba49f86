import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boundFields, dualLists, type WalkRow } from '../../shared/definition-walk.js';
import { validateField, type ValidatedField } from '../../shared/field-validation.js';
import type { Row } from '../db/connect.js';
import { errors, type ErrorDetail } from '../core/errors.js';
import { hashPassword, userIdOf } from '../auth/auth.js';
import type { Definition } from '../definitions/definitions.js';
import { isModel } from '../records/model-names.js';
import { checkIdentityFree, IDENTITY_FIELDS, trimIdentity } from '../auth/user-identity.js';
import { ROW_VERSION } from '../records/model-store.js';
import { auditFieldsRefused, authorOf } from '../records/audit-columns.js';
import { isAuditField } from '../../shared/audit-fields.js';
import type { ModelDefinition } from '../records/model-types.js';
import { re2Match } from '../records/patterns.js';
import { authorizedDefinition, type Access, type Operation } from '../http/permissions.js';
import { kindOfModel, modelOf } from '../../shared/contract.js';

/** Public forms can be read while setup runs only if they are the setup steps themselves. */
const SETUP_FORMS = new Set(['setup_user', 'setup_smtp']);

const anyBody = { $id: 'https://tessera.dev/schemas/api/form-data.json', type: 'object' };

interface Params {
  name: string;
  id: string;
}

/** The most target ids one link field may carry in a form's body. */
const MAX_LINK_IDS = 100_000;

/**
 * The link fields a form edits with a dual list over `/link/{Model}/{field}` keyed by the record
 * id: their selected target ids may travel in the form's body and are saved with the record.
 */
function formLinks(form: Definition, model: ModelDefinition): Set<string> {
  const out = new Set<string>();
  for (const col of dualLists(form.definition as WalkRow[])) {
    const m = /^\/link\/([A-Za-z0-9_]+)\/([A-Za-z0-9_]+)$/.exec(typeof col.url === 'string' ? col.url : '');
    const keyedBy = typeof col.link === 'string' ? col.link : '';
    if (!m || m[1] !== model.name || (keyedBy !== '' && keyedBy !== 'id')) continue;
    if (model.fields.some((f) => f.name === m[2] && f.type === 'link')) out.add(m[2] as string);
  }
  return out;
}

export async function formRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs, settings, sessions, site } = app.services;

  /**
   * Self-registration: a User record added through a public form by anyone but an admin (the
   * built-in `register` form, or any other public form over User an admin made, whatever the
   * case its model name is spelled in: model-names.ts). It follows
   * the SELF_REGISTRATION setting whatever the form's grants say, and never sets the Admin
   * flag or group memberships from the body: the new user joins REGISTRATION_GROUP only.
   */
  function isSelfRegistration(req: FastifyRequest, form: Definition, modelName: string): boolean {
    return isModel(modelName, 'User') && req.user?.Admin !== true && (form.access as Access | undefined)?.public === true;
  }

  async function refuseRegistration(body: Row): Promise<void> {
    if (!(await site.current()).SELF_REGISTRATION) throw errors.registrationOff();
    const model = await defs.model('User');
    const barred = Object.keys(body).filter((k) => k === 'Admin' || model.fields.some((f) => f.name === k && f.type === 'link'));
    if (barred.length) throw errors.forbidden(`Self-registration cannot set ${barred.map((k) => `'${k.slice(0, 64)}'`).join(', ')}`);
  }

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

  /** The configured registration group, when it exists (a group deleted since is skipped). */
  async function joinRegistrationGroup(userId: unknown): Promise<void> {
    const name = (await site.current()).REGISTRATION_GROUP;
    if (!name) return;
    const group = await store.getRaw('Group', { field: 'name', value: name });
    const model = await defs.model('User');
    const link = model.fields.find((f) => f.type === 'link' && f.target === 'Group');
    if (group && link) await store.setLinks('User', link.name, userId, [group.id]);
  }

  async function formFor(req: FastifyRequest<{ Params: Partial<Params> }>, op: Operation): Promise<Definition> {
    const name = req.params.name ?? '';
    if (!(await settings.setupCompleted()) && !SETUP_FORMS.has(name)) throw errors.setupNotCompleted();
    return authorizedDefinition(defs, store, req, 'form', name, op, req.params.id);
  }

  /**
   * The record fields this form may write, checked against the model: a body with any
   * other key is refused, so no form can change a field its definition does not show. The
   * link fields its dual lists show may carry their selected target ids (`links`).
   */
  async function writableValues(form: Definition, body: Row, isUpdate: boolean): Promise<{ values: Row; links: Map<string, unknown[]> }> {
    const modelName = modelOf(form);
    const model = await defs.model(modelName);
    const bound = boundFields(form.definition as WalkRow[]).filter((b) => model.fields.some((f) => f.name === b.field));
    const allowed = new Map(bound.map((b) => [b.field, b]));
    const linkFields = formLinks(form, model);
    // The audit fields are the server's: a form may show them, and what it sends back for them is
    // left out below; a body naming one the form does not show is refused as setting it.
    const audit = Object.keys(body).filter((k) => isAuditField(k) && !allowed.has(k));
    if (audit.length) throw auditFieldsRefused(audit);
    const unknown = Object.keys(body).filter((k) => k !== 'id' && k !== 'version' && k !== ROW_VERSION && !allowed.has(k) && !linkFields.has(k));
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
      const value = body[field];
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
   * What a new record of the form's model starts with: each field's default from the model
   * (a password's never leaves the server). Not part of the stored definition; a definition
   * form, or one whose model cannot be read now, gets none.
   */
  async function modelDefaults(form: Definition): Promise<Row | undefined> {
    const modelName = modelOf(form);
    if (kindOfModel(modelName)) return undefined;
    const model = await defs.model(modelName).catch(() => undefined);
    const out: Row = {};
    for (const f of model?.fields ?? []) {
      if (f.default === undefined || f.default === null || f.type === 'password' || f.type === 'link') continue;
      out[f.name] = f.type === 'boolean' ? f.default === true || f.default === 'true' || f.default === 1 : f.default;
    }
    return Object.keys(out).length ? out : undefined;
  }

  app.get<{ Params: Params }>(
    '/api/form/:name/definition',
    {
      config: { access: 'definition', beforeSetup: true },
      schema: { summary: "The form's definition, with `modelDefaults`: the model's field defaults a new record starts with (where the form sets none of its own)" },
    },
    async (req) => {
      const form = await formFor(req, 'read');
      const defaults = await modelDefaults(form);
      return defaults ? { ...form, modelDefaults: defaults } : form;
    },
  );

  app.get<{ Params: Params }>(
    '/api/form/:name/data/:id',
    { config: { access: 'definition' }, schema: { summary: `The record: its id, the form's fields and its row version '${ROW_VERSION}' (a definition record: its whole document with 'version')` } },
    async (req) => {
      const form = await formFor(req, 'read');
      const modelName = modelOf(form);
      const kind = kindOfModel(modelName);
      if (kind) {
        // Definition records are read whole, version included, so they can be saved back.
        return defs.get(kind, req.params.id);
      }
      await defs.model(modelName);
      // The record with its version (ROW_VERSION): an update sends it back.
      const row = await store.get1(modelName, req.params.id, [...(await recordFields(form)), ROW_VERSION]);
      if (!row) throw errors.notFound(`The ${modelName} record '${req.params.id}'`);
      return row;
    },
  );

  app.post<{ Params: Params; Body: Row }>(
    '/api/form/:name/add',
    {
      config: { access: 'definition' },
      schema: {
        body: anyBody,
        summary: `Adds a record: the form's fields, and for each dual list of the record's own link (/link/{Model}/{field}) the selected target ids under the field's name, written together in one transaction; answers its id and '${ROW_VERSION}'`,
      },
    },
    async (req) => {
      const form = await formFor(req, 'add');
      const modelName = modelOf(form);
      const kind = kindOfModel(modelName);
      if (kind) {
        const created = await defs.create(kind, { ...req.body, id: undefined }, req.user?.user ?? null);
        return { success: true, id: created.id, version: created.version };
      }
      const selfRegistration = isSelfRegistration(req, form, modelName);
      if (selfRegistration) await refuseRegistration(req.body);
      const { values, links } = await writableValues(form, req.body, false);
      if (selfRegistration) values.Admin = false;
      const user = isModel(modelName, 'User');
      if (user) await trimUserIdentity(values);
      // The record and its links together: a failure leaves neither.
      const id = await store.db.transaction().execute(async (trx) => {
        if (user) await checkIdentityFree(trx, values);
        const created = await store.insert(modelName, values, trx, authorOf(req.user));
        for (const [field, ids] of links) await store.writeLinks(trx, modelName, field, created, ids, authorOf(req.user));
        return created;
      });
      if (selfRegistration) {
        await joinRegistrationGroup(id);
        return { success: true, id, [ROW_VERSION]: (await store.get1(modelName, id, [ROW_VERSION]))?.[ROW_VERSION] };
      }
      return { success: true, id, [ROW_VERSION]: 1 };
    },
  );

  app.post<{ Params: Params; Body: Row }>(
    '/api/form/:name/update/:id',
    {
      config: { access: 'definition' },
      schema: {
        body: anyBody,
        summary: `Updates a record as add does; the body carries the '${ROW_VERSION}' it read (400 without): when the record moved on since, 409 STALE_VERSION with the record as it is now in 'current', and nothing changes`,
      },
    },
    async (req) => {
      const form = await formFor(req, 'update');
      const modelName = modelOf(form);
      const kind = kindOfModel(modelName);
      if (kind) {
        const saved = await defs.update(kind, req.params.id, req.body, req.user?.user ?? null);
        return { success: true, id: saved.id, version: saved.version };
      }
      const { values, links } = await writableValues(form, req.body, true);
      // One spelling of the id from here on: '05' is record 5 for every check below.
      const id = String(store.idValue(store.get(modelName), req.params.id));
      const expected = req.body[ROW_VERSION];
      if (typeof expected !== 'number' || !Number.isSafeInteger(expected)) {
        throw errors.invalid(`The record must carry the version it was read at ('${ROW_VERSION}', as GET /api/form/{name}/data/{id} answers it)`, [
          { pointer: `/${ROW_VERSION}`, message: 'must be the version that was read' },
        ]);
      }
      let endSessions = false;
      let identity: { id: number; row: Row } | undefined;
      if (isModel(modelName, 'User')) {
        if ('Admin' in values && values.Admin !== true) await keepAnAdmin(req, id, 'demote');
        const stored = await store.get1('User', id, ['Admin', ...IDENTITY_FIELDS]);
        endSessions = 'password' in values || ('Admin' in values && stored?.Admin !== values.Admin);
        await trimUserIdentity(values);
        identity = { id: userIdOf(store, id), row: stored ?? {} };
      }
      // The record and its links together, and only while the record is at the version read.
      const saved = await store.db.transaction().execute(async (trx) => {
        if (identity) await checkIdentityFree(trx, values, identity);
        if (!(await store.update(modelName, id, values, trx, expected, authorOf(req.user)))) return false;
        for (const [field, ids] of links) await store.writeLinks(trx, modelName, field, id, ids, authorOf(req.user));
        return true;
      });
      if (!saved) {
        const current = await store.get1(modelName, id, [...(await recordFields(form)), ROW_VERSION]);
        if (!current) throw errors.notFound(`The ${modelName} record '${req.params.id}'`);
        throw errors.staleRecord(current);
      }
      // A new password or admin flag ends the user's sessions (the caller's own one stays).
      if (endSessions) await sessions.revokeAll(userIdOf(store, id), req.token ?? undefined);
      return { success: true, id: store.idValue(store.get(modelName), id), [ROW_VERSION]: expected + 1 };
    },
  );

  app.delete<{ Params: Params }>('/api/form/:name/delete/:id', { config: { access: 'definition' } }, async (req) => {
    const form = await formFor(req, 'delete');
    const modelName = modelOf(form);
    const kind = kindOfModel(modelName);
    if (kind) {
      await defs.remove(kind, req.params.id);
      return { success: true };
    }
    const id = String(store.idValue(await defs.model(modelName), req.params.id));
    if (isModel(modelName, 'User') && req.user && String(req.user.id) === id) {
      throw errors.conflict('You cannot delete your own account while signed in with it');
    }
    if (isModel(modelName, 'User')) await keepAnAdmin(req, id, 'delete');
    if (!(await store.delete(modelName, id))) throw errors.notFound(`The ${modelName} record '${req.params.id}'`);
    return { success: true };
  });
}

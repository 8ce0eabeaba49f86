import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { authorize, permittedDefinition, withoutAccess, type Access, type Operation } from '../http/permissions.js';
import { callerContext, presetValue, type Permit } from '../http/grants.js';
import { recordFieldsIn, recordWithin } from '../http/record-rule.js';
import { kindOfModel, modelOf } from '../../shared/contract.js';
import { dualListLink, formAsShown } from './form-as-shown.js';

/** Public forms can be read while setup runs only if they are the setup steps themselves. */
const SETUP_FORMS = new Set(['setup_user', 'setup_smtp']);

/** GET .../definition?mode=add|edit: which save the screen makes, for what the caller's grants lock. */
const definitionQuery = {
  $id: 'https://tessera.dev/schemas/api/form-definition-query.json',
  type: 'object',
  properties: { mode: { type: 'string', enum: ['add', 'edit'] } },
};

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

export async function formRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs, settings, sessions, site, database } = app.services;

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

  /** The form and what the caller may do with it for `op` (their permit: record rule, fields, presets). */
  async function formFor(req: FastifyRequest<{ Params: Partial<Params> }>, op: Operation): Promise<{ form: Definition; permit: Permit }> {
    const name = req.params.name ?? '';
    if (!(await settings.setupCompleted()) && !SETUP_FORMS.has(name)) throw errors.setupNotCompleted();
    const { def, permit } = await permittedDefinition(defs, store, req, 'form', name, op, req.params.id);
    return { form: def, permit };
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
   * On add, the fields the caller may not write (read-only or hidden for every grant giving them
   * add) must not be in the body: 403 naming them, and nothing is written. An empty value is no
   * value and is left out (the field's default applies); a preset field's value is replaced anyway.
   */
  function withoutLockedOnAdd(body: Row, permit: Permit): Row {
    const out: Row = { ...body };
    const refused: string[] = [];
    for (const field of permit.readOnly) {
      if (!(field in body) || field in permit.presets) continue;
      const value = body[field];
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) delete out[field];
      else refused.push(field);
    }
    if (refused.length) throw errors.forbidden(`You may not set ${refused.map((f) => `'${f}'`).join(', ')}`);
    return out;
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

  app.get<{ Params: Params; Querystring: { mode?: string } }>(
    '/api/form/:name/definition',
    {
      config: { access: 'definition', beforeSetup: true },
      schema: {
        querystring: definitionQuery,
        summary:
          "The form's definition, with `modelDefaults`: the model's field defaults a new record starts with (where the form sets none of its own). For a caller a grant restricts, the columns of fields hidden from them are left out and those of fields they may not write in `mode` (edit, the default, or add, where preset fields count too) are `disabled` and listed in `readOnlyFields`",
      },
    },
    async (req) => {
      const { form, permit } = await formFor(req, 'open');
      const defaults = await modelDefaults(form);
      const add = req.query.mode === 'add' ? await addPermit(req, form) : undefined;
      const shown = formAsShown(form, modelOf(form), permit, defaults, add);
      return {
        ...withoutAccess(shown.form, req),
        ...(await refusedFlags(req, form)),
        ...(shown.modelDefaults ? { modelDefaults: shown.modelDefaults } : {}),
        ...(shown.readOnlyFields.length ? { readOnlyFields: shown.readOnlyFields } : {}),
      };
    },
  );

  /**
   * The form's own flags for what the caller's grants refuse through it, so the screen offers no
   * button the server answers 403: `hideDelete` without delete, `hideSaveAs` without add (Save as
   * new adds a copy), `readOnly` with neither add nor update (a group that may only read). Flags
   * the stored form sets stay as they are; a caller no grant restricts gets none of these.
   */
  async function refusedFlags(req: FastifyRequest, form: Definition): Promise<Record<string, true>> {
    const may = async (op: Operation) => {
      try {
        await authorize(store, req, 'form', form, op);
        return true;
      } catch {
        return false;
      }
    };
    const flags: Record<string, true> = {};
    const adds = await may('add');
    if (form.hideDelete !== true && !(await may('delete'))) flags.hideDelete = true;
    if (form.hideSaveAs !== true && !adds) flags.hideSaveAs = true;
    if (form.readOnly !== true && !adds && !(await may('update'))) flags.readOnly = true;
    return flags;
  }

  /** What the caller may do on add through the form, with the presets known now; undefined when they may not add (the save will say so). */
  async function addPermit(req: FastifyRequest, form: Definition): Promise<{ permit: Permit; presetLiterals: Row } | undefined> {
    let permit: Permit;
    try {
      permit = await authorize(store, req, 'form', form, 'add');
    } catch {
      return undefined;
    }
    const presetLiterals: Row = {};
    for (const [field, value] of Object.entries(permit.presets)) if (typeof value !== 'object' || value === null) presetLiterals[field] = value;
    return { permit, presetLiterals };
  }

  app.get<{ Params: Params }>(
    '/api/form/:name/data/:id',
    { config: { access: 'definition' }, schema: { summary: `The record: its id, the form's fields and its row version '${ROW_VERSION}' (a definition record: its whole document with 'version')` } },
    async (req) => {
      const { form, permit } = await formFor(req, 'read');
      const modelName = modelOf(form);
      const kind = kindOfModel(modelName);
      if (kind) {
        // Definition records are read whole, version included, so they can be saved back.
        return defs.get(kind, req.params.id);
      }
      await defs.model(modelName);
      // The record with its version (ROW_VERSION): an update sends it back. Fields hidden from the caller are not read.
      const fields = (await recordFields(form)).filter((f) => !permit.hidden.has(f));
      const row = await store.get1(modelName, req.params.id, [...fields, ROW_VERSION]);
      // A record outside the caller's read rule is missing, as far as they can tell.
      const inside = !permit.rule || (row !== undefined && (await recordWithin(database, store.db, store, modelName, req.params.id, permit.rule, await callerContext(store, req, [permit.rule]))));
      if (!row || !inside) throw errors.notFound(`The ${modelName} record '${req.params.id}'`);
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
      const { form, permit } = await formFor(req, 'add');
      const modelName = modelOf(form);
      const kind = kindOfModel(modelName);
      if (kind) {
        const created = await defs.create(kind, { ...req.body, id: undefined }, req.user?.user ?? null);
        return { success: true, id: created.id, version: created.version };
      }
      const selfRegistration = isSelfRegistration(req, form, modelName);
      if (selfRegistration) await refuseRegistration(req.body);
      const body = withoutLockedOnAdd(req.body, permit);
      const context = await callerContext(store, req, [permit.presets]);
      const preset: Row = {};
      for (const [field, value] of Object.entries(permit.presets)) preset[field] = presetValue(value, context);
      const { values, links } = await writableValues(form, body, false, preset);
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
      const { form, permit } = await formFor(req, 'update');
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
          throw errors.forbidden(`The change would take the ${modelName} record '${req.params.id}' outside what you may update`);
        }
        return true;
      });
      if (saved === 'outside') throw await outsideRule(req, form, modelName, id, 'update');
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
    const { form, permit } = await formFor(req, 'delete');
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
    const context = await callerContext(store, req, [permit.rule]);
    // Only a record inside the caller's delete rule goes, decided and done on the same state.
    const gone = await store.db.transaction().execute(async (trx) => {
      if (permit.rule && !(await recordWithin(database, trx, store, modelName, id, permit.rule, context))) return 'outside';
      return store.delete(modelName, id, trx);
    });
    if (gone === 'outside') throw await outsideRule(req, form, modelName, id, 'delete');
    if (!gone) throw errors.notFound(`The ${modelName} record '${req.params.id}'`);
    return { success: true };
  });
}

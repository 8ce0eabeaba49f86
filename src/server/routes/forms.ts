import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import type { Definition } from '../definitions/definitions.js';
import { isModel } from '../records/model-names.js';
import { checkIdentityFree } from '../auth/user-identity.js';
import { ROW_VERSION } from '../records/model-store.js';
import { authorOf } from '../records/audit-columns.js';
import { authorize, permittedDefinition, withoutAccess, type Access, type Operation } from '../http/permissions.js';
import { callerContext, presetValue, type Permit } from '../http/grants.js';
import { recordWithin } from '../http/record-rule.js';
import { kindOfModel, modelOf } from '../../shared/contract.js';
import { formAsShown } from './form-as-shown.js';
import { formWrites } from './form-writes.js';

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




export async function formRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs, settings, site, database } = app.services;
  const writes = formWrites(app.services);
  const { writableValues, trimUserIdentity, keepAnAdmin, outsideRule, recordFields } = writes;

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
          "The form's definition, with `modelDefaults`: the model's field defaults a new record starts with (where the form sets none of its own), and `history: true` when the caller may read its records' history (docs/history.md). For a caller a grant restricts, the columns of fields hidden from them are left out and those of fields they may not write in `mode` (edit, the default, or add, where preset fields count too) are `disabled` and listed in `readOnlyFields`",
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
        ...((await mayReadHistory(req, form)) ? { history: true } : {}),
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

  /**
   * Whether the form's screen offers its records' history (docs/history.md): to administrators, and
   * to a caller this form grants `history`; never for a form over definitions.
   */
  async function mayReadHistory(req: FastifyRequest, form: Definition): Promise<boolean> {
    if (kindOfModel(modelOf(form))) return false;
    if (req.user?.Admin) return true;
    try {
      await authorize(store, req, 'form', form, 'history');
      return true;
    } catch {
      return false;
    }
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
      return writes.update(req, form, permit, req.params.id, req.body);
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

import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import { modelOf } from '../../shared/contract.js';
import { refuseSystemChange } from './system-models.js';
import { ApiError, errors, type ErrorDetail } from '../core/errors.js';
import type { ChangePlan, ModelChangeBody } from '../../shared/model-change-plan.js';
import type { FieldRename } from '../../shared/filter/index.js';
import { bumpGeneration, currentGeneration } from '../records/generation.js';
import { ROW_VERSION, tableOf, type ModelStore } from '../records/model-store.js';
import type { ModelDefinition, ModelField } from '../records/model-types.js';
import { conversionSetup, CONVERTIBLE_TYPES, convertedSql, isEmptySql } from '../records/value-conversion.js';
import type { DefinitionKind } from './definition-kinds.js';
import type { Definition } from './definition-versions.js';
import { renameFieldIn, USING_KINDS, type DefinitionUse, type FindModel, type UsingKind } from './model-uses.js';
import { renameInView, trimView, viewsOfGrids, type StoredView } from './view-renames.js';

/**
 * Safe changes of a model that holds data (docs/api.md, "Changing a model that holds data"):
 * the plan of a change, what each part does and costs, answered by the preview and computed
 * again inside the change's transaction, which applies it whole or not at all. Fields are known
 * by name, so a rename is said in the request (`renames: { old: new }`); a field of the stored
 * model that is neither in the new one nor renamed is deleted, one of the new model that is
 * neither stored nor a rename's target is added.
 */

export type { ChangePlan } from '../../shared/model-change-plan.js';

/** The body of the preview and the change (its `convert` and `renames` as the route's schema allows them). */
export type ModelChangeRequest = ModelChangeBody;

/** How many sample values a plan shows for each part. */
const SAMPLES = 5;

/** What the change reads and writes of the definitions repository (definitions.ts). */
export interface ChangeDefinitions {
  list(kind: DefinitionKind): Promise<{ id: string; name: string }[]>;
  get(kind: DefinitionKind, idOrName: string): Promise<Definition>;
  writeIn(trx: Db, kind: DefinitionKind, current: Definition, doc: Row, version: number, by: string | null): Promise<void>;
  createIn(trx: Db, kind: DefinitionKind, doc: Row, by: string | null): Promise<Definition>;
}

/** Checks a model as every save does (ModelLifecycle.check): `own` the stored name it may keep, beside the models saved with it. */
export type CheckModel = (doc: ModelDefinition, own: string | undefined, batch: readonly ModelDefinition[]) => Promise<void>;

/** A form, grid or select of any model (its paths may walk through the model being changed). */
interface Over {
  kind: UsingKind;
  def: Definition;
}

/** The definitions naming `field` of `model`, by name or through a path, and the places in each. */
function usesOf(over: readonly Over[], find: FindModel, model: string, field: string): DefinitionUse[] {
  const out: DefinitionUse[] = [];
  for (const { kind, def } of over) {
    const { places } = renameFieldIn(kind, def, [{ model, from: field, to: field }], find);
    if (places.length) out.push({ kind, name: def.name, places });
  }
  return out;
}

/** The models as they are before the change: the changed one as stored, the others as registered. */
function modelsBefore(store: ModelStore, before: ModelDefinition): FindModel {
  return (name) => (name === before.name ? before : store.find(name));
}

/** The saved views of the grids among `over` whose model is still known, each with that model. */
async function viewsOver(db: Db, over: readonly Over[], find: FindModel): Promise<{ view: StoredView; model: ModelDefinition }[]> {
  const models = new Map<string, ModelDefinition>();
  for (const { kind, def } of over) {
    const model = kind === 'grid' ? find(modelOf(def)) : undefined;
    if (model) models.set(def.name, model);
  }
  if (!models.size) return [];
  const views = await viewsOfGrids(db, [...models.keys()]);
  return views.flatMap((view) => {
    const model = models.get(view.grid);
    return model ? [{ view, model }] : [];
  });
}

export interface Prepared {
  before: ModelDefinition;
  after: ModelDefinition;
  /** The new models made with the change (the body's `create`). */
  created: ModelDefinition[];
  pairing: Pairing;
  version: number;
  over: Over[];
}

interface Pairing {
  pairs: { before: ModelField; after: ModelField; at: number }[];
  added: { after: ModelField; at: number }[];
  deleted: ModelField[];
}

const isColumn = (f: ModelField) => f.type !== 'link';

/**
 * Matches the stored fields with the new model's by name and by the renames, refusing renames
 * that name no stored field, no new field, or a name another stored field already has.
 */
export function pairFields(before: ModelDefinition, after: ModelDefinition, renames: Record<string, string>): Pairing {
  const problems: ErrorDetail[] = [];
  const targets = new Map<string, string>();
  for (const [from, to] of Object.entries(renames)) {
    const at = `/renames/${from.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!before.fields.some((f) => f.name === from)) problems.push({ pointer: at, message: `the model has no field '${from}' to rename` });
    else if (!after.fields.some((f) => f.name === to)) problems.push({ pointer: at, message: `the new model has no field '${to}' to rename '${from}' to` });
    else if (before.fields.some((f) => f.name !== from && f.name.toLowerCase() === to.toLowerCase())) {
      problems.push({ pointer: at, message: `'${to}' is already the name of another field (column names are compared without regard to case)` });
    } else if (targets.has(to)) problems.push({ pointer: at, message: `'${targets.get(to) ?? ''}' is renamed to '${to}' too` });
    else targets.set(to, from);
  }
  if (problems.length) throw errors.invalid(`The renames cannot be applied: ${problems[0]?.message ?? ''}`, problems);
  const renamed = new Set(targets.values());
  const out: Pairing = { pairs: [], added: [], deleted: [] };
  after.fields.forEach((f, at) => {
    const from = targets.get(f.name) ?? (renamed.has(f.name) ? undefined : f.name);
    const old = from === undefined ? undefined : before.fields.find((x) => x.name === from);
    if (old) out.pairs.push({ before: old, after: f, at });
    else out.added.push({ after: f, at });
  });
  out.deleted = before.fields.filter((f) => !out.pairs.some((p) => p.before === f));
  return out;
}

/**
 * What saving `after` over the stored model `before` would do to its table, fields known by name
 * (no renames), in words ("deletes 'pages'"): none when it changes no column. A restore of a
 * model version is refused while there is any (Definitions.restore), as only the change's
 * preview shows what it does to the data.
 */
export function tableChangesOf(before: ModelDefinition, after: ModelDefinition): string[] {
  const { pairs, added, deleted } = pairFields(before, after, {});
  const out = [...deleted.map((f) => `deletes '${f.name}'`), ...added.map(({ after: f }) => `adds '${f.name}'`)];
  for (const { before: b, after: a } of pairs) {
    if (b.type !== a.type) out.push(`changes the type of '${a.name}'`);
    else if (b.target !== a.target || b.through !== a.through) out.push(`changes what '${a.name}' refers to`);
    if (a.required && !b.required) out.push(`makes '${a.name}' required`);
    if (a.unique && !b.unique) out.push(`makes '${a.name}' unique`);
  }
  return out;
}

/** Refuses what no choice makes possible: a system model's built-in part, a new name, a type that cannot convert. */
function checkShape(before: ModelDefinition, after: ModelDefinition, pairing: Pairing): void {
  if (before.system) refuseSystemChange(before, after, '/model');
  if (before.name !== after.name) throw errors.invalid('A model cannot be renamed', [{ pointer: '/model/name', message: 'cannot change' }]);
  for (const { before: b, after: a, at } of pairing.pairs) {
    const same = b.type === a.type && (b.type !== 'reference' && b.type !== 'link' ? true : b.target === a.target && b.through === a.through);
    if (same) continue;
    if (!CONVERTIBLE_TYPES.has(b.type) || !CONVERTIBLE_TYPES.has(a.type)) {
      throw errors.invalid(`The field '${b.name}' cannot change from ${b.type} to ${a.type}: only text, number, boolean, date, datetime and json convert`, [
        { pointer: `/model/fields/${at}/type`, message: 'cannot change' },
      ]);
    }
  }
}

export class ModelChanges {
  constructor(
    private readonly store: ModelStore,
    private readonly defs: ChangeDefinitions,
  ) {}

  /**
   * Every form, grid and select (one of another model may walk a path through `model` in its
   * filters, `shows` or grants' rules), read before the change's transaction (on SQLite the one
   * connection is the transaction's until it ends); each is written back with the version read,
   * so one saved in between answers 409.
   */
  private async definitionsOver(): Promise<Over[]> {
    const out: Over[] = [];
    for (const kind of USING_KINDS) {
      for (const { name } of await this.defs.list(kind)) out.push({ kind, def: await this.defs.get(kind, name) });
    }
    return out;
  }

  /**
   * Validates a request against the stored model: the new model's checks, its shape, its
   * renames, and the models to create with it, each checked as a created model is (a name
   * taken answers 409) beside the others and the new model, which may name each other.
   */
  async prepare(current: Definition, request: ModelChangeRequest, check: CheckModel): Promise<Prepared> {
    const before = current as unknown as ModelDefinition;
    const version = request.model.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw errors.invalid('The model must carry the version it was read at', [{ pointer: '/model/version', message: 'must be the version that was read' }]);
    }
    const doc: Row = { ...request.model, id: current.id };
    delete doc.version;
    const after = doc as unknown as ModelDefinition;
    const created = (request.create ?? []).map((m) => {
      const made: Row = { ...m };
      delete made.id;
      delete made.version;
      return made as unknown as ModelDefinition;
    });
    const all = [after, ...created];
    // The models' checks point into a model; here it is the body's `model` or `create/{n}`.
    const checked = async (model: ModelDefinition, at: string, own?: string) => {
      try {
        await check(model, own, all);
      } catch (e) {
        if (e instanceof ApiError && e.code === 'INVALID' && e.details) throw errors.invalid(e.message, e.details.map((d) => ({ ...d, pointer: `${at}${d.pointer}` })));
        throw e;
      }
    };
    for (const [i, model] of created.entries()) await checked(model, `/create/${i}`);
    await checked(after, '/model', before.name);
    const pairing = pairFields(before, after, request.renames ?? {});
    checkShape(before, after, pairing);
    for (const field of Object.keys(request.convert ?? {})) {
      if (!after.fields.some((f) => f.name === field)) {
        throw errors.invalid(`'convert' names '${field}', which is not a field of the new model`, [{ pointer: `/convert/${field}`, message: 'no such field' }]);
      }
    }
    return { before, after, created, pairing, version, over: await this.definitionsOver() };
  }

  /** The plan of a preview: on PostgreSQL in a transaction of its own, where the conversion's JSON test is made for its session. */
  async preview(prepared: Prepared, convert: Record<string, 'clear'>): Promise<ChangePlan> {
    if (this.store.dialect === 'sqlite') return this.plan(this.store.db, prepared, convert);
    return this.store.db.transaction().execute((trx) => this.plan(trx, prepared, convert));
  }

  /**
   * The plan: reads the table through `db` (the change's transaction, or the database for a
   * preview) and writes nothing. Each count and sample is a query (a type change's by the
   * conversion's own SQL, value-conversion.ts), so no value is read into the server but the
   * samples shown.
   */
  async plan(db: Db, prepared: Prepared, convert: Record<string, 'clear'>): Promise<ChangePlan> {
    const { before, pairing, over } = prepared;
    const find = modelsBefore(this.store, before);
    const views = pairing.deleted.length || pairing.pairs.some((p) => p.before.name !== p.after.name) ? await viewsOver(db, over, find) : [];
    const table = tableOf(before.name);
    const counted = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = Number(counted?.n ?? 0);
    const plan: ChangePlan = {
      model: before.name,
      created: prepared.created.map((m) => m.name),
      rows,
      added: [],
      renamed: [],
      retyped: [],
      required: [],
      unique: [],
      deleted: [],
      problems: [],
    };
    const count = async (column: string, where: 'values' | 'empty', textual: boolean) => {
      const col = sql.ref(column);
      const blank = textual ? sql`or ${col} = ''` : sql``;
      const cond = where === 'values' ? sql`not (${col} is null ${blank})` : sql`(${col} is null ${blank})`;
      const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${cond}`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    };
    const textual = (f: ModelField) => !['number', 'boolean', 'reference'].includes(f.type);
    const setup = conversionSetup(this.store.dialect);
    if (setup && pairing.pairs.some((p) => p.before.type !== p.after.type)) await setup.execute(db);
    for (const { after: f, at } of pairing.added) {
      const hasDefault = f.default !== undefined && f.default !== null && f.default !== '';
      plan.added.push({
        field: f.name,
        type: f.type,
        required: f.required === true,
        ...(hasDefault ? { default: f.default } : {}),
        filled: hasDefault && isColumn(f) ? rows : 0,
        ...(f.type === 'link' && f.through ? { through: f.through } : {}),
      });
      if (f.required && !hasDefault && rows > 0 && isColumn(f)) {
        plan.problems.push({ status: 400, pointer: `/model/fields/${at}/default`, message: `the field '${f.name}' is required: the ${rows} rows the table holds need a default` });
      }
      if (f.required) plan.required.push({ field: f.name, empty: hasDefault ? 0 : rows });
      if (f.unique && hasDefault && rows > 1) {
        plan.unique.push({ field: f.name, repeated: rows, samples: [{ value: f.default, count: rows }] });
        plan.problems.push({ status: 409, pointer: `/model/fields/${at}/unique`, message: `the field '${f.name}' is unique: its default would repeat in ${rows} rows` });
      }
    }

    for (const { before: b, after: a, at } of pairing.pairs) {
      if (b.name !== a.name) {
        const rename = [{ model: before.name, from: b.name, to: a.name }];
        const followed = views.filter(({ view, model }) => renameInView(view.state, model, rename, find)).length;
        plan.renamed.push({ from: b.name, to: a.name, uses: usesOf(over, find, before.name, b.name), ...(followed ? { views: followed } : {}) });
      }
      // A retyped field's values as they will be: the conversion's SQL over the stored column,
      // NULL where a value does not convert; the rows counted are those with a value.
      const converted = b.type !== a.type ? convertedSql(this.store.dialect, b, a, b.name) : undefined;
      const valued = sql`not ${isEmptySql(b, b.name)}`;
      let convertible = 0;
      if (converted) {
        const r = await sql<{ n: number; failing: number | null }>`select count(*) as n, sum(case when ${converted} is null then 1 else 0 end) as failing
          from ${sql.table(table)} where ${valued}`.execute(db);
        const values = Number(r.rows[0]?.n ?? 0);
        const failing = Number(r.rows[0]?.failing ?? 0);
        convertible = values - failing;
        const shownRows = failing
          ? await sql<Row>`select ${sql.ref(b.name)} from ${sql.table(table)} where ${valued} and ${converted} is null order by id limit ${SAMPLES}`.execute(db)
          : { rows: [] };
        const samples = shownRows.rows.map((row) => this.store.decode(before, row)[b.name]);
        const clear = convert[a.name] === 'clear';
        plan.retyped.push({ field: a.name, from: b.type, to: a.type, values, convertible, failing, samples, clear });
        if (failing > 0 && !clear) {
          const shown = samples.map((s) => `'${String(s).slice(0, 40)}'`).join(', ');
          plan.problems.push({
            status: 409,
            pointer: `/model/fields/${at}/type`,
            message: `${failing} of ${values} values of '${b.name}' are not ${a.type === 'number' ? 'numbers' : `${a.type} values`}: ${shown}${failing > samples.length ? ', ...' : ''}; send convert: { "${a.name}": "clear" } to clear them`,
          });
        }
      }
      if (a.required && !b.required && isColumn(a)) {
        const blank = converted ? rows - convertible : await count(b.name, 'empty', textual(b));
        plan.required.push({ field: a.name, empty: blank });
        if (blank > 0) plan.problems.push({ status: 409, pointer: `/model/fields/${at}/required`, message: `${blank} rows have no value in '${a.name}'` });
      }
      if (a.unique && (!b.unique || converted) && isColumn(a)) {
        // The values repeated as they will be stored, the most repeated first (then the first met);
        // grouped by position, as PostgreSQL does not see one expression in two sets of parameters.
        const value = converted ?? sql.ref(b.name);
        const where = converted ? sql`${valued} and ${converted} is not null` : sql`${sql.ref(b.name)} is not null`;
        const groups = sql`select ${value} as v, count(*) as n, min(id) as first from ${sql.table(table)} where ${where} group by 1 having count(*) > 1`;
        const total = await sql<{ n: number | null }>`select sum(n) as n from (${groups}) g`.execute(db);
        const top = await sql<{ v: unknown; n: number }>`select v, n from (${groups}) g order by n desc, first limit ${SAMPLES}`.execute(db);
        const repeated = Number(total.rows[0]?.n ?? 0);
        const samples = top.rows.map((t) => ({ value: t.v, count: Number(t.n) }));
        plan.unique.push({ field: a.name, repeated, samples });
        if (repeated > 0) plan.problems.push({ status: 409, pointer: `/model/fields/${at}/unique`, message: `${repeated} rows repeat values of '${a.name}' (${samples.slice(0, 3).map((t) => `'${String(t.value)}' ${t.count} times`).join(', ')})` });
      }
    }

    for (const f of pairing.deleted) {
      const uses = usesOf(over, find, before.name, f.name);
      const trimmed = views.filter(({ view, model }) => trimView(view.state, model, before.name, f.name, find)).length;
      plan.deleted.push({ field: f.name, type: f.type, values: isColumn(f) ? await count(f.name, 'values', textual(f)) : 0, uses, ...(trimmed ? { views: trimmed } : {}) });
      if (uses.length) {
        plan.problems.push({ status: 409, pointer: '/model/fields', message: `the field '${f.name}' is still used by ${uses.map((u) => `${u.kind} '${u.name}'`).join(', ')}` });
      }
    }
    if (plan.deleted.length) {
      plan.warning = `Deleting ${plan.deleted.map((d) => `'${d.field}'`).join(', ')} loses ${plan.deleted.reduce((n, d) => n + d.values, 0)} values: the version history keeps the definition, not the data (a backup does)`;
    }
    return plan;
  }

  /**
   * Applies a change in one transaction under the schema lock: the model's definition (409 when
   * its version moved), the plan made again there (nothing written when it finds a problem), the
   * created models' definitions, the columns dropped, renamed and replaced, the model and the
   * created ones synced (tables, added columns, indexes, search index), added defaults filled, the definitions naming a renamed field saved with a new kept
   * version each, and the generation moved so other processes reload. Answers the plan and the
   * generation it moved to.
   *
   * A type change on PostgreSQL keeps the table readable while it converts: any ALTER TABLE in
   * the change's transaction would hold an ACCESS EXCLUSIVE lock, which stops reads too, until
   * it commits. So the new type's empty column is added first, in a transaction of its own;
   * the change's transaction takes a SHARE lock on the table (writes wait, reads go on), makes
   * its plan, fills that column with the converted values and builds its indexes, and only then
   * alters the table (the swap of the two columns, and whatever else the change does), which
   * holds the exclusive lock for the short rest of the transaction. When the change fails
   * anywhere, the added column is dropped again, so the table is as it was.
   */
  async apply(
    current: Definition,
    prepared: Prepared,
    convert: Record<string, 'clear'>,
    by: string | null,
  ): Promise<{ plan: ChangePlan; generation: number; updated: { kind: UsingKind; name: string }[] }> {
    const { before, after, pairing, version, over } = prepared;
    const table = tableOf(before.name);
    const retyped = pairing.pairs.filter((p) => p.before.type !== p.after.type);
    const rowVersion = this.store.versionColumn(before) === ROW_VERSION ? ROW_VERSION : null;
    // PostgreSQL: the replacement columns, by the new field's name.
    const temps = new Map<string, string>();
    if (this.store.dialect === 'postgres' && retyped.length) {
      await this.store.db.transaction().execute(async (trx) => {
        await this.store.lockSchemaIn(trx);
        const scoped = this.store.scoped(trx).columnChanges;
        for (const { after: a } of retyped) temps.set(a.name, await scoped.addReplacement(table, a));
      });
    }
    try {
      return await this.store.db.transaction().execute(async (trx) => {
        await this.store.lockSchemaIn(trx);
        await this.defs.writeIn(trx, 'model', current, after as unknown as Row, version, by);
        // Writes wait from here until the change commits, so the plan counts what is converted.
        if (temps.size) await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
        const plan = await this.plan(trx, prepared, convert);
        const first = plan.problems[0];
        if (first) {
          const details = plan.problems.map(({ pointer, message }) => ({ pointer, message }));
          if (plan.problems.some((p) => p.status === 400)) throw errors.invalid(`The model '${before.name}' cannot be changed: ${first.message}`, details);
          throw errors.modelChangeBlocked(`The model '${before.name}' cannot be changed as asked: ${first.message}`, details, plan);
        }
        // The models made with the change, each as its first version (a name taken since answers 409).
        for (const model of prepared.created) await this.defs.createIn(trx, 'model', model as unknown as Row, by);
        const scoped = this.store.scoped(trx);
        const columns = scoped.columnChanges;
        // PostgreSQL: the conversion, before any ALTER TABLE takes the exclusive lock.
        for (const { before: b, after: a } of retyped) {
          const temp = temps.get(a.name);
          if (temp !== undefined) await columns.fillReplacement(table, b, a, temp, rowVersion);
        }
        for (const f of pairing.deleted) if (isColumn(f)) await columns.drop(table, f.name);
        for (const { before: b, after: a } of pairing.pairs) {
          if (b.name !== a.name && isColumn(a)) await columns.rename(table, b.name, a.name);
        }
        for (const { before: b, after: a } of retyped) {
          const temp = temps.get(a.name);
          if (temp !== undefined) await columns.swapReplacement(table, a.name, temp);
          else await columns.replace(table, b, a, rowVersion);
        }
        const defaulted = pairing.added.map((a) => a.after).filter((f) => isColumn(f) && f.default !== undefined && f.default !== null && f.default !== '');
        // Where the database can, an added column holds its default from the start (no row written).
        const prefilled = new Set<string>();
        for (const f of defaulted) if (await columns.addFilled(table, f, this.store.encode(after, f, f.default))) prefilled.add(f.name);
        // The created models' tables with the changed one's columns: the link tables name it.
        await scoped.sync([...prepared.created, after]);
        const filled = defaulted.filter((f) => !prefilled.has(f.name));
        for (const f of filled) await columns.fill(table, f.name, this.store.encode(after, f, f.default));
        // SQLite: the filled columns' search index, built from them at once (fill dropped it).
        if (filled.length) await scoped.sync([after]);
        // The definitions naming a renamed field, by name or through a path, each saved once with all its renames.
        const updated: { kind: UsingKind; name: string }[] = [];
        const renames = pairing.pairs.filter((p) => p.before.name !== p.after.name).map((p) => ({ model: before.name, from: p.before.name, to: p.after.name }));
        const find = modelsBefore(this.store, before);
        for (const { kind, def } of over) {
          const { doc, places } = renames.length ? renameFieldIn(kind, def, renames, find) : { doc: def as Row, places: [] };
          if (places.length) {
            await this.defs.writeIn(trx, kind, def, doc, def.version, by);
            updated.push({ kind, name: def.name });
          }
          if (kind === 'grid' && modelOf(def) === before.name) {
            const grid = doc as { definition?: { name: string }[]; sorts?: { fieldname: string }[] };
            await scoped.ensureSortIndexes(before.name, [...(grid.sorts ?? []).map((s) => s.fieldname), ...(grid.definition ?? []).map((c) => c.name)]);
          }
        }
        await this.followViews(trx, over, find, before.name, renames, pairing.deleted);
        await bumpGeneration(trx);
        return { plan, generation: await currentGeneration(trx), updated };
      });
    } catch (e) {
      if (temps.size) await this.dropReplacements(table, [...temps.values()]);
      throw e;
    }
  }

  /**
   * Rewrites the saved views of the grids through `trx`: what names a deleted field of `model`
   * dropped, then renamed fields renamed (view-renames.ts), both read with the names as they were.
   */
  private async followViews(trx: Db, over: readonly Over[], find: FindModel, model: string, renames: readonly FieldRename[], deleted: readonly ModelField[]): Promise<void> {
    if (!renames.length && !deleted.length) return;
    for (const { view, model: grid } of await viewsOver(trx, over, find)) {
      let state = view.state;
      let changed = false;
      for (const f of deleted) {
        const trimmed = trimView(state, grid, model, f.name, find);
        if (trimmed) [state, changed] = [trimmed, true];
      }
      const renamed = renames.length ? renameInView(state, grid, renames, find) : undefined;
      if (renamed) [state, changed] = [renamed, true];
      if (changed) await trx.updateTable('sys_grid_views').set({ state: JSON.stringify(state) }).where('id', '=', view.id).execute();
    }
  }

  /**
   * Drops the replacement columns of a PostgreSQL type change that failed. Should that fail too
   * (the database gone), the column stays empty and unnamed by any field, and the start-up
   * drops it (ModelStore.dropLeftoverReplacements).
   */
  private async dropReplacements(table: string, temps: string[]): Promise<void> {
    try {
      await this.store.db.transaction().execute(async (trx) => {
        await this.store.lockSchemaIn(trx);
        for (const temp of temps) await this.store.scoped(trx).columnChanges.dropReplacement(table, temp);
      });
    } catch {
      // The change's own error is the one to answer.
    }
  }
}

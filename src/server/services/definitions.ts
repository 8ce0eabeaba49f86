import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db, Row } from '../db/connect.js';
import { ApiError, errors, isDatabaseUnavailable, type ErrorDetail } from '../errors.js';
import { bumpGeneration, currentGeneration } from './generation.js';
import { checkModelApplies, checkUniqueValues, modelDefinitionProblems } from './model-check.js';
import { isModel, sharedTableReason, tableSharedWith } from './model-names.js';
import { definitionKinds, getDefinitionSchema, validateDefinition, type DefinitionKind } from '../../shared/schema-registry.js';
import { MAX_QUERY_FILTERS, ModelStore, tableOf, type StatsSnapshot } from './model-store.js';
import { patternProblems } from './patterns.js';
import type { ModelDefinition, ModelField } from './model-types.js';

export { definitionKinds, type DefinitionKind };

/** A stored definition: the document as it was saved, with its id and version. */
export type Definition = Row & { id: string; name: string; version: number };

/** One saved version of a definition, as the History panel lists it. */
export interface VersionInfo {
  version: number;
  /** ISO time of the save; null for a version saved before versions were kept. */
  savedAt: string | null;
  /** The user who saved it; null when not known (a seed, a script, before versions were kept). */
  savedBy: string | null;
  /** Whether this is the version stored now. */
  current: boolean;
}

export interface StoredVersion extends VersionInfo {
  document: Definition;
}

const VERSIONS = 'sys_definition_versions';

const MODEL_OF: Record<DefinitionKind, string> = {
  form: 'Form',
  grid: 'Grid',
  page: 'Page',
  menu: 'Menu',
  select: 'Select',
  model: 'Model',
};
const HEX32 = /^[0-9a-f]{32}$/;
/** Bounded so that look-ups of many names cannot grow the cache without end. */
const BY_NAME_LIMIT = 5000;

export function modelOfKind(kind: DefinitionKind): string {
  return MODEL_OF[kind];
}

/**
 * The definition kind a model's rows are, compared as tables are (model-names.ts): a model
 * spelled FORM is the forms' table, so it is the form kind, with every rule of definitions.
 */
export function kindOfModel(model: string): DefinitionKind | undefined {
  return definitionKinds.find((k) => isModel(model, MODEL_OF[k]));
}

/**
 * Each definition kind is a system model whose fields are the definition's top-level
 * properties: strings are text columns (so lists can sort and search them), booleans are
 * booleans, everything else is kept as its exact JSON text, so a definition round-trips.
 */
export function definitionModel(kind: DefinitionKind): ModelDefinition {
  const schema = getDefinitionSchema(kind) as { properties?: Record<string, { type?: unknown }> };
  const fields: ModelField[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name === 'id') continue;
    if (name === 'version') fields.push({ name, type: 'number', label: 'Version' });
    else if (name === 'name') fields.push({ name, type: 'text', label: 'Name', required: true, unique: true });
    else if (name === 'title' || prop.type === 'string') fields.push({ name, type: 'text', label: label(name) });
    else if (prop.type === 'boolean') fields.push({ name, type: 'boolean', label: label(name) });
    else fields.push({ name, type: 'json', label: label(name) });
  }
  return { name: MODEL_OF[kind], title: `${MODEL_OF[kind]} definitions`, system: true, idtype: 'hex', fields };
}

function label(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The repository of definitions. Reads are cached per process and revalidated with a
 * one-row version look-up, so a definition saved by another server process is served at once.
 */
export class Definitions {
  private readonly cache = new Map<string, Definition>();
  /** Definitions by kind and id-or-name, with the version of their table when they were read. */
  private readonly byName = new LRUCache<string, { version: number; doc: Definition }>({ max: BY_NAME_LIMIT });

  /** Told the generation a model deletion moved to (this process has already caught up with it). */
  onGeneration?: (version: number) => void;

  private readonly versionsKept: number;
  /** Stored models this process could not apply, by name: the version that failed and why. */
  private readonly broken = new Map<string, { version: number; reason: string; dependsOn?: string; sharedWith?: string }>();

  constructor(
    private readonly store: ModelStore,
    options: { versionsKept?: number } = {},
  ) {
    this.versionsKept = options.versionsKept ?? 100;
    // A definition's own `version` is its row version: its table needs no other.
    store.keepOwnVersion(definitionKinds.map((k) => MODEL_OF[k]));
  }

  /** Forgets every cached definition (after a restore rewrote the tables underneath). */
  forget(): void {
    this.cache.clear();
    this.byName.clear();
    this.broken.clear();
  }

  /**
   * Records that a stored model could not be applied (at start-up): requests on it answer 409
   * until its definition changes or, when its only fault was the model it `dependsOn`, until
   * that one is applied; when it shares its table with another (`sharedWith`), until that
   * one's definition is deleted.
   */
  markBroken(name: string, version: number, reason: string, dependsOn?: string, sharedWith?: string): void {
    this.broken.set(name, { version, reason, dependsOn, sharedWith });
  }

  /**
   * The registered model whose table this one's would be (model-names.ts), if any: a model
   * stored before names were compared as tables are, such as USER beside User. A built-in
   * model registered under its own name is never the one refused.
   */
  private sharesTable(name: string): string | undefined {
    if (this.store.has(name) && this.store.get(name).system === true) return undefined;
    return tableSharedWith(name, this.store.names().filter((n) => n !== name));
  }

  private table(kind: DefinitionKind): string {
    return tableOf(MODEL_OF[kind]);
  }

  /**
   * Finds a definition by its 32-hex id or by its name. Given a stats snapshot, a definition
   * found before is served from this process's cache while its table's version has not moved
   * (any save, in any process, moves it); otherwise the database is asked.
   */
  async find(kind: DefinitionKind, idOrName: string, snapshot?: StatsSnapshot): Promise<Definition | undefined> {
    const table = this.table(kind);
    const version = snapshot?.get(table)?.version;
    const named = `${kind}\u0000${idOrName}`;
    if (version !== undefined) {
      const hit = this.byName.get(named);
      if (hit && hit.version === version) return hit.doc;
    }
    const doc = await this.lookUp(kind, idOrName);
    if (doc && version !== undefined) {
      // The version was read before the look-up: a save in between only makes the next call look again.
      this.byName.set(named, { version, doc });
    }
    return doc;
  }

  private async lookUp(kind: DefinitionKind, idOrName: string): Promise<Definition | undefined> {
    const table = this.table(kind);
    const head = await this.store.db
      .selectFrom(table)
      .select(['id', 'name', 'version'])
      .where((eb) => (HEX32.test(idOrName) ? eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]) : eb('name', '=', idOrName)))
      .orderBy(sql`case when id = ${idOrName} then 0 else 1 end`)
      .limit(1)
      .executeTakeFirst();
    if (!head) return undefined;
    const key = `${kind}\u0000${String(head.id)}`;
    const cached = this.cache.get(key);
    if (cached && cached.version === Number(head.version)) return cached;
    const row = await this.store.db.selectFrom(table).selectAll().where('id', '=', String(head.id)).executeTakeFirst();
    if (!row) return undefined;
    const doc = this.toDocument(kind, row);
    this.cache.set(key, doc);
    return doc;
  }

  async get(kind: DefinitionKind, idOrName: string, snapshot?: StatsSnapshot): Promise<Definition> {
    const doc = await this.find(kind, idOrName, snapshot);
    if (!doc) throw errors.notFound(`The ${kind} '${idOrName}'`);
    return doc;
  }

  async list(kind: DefinitionKind): Promise<{ id: string; name: string; title: string }[]> {
    const rows = await this.store.db
      .selectFrom(this.table(kind))
      .select(['id', 'name', 'title'])
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: String(r.name), title: String(r.title ?? '') }));
  }

  private toDocument(kind: DefinitionKind, row: Row): Definition {
    const decoded = this.store.decode(this.store.get(MODEL_OF[kind]), row);
    const doc: Row = {};
    for (const [k, v] of Object.entries(decoded)) if (v !== null) doc[k] = v;
    return doc as Definition;
  }

  private check(kind: DefinitionKind, doc: Row): void {
    const problems = definitionProblems(kind, doc);
    if (problems.length) throw errors.invalid(`The ${kind} definition is not valid`, problems);
  }

  /**
   * A model is checked as every path that makes one checks it (modelDefinitionProblems in
   * model-check.ts, which an app import and a restore run too): model names become table names
   * in lower case, so `USER` would be the users; a new name is refused with 409 when any model,
   * built-in or stored, already has it without regard to case. `own` is the name of the stored
   * definition being changed (or seeded), which the model may keep. Then the engine's own
   * registration is tried on a copy (checkModelApplies): nothing is written for a model it would refuse.
   */
  private async checkModel(model: ModelDefinition, own?: string): Promise<void> {
    const stored = (await this.list('model')).map((m) => m.name);
    const others = [...new Set([...this.store.names(), ...stored])].filter((n) => n !== own);
    const taken = own === undefined ? tableSharedWith(model.name, others) : undefined;
    if (taken !== undefined) throw errors.conflict(`A model named '${taken}' already exists (model names are compared without regard to case)`);
    const problems = modelDefinitionProblems(this.store, model, { others });
    if (problems.length) throw errors.invalid(`The model '${model.name}' cannot be applied: ${problems[0]?.message ?? ''}`, problems);
    checkModelApplies(this.store, model);
  }

  /**
   * Writes a model's definition (by `write`, through the transaction) and applies it to its
   * table in that same transaction, under the schema lock: the row, its version and the table
   * change commit together or not at all (SQLite and PostgreSQL both roll DDL back). The engine
   * is changed through a copy; this process's registry takes the model only after the commit.
   */
  private async saveModel<T>(doc: ModelDefinition, write: (trx: Db) => Promise<T>): Promise<T> {
    const out = await this.store.db.transaction().execute(async (trx) => {
      await this.store.lockSchemaIn(trx);
      await checkUniqueValues(trx, this.store.dialect, doc);
      const written = await write(trx);
      await this.store.scoped(trx).sync([doc]);
      return written;
    });
    this.store.register([doc]);
    this.broken.delete(doc.name);
    return out;
  }

  private values(kind: DefinitionKind, doc: Row): Row {
    const model = this.store.get(MODEL_OF[kind]);
    const values: Row = {};
    for (const f of model.fields) if (f.name !== 'version') values[f.name] = doc[f.name] ?? null;
    return values;
  }

  /**
   * Creates a definition; the server assigns its id (unless a valid one is given) and version 1,
   * which is kept as its first version. `by` names who saved it.
   */
  async create(kind: DefinitionKind, input: Row, by: string | null = null, seeding = false): Promise<Definition> {
    const doc: Row = { ...input };
    delete doc.version;
    this.check(kind, doc);
    // A seeded system model is registered with the engine before its row is stored.
    if (kind === 'model') await this.checkModel(doc as unknown as ModelDefinition, seeding ? String(doc.name) : undefined);
    const values: Row = { ...this.values(kind, doc), version: 1 };
    if (typeof doc.id === 'string') values.id = doc.id;
    // The row and its first kept version together: a crash between them would leave a
    // definition without its history (the kill test found one on PostgreSQL).
    const write = async (trx: Db): Promise<string | number> => {
      const made = await this.store.insert(MODEL_OF[kind], values, trx);
      const row = await trx.selectFrom(this.table(kind)).selectAll().where('id', '=', String(made)).executeTakeFirstOrThrow();
      await this.keepVersion(trx, kind, this.toDocument(kind, row), by, new Date().toISOString());
      return made;
    };
    // A model's table is made in the same transaction (saveModel).
    const id = kind === 'model' ? await this.saveModel(doc as unknown as ModelDefinition, write) : await this.store.db.transaction().execute(write);
    if (kind === 'grid') await this.indexGrid(doc);
    return this.get(kind, String(id));
  }

  /**
   * Replaces a definition. The body must carry the version it was read at; when someone
   * saved in between, the answer is 409 and nothing changes.
   */
  async update(kind: DefinitionKind, idOrName: string, input: Row, by: string | null = null): Promise<Definition> {
    const current = await this.get(kind, idOrName);
    const version = input.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw errors.invalid(`The ${kind} must carry the version it was read at`, [
        { pointer: '/version', message: 'must be the version that was read' },
      ]);
    }
    const doc: Row = { ...input, id: current.id };
    delete doc.version;
    this.check(kind, doc);
    if (kind === 'model') {
      await this.checkModel(doc as unknown as ModelDefinition, current.name);
      this.checkModelChange(current as unknown as ModelDefinition, doc as unknown as ModelDefinition);
    }
    const model = this.store.get(MODEL_OF[kind]);
    const set: Row = {};
    for (const [k, v] of Object.entries(this.values(kind, doc))) {
      set[k] = this.store.encode(model, this.store.field(model, k), v);
    }
    // The save and its version together: a version is kept for every save, or neither happens.
    const write = async (trx: Db): Promise<void> => {
      // A definition saved before versions were kept gets its stored state as a version first.
      await this.keepVersion(trx, kind, current, null, null, true);
      const res = await trx
        .updateTable(this.table(kind))
        .set({ ...set, version: sql`version + 1` })
        .where('id', '=', current.id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw errors.staleVersion(kind, current.name);
      const row = await trx.selectFrom(this.table(kind)).selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
      await this.keepVersion(trx, kind, this.toDocument(kind, row), by, new Date().toISOString());
    };
    try {
      // A model's table changes in the same transaction (saveModel).
      if (kind === 'model') await this.saveModel(doc as unknown as ModelDefinition, write);
      else await this.store.db.transaction().execute(write);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' || (e as { code?: string }).code === '23505') {
        throw errors.conflict(`Another ${kind} is already named '${String(doc.name)}'`);
      }
      throw e;
    }
    if (kind === 'grid') await this.indexGrid(doc);
    return this.get(kind, current.id);
  }

  /** A grid pages and sorts its model in SQL: its columns and sorts get indexes. */
  async indexGrid(doc: Row): Promise<void> {
    const grid = doc as { model?: string; definition?: { name: string }[]; sorts?: { fieldname: string }[] };
    const model = grid.model ?? 'User';
    if (!this.store.has(model)) return;
    const fields = [...(grid.sorts ?? []).map((s) => s.fieldname), ...(grid.definition ?? []).map((f) => f.name)];
    await this.store.ensureSortIndexes(model, fields);
  }

  private checkModelChange(before: ModelDefinition, after: ModelDefinition): void {
    if (before.system) throw errors.forbidden(`The system model '${before.name}' cannot be changed`);
    if (before.name !== after.name) throw errors.invalid('A model cannot be renamed', [{ pointer: '/name', message: 'cannot change' }]);
    for (const f of before.fields) {
      const now = after.fields.find((x) => x.name === f.name);
      if (now && now.type !== f.type) {
        throw errors.invalid(`The type of field '${f.name}' cannot change from ${f.type} to ${now.type}`, [
          { pointer: `/fields/${after.fields.indexOf(now)}/type`, message: 'cannot change' },
        ]);
      }
    }
  }

  async remove(kind: DefinitionKind, idOrName: string): Promise<void> {
    const current = await this.get(kind, idOrName);
    if (kind === 'model') return this.removeModel(current);
    await this.store.delete(MODEL_OF[kind], current.id);
    await this.store.db.deleteFrom(VERSIONS).where('kind', '=', kind).where('def_id', '=', current.id).execute();
    this.cache.delete(`${kind}\u0000${current.id}`);
  }

  /**
   * Deletes a model nothing refers to (issue 12): its table (with its indexes and triggers), its
   * count row, its definition and kept versions go in one transaction. While another model's
   * field, or a form, grid, select, page or menu names it, the answer is 409 naming them.
   */
  private async removeModel(current: Definition): Promise<void> {
    if (current.system === true) throw errors.forbidden(`The system model '${current.name}' cannot be deleted`);
    const users = await this.usersOfModel(current.name);
    if (users.length) throw errors.conflict(`The model '${current.name}' is used by: ${users.join(', ')}`);
    const table = tableOf(current.name);
    // A model stored before names were compared as tables are (model-names.ts) may share its
    // table with another, a built-in one even (USER and User): only its definition goes then.
    const others = [...this.store.names(), ...(await this.list('model')).map((m) => m.name)].filter((n) => n !== current.name);
    const sharing = tableSharedWith(current.name, others);
    let generation = -1;
    await this.store.db.transaction().execute(async (trx) => {
      await this.store.lockSchemaIn(trx);
      if (sharing === undefined) {
        await this.store.scoped(trx).dropSearchIndex(table);
        await trx.schema.dropTable(table).ifExists().execute();
        await trx.deleteFrom('sys_table_stats').where('tbl', '=', table).execute();
      }
      await trx.deleteFrom(this.table('model')).where('id', '=', current.id).execute();
      await trx.deleteFrom(VERSIONS).where('kind', '=', 'model').where('def_id', '=', current.id).execute();
      // Other processes still have the model registered: they reload before their next answer.
      await bumpGeneration(trx);
      generation = await currentGeneration(trx);
    });
    this.onGeneration?.(generation);
    // Dropped with the transaction (through the scoped copy); this engine forgets it had one.
    if (sharing === undefined) this.store.forgetSearchIndex(table);
    this.store.retain(new Set(this.store.names().filter((n) => n !== current.name)));
    this.store.forget();
    this.cache.delete(`model\u0000${current.id}`);
    this.byName.clear();
    this.broken.delete(current.name);
    // The model that shared the table with it has it alone now.
    if (sharing !== undefined && this.broken.get(sharing)?.sharedWith === current.name) this.broken.delete(sharing);
  }

  /** What names the model: other models' reference and link fields, and definitions over it. */
  private async usersOfModel(name: string): Promise<string[]> {
    const users: string[] = [];
    for (const { name: other } of await this.list('model')) {
      if (other === name) continue;
      const doc = (await this.get('model', other)) as unknown as ModelDefinition;
      for (const f of doc.fields ?? []) {
        if ((f.type === 'reference' || f.type === 'link') && (f.target === name || f.through === name)) {
          users.push(`model '${other}' (field '${f.name}')`);
        }
      }
    }
    for (const kind of ['grid', 'form', 'select', 'page', 'menu'] as const) {
      for (const { name: def } of await this.list(kind)) {
        if (namesModel(await this.get(kind, def), name)) users.push(`${kind} '${def}'`);
      }
    }
    return users;
  }

  /**
   * Keeps `doc` as version doc.version of its definition, and prunes the versions beyond the
   * count kept. With `ifMissing`, an existing row for that version is left as it is.
   */
  async keepVersion(db: Db, kind: DefinitionKind, doc: Definition, by: string | null, at: string | null, ifMissing = false): Promise<void> {
    const key = { kind, def_id: doc.id, version: doc.version };
    if (ifMissing) {
      const found = await db.selectFrom(VERSIONS).select('version').where('kind', '=', kind).where('def_id', '=', doc.id).where('version', '=', doc.version).executeTakeFirst();
      if (found) return;
    }
    await db.insertInto(VERSIONS).values({ ...key, saved_at: at, saved_by: by, document: JSON.stringify(doc) }).execute();
    await db.deleteFrom(VERSIONS).where('kind', '=', kind).where('def_id', '=', doc.id).where('version', '<=', doc.version - this.versionsKept).execute();
  }

  /**
   * For a writer that stores definition rows itself (the app import, inside its transaction):
   * keeps the row's state as read through `db` as its current version.
   */
  async keepStoredVersion(db: Db, kind: DefinitionKind, id: string, by: string | null): Promise<void> {
    const row = await db.selectFrom(this.table(kind)).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await this.keepVersion(db, kind, this.toDocument(kind, row), by, new Date().toISOString());
  }

  /** The kept versions of a definition, newest first (the current one included). */
  async versions(kind: DefinitionKind, idOrName: string): Promise<VersionInfo[]> {
    const current = await this.get(kind, idOrName);
    const rows = await this.store.db
      .selectFrom(VERSIONS)
      .select(['version', 'saved_at', 'saved_by'])
      .where('kind', '=', kind)
      .where('def_id', '=', current.id)
      .orderBy('version', 'desc')
      .execute();
    const list: VersionInfo[] = rows.map((r) => ({
      version: Number(r.version),
      savedAt: r.saved_at === null ? null : String(r.saved_at),
      savedBy: r.saved_by === null ? null : String(r.saved_by),
      current: Number(r.version) === current.version,
    }));
    // A definition not saved since versions were kept: its stored state is its only version.
    if (!list.some((v) => v.current)) list.unshift({ version: current.version, savedAt: null, savedBy: null, current: true });
    return list;
  }

  /** One kept version with its whole document. */
  async version(kind: DefinitionKind, idOrName: string, version: number): Promise<StoredVersion> {
    const current = await this.get(kind, idOrName);
    if (version === current.version) {
      const listed = (await this.versions(kind, idOrName)).find((v) => v.version === version);
      return { ...(listed as VersionInfo), document: current };
    }
    const row = await this.store.db
      .selectFrom(VERSIONS)
      .selectAll()
      .where('kind', '=', kind)
      .where('def_id', '=', current.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw errors.notFound(`Version ${version} of the ${kind} '${current.name}'`);
    return {
      version,
      savedAt: row.saved_at === null ? null : String(row.saved_at),
      savedBy: row.saved_by === null ? null : String(row.saved_by),
      current: false,
      document: JSON.parse(String(row.document)) as Definition,
    };
  }

  /**
   * Restores a kept version by saving its document as a new version (history is never
   * rewritten). `expected` is the version the caller read: a save in between answers 409.
   */
  async restore(kind: DefinitionKind, idOrName: string, version: number, expected: number, by: string | null = null): Promise<Definition> {
    const kept = await this.version(kind, idOrName, version);
    return this.update(kind, idOrName, { ...kept.document, version: expected }, by);
  }

  /**
   * The model as currently stored, registered with the engine. Another process may have
   * added fields since this one started, so routes ask here before they touch a model.
   */
  async model(name: string, snapshot?: StatsSnapshot): Promise<ModelDefinition> {
    const doc = await this.find('model', name, snapshot);
    if (!doc) throw errors.notFound(`The model '${name}'`);
    const model = doc as unknown as ModelDefinition;
    const broken = this.broken.get(name);
    const retry = broken?.dependsOn !== undefined && !this.broken.has(broken.dependsOn);
    if (broken && broken.version === Number(model.version) && !retry) throw errors.modelNotApplied(name, broken.reason);
    const known = this.store.has(name) ? this.store.get(name) : undefined;
    if (!known || known.version !== model.version || broken) {
      const sharing = this.sharesTable(name);
      if (sharing !== undefined) {
        const reason = sharedTableReason(sharing);
        this.broken.set(name, { version: Number(model.version), reason, sharedWith: sharing });
        throw errors.modelNotApplied(name, reason);
      }
      try {
        if (broken || (known && JSON.stringify(known.fields) !== JSON.stringify(model.fields))) await this.store.sync([model]);
        else this.store.register([model]);
      } catch (e) {
        // A stored model this process cannot apply answers a clear refusal, never a crash.
        if (isDatabaseUnavailable(e)) throw e;
        const reason = (e as Error).message;
        if (e instanceof ApiError) this.broken.set(name, { version: Number(model.version), reason });
        throw errors.modelNotApplied(name, reason);
      }
      this.broken.delete(name);
    }
    return this.store.get(name);
  }

  /** Inserts a definition that does not exist yet (by name); used to seed built-in fixtures. */
  async seed(kind: DefinitionKind, doc: Row): Promise<boolean> {
    if (await this.find(kind, String(doc.name))) return false;
    await this.create(kind, doc, null, true);
    return true;
  }
}

/**
 * What a save refuses in any definition, before the models it names are looked at: its kind's
 * schema, patterns the server cannot run in linear time (patterns.ts), and a grid's or select's
 * filters past what one read of a model takes (MAX_QUERY_FILTERS). The app import runs it too.
 */
export function definitionProblems(kind: DefinitionKind, doc: unknown): ErrorDetail[] {
  const result = validateDefinition(kind, doc);
  if (!result.ok) return result.errors;
  const patterns = patternProblems(doc);
  if (patterns.length) return patterns;
  const filters = (doc as { filters?: unknown[] }).filters;
  if ((kind === 'grid' || kind === 'select') && Array.isArray(filters) && filters.length > MAX_QUERY_FILTERS) {
    return [{ pointer: '/filters', message: `has ${filters.length} filters: a ${kind} may have at most ${MAX_QUERY_FILTERS}` }];
  }
  return [];
}

/** Whether a definition names the model in a `model` property, at any depth (a page's parts). */
function namesModel(value: unknown, name: string): boolean {
  if (Array.isArray(value)) return value.some((v) => namesModel(v, name));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => (k === 'model' && v === name) || namesModel(v, name));
}

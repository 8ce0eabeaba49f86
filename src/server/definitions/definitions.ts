import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db, Row } from '../db/connect.js';
import { errors, type ErrorDetail } from '../core/errors.js';
import type { AutomationOverview, ModelOverview } from '../../shared/api-types.js';
import { builtInReason, isBuiltIn } from '../../shared/built-ins.js';
import { modelOf } from '../../shared/contract.js';
import { gridFilterProblems } from '../../shared/filter/index.js';
import { definitionKinds, definitionProblems, modelOfKind, type DefinitionKind } from './definition-kinds.js';
import { DefinitionVersions, type Definition, type StoredVersion, type VersionInfo } from './definition-versions.js';
import { ModelChanges, tableChangesOf, type ChangePlan, type ModelChangeRequest } from './model-change.js';
import { ModelLifecycle } from './model-lifecycle.js';
import { modelOverview } from './model-overview.js';
import type { UsingKind } from './model-uses.js';
import { ModelStore, tableOf, type StatsSnapshot } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';
import { gridShowsProblems } from '../records/record-labels.js';
import type { Grant } from '../../generated/definitions.js';
import { grantProblems } from './grant-check.js';
import { READER_KINDS, ReaderIndex, readModel, type Reader } from './reader-index.js';
import { automationProblems, withWebhookToken, type AutomationWorld } from './automation-check.js';
import { AUDIT_FIELDS } from '../../shared/audit-fields.js';

// What callers import from here, wherever it now lives.
export { definitionKinds, definitionModel, definitionProblems, kindOfModel, modelOfKind, type DefinitionKind } from './definition-kinds.js';
export type { Definition, StoredVersion, VersionInfo } from './definition-versions.js';

const HEX32 = /^[0-9a-f]{32}$/;
/** Bounded so that look-ups of many names cannot grow the cache without end. */
const BY_NAME_LIMIT = 5000;

/**
 * The repository of definitions. Reads are cached per process and revalidated with a
 * one-row version look-up, so a definition saved by another server process is served at once.
 */
export class Definitions {
  private readonly cache = new Map<string, Definition>();
  /** Definitions by kind and id-or-name, with the version of their table when they were read. */
  private readonly byName = new LRUCache<string, { version: number; doc: Definition }>({ max: BY_NAME_LIMIT });
  /** The forms, grids and selects by model (reader-index.ts), with the versions of their tables it was built at. */
  private readerIndex?: { versions: string; index: Promise<ReaderIndex> };

  /** Told the generation a model deletion moved to (this process has already caught up with it). */
  onGeneration?: (version: number) => void;

  /** The kept versions (definition-versions.ts). */
  readonly versionStore: DefinitionVersions;
  /** Model definitions beside their tables (model-lifecycle.ts). */
  private readonly models: ModelLifecycle;
  /** Changes of a model that holds data, previewed and applied (model-change.ts). */
  private readonly changes: ModelChanges;

  constructor(
    private readonly store: ModelStore,
    options: { versionsKept?: number } = {},
  ) {
    this.versionStore = new DefinitionVersions(() => store.db, options.versionsKept ?? 100);
    this.models = new ModelLifecycle(store, this, this.versionStore);
    this.changes = new ModelChanges(store, this);
    // A definition's own `version` is its row version: its table needs no other.
    store.keepOwnVersion(definitionKinds.map((k) => modelOfKind(k)));
  }

  /** Forgets every cached definition (after a restore rewrote the tables underneath). */
  forget(): void {
    this.cache.clear();
    this.byName.clear();
    this.readerIndex = undefined;
    this.models.forget();
  }

  /**
   * Records that a stored model could not be applied (at start-up): requests on it answer 409
   * until its definition changes or, when its only fault was the model it `dependsOn`, until
   * that one is applied; when it shares its table with another (`sharedWith`), until that
   * one's definition is deleted.
   */
  markBroken(name: string, version: number, reason: string, dependsOn?: string, sharedWith?: string): void {
    this.models.markBroken(name, version, reason, dependsOn, sharedWith);
  }

  private table(kind: DefinitionKind): string {
    return tableOf(modelOfKind(kind));
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

  /**
   * Every form, grid and select, by the model it reads (reader-index.ts). Built again only when
   * one of their tables' versions in `snapshot` (the request's, else read now) has moved since:
   * any save, in any server process, moves it.
   */
  async readers(snapshot?: StatsSnapshot): Promise<ReaderIndex> {
    const stats = snapshot ?? (await this.store.snapshot());
    const known = READER_KINDS.map((kind) => stats.get(this.table(kind))?.version);
    const versions = known.every((v) => v !== undefined) ? known.join(',') : undefined;
    if (versions !== undefined && this.readerIndex?.versions === versions) return this.readerIndex.index;
    // The versions were read before the definitions: a save in between only makes the next call build again.
    const index = this.buildReaders();
    if (versions !== undefined) {
      this.readerIndex = { versions, index };
      // A failed build is not kept: the next call tries again.
      index.catch(() => {
        if (this.readerIndex?.index === index) this.readerIndex = undefined;
      });
    }
    return index;
  }

  private async buildReaders(): Promise<ReaderIndex> {
    const readers: Reader[] = [];
    for (const kind of READER_KINDS) {
      const rows = await this.store.db.selectFrom(this.table(kind)).selectAll().orderBy('name').execute();
      for (const row of rows) {
        const def = this.toDocument(kind, row);
        readers.push({ kind, name: String(row.name), def, model: readModel(kind, def) });
      }
    }
    return new ReaderIndex(readers);
  }

  private toDocument(kind: DefinitionKind, row: Row): Definition {
    const decoded = this.store.decode(this.store.get(modelOfKind(kind)), row);
    const doc: Row = {};
    for (const [k, v] of Object.entries(decoded)) if (v !== null) doc[k] = v;
    return doc as Definition;
  }

  private check(kind: DefinitionKind, doc: Row): void {
    const problems = definitionProblems(kind, doc);
    if (problems.length) throw errors.invalid(`The ${kind} definition is not valid`, problems);
    if (kind === 'grid') this.checkGridFilters(doc);
    this.checkGrants(kind, doc);
  }

  /**
   * What every save of an automation checks after its schema (automation-check.ts): what it names
   * exists and fits, or 400 with a pointer to each place. Answers the document as it is saved: a
   * webhook trigger keeps the token `stored` has (the definition before this save), or gets one.
   */
  private async checkAutomation(doc: Row, stored?: Definition): Promise<Row> {
    const problems = await this.automationProblems(doc);
    if (problems.length) throw errors.invalid('The automation cannot run as it is', problems);
    return withWebhookToken(doc, stored);
  }

  /**
   * An automation's problems against this instance, or (for an app import) against the instance
   * with the file's models and forms in it, those of the file taking the place of stored ones of
   * the same name. A model of the file is read as its table will be: with the audit fields.
   */
  async automationProblems(doc: Row, inFile: { models?: readonly ModelDefinition[]; forms?: readonly Row[] } = {}): Promise<ErrorDetail[]> {
    const models = new Map((inFile.models ?? []).map((m) => [m.name, { ...m, fields: [...m.fields, ...AUDIT_FIELDS] } as ModelDefinition]));
    const forms = new Map((inFile.forms ?? []).map((f) => [String(f.name), f]));
    const world: AutomationWorld = {
      model: (name) => models.get(name) ?? this.store.find(name),
      modelNames: () => [...new Set([...models.keys(), ...this.store.names()])],
      form: async (name) => forms.get(name) ?? (await this.find('form', name)),
      userExists: async (name) => {
        const found = await this.store.db
          .selectFrom(tableOf('User'))
          .select('id')
          .where(sql`lower(trim(${sql.ref('user')}))`, '=', sql`lower(${name.trim()})`)
          .limit(1)
          .executeTakeFirst();
        return found !== undefined;
      },
    };
    return automationProblems(doc, world);
  }

  /**
   * A definition's grants must fit the model it reads (grant-check.ts) when the model exists: a
   * rule that could never run is refused at save at its place (`/access/grants/0/rules/read/...`).
   */
  private checkGrants(kind: DefinitionKind, doc: Row): void {
    const grants = (doc.access as { grants?: Grant[] } | undefined)?.grants;
    if (!grants?.length) return;
    const records = kind === 'form' || kind === 'grid' || (kind === 'select' && typeof doc.model === 'string');
    const name = records ? modelOf(doc) : undefined;
    if (name !== undefined && !this.store.has(name)) return;
    const problems = grantProblems(grants, name === undefined ? undefined : this.store.get(name), (n) => this.store.find(n));
    if (problems.length) throw errors.invalid(`The ${kind}'s grants do not fit ${name === undefined ? 'it' : `the model ${name}`}`, problems);
  }

  /**
   * A grid's conditions must fit its model (docs/filters.md) when the model exists: a filter
   * that could never run is refused at save, at its place (`/filters/2/value`), not on every read.
   * Its old-style filters are left as they always were, checked when the grid is read.
   */
  private checkGridFilters(doc: Row): void {
    const name = modelOf(doc);
    if (!this.store.has(name)) return;
    const known = (n: string) => this.store.find(n);
    const problems = gridFilterProblems(doc.filters ?? [], this.store.get(name), known);
    if (problems.length) throw errors.invalid(`The grid's filters do not fit the model ${name}`, problems);
    const shows = gridShowsProblems(doc.definition, this.store.get(name), known);
    if (shows.length) throw errors.invalid(`What the grid's reference columns show does not fit the model ${name}`, shows);
  }

  private values(kind: DefinitionKind, doc: Row): Row {
    const model = this.store.get(modelOfKind(kind));
    const values: Row = {};
    for (const f of model.fields) if (f.name !== 'version') values[f.name] = doc[f.name] ?? null;
    return values;
  }

  /**
   * Creates a definition; the server assigns its id (unless a valid one is given) and version 1,
   * which is kept as its first version. `by` names who saved it.
   */
  async create(kind: DefinitionKind, input: Row, by: string | null = null, seeding = false): Promise<Definition> {
    let doc: Row = { ...input };
    delete doc.version;
    this.check(kind, doc);
    if (kind === 'automation') doc = await this.checkAutomation(doc);
    // A seeded system model is registered with the engine before its row is stored.
    if (kind === 'model') await this.models.check(doc as unknown as ModelDefinition, seeding ? String(doc.name) : undefined);
    const values: Row = { ...this.values(kind, doc), version: 1 };
    if (typeof doc.id === 'string') values.id = doc.id;
    // The row and its first kept version together: a crash between them would leave a
    // definition without its history (the kill test found one on PostgreSQL).
    const write = async (trx: Db): Promise<string | number> => {
      const made = await this.store.insert(modelOfKind(kind), values, trx);
      const row = await trx.selectFrom(this.table(kind)).selectAll().where('id', '=', String(made)).executeTakeFirstOrThrow();
      await this.keepVersion(trx, kind, this.toDocument(kind, row), by, new Date().toISOString());
      return made;
    };
    // A model's table is made in the same transaction (ModelLifecycle.save).
    const id = kind === 'model' ? await this.models.save(doc as unknown as ModelDefinition, write) : await this.store.db.transaction().execute(write);
    if (kind === 'grid') await this.indexGrid(doc);
    return this.get(kind, String(id));
  }

  /**
   * Creates a definition through `trx`, the caller's transaction, checked as create checks it
   * and kept as its first version; a name already taken answers 409. For a writer that makes
   * several definitions at once (screen-generation.ts, a model change's `create`); a grid's sort
   * indexes are the caller's to make after the commit (indexGrid), and a model, checked by the
   * caller as a whole with the others (ModelLifecycle.check), has its table made by the caller
   * in the same transaction (model-change.ts).
   */
  async createIn(trx: Db, kind: DefinitionKind, input: Row, by: string | null): Promise<Definition> {
    let doc: Row = { ...input };
    delete doc.version;
    delete doc.id;
    this.check(kind, doc);
    if (kind === 'automation') doc = await this.checkAutomation(doc);
    let id: string | number;
    try {
      id = await this.store.insert(modelOfKind(kind), { ...this.values(kind, doc), version: 1 }, trx);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' || (e as { code?: string }).code === '23505') {
        throw errors.conflict(`Another ${kind} is already named '${String(doc.name)}'`);
      }
      throw e;
    }
    const row = await trx.selectFrom(this.table(kind)).selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
    const made = this.toDocument(kind, row);
    await this.keepVersion(trx, kind, made, by, new Date().toISOString());
    return made;
  }

  /** A definition as stored now, read through `trx` (the caller's transaction), by id or name. */
  async findIn(trx: Db, kind: DefinitionKind, idOrName: string): Promise<Definition | undefined> {
    const row = await trx
      .selectFrom(this.table(kind))
      .selectAll()
      .where((eb) => (HEX32.test(idOrName) ? eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]) : eb('name', '=', idOrName)))
      .orderBy(sql`case when id = ${idOrName} then 0 else 1 end`)
      .limit(1)
      .executeTakeFirst();
    return row ? this.toDocument(kind, row) : undefined;
  }

  /** The names of every definition of a kind, read through `db`. */
  async namesIn(db: Db, kind: DefinitionKind): Promise<Set<string>> {
    const rows = await db.selectFrom(this.table(kind)).select('name').execute();
    return new Set(rows.map((r) => String(r.name)));
  }

  /** Deletes a definition (not a model) and its kept versions through `trx`, the caller's transaction. */
  async removeIn(trx: Db, kind: Exclude<DefinitionKind, 'model'>, current: Definition): Promise<void> {
    await this.store.delete(modelOfKind(kind), current.id, trx);
    await this.versionStore.removeAll(trx, kind, [current.id]);
    this.cache.delete(`${kind}\u0000${current.id}`);
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
    let doc: Row = { ...input, id: current.id };
    delete doc.version;
    this.check(kind, doc);
    if (kind === 'automation') doc = await this.checkAutomation(doc, current);
    if (kind !== 'model' && doc.name !== current.name && isBuiltIn(kind, current.name)) throw errors.builtIn(builtInReason(kind, current.name));
    if (kind === 'model') {
      await this.models.check(doc as unknown as ModelDefinition, current.name);
      this.models.checkChange(current as unknown as ModelDefinition, doc as unknown as ModelDefinition);
    }
    const write = (trx: Db) => this.writeIn(trx, kind, current, doc, version, by);
    try {
      // A model's table changes in the same transaction (ModelLifecycle.save).
      if (kind === 'model') await this.models.save(doc as unknown as ModelDefinition, write);
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

  /**
   * Writes `doc` over the stored definition `current` through `trx` when its version is still
   * `version` (409 otherwise), keeping the new state as a version: the save and its version
   * together, or neither. A model change (model-change.ts) writes the definitions naming a
   * renamed field this way, in its own transaction.
   */
  async writeIn(trx: Db, kind: DefinitionKind, current: Definition, doc: Row, version: number, by: string | null): Promise<void> {
    const model = this.store.get(modelOfKind(kind));
    const set: Row = {};
    for (const [k, v] of Object.entries(this.values(kind, doc))) {
      set[k] = this.store.encode(model, this.store.field(model, k), v);
    }
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
  }

  /** Every automation with what its list shows (GET /api/definitions/automation-overview), by name. */
  async automationOverview(): Promise<AutomationOverview[]> {
    const rows = await this.store.db.selectFrom(this.table('automation')).selectAll().orderBy('name').execute();
    return rows.map((row) => {
      const doc = this.toDocument('automation', row);
      const { token: _token, secret, ...trigger } = (doc.trigger ?? {}) as Row;
      return {
        id: doc.id,
        name: doc.name,
        title: typeof doc.title === 'string' ? doc.title : '',
        enabled: doc.enabled !== false,
        trigger: secret === undefined ? trigger : { ...trigger, signed: true },
        steps: Array.isArray(doc.steps) ? doc.steps.length : 0,
        version: doc.version,
      };
    });
  }

  /** Every stored model with its field and row counts and what names it (GET /api/definitions/model-overview). */
  async modelOverview(): Promise<ModelOverview[]> {
    return modelOverview(this.store, this, (name) => this.models.problemOf(name));
  }

  /** What a model change would do and cost (docs/api.md); writes nothing. */
  async previewModelChange(idOrName: string, request: ModelChangeRequest): Promise<ChangePlan> {
    const current = await this.get('model', idOrName);
    const prepared = await this.changes.prepare(current, request, (doc, own, batch) => this.models.check(doc, own, batch));
    return this.changes.preview(prepared, request.convert ?? {});
  }

  /**
   * Applies a model change whole or not at all (ModelChanges.apply); answers the saved model,
   * the plan it followed and the definitions it saved with a renamed field.
   */
  async changeModel(
    idOrName: string,
    request: ModelChangeRequest,
    by: string | null = null,
  ): Promise<{ model: Definition; plan: ChangePlan; updated: { kind: UsingKind; name: string }[] }> {
    const current = await this.get('model', idOrName);
    const prepared = await this.changes.prepare(current, request, (doc, own, batch) => this.models.check(doc, own, batch));
    const { plan, generation, updated } = await this.changes.apply(current, prepared, request.convert ?? {}, by);
    await this.models.changed([...prepared.created, prepared.after]);
    this.byName.clear();
    this.onGeneration?.(generation);
    return { model: await this.get('model', current.id), plan, updated };
  }

  /** A grid pages and sorts its model in SQL: its columns and sorts get indexes. */
  async indexGrid(doc: Row): Promise<void> {
    const grid = doc as { model?: string; definition?: { name: string; type?: string; shows?: string }[]; sorts?: { fieldname: string }[] };
    const model = modelOf(grid);
    if (!this.store.has(model)) return;
    const fields = [...(grid.sorts ?? []).map((s) => s.fieldname), ...(grid.definition ?? []).map((f) => f.name)];
    const references = (grid.definition ?? []).filter((f) => f.type === 'Reference').map((f) => ({ field: f.name, shows: f.shows }));
    await this.store.ensureSortIndexes(model, fields, references);
  }

  async remove(kind: DefinitionKind, idOrName: string): Promise<void> {
    const current = await this.get(kind, idOrName);
    // A system model answers 403 below (ModelLifecycle.remove); the other shipped definitions 409.
    if (kind !== 'model' && isBuiltIn(kind, current.name)) throw errors.builtIn(builtInReason(kind, current.name));
    if (kind === 'model') {
      // Its table, count row, definition and versions go in one transaction, or it answers 409 (ModelLifecycle.remove).
      await this.models.remove(current, this.onGeneration);
      this.cache.delete(`model\u0000${current.id}`);
      this.byName.clear();
      return;
    }
    await this.store.delete(modelOfKind(kind), current.id);
    await this.versionStore.removeAll(this.store.db, kind, [current.id]);
    this.cache.delete(`${kind}\u0000${current.id}`);
  }

  /**
   * Keeps `doc` as version doc.version of its definition, and prunes the versions beyond the
   * count kept. With `ifMissing`, an existing row for that version is left as it is.
   */
  keepVersion(db: Db, kind: DefinitionKind, doc: Definition, by: string | null, at: string | null, ifMissing = false): Promise<void> {
    return this.versionStore.keep(db, kind, doc, by, at, ifMissing);
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
    return this.versionStore.list(kind, await this.get(kind, idOrName));
  }

  /** One kept version with its whole document. */
  async version(kind: DefinitionKind, idOrName: string, version: number): Promise<StoredVersion> {
    return this.versionStore.get(kind, await this.get(kind, idOrName), version);
  }

  /**
   * Restores a kept version by saving its document as a new version (history is never
   * rewritten). `expected` is the version the caller read: a save in between answers 409. A
   * model version whose fields differ from the stored ones in what the table holds (a field
   * added or deleted, a type, required or unique) is refused with 409: restored this way, a
   * field left out would vanish with its values unannounced, so such a restore is a model
   * change, previewed and applied as one (docs/api.md, "Changing a model that holds data").
   */
  async restore(kind: DefinitionKind, idOrName: string, version: number, expected: number, by: string | null = null): Promise<Definition> {
    const kept = await this.version(kind, idOrName, version);
    if (kind === 'model') {
      const current = await this.get(kind, idOrName);
      const changes = tableChangesOf(current as unknown as ModelDefinition, kept.document as unknown as ModelDefinition);
      if (changes.length) {
        const base = `/api/definitions/model/${encodeURIComponent(current.name)}`;
        throw errors.conflict(
          `Restoring version ${version} of the model '${current.name}' would change its table (it ${changes.join(', ')}): preview it with POST ${base}/preview and apply it with POST ${base}/change, which say first what happens to the data`,
        );
      }
    }
    return this.update(kind, idOrName, { ...kept.document, version: expected }, by);
  }

  /**
   * The model as currently stored, registered with the engine. Another process may have
   * added fields since this one started, so routes ask here before they touch a model.
   */
  async model(name: string, snapshot?: StatsSnapshot): Promise<ModelDefinition> {
    const doc = await this.find('model', name, snapshot);
    if (!doc) throw errors.notFound(`The model '${name}'`);
    return this.models.apply(name, doc as unknown as ModelDefinition);
  }

  /** Inserts a definition that does not exist yet (by name); used to seed built-in fixtures. */
  async seed(kind: DefinitionKind, doc: Row): Promise<boolean> {
    if (await this.find(kind, String(doc.name))) return false;
    await this.create(kind, doc, null, true);
    return true;
  }
}


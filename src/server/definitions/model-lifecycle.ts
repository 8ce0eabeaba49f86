import type { Db } from '../db/connect.js';
import { refuseSystemChange } from './system-models.js';
import { ApiError, errors, isDatabaseUnavailable } from '../core/errors.js';
import { modelOfKind } from './definition-kinds.js';
import { describeUse, modelUses, type DefinitionReader } from './model-overview.js';
import type { Definition, DefinitionVersions } from './definition-versions.js';
import { bumpGeneration, currentGeneration } from '../records/generation.js';
import { checkModelApplies, checkUniqueValues, modelDefinitionProblems } from '../records/model-check.js';
import { sharedTableReason, tableSharedWith } from '../records/model-names.js';
import { tableOf, type ModelStore } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';

/**
 * A model definition's life beside its table: checked before a save, saved together with its
 * table change, applied on demand in a process that has an older one, refused while broken, and
 * deleted with its table. The definitions repository (definitions.ts) asks here for model rows.
 */

/** What the lifecycle reads through the definitions repository (declared beside modelUses, which reads it too). */
export type { DefinitionReader };

export class ModelLifecycle {
  /** Stored models this process could not apply, by name: the version that failed and why. */
  private readonly broken = new Map<string, { version: number; reason: string; dependsOn?: string; sharedWith?: string }>();

  constructor(
    private readonly store: ModelStore,
    private readonly defs: DefinitionReader,
    private readonly versions: DefinitionVersions,
  ) {}

  /** Forgets which models were broken (after a restore rewrote the tables underneath). */
  forget(): void {
    this.broken.clear();
  }

  /** See Definitions.markBroken. */
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

  /**
   * A model is checked as every path that makes one checks it (modelDefinitionProblems in
   * model-check.ts, which an app import and a restore run too): model names become table names
   * in lower case, so `USER` would be the users; a new name is refused with 409 when any model,
   * built-in or stored, already has it without regard to case. `own` is the name of the stored
   * definition being changed (or seeded), which the model may keep. Then the engine's own
   * registration is tried on a copy (checkModelApplies): nothing is written for a model it would refuse.
   * `batch` holds the models saved together with it (a model change's `create`, model-change.ts):
   * their names are taken too, and its fields may name them.
   */
  async check(model: ModelDefinition, own?: string, batch: readonly ModelDefinition[] = []): Promise<void> {
    const stored = (await this.defs.list('model')).map((m) => m.name);
    const together = batch.filter((m) => m !== model);
    const others = [...new Set([...this.store.names(), ...stored])].filter((n) => n !== own);
    // A model of the batch may carry a stored model's name when it is that model's change (`own`).
    others.push(...together.map((m) => m.name).filter((n) => n !== own && !others.includes(n)));
    const taken = own === undefined ? tableSharedWith(model.name, others) : undefined;
    if (taken !== undefined) throw errors.conflict(`A model named '${taken}' already exists (model names are compared without regard to case)`);
    const problems = modelDefinitionProblems(this.store, model, { others, batch: together });
    if (problems.length) throw errors.invalid(`The model '${model.name}' cannot be applied: ${problems[0]?.message ?? ''}`, problems);
    checkModelApplies(this.store, model, together);
  }

  /** What a change of a stored model may not do: touch a system model but to add fields of one's own, rename, or change a field's type. */
  checkChange(before: ModelDefinition, after: ModelDefinition): void {
    if (before.system) refuseSystemChange(before, after, '');
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

  /**
   * Writes a model's definition (by `write`, through the transaction) and applies it to its
   * table in that same transaction, under the schema lock: the row, its version and the table
   * change commit together or not at all (SQLite and PostgreSQL both roll DDL back). The engine
   * is changed through a copy; this process's registry takes the model only after the commit.
   */
  async save<T>(doc: ModelDefinition, write: (trx: Db) => Promise<T>): Promise<T> {
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

  /**
   * After a model change committed (model-change.ts): this process takes the model and the
   * models created with it, their search indexes as the change left them, and forgets pages
   * cached with the old columns.
   */
  async changed(docs: ModelDefinition[]): Promise<void> {
    await this.store.sync(docs);
    this.store.forget();
    for (const doc of docs) this.broken.delete(doc.name);
  }

  /**
   * Deletes a model nothing refers to: its table (with its indexes and triggers), its count row,
   * its definition and kept versions go in one transaction. While another model's field, or a
   * form, grid, select, page or menu names it, the answer is 409 naming them. `onGeneration` is
   * told the generation the deletion moved to, as soon as it has committed.
   */
  async remove(current: Definition, onGeneration?: (version: number) => void): Promise<void> {
    if (current.system === true) throw errors.forbidden(`The system model '${current.name}' cannot be deleted`);
    const users = await this.usersOf(current.name);
    if (users.length) throw errors.conflict(`The model '${current.name}' is used by: ${users.join(', ')}`);
    const table = tableOf(current.name);
    // A model stored before names were compared as tables are (model-names.ts) may share its
    // table with another, a built-in one even (USER and User): only its definition goes then.
    const others = [...this.store.names(), ...(await this.defs.list('model')).map((m) => m.name)].filter((n) => n !== current.name);
    const sharing = tableSharedWith(current.name, others);
    let generation = -1;
    await this.store.db.transaction().execute(async (trx) => {
      await this.store.lockSchemaIn(trx);
      if (sharing === undefined) {
        await this.store.scoped(trx).dropTable(table);
      }
      await trx.deleteFrom(tableOf(modelOfKind('model'))).where('id', '=', current.id).execute();
      await this.versions.removeAll(trx, 'model', [current.id]);
      // Other processes still have the model registered: they reload before their next answer.
      await bumpGeneration(trx);
      generation = await currentGeneration(trx);
    });
    onGeneration?.(generation);
    // Dropped with the transaction (through the scoped copy); this engine forgets it had one.
    if (sharing === undefined) this.store.forgetSearchIndex(table);
    this.store.retain(new Set(this.store.names().filter((n) => n !== current.name)));
    this.store.forget();
    this.broken.delete(current.name);
    // The model that shared the table with it has it alone now.
    if (sharing !== undefined && this.broken.get(sharing)?.sharedWith === current.name) this.broken.delete(sharing);
  }

  /** What names the model (model-overview.ts): other models' reference and link fields, and definitions over it. */
  private async usersOf(name: string): Promise<string[]> {
    return ((await modelUses(this.defs)).get(name) ?? []).map(describeUse);
  }

  /** Why the stored model `name` is not applied in this process, if it is not. */
  problemOf(name: string): string | undefined {
    return this.broken.get(name)?.reason;
  }

  /**
   * Registers the stored model `model` with the engine when this process has another version of
   * it (syncing its table when its fields differ), and answers the registered model. A model this
   * process cannot apply answers 409 until its definition changes (see Definitions.markBroken).
   */
  async apply(name: string, model: ModelDefinition): Promise<ModelDefinition> {
    const broken = this.broken.get(name);
    const retry = broken?.dependsOn !== undefined && !this.broken.has(broken.dependsOn);
    if (broken && broken.version === Number(model.version) && !retry) throw errors.modelNotApplied(name, broken.reason);
    const known = this.store.definitionOf(name);
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
}

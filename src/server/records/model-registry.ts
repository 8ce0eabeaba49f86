import { randomBytes } from 'node:crypto';
import { errors } from '../core/errors.js';
import { AUDIT_FIELDS, isAuditField } from '../../shared/audit-fields.js';
import { modelKey } from './model-names.js';
import type { ModelDefinition, ModelField } from './model-types.js';

/**
 * The models the engine (model-store.ts) knows, checked when registered: names, fields, and the
 * naming rules that tie a model to its table. Nothing here touches the database.
 */

const MODEL_NAME = /^[A-Z][A-Za-z0-9_]{0,63}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * The row version column every model table has (records are saved with optimistic concurrency):
 * 1 on insert, one more on every update, in the same statement. No field may take the name
 * (schemas/model.json refuses it). Definition tables keep theirs in their own `version` field.
 */
export const ROW_VERSION = '_version';
/**
 * The per-row object of a grid's data naming its reference columns' targets (record-labels.ts):
 * reserved like ROW_VERSION, so no field's value can be mistaken for it.
 */
export const ROW_LABELS = '_labels';

/** The range of an integer id column: PostgreSQL's integer, which SQLite's ids never leave either. */
export const MIN_INT_ID = -2_147_483_648;
export const MAX_INT_ID = 2_147_483_647;

export function tableOf(model: string): string {
  return `t_${modelKey(model)}`;
}

export function newHexId(): string {
  return randomBytes(16).toString('hex');
}

export class ModelRegistry {
  /** The models as defined: their own fields only. */
  private readonly models = new Map<string, ModelDefinition>();
  /** Models whose rows keep their version in a field of their own (the definition models' `version`). */
  private readonly ownVersion = new Set<string>();
  /** Each defined model as readers see it: its fields, then the audit fields (audit-fields.ts). */
  private readonly views = new WeakMap<ModelDefinition, ModelDefinition>();

  names(): string[] {
    return [...this.models.keys()].sort();
  }

  has(name: string): boolean {
    return this.models.has(name);
  }

  /** The model as records are read and filtered: its own fields, then the audit fields when its table keeps them. */
  get(name: string): ModelDefinition {
    const model = this.find(name);
    if (!model) throw errors.notFound(`The model '${name}'`);
    return model;
  }

  /** The model as get() answers it, or undefined when none of that name is registered. */
  find(name: string): ModelDefinition | undefined {
    const model = this.models.get(name);
    if (!model || !this.audited(model)) return model;
    let view = this.views.get(model);
    if (!view) {
      view = { ...model, fields: [...model.fields, ...AUDIT_FIELDS] };
      this.views.set(model, view);
    }
    return view;
  }

  /**
   * The model as defined, without the audit fields: what a definition is compared with, and what
   * the checks of a model's own fields (a link's through model, model-check.ts) read.
   */
  definition(name: string): ModelDefinition | undefined {
    return this.models.get(name);
  }

  /** Whether the model's table keeps who made and last changed each row, and when (every one but the definition tables). */
  audited(model: { name: string }): boolean {
    return !this.ownVersion.has(model.name);
  }

  /** Marks models that keep their rows' version in their own `version` field (no ROW_VERSION column). */
  keepOwnVersion(names: string[]): void {
    for (const name of names) this.ownVersion.add(name);
  }

  /** The column holding the model's row version. */
  versionColumn(model: ModelDefinition): string {
    return this.ownVersion.has(model.name) ? 'version' : ROW_VERSION;
  }

  field(model: ModelDefinition, name: string): ModelField {
    const f = model.fields.find((x) => x.name === name);
    if (!f) throw errors.invalid(`The model '${model.name}' has no field '${name}'`);
    return f;
  }

  /** Fields stored as columns (link fields live in their through model). */
  columns(model: ModelDefinition): ModelField[] {
    return model.fields.filter((f) => f.type !== 'link');
  }

  /** The field shown for a record in lists and lookups: the first text field. */
  labelField(model: ModelDefinition): string {
    return model.fields.find((f) => f.type === 'text')?.name ?? 'id';
  }

  /**
   * A model as defined: one that get() answered comes back without the audit fields it added (the
   * very objects of AUDIT_FIELDS); a definition's own field of such a name is kept, for register to refuse.
   */
  static defined(model: ModelDefinition): ModelDefinition {
    return model.fields.some((f) => AUDIT_FIELDS.includes(f)) ? { ...model, fields: model.fields.filter((f) => !AUDIT_FIELDS.includes(f)) } : model;
  }

  /** Checks and remembers models (as defined: see defined()). */
  register(given: ModelDefinition[]): void {
    const models = given.map((m) => ModelRegistry.defined(m));
    for (const m of models) {
      if (!MODEL_NAME.test(m.name)) throw errors.invalid(`'${m.name}' is not a valid model name`);
      const seen = new Set<string>();
      for (const f of m.fields) {
        if (!FIELD_NAME.test(f.name) || f.name === 'id' || f.name === ROW_VERSION || f.name === ROW_LABELS || isAuditField(f.name)) {
          throw errors.invalid(`'${f.name}' is not a valid field name in model '${m.name}'`);
        }
        if (seen.has(f.name)) throw errors.invalid(`Model '${m.name}' has the field '${f.name}' twice`);
        seen.add(f.name);
      }
      this.models.set(m.name, m);
    }
    for (const m of models) {
      for (const f of m.fields) {
        if ((f.type === 'reference' || f.type === 'link') && (!f.target || !this.models.has(f.target))) {
          throw errors.invalid(`Field '${m.name}.${f.name}' refers to the unknown model '${f.target ?? ''}'`);
        }
        if (f.type === 'link' && (!f.through || !this.models.has(f.through))) {
          throw errors.invalid(`Link field '${m.name}.${f.name}' needs a known 'through' model`);
        }
      }
    }
  }

  /** Keeps only the named models registered. */
  retain(names: ReadonlySet<string>): void {
    for (const name of [...this.models.keys()]) if (!names.has(name)) this.models.delete(name);
  }

  /** The models that some link field goes through (their rows go when a linked record does). */
  throughModels(): Set<string> {
    const out = new Set<string>();
    for (const m of this.models.values()) {
      for (const f of m.fields) if (f.type === 'link' && f.through) out.add(f.through);
    }
    return out;
  }

  /** A registry that starts with this one's models, and changes apart from it. */
  copy(): ModelRegistry {
    const out = new ModelRegistry();
    for (const [name, m] of this.models) out.models.set(name, m);
    out.keepOwnVersion([...this.ownVersion]);
    return out;
  }
}

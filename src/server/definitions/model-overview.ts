import type { ModelOverview, ModelUse } from '../../shared/api-types.js';
import { tableOf, type ModelStore } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';
import type { Definition } from './definition-versions.js';
import type { DefinitionKind } from './definition-kinds.js';
import { modelsNamedBy } from './app-file.js';

/**
 * What names each model, and the list of every model with its counts for the /models screen
 * (GET /api/definitions/model-overview). The same reading decides whether a model may be
 * deleted (ModelLifecycle.remove), so the screen offers Delete exactly when it would be accepted.
 */

/** What the models' uses and the lifecycle (model-lifecycle.ts) read through the definitions repository. */
export interface DefinitionReader {
  list(kind: DefinitionKind): Promise<{ id: string; name: string; title: string }[]>;
  get(kind: DefinitionKind, idOrName: string): Promise<Definition>;
}

/** The kinds whose definitions name a model in a `model` property, in the order a refusal lists them. */
const NAMING_KINDS = ['grid', 'form', 'select', 'page', 'menu', 'automation'] as const;

/** The model names a definition holds in `model` properties, at any depth (a page's parts). */
function namedModels(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) namedModels(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'model' && typeof v === 'string') out.add(v);
      else namedModels(v, out);
    }
  }
  return out;
}

/**
 * What names each model, by model name, in one read of every definition: other models' reference
 * and link fields (their target or their `through` model) first, then the grids, forms, selects,
 * pages, menus and automations over it. A model's references to itself do not count.
 */
export async function modelUses(defs: DefinitionReader): Promise<Map<string, ModelUse[]>> {
  const uses = new Map<string, ModelUse[]>();
  const add = (model: string, use: ModelUse) => {
    const list = uses.get(model);
    if (list) list.push(use);
    else uses.set(model, [use]);
  };
  for (const { name: other } of await defs.list('model')) {
    const doc = (await defs.get('model', other)) as unknown as ModelDefinition;
    for (const f of doc.fields ?? []) {
      if (f.type !== 'reference' && f.type !== 'link') continue;
      for (const target of new Set([f.target, f.through])) {
        if (typeof target === 'string' && target !== other) add(target, { kind: 'model', name: other, field: f.name });
      }
    }
  }
  for (const kind of NAMING_KINDS) {
    for (const { name } of await defs.list(kind)) {
      const doc = await defs.get(kind, name);
      // An automation names models in its trigger and its loops only (a step's values may hold a field called model).
      const named = kind === 'automation' ? new Set(modelsNamedBy(kind, doc)) : namedModels(doc, new Set());
      for (const model of named) add(model, { kind, name });
    }
  }
  return uses;
}

/** A use as a refusal names it: `model 'Order' (field 'customer')`, `grid 'customers'`. */
export function describeUse(use: ModelUse): string {
  return use.kind === 'model' ? `model '${use.name}' (field '${use.field ?? ''}')` : `${use.kind} '${use.name}'`;
}

/**
 * Every stored model with its field count, its rows (the counts the server keeps in
 * sys_table_stats, read for all tables in one query; counted only for a table that has no count
 * row yet) and what names it. `problemOf` says why a stored model is not applied in this process.
 */
export async function modelOverview(store: ModelStore, defs: DefinitionReader, problemOf: (name: string) => string | undefined): Promise<ModelOverview[]> {
  const snapshot = await store.snapshot();
  const uses = await modelUses(defs);
  const out: ModelOverview[] = [];
  for (const { id, name, title } of await defs.list('model')) {
    const doc = (await defs.get('model', id)) as unknown as ModelDefinition;
    const problem = problemOf(name);
    let rows: number | null = snapshot.get(tableOf(name))?.rowCount ?? null;
    if (rows === null && !problem && store.has(name)) rows = await store.count(name);
    const system = doc.system === true;
    const used = uses.get(name) ?? [];
    out.push({
      id,
      name,
      title,
      system,
      fields: (doc.fields ?? []).length,
      rows,
      uses: used,
      deletable: !system && used.length === 0,
      ...(problem ? { problem } : {}),
    });
  }
  return out;
}

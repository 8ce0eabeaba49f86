import { ApiError } from '../core/errors.js';
import type { Definitions } from './definitions.js';
import { modelProblems } from '../records/model-check.js';
import { sharedTableReason, tableSharedWith } from '../records/model-names.js';
import type { ModelStore } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';

export interface ErrorLog {
  error(obj: object, msg: string): void;
}

/** The engine's name checks alone (references are checked by modelProblems against the batch). */
function nameProblem(store: ModelStore, m: ModelDefinition): string | undefined {
  try {
    store.scoped(store.db).register([{ ...m, fields: (m.fields ?? []).filter((f) => f.type !== 'reference' && f.type !== 'link') }]);
    return undefined;
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
}

/**
 * Never a server that will not start: registers and syncs the models stored by admins at start-up. A model that cannot be
 * applied (a field named twice, an unknown target or through model, a table change the database
 * refuses), and every model that refers to it, is logged loudly and skipped: the rest of the app
 * runs, and requests on a skipped model answer 409 until an admin saves a corrected definition.
 */
export async function applyStoredModels(store: ModelStore, defs: Definitions, stored: ModelDefinition[], log?: ErrorLog): Promise<void> {
  const failed = new Map<string, { version: number; reason: string; dependsOn?: string; sharedWith?: string }>();
  const all = new Map(stored.map((m) => [m.name, m]));
  const good = new Map(all);
  const fail = (m: ModelDefinition, reason: string, dependsOn?: string, sharedWith?: string) => {
    good.delete(m.name);
    failed.set(m.name, { version: Number(m.version), reason, dependsOn, sharedWith });
  };
  // A model stored before names were compared as tables are (model-names.ts) may share its table
  // with another: USER with the users'. Neither of two stored ones is applied; a built-in one,
  // registered before this runs, keeps its table and the stored one is skipped.
  const builtIn = new Set(store.names().filter((n) => store.get(n).system === true));
  for (const m of stored) {
    if (builtIn.has(m.name)) continue;
    const sharing = tableSharedWith(m.name, [...builtIn, ...all.keys()].filter((n) => n !== m.name));
    if (sharing !== undefined) fail(m, sharedTableReason(sharing), undefined, sharing);
  }
  /** The failed model this one names, when that is its only fault. */
  const failedDependency = (m: ModelDefinition): string | undefined => {
    if (modelProblems(m, (name) => all.get(name) ?? store.definitionOf(name)).length) return undefined;
    return m.fields.flatMap((f) => [f.target, f.through]).find((n) => n !== undefined && failed.has(n));
  };
  // Until nothing changes: a model referring to one that failed fails too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of [...good.values()]) {
      const problems = Array.isArray(m.fields)
        ? modelProblems(m, (name) => good.get(name) ?? (failed.has(name) ? undefined : store.definitionOf(name)))
        : [{ pointer: '/fields', message: 'the model has no list of fields' }];
      const reason = problems[0]?.message ?? nameProblem(store, m);
      if (reason !== undefined) {
        const dependency = failedDependency(m);
        fail(m, dependency ? `it refers to the model '${dependency}', which could not be applied` : reason, dependency);
        changed = true;
      }
    }
  }
  store.retain(new Set(store.names().filter((n) => !failed.has(n))));
  const models = [...good.values()];
  store.register(models);
  try {
    await store.dropLeftoverReplacements(models);
    await store.sync(models);
  } catch {
    // One at a time, each in its own transaction, targets first: only the ones at fault are left out.
    const done = new Set<string>();
    const visit = async (m: ModelDefinition): Promise<void> => {
      if (done.has(m.name)) return;
      done.add(m.name);
      for (const f of m.fields) {
        const target = f.target === undefined ? undefined : good.get(f.target);
        if (target && target !== m) await visit(target);
      }
      if (!good.has(m.name)) return;
      const broken = m.fields.find((f) => f.type === 'reference' && f.target !== undefined && failed.has(f.target));
      if (broken) {
        fail(m, `the field '${broken.name}' refers to the model '${String(broken.target)}', which could not be applied`, broken.target);
        return;
      }
      try {
        await store.db.transaction().execute(async (trx) => {
          await store.lockSchemaIn(trx);
          await store.scoped(trx).sync([m]);
        });
      } catch (e) {
        fail(m, (e as Error).message);
      }
    };
    for (const m of models) await visit(m);
    store.retain(new Set(store.names().filter((n) => !failed.has(n))));
  }
  for (const [name, { version, reason, dependsOn, sharedWith }] of failed) {
    defs.markBroken(name, version, reason, dependsOn, sharedWith);
    log?.error({ model: name }, `The model '${name}' could not be applied and is skipped: ${reason}. Requests on it are refused until an administrator saves a corrected definition`);
  }
}

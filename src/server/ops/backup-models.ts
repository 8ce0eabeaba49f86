import { EXTENSIBLE_MODELS, shippedModel, systemChangeProblem } from '../definitions/system-models.js';
import { isDeepStrictEqual } from 'node:util';
import type { Row } from '../db/connect.js';
import type { Services } from './services.js';
import { columnFields } from './backup-format.js';
import { RestoreError } from './backup-read.js';
import { storedModels } from './backup-dump.js';
import { modelProblems } from '../records/model-check.js';
import { tableSharedWith } from '../records/model-names.js';
import { ModelStore, tableOf } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';

/** The models of a backup: checked against this instance's before a restore writes, and the order their tables load in. */

export interface Table {
  model: ModelDefinition;
  table: string;
}

/**
 * Every model of the backup as a model save checks it (definitions.ts, model-check.ts), its
 * schema already checked as it was read (backup-read.ts): no two names for one table,
 * references that resolve, what the engine registers, no change to a system model, no field
 * changing its type and no table its id type. All before anything is written.
 */
export async function checkModels(services: Services, models: Map<string, ModelDefinition>): Promise<void> {
  const { store } = services;
  const stored = new Map((await storedModels(store, services.database.db)).map((m) => [m.name, m]));
  // A model's table is named by its name in lower case (model-names.ts): `USER` would be the users' table.
  const here = [...new Set([...store.names(), ...stored.keys()])];
  const seen: string[] = [];
  for (const name of models.keys()) {
    const other = tableSharedWith(name, [...seen, ...here.filter((n) => n !== name)]);
    if (other !== undefined) {
      throw new RestoreError(`the model '${name}' would share the table of the model '${other}' (model names are compared without regard to case)`);
    }
    seen.push(name);
  }
  for (const model of models.values()) {
    const problem = modelProblems(model, (name) => models.get(name))[0];
    if (problem) throw new RestoreError(`the model '${model.name}' cannot be restored: ${problem.message}`);
  }
  try {
    // A scratch engine checks names and references without touching the database.
    new ModelStore(services.database).register([...models.values()]);
  } catch (e) {
    throw new RestoreError(`its models are not valid: ${(e as Error).message}`);
  }
  for (const model of models.values()) {
    // As defined here: a backup's model never names the audit fields every table has.
    const here = store.definitionOf(model.name);
    if (!here) continue;
    // As a save refuses it: a system model's built-in part must be this instance's own; User and
    // Group may hold other fields of an administrator's own (system-models.ts).
    const mine = stored.get(model.name) ?? here;
    if (here.system === true && !isDeepStrictEqual(portableModel(model), portableModel(mine))) {
      const problem = systemChangeProblem(mine, model, shippedModel(model.name));
      if (problem?.status === 403 && !EXTENSIBLE_MODELS.has(model.name)) {
        throw new RestoreError(`the system model '${model.name}' is not this instance's, and a system model cannot be changed`);
      }
      if (problem) throw new RestoreError(`the system model '${model.name}' is not this instance's: ${problem.message}`);
    }
    if ((here.idtype ?? 'integer') !== (model.idtype ?? 'integer')) {
      throw new RestoreError(`the model '${model.name}' has ${model.idtype ?? 'integer'} ids in the backup and ${here.idtype ?? 'integer'} ids here`);
    }
    for (const f of model.fields) {
      const now = here.fields.find((x) => x.name === f.name);
      if (now && now.type !== f.type) {
        throw new RestoreError(`the field '${model.name}.${f.name}' is ${f.type} in the backup and ${now.type} here`);
      }
    }
  }
}

/** A model definition without what differs between instances holding the same model (its row id and version). */
function portableModel(model: ModelDefinition): Row {
  const { id: _id, version: _version, ...rest } = model as unknown as Row;
  return rest;
}

/**
 * Tables in an order where a referenced table comes before the tables that refer to it. A
 * reference into its own table, or one that closes a cycle, cannot be honoured by order: it is
 * deferred (filled in after every row is loaded, and emptied before rows are deleted).
 */
export function loadOrder(models: ModelDefinition[]): { order: Table[]; deferred: { table: string; column: string }[] } {
  const byName = new Map(models.map((m) => [m.name, m]));
  const order: Table[] = [];
  const deferred: { table: string; column: string }[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: ModelDefinition) => {
    state.set(m.name, 'visiting');
    for (const f of columnFields(m)) {
      if (f.type !== 'reference' || !f.target) continue;
      const target = byName.get(f.target);
      const s = state.get(f.target);
      if (target && s === undefined) visit(target);
      else if (s === 'visiting') deferred.push({ table: tableOf(m.name), column: f.name });
    }
    state.set(m.name, 'done');
    order.push({ model: m, table: tableOf(m.name) });
  };
  for (const m of [...models].sort((a, b) => (a.name < b.name ? -1 : 1))) if (!state.has(m.name)) visit(m);
  return { order, deferred };
}

/**
 * What an administrator may change in a system model (docs/security.md, "Your own fields on
 * User"): User and Group take fields of the administrator's own beside the
 * built-in ones, so a record rule can say `branch = CURRENT_USER.branch`; the built-in fields,
 * the name, title and id type stay as Tessera ships them, and UserGroup (the link's table) and
 * the definition kinds' models take no change at all. One rule for a save, a model change, a
 * restore and an app import.
 */
import { isDeepStrictEqual } from 'node:util';
import { errors } from '../core/errors.js';
import type { ModelDefinition, ModelField } from '../records/model-types.js';
import { loadFixtures } from '../../../fixtures/index.js';

let shipped: Map<string, ModelDefinition> | undefined;

/** A system model as this release ships it (fixtures/models); undefined for any other name. */
export function shippedModel(name: string): ModelDefinition | undefined {
  shipped ??= new Map((loadFixtures().models as unknown as ModelDefinition[]).map((m) => [m.name, m]));
  return shipped.get(name);
}

/** The system models that take fields of an administrator's own. */
export const EXTENSIBLE_MODELS: ReadonlySet<string> = new Set(['User', 'Group']);

export interface SystemChangeProblem {
  /** 403: nothing of this model may change; 400: this part of the change may not. */
  status: 403 | 400;
  /** Relative to the model (`/fields/2`), '' for the whole model. */
  pointer: string;
  message: string;
  /** What the pointer's place is told, for a 400. */
  detail: string;
}

/** The model without what differs between two stored copies of it (row id, version) and without its fields. */
function frame(model: ModelDefinition): Record<string, unknown> {
  const { id: _id, version: _version, fields: _fields, ...rest } = model as unknown as Record<string, unknown>;
  return rest;
}

/**
 * Why `after` may not replace the system model `builtIn` names the built-in part of (undefined:
 * it keeps every built-in field as `before` holds it and changes only the administrator's own).
 * `builtIn` is the model as this release ships it: its fields are the ones nobody may touch.
 */
export function systemChangeProblem(before: ModelDefinition, after: ModelDefinition, builtIn: ModelDefinition | undefined): SystemChangeProblem | undefined {
  const whole = (): SystemChangeProblem => ({ status: 403, pointer: '', message: `The system model '${before.name}' cannot be changed`, detail: 'cannot change' });
  if (!EXTENSIBLE_MODELS.has(before.name) || !builtIn) return whole();
  if (!isDeepStrictEqual(frame(before), frame(after))) {
    return {
      status: 403,
      pointer: '',
      message: `The system model '${before.name}' takes new fields only: its name, title and other settings cannot be changed`,
      detail: 'cannot change',
    };
  }
  const own = new Set(builtIn.fields.map((f) => f.name));
  for (const f of builtIn.fields) {
    const was = before.fields.find((x) => x.name === f.name);
    const now = after.fields.findIndex((x) => x.name === f.name);
    if (now < 0 || (was !== undefined && !isDeepStrictEqual(was, after.fields[now]))) {
      return {
        status: 400,
        pointer: now < 0 ? '/fields' : `/fields/${now}`,
        message: `'${f.name}' is a built-in field of ${before.name}: it cannot be changed, renamed or deleted`,
        detail: now < 0 ? `must keep the built-in field '${f.name}'` : 'is built in: it cannot change',
      };
    }
  }
  for (const [i, f] of after.fields.entries()) {
    if (own.has(f.name) || !f.required) continue;
    if (f.default !== undefined) continue;
    return {
      status: 400,
      pointer: `/fields/${i}/required`,
      message: `A field of your own on ${before.name} cannot be required without a default: setup, self-registration and the ${before.name} screens make records without it`,
      detail: 'needs a default to be required',
    };
  }
  return undefined;
}

/** The administrator's own fields of a system model: those the release does not ship. */
export function ownFields(model: ModelDefinition, builtIn: ModelDefinition): ModelField[] {
  const shipped = new Set(builtIn.fields.map((f) => f.name));
  return model.fields.filter((f) => !shipped.has(f.name));
}

/** Throws what systemChangeProblem finds (403, or 400 pointing under `at`); nothing when the change only touches fields of one's own. */
export function refuseSystemChange(before: ModelDefinition, after: ModelDefinition, at: string): void {
  const problem = systemChangeProblem(before, after, shippedModel(before.name));
  if (!problem) return;
  if (problem.status === 403) throw errors.forbidden(problem.message);
  throw errors.invalid(problem.message, [{ pointer: `${at}${problem.pointer}`, message: problem.detail }]);
}

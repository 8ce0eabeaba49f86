import type { FastifyRequest } from 'fastify';
import { errors } from '../core/errors.js';
import { userIdOf } from '../auth/auth.js';
import type { Definition, DefinitionKind, Definitions } from '../definitions/definitions.js';
import { isModel } from '../records/model-names.js';
import type { ModelStore, StatsSnapshot } from '../records/model-store.js';
import { modelOf, worksOnDefinitions } from '../../shared/contract.js';
import type { WalkRow } from '../../shared/definition-walk.js';
import { FULL_PERMIT, grantPermit, type Grant, type Permit, type Use } from './grants.js';

/** Every signed-in user belongs to this group without being listed in it. */
export const EVERYONE = 'Everyone';

/**
 * What a caller asks to do with a definition: a grant's action (read, add, update, delete, clear,
 * export), or `open` its definition (a form's, which any action needs).
 */
export type Operation = Use;

export interface Access {
  public?: boolean;
  groups?: string[];
  self?: boolean;
  grants?: Grant[];
}

const groupCache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

async function loadGroups(store: ModelStore, userId: string | number): Promise<Set<string>> {
  const names = new Set<string>([EVERYONE]);
  for (const item of await store.linkItems('User', 'groups', userId)) if (item.selected) names.add(item.name);
  return names;
}

/**
 * The groups the caller belongs to, Everyone included; an administrator viewing as a group
 * (view-as.ts) belongs to exactly Everyone and that group.
 */
export function groupsOf(store: ModelStore, req: FastifyRequest): Promise<Set<string>> {
  let found = groupCache.get(req);
  if (!found) {
    const viewed = req.viewingAs?.kind === 'group' ? req.viewingAs.name : undefined;
    if (viewed !== undefined) found = Promise.resolve(new Set([EVERYONE, viewed]));
    else found = req.user ? loadGroups(store, req.user.id) : Promise.resolve(new Set<string>());
    groupCache.set(req, found);
  }
  return found;
}

/** Whether a form, grid or select works on definitions: admin-only, whatever its grants say (src/shared/contract.ts). */
export function overDefinitions(kind: string, def: Definition): boolean {
  return worksOnDefinitions(kind, def);
}

/** Whether a record id from a url is this user's id, as the database reads it ('02' is user 2). */
function isUserId(store: ModelStore, recordId: string, userId: number): boolean {
  try {
    return userIdOf(store, recordId) === userId;
  } catch {
    return false; // no user id at all
  }
}

/**
 * Decides whether the caller may use a definition for an operation; throws 401 or 403, or answers
 * what they may do (the Permit of grants.ts: which records, which fields, which presets).
 * Admins may do anything; only admins use forms, grids and selects over definitions. `public` lets anyone read a definition and add through a form;
 * `groups` grants members everything; `grants` grant each group what they say (the union of a
 * user's grants); `self` lets a user read and update their own User
 * record through a form (on grids, selects and other models it grants nothing). Read-only forms refuse writes and forms that hide
 * Delete refuse deletes, for everyone, because the server enforces what the client shows; but
 * only once the caller may use the form at all: a stranger told "read only" would learn that
 * the form exists, where a missing one answers 401 or 403 (see authorizedDefinition).
 */
export async function authorize(
  store: ModelStore,
  req: FastifyRequest,
  kind: string,
  def: Definition,
  op: Operation,
  recordId?: string,
): Promise<Permit> {
  const permit = await mayUse(store, req, kind, def, op, recordId);
  if (kind === 'form') {
    if (def.readOnly === true && op !== 'read' && op !== 'open' && op !== 'export') throw errors.forbidden(`The form '${def.name}' is read only`);
    if (def.hideDelete === true && op === 'delete') throw errors.forbidden(`The form '${def.name}' does not allow deleting`);
  }
  return permit;
}

/** The grants alone: whether this caller may use the definition for the operation, whatever its flags. */
async function mayUse(store: ModelStore, req: FastifyRequest, kind: string, def: Definition, op: Operation, recordId?: string): Promise<Permit> {
  if (req.user?.Admin) return FULL_PERMIT;
  if (overDefinitions(kind, def)) {
    if (!req.user) throw errors.unauthenticated();
    throw errors.forbidden(`You may not use the ${kind} '${def.name}'`);
  }
  const access = (def.access ?? {}) as Access;
  if (access.public && (op === 'add' || op === 'open' || (op === 'read' && recordId === undefined))) return FULL_PERMIT;
  if (!req.user) throw errors.unauthenticated();
  const mine = access.groups?.length || access.grants?.length ? await groupsOf(store, req) : new Set<string>();
  // The shorthand is every action but a grid's Clear, which stays for administrators and for the
  // groups a grant names it for (as it was before grants), and a form's History, which likewise
  // is the administrators' unless a grant names it (docs/history.md).
  if (op !== 'clear' && op !== 'history' && access.groups?.some((g) => mine.has(g))) return FULL_PERMIT;
  // A page or a menu has no records: any grant on it lets its group see it.
  const permit = grantPermit(access.grants, mine, kind === 'page' || kind === 'menu' ? 'open' : op);
  if (permit) return permit;
  // `self` is the signed-in user's own User record through a form: never a grid or a select
  // (which would list every record), never another model.
  if (access.self && kind === 'form' && isModel(modelOf(def), 'User') && (op === 'read' || op === 'update' || op === 'open')) {
    if (recordId === undefined || isUserId(store, recordId, req.user.id)) return FULL_PERMIT;
  }
  throw errors.forbidden(`You may not use the ${kind} '${def.name}'`);
}

/**
 * A definition the caller may use for an operation. A name that does not exist answers as a
 * definition the caller may not use (401 signed out, 403 signed in): only admins, who may
 * use everything, learn that it is missing (404). Otherwise 404 against 403 would tell
 * anyone which definitions exist.
 */
export async function authorizedDefinition(
  defs: Definitions,
  store: ModelStore,
  req: FastifyRequest,
  kind: DefinitionKind,
  name: string,
  op: Operation,
  recordId?: string,
  snapshot?: StatsSnapshot,
): Promise<Definition> {
  return (await permittedDefinition(defs, store, req, kind, name, op, recordId, snapshot)).def;
}

/** authorizedDefinition with what the caller may do with it (the Permit of grants.ts). */
export async function permittedDefinition(
  defs: Definitions,
  store: ModelStore,
  req: FastifyRequest,
  kind: DefinitionKind,
  name: string,
  op: Operation,
  recordId?: string,
  snapshot?: StatsSnapshot,
): Promise<{ def: Definition; permit: Permit }> {
  const def = await defs.find(kind, name, snapshot);
  if (!def) {
    if (req.user?.Admin) throw errors.notFound(`The ${kind} '${name}'`);
    if (!req.user) throw errors.unauthenticated();
    throw errors.forbidden(`You may not use the ${kind} '${name}'`);
  }
  return { def, permit: await authorize(store, req, kind, def, op, recordId) };
}

/**
 * Whether the caller may use some form over `model` whose rows hold a column `holds` picks out
 * (a dual list of a link, a Reference picker of a field) for one of `ops`: what lets a person use
 * a column's own data route. Only grants are looked at, and a form that refuses the caller for
 * any reason is passed over, so the caller can tell the routes' answers apart by nothing but
 * their grants (the same 403 whether the model and field exist or not).
 */
export async function anyFormGrants(
  defs: Definitions,
  store: ModelStore,
  req: FastifyRequest,
  model: string,
  holds: (rows: WalkRow[]) => boolean,
  ops: Operation[],
  recordId?: string,
): Promise<boolean> {
  return (await formPermits(defs, store, req, model, holds, ops, recordId, true)).length > 0;
}

/**
 * What each form over `model` whose rows `holds` picks out lets the caller do for one of `ops`
 * (the first op each form grants): the permits whose rules, ORed, say which records the column's
 * data route reaches for them. `first`: stop at the first form that grants anything.
 */
export async function formPermits(
  defs: Definitions,
  store: ModelStore,
  req: FastifyRequest,
  model: string,
  holds: (rows: WalkRow[]) => boolean,
  ops: Operation[],
  recordId?: string,
  first = false,
): Promise<Permit[]> {
  const out: Permit[] = [];
  // The forms over the model, from the index of them (reader-index.ts), by name.
  for (const { kind, def: form } of (await defs.readers(req.stats ?? undefined)).over(model)) {
    if (kind !== 'form' || form.model !== model || !holds(form.definition as WalkRow[])) continue;
    for (const op of ops) {
      try {
        out.push(await authorize(store, req, 'form', form, op, recordId));
        if (first) return out;
        break;
      } catch {
        // another operation, or another form, may grant it
      }
    }
  }
  return out;
}

/**
 * A definition as its users receive it: an administrator gets it whole; anyone else without its
 * `access`, whose grants (other groups' rules, hidden fields, presets) are the administrators'
 * business, not theirs (found by tests/api/grant-matrix.test.ts).
 */
export function withoutAccess<T extends object>(def: T, req: FastifyRequest): T {
  if (req.user?.Admin || !('access' in def)) return def;
  const { access: _access, ...rest } = def as T & { access?: unknown };
  return rest as T;
}

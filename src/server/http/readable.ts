/**
 * Which records of a model a caller may read through any definition (docs/security.md, "Grants",
 * "Pickers"): what a Reference picker (/api/choices) and a link's candidates (/api/link) may offer
 * and name. A picker is granted by the form (or grid) that holds it, but the records it names are
 * the target model's: they follow the read grants of the definitions over that model, not the
 * picking one's.
 */
import type { FastifyRequest } from 'fastify';
import type { FilterTree } from '../../shared/filter/index.js';
import type { Definitions } from '../definitions/definitions.js';
import type { ModelStore } from '../records/model-store.js';
import { isModel, modelKey } from '../records/model-names.js';
import type { ListQuery } from '../records/record-queries.js';
import { callerContext, grantPermit } from './grants.js';
import { groupsOf, overDefinitions, type Access } from './permissions.js';

/**
 * The records of a model a caller may read: those any of `rule`'s trees holds for (ORed), or every
 * record when `rule` is absent.
 */
export interface Reach {
  rule?: FilterTree[];
  /**
   * The fields hidden from the caller by every definition that lets them read (absent: none). A
   * record is named without them: its name may not show what no screen of theirs shows.
   */
  hidden?: ReadonlySet<string>;
}

/** Under `self` a user reads their own User record, and no other. */
const OWN_RECORD: FilterTree = { and: [{ field: 'id', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };

/**
 * What the caller may read of `model` through any form, grid or select over it that grants them
 * read, as grantPermit decides for each (the union: the rules ORed; a grant without a read rule,
 * the `groups` shorthand, `public` access or an administrator: every record; `self` on a form over
 * User: their own record). null when no definition over the model lets them read at all: then a
 * picker offers nothing but what the record being edited already refers to.
 */
export function readableReach(defs: Definitions, store: ModelStore, req: FastifyRequest, model: string): Promise<Reach | null> {
  if (req.user?.Admin) return Promise.resolve({});
  // Asked once per model in a request: a grid's labels and its user's filter may both ask.
  let mine = reaches.get(req);
  if (!mine) {
    mine = new Map();
    reaches.set(req, mine);
  }
  const key = modelKey(model);
  let found = mine.get(key);
  if (!found) {
    found = reachOf(defs, store, req, model);
    mine.set(key, found);
  }
  return found;
}

const reaches = new WeakMap<FastifyRequest, Map<string, Promise<Reach | null>>>();

async function reachOf(defs: Definitions, store: ModelStore, req: FastifyRequest, model: string): Promise<Reach | null> {
  const rules: FilterTree[] = [];
  let granted = false;
  let everyRecord = false;
  // Hidden by every granting definition: the intersection of what each hides.
  let hidden: Set<string> | undefined;
  const hides = (fields: ReadonlySet<string>) => {
    hidden = hidden === undefined ? new Set(fields) : new Set([...hidden].filter((f) => fields.has(f)));
  };
  // The definitions over the model, from the index of them (reader-index.ts): forms, grids, selects.
  for (const { kind, def } of (await defs.readers(req.stats ?? undefined)).over(model)) {
    if (overDefinitions(kind, def)) continue;
    const access = (def.access ?? {}) as Access;
    if (access.public) return {};
    if (!req.user) continue;
    const mine = await groupsOf(store, req);
    if (access.groups?.some((g) => mine.has(g))) return {};
    const permit = grantPermit(access.grants, mine, 'read');
    if (permit) {
      hides(permit.hidden);
      if (!permit.rule) everyRecord = true;
      else rules.push(...permit.rule);
      granted = true;
    } else if (access.self && kind === 'form' && isModel(model, 'User')) {
      rules.push(OWN_RECORD);
      hides(new Set());
      granted = true;
    }
  }
  if (!granted) return null;
  const shown = hidden !== undefined && hidden.size > 0 ? { hidden } : {};
  return everyRecord ? shown : { rule: rules, ...shown };
}

/** A list's `where` and `context` for the records a reach holds (none: every record). */
export async function reachQuery(store: ModelStore, req: FastifyRequest, reach: Reach): Promise<Pick<ListQuery, 'where' | 'context'>> {
  return reach.rule ? { where: [{ anyOf: reach.rule }], context: await callerContext(store, req, [reach.rule]) } : {};
}

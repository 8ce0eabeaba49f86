import { isObject, renameFilterPaths, type FieldRename } from '../../shared/filter/index.js';
import type { ModelDefinition } from '../records/model-types.js';

/** A model by name, as the change sees them (model-uses.ts passes its own; no import back to it). */
type FindModel = (name: string) => ModelDefinition | undefined;

/**
 * A definition's grants (`access.grants`, docs/security.md, "Grants") through a model change:
 * their rules' paths start at the definition's model and may walk through references into the
 * changed one (`customer.name` on an Order grid), and their `fields` and `presets` name fields of
 * the definition's model. A rename left behind would make the definition's record routes answer
 * 400, so a rename follows them as it follows a grid's filters (model-uses.ts), and a delete that
 * a grant names is refused by the same places.
 */

/** The actions a grant's rules are kept for, as the schema lists them. */
type RuleAction = 'read' | 'update' | 'delete' | 'clear' | 'export';

interface StoredGrant {
  group?: unknown;
  rules?: Partial<Record<RuleAction, unknown>>;
  fields?: Record<string, unknown>;
  presets?: Record<string, unknown>;
}

/** A rule condition's place in words: `/and/1` is 'condition 2', `/and/1/or/0` 'group 2, condition 1'. */
function rulePlace(pointer: string): string {
  const [, item, , inner] = pointer.split('/').slice(1);
  const at = Number(item ?? 0) + 1;
  return inner === undefined ? `condition ${at}` : `group ${at}, condition ${Number(inner) + 1}`;
}

/** `names` with the renamed keys renamed, in their order; undefined when none is. */
function renameKeys(names: unknown, renames: readonly FieldRename[]): Record<string, unknown> | undefined {
  if (!isObject(names)) return undefined;
  let hit = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(names)) {
    const to = renames.find((r) => r.from === key)?.to;
    if (to !== undefined) hit = true;
    out[to ?? key] = value;
  }
  return hit ? out : undefined;
}

/**
 * `access` (a definition's, changed in place) with the fields of `renames` (all of one model)
 * renamed in its grants, and the places it did, such as 'grant 1 (Sales), read rule, condition 2',
 * 'grant 1 (Sales), fields'. `root` is the model whose records the definition reads (undefined for
 * one without records, whose grants name no field); paths are read with the names as they were.
 */
export function renameInGrants(access: unknown, root: ModelDefinition | undefined, renames: readonly FieldRename[], find: FindModel): string[] {
  const places: string[] = [];
  const grants = isObject(access) ? access.grants : undefined;
  if (!root || !Array.isArray(grants)) return places;
  const own = root.name === renames[0]?.model;
  (grants as unknown[]).forEach((g, i) => {
    if (!isObject(g)) return;
    const grant = g as StoredGrant;
    const where = `grant ${i + 1}${typeof grant.group === 'string' ? ` (${grant.group})` : ''}`;
    if (isObject(grant.rules)) {
      for (const [action, rule] of Object.entries(grant.rules) as [RuleAction, unknown][]) {
        if (rule === undefined) continue;
        const renamed = renameFilterPaths(rule, root, find, renames);
        if (!renamed.places.length) continue;
        grant.rules[action] = renamed.filter;
        places.push(...renamed.places.map((p) => `${where}, ${action} rule, ${rulePlace(p)}`));
      }
    }
    if (!own) return;
    for (const key of ['fields', 'presets'] as const) {
      const renamed = renameKeys(grant[key], renames);
      if (!renamed) continue;
      grant[key] = renamed;
      places.push(`${where}, ${key}`);
    }
  });
  return places;
}

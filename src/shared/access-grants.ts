/**
 * A definition's `access` (schemas/common.json, `$defs/access`) as the screens edit it: which
 * actions each kind of definition offers, what a group may do on one (the `groups` shorthand or
 * its grants), and each edit as a pure function from one access to the next. The designers'
 * Access panel and the Permissions screen both edit through here, so they cannot disagree about
 * what a tick means. Nothing here throws or touches the server: it enforces grants itself.
 */
import type { Access, FilterTree, FilterValue, Grant, GrantAction } from '../generated/definitions.js';

export type { Access, Grant, GrantAction };

/** The definition kinds that carry `access`. */
export type AccessKind = 'form' | 'grid' | 'select' | 'page' | 'menu';

export const ACCESS_KINDS: readonly AccessKind[] = ['form', 'grid', 'select', 'page', 'menu'];

/** The group every signed-in user is a member of (fixtures/groups.json). */
export const EVERYONE = 'Everyone';

/**
 * What a grant may allow on each kind: read everywhere, add/update/delete on forms, clear on grids,
 * export on both, history (the record history, within the grant's read rule) on forms.
 */
export const ACTIONS_OF: Readonly<Record<AccessKind, readonly GrantAction[]>> = {
  form: ['read', 'add', 'update', 'delete', 'export', 'history'],
  grid: ['read', 'clear', 'export'],
  select: ['read'],
  page: ['read'],
  menu: ['read'],
};

/** Every action, in the order the screens show them. */
export const ALL_ACTIONS: readonly GrantAction[] = ['read', 'add', 'update', 'delete', 'clear', 'export', 'history'];

/**
 * The actions a record rule can narrow (add has none: its record does not exist yet; history has
 * none of its own: it reaches the records of the same grant's read rule).
 */
export type RuledAction = Exclude<GrantAction, 'add' | 'history'>;

/** Whether an action takes a record rule of its own. */
export function isRuledAction(action: GrantAction): action is RuledAction {
  return action !== 'add' && action !== 'history';
}

export const RULED_ACTIONS: readonly RuledAction[] = ['read', 'update', 'delete', 'clear', 'export'];

export const ACTION_WORDS: Readonly<Record<GrantAction, string>> = {
  read: 'Read',
  add: 'Add',
  update: 'Update',
  delete: 'Delete',
  clear: 'Clear',
  export: 'Export',
  history: 'History',
};

/** The field the server stamps with who added a record, when a model keeps it. */
export const CREATED_BY = '_created_by';

/** "Own records": those the signed-in user added. */
export const OWN_RECORDS: FilterTree = { and: [{ field: CREATED_BY, op: 'eq', value: { var: 'CURRENT_USER.id' } }] };

export type FieldMode = 'hidden' | 'readonly';

/** Whether a kind's definitions name a model whose records rules and fields speak of. */
export function hasRecords(kind: AccessKind): boolean {
  return kind === 'form' || kind === 'grid' || kind === 'select';
}

const isEmpty = (o: object | undefined) => o === undefined || Object.keys(o).length === 0;

/** A grant without the rules of actions it no longer has, and without empty parts. */
function tidyGrant(grant: Grant): Grant {
  const out: Grant = { group: grant.group, actions: grant.actions };
  const rules = Object.fromEntries(Object.entries(grant.rules ?? {}).filter(([a, r]) => r !== undefined && grant.actions.includes(a as GrantAction)));
  if (!isEmpty(rules)) out.rules = rules;
  const fields = Object.fromEntries(Object.entries(grant.fields ?? {}).filter(([, m]) => m !== undefined));
  if (!isEmpty(fields)) out.fields = fields;
  const presets = Object.fromEntries(Object.entries(grant.presets ?? {}).filter(([, v]) => v !== undefined));
  if (!isEmpty(presets)) out.presets = presets;
  return out;
}

/** Access without empty lists and false flags; undefined (admin-only) when nothing is left. */
export function tidyAccess(access: Access | undefined): Access | undefined {
  if (!access) return undefined;
  const out: Access = {};
  if (access.public) out.public = true;
  if (access.groups?.length) out.groups = access.groups;
  if (access.self) out.self = true;
  if (access.grants?.length) out.grants = access.grants.map(tidyGrant);
  return isEmpty(out) ? undefined : out;
}

/** What `group` may do on a definition of `kind`: everything through the shorthand, or the union of its grants' actions. */
export function groupAllows(access: Access | undefined, group: string, kind: AccessKind): { everything: boolean; actions: Set<GrantAction>; grants: Grant[] } {
  const grants = (access?.grants ?? []).filter((g) => g.group === group);
  const everything = access?.groups?.includes(group) ?? false;
  const actions = new Set<GrantAction>(everything ? ACTIONS_OF[kind] : grants.flatMap((g) => g.actions));
  return { everything, actions, grants };
}

function withGrants(access: Access | undefined, grants: Grant[]): Access | undefined {
  return tidyAccess({ ...access, grants });
}

/** Access with `group` in the shorthand (may do everything) or out of it. */
export function withEverything(access: Access | undefined, group: string, on: boolean): Access | undefined {
  const groups = (access?.groups ?? []).filter((g) => g !== group);
  return tidyAccess({ ...access, groups: on ? [...groups, group] : groups });
}

/**
 * Access with `group` allowed `action`, or no longer allowed it, as one tick of the Permissions
 * screen. A tick adds the action to the group's first grant (a new grant when it has none). An
 * untick takes it (and its rule) out of every grant of the group, dropping a grant left with
 * nothing; a group in the shorthand first becomes a grant of every other action of the kind.
 */
export function withGroupAction(access: Access | undefined, group: string, kind: AccessKind, action: GrantAction, on: boolean): Access | undefined {
  const allows = groupAllows(access, group, kind);
  let current = access;
  let grants = [...(access?.grants ?? [])];
  if (allows.everything) {
    if (on) return tidyAccess(access);
    current = withEverything(access, group, false);
    const first = grants.findIndex((g) => g.group === group);
    const every = [...ACTIONS_OF[kind]];
    if (first >= 0) grants[first] = { ...grants[first]!, actions: every };
    else grants.push({ group, actions: every });
  }
  if (on) {
    const first = grants.findIndex((g) => g.group === group);
    if (first < 0) grants.push({ group, actions: [action] });
    else if (!grants[first]!.actions.includes(action)) grants[first] = { ...grants[first]!, actions: orderActions([...grants[first]!.actions, action]) };
    return withGrants(current, grants);
  }
  grants = grants
    .map((g) => (g.group === group ? tidyGrant({ ...g, actions: g.actions.filter((a) => a !== action) }) : g))
    .filter((g) => g.group !== group || g.actions.length > 0 || g.fields !== undefined || g.presets !== undefined);
  return withGrants(current, grants);
}

/** Actions in the screens' order. */
export function orderActions(actions: readonly GrantAction[]): GrantAction[] {
  return ALL_ACTIONS.filter((a) => actions.includes(a));
}

/** Access with grant `index` changed by `change` (and tidied). */
export function withGrant(access: Access | undefined, index: number, change: (grant: Grant) => Grant): Access | undefined {
  const grants = [...(access?.grants ?? [])];
  const grant = grants[index];
  if (!grant) return access;
  grants[index] = change(grant);
  return withGrants(access, grants);
}

export function addGrant(access: Access | undefined, group: string): Access | undefined {
  return withGrants(access, [...(access?.grants ?? []), { group, actions: ['read'] }]);
}

export function removeGrant(access: Access | undefined, index: number): Access | undefined {
  return withGrants(access, (access?.grants ?? []).filter((_, i) => i !== index));
}

/** A grant with `action` on or off; off drops its rule too. */
export function grantWithAction(grant: Grant, action: GrantAction, on: boolean): Grant {
  const actions = on ? orderActions([...grant.actions.filter((a) => a !== action), action]) : grant.actions.filter((a) => a !== action);
  return tidyGrant({ ...grant, actions });
}

export function grantWithRule(grant: Grant, action: RuledAction, rule: FilterTree | undefined): Grant {
  return tidyGrant({ ...grant, rules: { ...grant.rules, [action]: rule } });
}

export function grantWithField(grant: Grant, field: string, mode: FieldMode | undefined): Grant {
  return tidyGrant({ ...grant, fields: { ...grant.fields, [field]: mode } });
}

/** A grant with a preset set, removed (undefined), or moved from another field (`from`), keeping the presets' order. */
export function grantWithPreset(grant: Grant, field: string, value: FilterValue | undefined, from?: string): Grant {
  const entries = Object.entries(grant.presets ?? {});
  const at = entries.findIndex(([f]) => f === (from ?? field));
  const next: [string, FilterValue | undefined][] = entries.filter(([f]) => f !== field && f !== from);
  if (value !== undefined) next.splice(at < 0 ? next.length : Math.min(at, next.length), 0, [field, value]);
  return tidyGrant({ ...grant, presets: Object.fromEntries(next) });
}

/** Whether a rule is "Own records" as the one-click button writes it. */
export function isOwnRecords(rule: FilterTree | undefined): boolean {
  return JSON.stringify(rule) === JSON.stringify(OWN_RECORDS);
}

/** A rule in a few words for a summary: "all records", "own records", "2 conditions". */
export function ruleSummary(rule: FilterTree | undefined): string {
  if (!rule) return 'all records';
  if (isOwnRecords(rule)) return 'own records';
  const items = 'and' in rule ? rule.and : 'or' in rule ? rule.or : [];
  return items.length === 1 ? '1 condition' : `${items.length} conditions`;
}

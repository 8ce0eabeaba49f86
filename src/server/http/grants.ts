/**
 * Per-group grants on a definition (docs/security.md, "Grants"): what each group may do, on which
 * records and with which fields. permissions.ts decides whether the caller may act at all and,
 * when a grant is what lets them, asks `grantPermit` what the grants allow: the routes then read
 * and write only through that permit. Union semantics throughout: a user in several groups may
 * do whatever any of their grants allows, so each restriction holds only where every grant that
 * lets them act imposes it.
 */
import type { FastifyRequest } from 'fastify';
import type { Grant, GrantAction } from '../../generated/definitions.js';
import { nowText, todayText, USER_FIELD_VARIABLE, type FilterContext, type FilterTree, type FilterValue } from '../../shared/filter/index.js';
import type { AnyOf } from '../records/record-queries.js';
import type { ModelStore } from '../records/model-store.js';
import type { Row } from '../db/connect.js';
import { EVERYONE } from '../../shared/access-grants.js';
import { viewerHasNoRecord } from './view-as.js';

export type { Grant, GrantAction };

/** What a caller asks to do with a definition: a grant's action, or `open` (read the definition itself: any action will do). */
export type Use = GrantAction | 'open';

/** The actions whose reach a grant's `rules` may narrow (add has presets instead). */
export const RULED_ACTIONS = ['read', 'update', 'delete', 'clear', 'export'] as const;
export type RuledAction = (typeof RULED_ACTIONS)[number];

/** What the caller may do with a definition for one use. */
export interface Permit {
  /**
   * The records the use reaches: those any of these trees holds for (the rules of the grants that
   * allow it, ORed). Absent: every record (an admin, a `groups` member, `public`, a grant without
   * a rule for the action).
   */
  rule?: readonly FilterTree[];
  /** Fields never sent to the caller, nor searched, sorted or filtered by for them. */
  hidden: ReadonlySet<string>;
  /** Fields the caller may not write (on add: by the add grants; otherwise by the update grants). */
  readOnly: ReadonlySet<string>;
  /** On add: the values the server sets, whatever the body says. */
  presets: Readonly<Record<string, FilterValue>>;
}

/** No restriction: administrators, `groups` members, `public`, `self`. */
export const FULL_PERMIT: Permit = Object.freeze({ hidden: new Set<string>(), readOnly: new Set<string>(), presets: Object.freeze({}) });

function marked(grant: Grant, marks: readonly string[]): Set<string> {
  return new Set(Object.entries(grant.fields ?? {}).filter(([, mark]) => mark !== undefined && marks.includes(mark)).map(([field]) => field));
}

/** The fields every one of `grants` marks: a field stays open to the caller when any grant leaves it open. */
function everyMarks(grants: readonly Grant[], marks: readonly string[]): Set<string> {
  const [first, ...rest] = grants;
  if (!first) return new Set();
  const out = marked(first, marks);
  for (const g of rest) {
    const mine = marked(g, marks);
    for (const f of out) if (!mine.has(f)) out.delete(f);
  }
  return out;
}

/**
 * What `grants` let a member of `groups` do for `use`, or null when none allows it. The rule is
 * the OR of the rules of the grants allowing the action (none when one of them has no rule); a
 * field is hidden when every grant giving read hides it, read-only when every grant giving the
 * write (add, or else update) hides it or makes it read-only; the presets are those of the first
 * grant, in the definition's order, that allows add.
 */
export function grantPermit(grants: readonly Grant[] | undefined, groups: ReadonlySet<string>, use: Use): Permit | null {
  const mine = (grants ?? []).filter((g) => groups.has(g.group));
  const giving = (action: GrantAction) => mine.filter((g) => g.actions.includes(action));
  // History is read through the grant that gives it: a grant giving history without read reaches nothing.
  const acting = use === 'open' ? mine.filter((g) => g.actions.length > 0) : use === 'history' ? giving('history').filter((g) => g.actions.includes('read')) : giving(use);
  if (acting.length === 0) return null;
  let rule: FilterTree[] | undefined;
  if (use !== 'open' && use !== 'add') {
    // History has no rule of its own: the records of the read rule of each grant giving it.
    const ruled = use === 'history' ? 'read' : use;
    const rules = acting.map((g) => g.rules?.[ruled]);
    if (rules.every((r) => r !== undefined)) rule = rules as FilterTree[];
  }
  const readers = giving('read');
  // Without a read grant nothing is read; what the definition shows such a caller follows every grant of theirs.
  // History shows the fields the grants giving it show, whatever another grant of theirs reads.
  const hidden = everyMarks(use === 'history' || !readers.length ? acting : readers, ['hidden']);
  const writers = use === 'add' ? acting : giving('update');
  const readOnly = writers.length ? everyMarks(writers, ['hidden', 'readonly']) : new Set(hidden);
  const adder = use === 'add' ? acting[0] : undefined;
  const presets: Record<string, FilterValue> = {};
  for (const [field, value] of Object.entries(adder?.presets ?? {})) if (value !== undefined) presets[field] = value;
  return { ...(rule ? { rule } : {}), hidden, readOnly, presets };
}

/** A permit's rule as a list's `where` item (record-queries.ts); undefined when it reaches every record. */
export function ruleWhere(permit: Permit): AnyOf | undefined {
  return permit.rule ? { anyOf: permit.rule } : undefined;
}

/** Whether a filter or preset names a field of the caller's User record (CURRENT_USER.<field> other than id). */
function namesUserField(value: unknown): boolean {
  return /"var":"CURRENT_USER\.(?!id")/.test(JSON.stringify(value) ?? '');
}

const userRecords = new WeakMap<FastifyRequest, Promise<Row | null>>();

/** The caller's User record as the API answers it (no password), read once per request; null for nobody. */
export function callerRecord(store: ModelStore, req: FastifyRequest): Promise<Row | null> {
  let found = userRecords.get(req);
  if (!found) {
    const id = viewerHasNoRecord(req) ? undefined : req.user?.id;
    found = id === undefined || !store.has('User') ? Promise.resolve(null) : store.get1('User', id).then((row) => row ?? null);
    userRecords.set(req, found);
  }
  return found;
}

/**
 * The values of the filter variables for this caller: CURRENT_USER.id, and their User record when
 * one of `uses` (filters, rules, presets) names a field of it; `extra` adds RECORD.id and the like.
 */
export async function callerContext(store: ModelStore, req: FastifyRequest, uses: readonly unknown[], extra: FilterContext = {}): Promise<FilterContext> {
  // Viewing as a group (view-as.ts), CURRENT_USER is nobody but for their groups: a rule on its id
  // or fields reaches no record, one on CURRENT_USER.groups the group's and Everyone's.
  const context: FilterContext = { userId: viewerHasNoRecord(req) ? null : (req.user?.id ?? null), ...extra };
  if (!req.user || !uses.some(namesUserField)) return context;
  const record = await callerRecord(store, req);
  const links = linksNamed(store, uses);
  if (!links.length) context.user = record;
  else context.user = { ...(record ?? {}), ...Object.fromEntries(await Promise.all(links.map(async (f) => [f, await callerLinks(store, req, f)]))) };
  return context;
}

/** The link fields of User that `uses` name as CURRENT_USER.<field>. */
function linksNamed(store: ModelStore, uses: readonly unknown[]): string[] {
  const text = JSON.stringify(uses) ?? '';
  const user = store.get('User');
  return user.fields.filter((f) => f.type === 'link' && text.includes(`"var":"CURRENT_USER.${f.name}"`)).map((f) => f.name);
}

const linkLists = new WeakMap<FastifyRequest, Map<string, Promise<(string | number)[]>>>();

/**
 * CURRENT_USER.<link field>: the ids of the records the caller is linked to, read once per request.
 * Their groups hold Everyone too, whom every signed-in user belongs to without being listed.
 */
function callerLinks(store: ModelStore, req: FastifyRequest, field: string): Promise<(string | number)[]> {
  let mine = linkLists.get(req);
  if (!mine) linkLists.set(req, (mine = new Map()));
  let found = mine.get(field);
  if (!found) {
    const id = req.user?.id;
    const viewedGroup = viewerHasNoRecord(req) && req.viewingAs?.kind === 'group' ? req.viewingAs.name : undefined;
    found = (async () => {
      if (id === undefined) return [];
      const f = store.get('User').fields.find((x) => x.name === field);
      const ids = viewerHasNoRecord(req) ? [] : (await store.linkedItems('User', field, id)).map((item) => item.id);
      if (f?.target === 'Group') {
        for (const name of [EVERYONE, viewedGroup]) {
          const group = name === undefined ? undefined : await store.getRaw('Group', { field: 'name', value: name });
          if (group && !ids.includes(group.id as string | number)) ids.push(group.id as string | number);
        }
      }
      return ids;
    })();
    mine.set(field, found);
  }
  return found;
}

/**
 * A preset's value now: a literal as it is, a variable's value for this caller (null when it has
 * none: a field of theirs that is unset). RECORD.id has no value on add (refused at save).
 */
export function presetValue(value: FilterValue, context: FilterContext, now = new Date()): unknown {
  if (typeof value !== 'object' || value === null) return value;
  switch (value.var) {
    case 'NOW':
      return nowText(now);
    case 'TODAY':
      return todayText(now);
    case 'CURRENT_USER.id':
      return context.userId ?? null;
    case 'RECORD.id':
      return null;
    default: {
      const field = USER_FIELD_VARIABLE.exec(value.var)?.[1];
      return field === undefined ? null : (context.user?.[field] ?? null);
    }
  }
}

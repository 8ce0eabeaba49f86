/**
 * The Permissions screen's data, free of React: every definition that carries access (read in one
 * answer from GET /api/permissions, each with its version and access), what one group may do on
 * each, and a tick as a change of its access. A tick not yet saved is kept as a toggle on top of
 * the stored access, so a failed save loses nothing and a reload can carry it over.
 */
import {
  ACTION_WORDS,
  groupAllows,
  RULED_ACTIONS,
  ruleSummary,
  withEverything,
  withGroupAction,
  type Access,
  type AccessKind,
  type GrantAction,
} from '../../../shared/access-grants';
import type { PermissionEntry } from '../../../shared/api-types';

/** One tick: an action (or the shorthand "may do everything") on or off for a group. */
export interface Toggle {
  group: string;
  action: GrantAction | 'everything';
  on: boolean;
}

export interface PermissionRow {
  kind: AccessKind;
  id: string;
  name: string;
  title: string;
  /** The version stored, as last read or saved: what a save must carry. */
  version: number;
  /** The access stored, as last read or saved; undefined when it has none. */
  access?: Access;
  /** It works on definitions: administrators only whatever its access says, so no tick is offered. */
  adminOnly: boolean;
  /** Ticks made on this row that are not stored yet. */
  toggles: Toggle[];
  status: 'idle' | 'saving' | 'failed' | 'stale';
  error: string;
}

/** What PUT /api/permissions/{kind}/{id} takes: the version read and the access, left out when nothing is granted. */
export interface AccessToSave {
  version: number;
  access?: Access;
}

export const KIND_WORDS: Record<AccessKind, string> = { form: 'Form', grid: 'Grid', select: 'Select', page: 'Page', menu: 'Work flow' };

export const rowKey = (kind: AccessKind, id: string) => `${kind}:${id}`;

/** Where a definition of a kind is designed (a select has its own form). */
export function designerUrl(kind: AccessKind, id: string): string {
  return kind === 'select' ? `/select/edit/${encodeURIComponent(id)}` : `/${kind}designer/edit/${encodeURIComponent(id)}`;
}

export function applyToggle(access: Access | undefined, kind: AccessKind, toggle: Toggle): Access | undefined {
  return toggle.action === 'everything' ? withEverything(access, toggle.group, toggle.on) : withGroupAction(access, toggle.group, kind, toggle.action, toggle.on);
}

/** The access the row shows: what is stored, with the ticks not saved yet on top. */
export function shownAccess(row: PermissionRow): Access | undefined {
  return row.toggles.reduce<Access | undefined>((access, t) => applyToggle(access, row.kind, t), row.access);
}

/** What to save: the row's ticks over the access stored at the version read, `access` left out when nothing is granted. */
export function accessToSave(row: PermissionRow): AccessToSave {
  const access = shownAccess(row);
  return access ? { version: row.version, access } : { version: row.version };
}

/** The row with the version and access now stored (null: none), its ticks left as they are. */
export function withStored(row: PermissionRow, version: number, access: Access | null): PermissionRow {
  const { access: _old, ...rest } = row;
  return access ? { ...rest, version, access } : { ...rest, version };
}

/** The group's record rules on a definition in a few words ("Read: own records"), or ''. */
export function rulesSummary(access: Access | undefined, group: string, kind: AccessKind): string {
  const { grants, everything } = groupAllows(access, group, kind);
  if (everything) return '';
  const parts: string[] = [];
  for (const action of RULED_ACTIONS) {
    const rules = grants.filter((g) => g.actions.includes(action)).map((g) => g.rules?.[action]);
    // A user in the group reaches what any of its grants reaches: one grant without a rule is every record.
    if (rules.length === 0 || rules.some((r) => r === undefined)) continue;
    parts.push(`${ACTION_WORDS[action]}: ${rules.map((r) => ruleSummary(r)).join(' or ')}`);
  }
  return parts.join('; ');
}

/** The group's field limits and presets in a few words ("2 hidden, 1 read only, 1 preset"), or ''. */
export function fieldsSummary(access: Access | undefined, group: string, kind: AccessKind): string {
  const { grants, everything } = groupAllows(access, group, kind);
  if (everything) return '';
  const modes = grants.flatMap((g) => Object.values(g.fields ?? {}));
  const hidden = modes.filter((m) => m === 'hidden').length;
  const readonly = modes.filter((m) => m === 'readonly').length;
  const presets = grants.reduce((n, g) => n + Object.keys(g.presets ?? {}).length, 0);
  const parts: string[] = [];
  if (hidden) parts.push(`${hidden} hidden`);
  if (readonly) parts.push(`${readonly} read only`);
  if (presets) parts.push(presets === 1 ? '1 preset' : `${presets} presets`);
  return parts.join(', ');
}

export type Get = <T>(path: string) => Promise<{ ok: boolean; status: number; data: T | null; error: string }>;

/** A listed definition as a row with nothing ticked. */
export function rowOf(entry: PermissionEntry): PermissionRow {
  const row: PermissionRow = { kind: entry.kind, id: entry.id, name: entry.name, title: entry.title, version: entry.version, adminOnly: entry.adminOnly, toggles: [], status: 'idle', error: '' };
  if (entry.access) row.access = entry.access;
  return row;
}

/** Every definition that carries access, in one read, by kind then name as the server orders them; the error, if any. */
export async function listDefinitions(get: Get): Promise<{ rows: PermissionRow[]; error: string }> {
  const answer = await get<PermissionEntry[]>('/api/permissions');
  if (!answer.ok || !answer.data) return { rows: [], error: `The definitions could not be listed: ${answer.error}` };
  return { rows: answer.data.map(rowOf), error: '' };
}

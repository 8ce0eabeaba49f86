/**
 * The Permissions screen's data, free of React: every definition that carries access (read with
 * GET /api/definitions/{kind} and then each one whole, a few at a time), what one group may do on
 * each, and a tick as a change of its access. A tick not yet saved is kept as a toggle on top of
 * the stored document, so a failed save loses nothing and a reload can carry it over.
 */
import {
  ACCESS_KINDS,
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

export type Definition = Record<string, unknown> & { id: string; name: string; version: number; access?: Access };

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
  /** The definition as last read or saved; undefined until read (or when it could not be). */
  doc?: Definition;
  /** Ticks made on this row that are not stored yet. */
  toggles: Toggle[];
  status: 'loading' | 'idle' | 'saving' | 'failed' | 'stale' | 'unreadable';
  error: string;
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
  return row.toggles.reduce<Access | undefined>((access, t) => applyToggle(access, row.kind, t), row.doc?.access);
}

/** The document to save: the stored one with the row's ticks, `access` left out when nothing is granted. */
export function documentToSave(row: PermissionRow): Definition | undefined {
  if (!row.doc) return undefined;
  const { access: _old, ...rest } = row.doc;
  const access = shownAccess(row);
  return (access ? { ...rest, access } : rest) as Definition;
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

export interface Listed {
  id: string;
  name: string;
  title: string;
}

export type Get = <T>(path: string) => Promise<{ ok: boolean; status: number; data: T | null; error: string }>;

/** Every definition that carries access, as rows still to read, by kind then name; the first error of a list, if any. */
export async function listDefinitions(get: Get): Promise<{ rows: PermissionRow[]; error: string }> {
  const answers = await Promise.all(ACCESS_KINDS.map((kind) => get<Listed[]>(`/api/definitions/${kind}`)));
  const rows: PermissionRow[] = [];
  let error = '';
  answers.forEach((answer, i) => {
    const kind = ACCESS_KINDS[i]!;
    if (!answer.ok || !answer.data) {
      error ||= `The ${KIND_WORDS[kind].toLowerCase()}s could not be listed: ${answer.error}`;
      return;
    }
    for (const d of answer.data) rows.push({ kind, id: d.id, name: d.name, title: d.title, toggles: [], status: 'loading', error: '' });
  });
  return { rows, error };
}

/** Runs `work` over `items`, at most `limit` at once (the server is not asked for a hundred documents in one go). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

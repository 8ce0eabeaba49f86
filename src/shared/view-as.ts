/**
 * "View as": an administrator's requests served as a chosen user or group sees the app, read
 * only (docs/security.md, "View as"). The client names whom in one header on every API call;
 * the server (src/server/http/view-as.ts) checks it and answers as that user.
 */

/** The header's name, as the client sends it (HTTP reads header names without regard to case). */
export const VIEW_AS_HEADER = 'X-Tessera-View-As';

/** Whom a header asks to view as: a user by id, or a group by name. */
export type ViewAsTarget = { kind: 'user'; id: number } | { kind: 'group'; name: string };

/** Whom a request is served as, as GET /api/checkuser answers it (`viewingAs`): the target and what to call it. */
export type ViewingAs = ViewAsTarget & { label: string };

/** The longest group name a header may carry (the Group model's names are shorter in practice). */
const MAX_GROUP_NAME = 200;

/**
 * The header's value for a target: `user:<id>`, or `group:<name>` with the name percent-encoded
 * (as encodeURIComponent spells it), since a header carries no characters beyond Latin-1.
 */
export function viewAsHeaderValue(target: ViewAsTarget): string {
  return target.kind === 'user' ? `user:${target.id}` : `group:${encodeURIComponent(target.name)}`;
}

/** The target a header's value names; null when its shape is not one of the two. */
export function parseViewAs(value: string): ViewAsTarget | null {
  const user = /^user:([1-9][0-9]{0,14})$/.exec(value);
  if (user) return { kind: 'user', id: Number(user[1]) };
  const group = /^group:(.+)$/.exec(value);
  if (!group) return null;
  let name: string;
  try {
    name = decodeURIComponent(group[1] ?? '');
  } catch {
    return null;
  }
  return name.trim() === '' || name.length > MAX_GROUP_NAME ? null : { kind: 'group', name };
}

/** What the banner and the refusals call a target: the user's name, or "the group <name>". */
export function viewingAsLabel(target: ViewAsTarget, userName?: string): string {
  return target.kind === 'group' ? `the group ${target.name}` : (userName ?? `user ${target.id}`);
}

/**
 * "View as" (docs/security.md): an administrator's request that carries the X-Tessera-View-As
 * header is served as the named user, or as a member of exactly Everyone and the named group,
 * sees the app; read only. The request hook (request-user.ts) calls viewAs once the signed-in
 * caller is known; everything after it (access levels, grants, rules, the session answer) reads
 * req.user and so answers as the viewed user, while req.viewer keeps the administrator for the log.
 */
import type { FastifyRequest } from 'fastify';
import { errors } from '../core/errors.js';
import type { SessionUser } from '../auth/auth.js';
import type { ModelStore } from '../records/model-store.js';
import { parseViewAs, viewingAsLabel, VIEW_AS_HEADER, type ViewingAs } from '../../shared/view-as.js';

/**
 * The id of the user a request viewing as a group is served as. No User has it (ids start at 1),
 * so nothing of a user's own is found for them; and CURRENT_USER has no value at all for such a
 * viewer (viewerHasNoRecord), so a rule or preset on the current user reaches nothing.
 */
export const GROUP_VIEWER_ID = -1;

/** The methods that change nothing: the only ones answered while viewing as. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const HEADER = VIEW_AS_HEADER.toLowerCase();

/**
 * Applies the header, if the request carries it. `signedIn` is the caller the session names
 * (null: nobody), `securityOn` whether ENABLE_SECURITY is on. A caller who is not signed in is
 * served as they would be without it: the header gives nobody anything, and a browser whose
 * session ended must still reach the sign-in. Anyone else but an administrator is refused (403).
 */
export async function viewAs(store: ModelStore, req: FastifyRequest, signedIn: SessionUser | null, securityOn: boolean): Promise<void> {
  const raw = req.headers[HEADER];
  if (raw === undefined || !signedIn) return;
  if (!securityOn) {
    throw errors.viewAsRefused('View as needs security on: with ENABLE_SECURITY 0 every caller is an administrator, so there is nobody else to view as');
  }
  if (!signedIn.Admin) throw errors.viewAsRefused('Only administrators may view the app as another user or group');
  const target = typeof raw === 'string' ? parseViewAs(raw) : null;
  if (!target) {
    throw errors.viewAsInvalid(`The ${VIEW_AS_HEADER} header must be 'user:<id>' or 'group:<name>' (the name percent-encoded), once`);
  }
  let viewed: SessionUser;
  let viewingAs: ViewingAs;
  if (target.kind === 'user') {
    const row = await store.get1('User', target.id, ['user', 'email', 'Admin', 'FrontPage']);
    if (!row) throw errors.viewAsInvalid(`There is no user with the id ${target.id} to view as`);
    viewed = {
      id: target.id,
      user: String(row.user ?? ''),
      email: String(row.email ?? ''),
      Admin: row.Admin === true,
      FrontPage: String(row.FrontPage ?? ''),
    };
    viewingAs = { ...target, label: viewingAsLabel(target, viewed.user) };
  } else {
    if (!(await store.getRaw('Group', { field: 'name', value: target.name }))) {
      throw errors.viewAsInvalid(`There is no group named '${target.name}' to view as`);
    }
    const label = viewingAsLabel(target);
    viewed = { id: GROUP_VIEWER_ID, user: label, email: '', Admin: false, FrontPage: '' };
    viewingAs = { ...target, label };
  }
  req.viewer = signedIn;
  req.viewingAs = viewingAs;
  req.user = viewed;
  // Refused before any route runs, whatever the route: nothing writes while viewing as. Signing
  // out is a GET (session.ts) and ends the administrator's own session, as it should.
  if (!SAFE_METHODS.has(req.method)) throw errors.viewingAsReadOnly(viewingAs.label);
}

/** Whether the caller is viewing as a group: they have no User record, and CURRENT_USER no value. */
export function viewerHasNoRecord(req: FastifyRequest): boolean {
  return req.viewingAs?.kind === 'group';
}

/** Who the access log names for a request: the signed-in user, and whom an administrator views as. */
export function loggedUser(req: FastifyRequest): string | null {
  if (req.viewer && req.viewingAs) return `${req.viewer.user} (as ${req.viewingAs.label})`;
  return req.user?.user ?? null;
}

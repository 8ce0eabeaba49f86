/**
 * Whom an administrator views the app as (docs/security.md, "View as"), kept for this tab in
 * sessionStorage and sent by the api client on every call as the X-Tessera-View-As header. The
 * server answers as that user, read only; GET /api/checkuser says whom (session.ts).
 */
import { VIEW_AS_HEADER, parseViewAs, viewAsHeaderValue, type ViewAsTarget } from '../shared/view-as';

const KEY = 'tessera.viewAs';

/** The header's value this tab sends; null when it views as nobody (or storage is off). */
export function storedViewAs(): string | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    return value !== null && parseViewAs(value) ? value : null;
  } catch {
    // Storage can be disabled; then there is no View as either.
    return null;
  }
}

/** Chooses whom to view as (null: nobody, the administrator's own view again). */
export function storeViewAs(target: ViewAsTarget | null): void {
  try {
    if (target) window.sessionStorage.setItem(KEY, viewAsHeaderValue(target));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // See storedViewAs.
  }
}

/** The header for a call: empty when the tab views as nobody. */
export function viewAsHeaders(): Record<string, string> {
  const value = storedViewAs();
  return value ? { [VIEW_AS_HEADER]: value } : {};
}

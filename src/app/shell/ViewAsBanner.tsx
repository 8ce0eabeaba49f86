import { useState } from 'react';
import { useSession } from '../../runtime/session';

/**
 * Above every screen of the main layout while an administrator views the app as someone
 * (View as…, the Settings menu): whom, that nothing can be changed, and the way back. It is
 * part of the layout, not of a route, so it stays whatever the viewed user may not open.
 */
export function ViewAsBanner() {
  const viewingAs = useSession((s) => s.viewingAs);
  const viewAs = useSession((s) => s.viewAs);
  const [busy, setBusy] = useState(false);
  if (!viewingAs) return null;
  const stop = async () => {
    setBusy(true);
    await viewAs(null);
    setBusy(false);
  };
  return (
    <div className="view-as-banner bg-warning text-dark border-bottom border-dark px-3 py-2 d-flex flex-wrap align-items-center gap-3" role="region" aria-label="View as">
      <span className="fw-semibold" data-testid="view-as-banner">
        Viewing as {viewingAs.label} — read only
      </span>
      <button type="button" className="btn btn-sm btn-dark ms-auto" onClick={() => void stop()} disabled={busy}>
        Stop viewing as
      </button>
    </div>
  );
}

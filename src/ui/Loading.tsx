/** The 'Loading...' spinner shown while data loads. */
export function Loading() {
  return (
    <div className="loading d-flex align-items-center gap-2 py-3 text-body-secondary" role="status" aria-live="polite">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      Loading...
    </div>
  );
}

import { formatBytes, type Progress } from './backup-transfer';

/**
 * Progress of a backup or restore: a bar with the share done when the size is known, a
 * spinner with the bytes so far when it is not (the server is still packing or restoring).
 */
export function TransferProgress({ label, progress }: { label: string; progress: Progress | null }) {
  const total = progress?.total ?? null;
  if (!progress || total === null) {
    return (
      <div className="d-flex align-items-center gap-2 py-2 text-body-secondary" role="status" aria-live="polite">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        {label}
        {progress && progress.loaded > 0 ? ` ${formatBytes(progress.loaded)}` : null}
      </div>
    );
  }
  const percent = total > 0 ? Math.min(100, Math.round((progress.loaded / total) * 100)) : 100;
  return (
    <div className="py-2" role="status" aria-live="polite">
      <div className="d-flex justify-content-between small text-body-secondary mb-1">
        <span>{label}</span>
        <span>
          {formatBytes(progress.loaded)} of {formatBytes(total)}
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className="progress-bar" style={{ width: `${percent}%` }}>
          {percent}%
        </div>
      </div>
    </div>
  );
}

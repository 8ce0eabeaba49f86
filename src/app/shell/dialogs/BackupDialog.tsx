import { useEffect, useId, useRef, useState } from 'react';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { BACKUP_FILE_NAME, fetchBackup, formatBytes, type Progress } from './backup-transfer';
import { saveBlob } from '../../../ui/download';
import { TransferProgress } from './TransferProgress';

export const PASSWORD_LABEL = 'Password';

/** An input modal's empty value reads 'Please enter the {label}'. */
export function inputProblem(label: string, value: string): string {
  return value === '' ? `Please enter the ${label}` : '';
}

type Phase = 'idle' | 'preparing' | 'downloading' | 'done';

/**
 * Backup Repository (docs/operations.md): an input modal asking for the password that encrypts
 * backup.7z. Enter or Ctrl+S starts it; the server first packs the whole repository (a spinner,
 * since nobody knows the size yet), then the download shows its bytes against the total.
 */
export function BackupDialog({ onClose }: { onClose(): void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [saved, setSaved] = useState(0);
  const busy = phase === 'preparing' || phase === 'downloading';

  // Closing the dialogue stops a download under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  const submit = async () => {
    if (busy) return;
    const problem = inputProblem(PASSWORD_LABEL, password);
    if (problem) {
      setError(problem);
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setError('');
    setInvalid(false);
    setPhase('preparing');
    setProgress(null);
    const controller = new AbortController();
    abortRef.current = controller;
    const answer = await fetchBackup(
      password,
      (p) => {
        setPhase('downloading');
        setProgress(p);
      },
      controller.signal,
    );
    if (controller.signal.aborted) return;
    if (!answer.ok) {
      setError(answer.error);
      setPhase('idle');
      return;
    }
    saveBlob(answer.data, BACKUP_FILE_NAME);
    setSaved(answer.data.size);
    setPhase('done');
  };

  return (
    <Modal id="backup" title="Backup Repository" icon="download" onClose={onClose} onSave={() => void submit()} size="md">
      <form
        noValidate
        aria-label="Backup Repository"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ErrorBanner message={error} />
        <p className="text-body-secondary">
          The whole repository (definitions, users, groups, every model's records and the settings) is packed into{' '}
          <strong>{BACKUP_FILE_NAME}</strong>, encrypted with this password (AES-256, file names too). Without the password the backup
          cannot be restored: keep it safe.
        </p>
        <div className="mb-3">
          <label htmlFor={inputId} className="form-label">
            {PASSWORD_LABEL}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="password"
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            autoComplete="new-password"
            value={password}
            aria-invalid={invalid || undefined}
            disabled={busy}
            onChange={(e) => {
              setPassword(e.target.value);
              if (invalid) setInvalid(false);
            }}
          />
        </div>
        {phase === 'preparing' ? <TransferProgress label="Preparing backup..." progress={null} /> : null}
        {phase === 'downloading' ? <TransferProgress label={`Downloading ${BACKUP_FILE_NAME}`} progress={progress} /> : null}
        {phase === 'done' ? (
          <div className="alert alert-success" role="status">
            Saved {BACKUP_FILE_NAME} ({formatBytes(saved)}).
          </div>
        ) : null}
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {phase === 'done' ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            Backup
          </button>
        </div>
      </form>
    </Modal>
  );
}

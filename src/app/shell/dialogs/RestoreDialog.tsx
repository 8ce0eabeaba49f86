import { useEffect, useId, useRef, useState } from 'react';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { page, sendRestore, type Progress } from './backup-transfer';
import { TransferProgress } from './TransferProgress';

/** Checked here, before anything is sent. */
export const MISSING_FILE = 'Please select the file';
export const MISSING_PASSWORD = 'Please provide the password';

type Phase = 'idle' | 'uploading' | 'restoring' | 'done';

/**
 * Restore Repository (POST /api/backup/restore, docs/operations.md): a backup.7z, its password and 'Delete all data first'. The
 * upload shows its progress; then the server checks the whole backup before it changes
 * anything. After a restore the app is reloaded (once the user has read the outcome), so every
 * screen reads the restored data.
 */
export function RestoreDialog({ onClose }: { onClose(): void }) {
  const fileId = useId();
  const passwordId = useId();
  const deleteId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [deleteFirst, setDeleteFirst] = useState(false);
  const [error, setError] = useState('');
  const [invalid, setInvalid] = useState<'file' | 'password' | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState('');
  const [warnings, setWarnings] = useState<string[]>([]);
  const busy = phase === 'uploading' || phase === 'restoring';

  useEffect(() => () => abortRef.current?.(), []);

  const submit = async () => {
    if (busy || phase === 'done') return;
    if (!file) {
      setError(MISSING_FILE);
      setInvalid('file');
      fileRef.current?.focus();
      return;
    }
    if (!password) {
      setError(MISSING_PASSWORD);
      setInvalid('password');
      passwordRef.current?.focus();
      return;
    }
    setError('');
    setInvalid(null);
    setPhase('uploading');
    setProgress({ loaded: 0, total: file.size });
    const request = sendRestore({ file, password, deleteFirst }, (p) => {
      setProgress(p);
      // Everything sent: the server is now checking and loading the backup.
      if (p.total !== null && p.loaded >= p.total) setPhase('restoring');
    });
    abortRef.current = request.abort;
    const answer = await request.done;
    abortRef.current = null;
    if (!answer.ok) {
      setError(answer.error);
      setPhase('idle');
      return;
    }
    setMessage(`${answer.data.message}: ${answer.data.rows} records in ${answer.data.tables} tables.`);
    setWarnings(answer.data.warnings ?? []);
    setPhase('done');
  };

  // Once restored, leaving the dialogue in any way reloads the app; while the server restores, it cannot be left.
  const close = () => {
    if (phase === 'restoring') return;
    if (phase === 'done') {
      page.reload();
      return;
    }
    abortRef.current?.();
    onClose();
  };

  return (
    <Modal id="restore" title="Restore Repository (.7z)" icon="upload" onClose={close} onSave={() => void submit()} size="md">
      <form
        noValidate
        aria-label="Restore Repository"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ErrorBanner message={error} />
        {phase === 'done' ? (
          <>
            <div className="alert alert-success" role="status">
              {message} The application reloads to show the restored data.
            </div>
            {warnings.length ? (
              // Read before the reload: these are settings the restore kept against the backup.
              <div className="alert alert-warning">
                <ul className="mb-0 ps-3" aria-label="What the restore did not take from the backup, or changed">
                  {warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="d-flex justify-content-end">
              <button type="button" className="btn btn-primary" onClick={() => page.reload()}>
                OK
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="mb-3">
              <label htmlFor={fileId} className="form-label">
                Backup file (.7z)
              </label>
              <input
                ref={fileRef}
                id={fileId}
                type="file"
                accept=".7z,application/x-7z-compressed"
                className={`form-control${invalid === 'file' ? ' is-invalid' : ''}`}
                aria-invalid={invalid === 'file' || undefined}
                disabled={busy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  if (invalid === 'file') setInvalid(null);
                }}
              />
            </div>
            <div className="mb-3">
              <label htmlFor={passwordId} className="form-label">
                Password
              </label>
              <input
                ref={passwordRef}
                id={passwordId}
                type="password"
                autoComplete="off"
                className={`form-control${invalid === 'password' ? ' is-invalid' : ''}`}
                aria-invalid={invalid === 'password' || undefined}
                value={password}
                disabled={busy}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (invalid === 'password') setInvalid(null);
                }}
              />
            </div>
            <div className="form-check mb-1">
              <input
                id={deleteId}
                type="checkbox"
                className="form-check-input"
                checked={deleteFirst}
                disabled={busy}
                onChange={(e) => setDeleteFirst(e.target.checked)}
                aria-describedby={`${deleteId}-hint`}
              />
              <label htmlFor={deleteId} className="form-check-label">
                Delete all data first
              </label>
            </div>
            <p id={`${deleteId}-hint`} className="form-text mt-0 mb-3">
              Ticked, the repository becomes exactly the backup. Unticked, the backup's records replace those with the same ids and the
              others stay.
            </p>
            {phase === 'uploading' ? <TransferProgress label="Uploading backup..." progress={progress} /> : null}
            {phase === 'restoring' ? <TransferProgress label="Restoring the repository..." progress={null} /> : null}
            <div className="d-flex justify-content-end gap-2">
              <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={phase === 'restoring'}>
                Cancel
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                Restore
              </button>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import type { HistoryEntryAnswer, HistoryPage } from '../../../shared/record-history-answers';
import { ACTION_WORDS, changeText, HISTORY_PAGE_SIZE, revertible, whenText, whoText } from './history-view';

export interface HistoryDialogProps {
  /** The form whose History was opened: a revert writes through it. */
  form: string;
  model: string;
  recordId: string;
  /** The record's row version as the form holds it now: a revert is made at it. */
  version(): unknown;
  /** After a revert, or when the user asks after a 409: the form reads the record again. */
  onReload(): Promise<void> | void;
  onClose(): void;
}

/**
 * A record's history (docs/history.md): its entries newest first, a page at a time, each with who,
 * when and its changes; a whole entry or one field of it can be put back, as an ordinary update at
 * the version the form holds, so a record changed meanwhile answers 409 and nothing changes.
 */
export function HistoryDialog({ form, model, recordId, version, onReload, onClose }: HistoryDialogProps) {
  const [entries, setEntries] = useState<HistoryEntryAnswer[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [stale, setStale] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `/api/history/${encodeURIComponent(model)}/${encodeURIComponent(recordId)}`;
  const asked = useRef(0);
  /** Where focus goes when the control that had it goes away (the 409's Reload), so Escape and Tab stay in the dialogue. */
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(
    async (before: number | null) => {
      const ask = ++asked.current;
      setLoading(true);
      const answer = await api<HistoryPage>('GET', `${base}?limit=${HISTORY_PAGE_SIZE}${before === null ? '' : `&before=${before}`}`);
      if (ask !== asked.current) return; // a newer load answers instead
      setLoading(false);
      if (!answer.ok || !answer.data) {
        setError(answer.error);
        return;
      }
      const page = answer.data;
      setEntries((old) => (before === null ? page.entries : [...old, ...page.entries]));
      setNext(page.next);
    },
    [base],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const revert = async (entry: HistoryEntryAnswer, field?: string) => {
    setBusy(true);
    setError('');
    setStale('');
    setDone('');
    const answer = await api('POST', `/api/history/${entry.id}/revert`, { version: version(), form, ...(field ? { fields: [field] } : {}) });
    setBusy(false);
    if (answer.status === 409) {
      setStale(answer.error);
      return;
    }
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setDone(field ? `${entry.changes.find((c) => c.field === field)?.label ?? field} was put back.` : 'The change was put back.');
    await onReload();
    await load(null);
  };

  const reloadAfterConflict = async () => {
    listRef.current?.focus();
    setStale('');
    await onReload();
    await load(null);
  };

  return (
    <Modal id="record-history" title="History" icon="clock-history" onClose={onClose} size="lg">
      <ErrorBanner message={error} />
      {stale ? (
        <div className="alert alert-warning" role="alert">
          <p className="mb-2">{stale}</p>
          <p className="mb-2">The record was changed since the form read it: reload it to see the change, then revert again if you still want to.</p>
          <button type="button" className="btn btn-sm btn-warning" onClick={() => void reloadAfterConflict()}>
            Reload the record
          </button>
        </div>
      ) : null}
      {done ? (
        <div className="alert alert-success py-2" role="status">
          {done}
        </div>
      ) : null}
      {!loading && entries.length === 0 && !error ? <p className="text-body-secondary">No history is kept for this record yet.</p> : null}
      <ol ref={listRef} tabIndex={-1} className="list-unstyled mb-2" aria-label="Changes, newest first">
        {entries.map((entry) => (
          <li key={entry.id} className="border-bottom py-2" aria-label={`${ACTION_WORDS[entry.action]} by ${whoText(entry)}`}>
            <div className="d-flex flex-wrap align-items-baseline gap-2">
              <strong>{ACTION_WORDS[entry.action]}</strong>
              <span>by {whoText(entry)}</span>
              <span className="small text-body-secondary">{whenText(entry.at)}</span>
              {revertible(entry) ? (
                <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" disabled={busy} onClick={() => void revert(entry)}>
                  Revert this change
                </button>
              ) : null}
            </div>
            {entry.changes.length ? (
              <ul className="mb-0 mt-1 ps-3">
                {entry.changes.map((change) => (
                  <li key={change.field} className="d-flex flex-wrap align-items-center gap-2">
                    <span>{changeText(change)}</span>
                    {revertible(entry, change) && entry.changes.length > 1 ? (
                      <button type="button" className="btn btn-link btn-sm p-0" disabled={busy} onClick={() => void revert(entry, change.field)} aria-label={`Revert ${change.label}`}>
                        Revert
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {loading ? <Loading /> : null}
      {!loading && next !== null ? (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void load(next)}>
          Load more
        </button>
      ) : null}
    </Modal>
  );
}

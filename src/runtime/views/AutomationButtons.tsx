/**
 * The button automations of a model (docs/automations.md, "A button"), as a form's action bar and
 * a grid's rows show them: one button per automation the signed-in caller may run on the record
 * (GET /api/automations/buttons/{model}, read once per model while shown; none, and no error,
 * when the list is empty or the route refuses). A click queues a run (POST
 * /api/automations/{name}/run) and says so; an administrator, who may read runs, then sees it end
 * and the record is read again; anyone else is told it started.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/http';
import { useApi } from '../api/useApi';
import { useSession } from '../session';
import type { AutomationButton, RunDetail, RunQueued, RunState } from '../../shared/automation-types';

/** How often and how long an administrator's button watches its run. */
const POLL_MS = 1000;
const POLL_FOR_MS = 120_000;

const ENDED: Readonly<Partial<Record<RunState, string>>> = { done: 'Done', failed: 'Failed', stopped: 'Stopped' };

/** The button automations of `model` the caller may run; empty while loading, and when there are none or the route refuses. */
export function useAutomationButtons(model: string | null | undefined): readonly AutomationButton[] {
  const loaded = useApi<AutomationButton[]>(model ? `/api/automations/buttons/${encodeURIComponent(model)}` : null);
  return Array.isArray(loaded.data) ? loaded.data : [];
}

type Status = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'ended'; text: string; failed: boolean } | { kind: 'error'; text: string };

/** One automation's button for one record, with what its run is doing beside it. */
export function AutomationRunButton({ button, recordId, onDone, compact = false }: { button: AutomationButton; recordId: string; onDone?(): void; compact?: boolean }) {
  const admin = useSession((s) => s.user?.Admin === true);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const watch = async (run: string) => {
    const until = Date.now() + POLL_FOR_MS;
    while (live.current && Date.now() < until) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!live.current) return;
      const answer = await api<RunDetail>('GET', `/api/automations/runs/${encodeURIComponent(run)}`);
      if (!live.current) return;
      if (!answer.ok || !answer.data) {
        setStatus({ kind: 'ended', text: 'Started', failed: false });
        return;
      }
      const ended = ENDED[answer.data.state];
      if (ended) {
        const failed = answer.data.state !== 'done';
        setStatus({ kind: 'ended', text: failed && answer.data.error ? `${ended}: ${answer.data.error}` : ended, failed });
        onDone?.();
        return;
      }
      setStatus({ kind: 'busy', text: answer.data.state === 'running' ? 'Running…' : 'Queued' });
    }
    if (live.current) setStatus({ kind: 'ended', text: 'Still queued: see the run log', failed: false });
  };

  const start = async () => {
    setStatus({ kind: 'busy', text: 'Queued' });
    const answer = await api<RunQueued>('POST', `/api/automations/${encodeURIComponent(button.name)}/run`, { id: recordId });
    if (!live.current) return;
    if (answer.status !== 202 || !answer.data?.run) {
      setStatus({ kind: 'error', text: answer.error || `Request failed with status ${answer.status}` });
      return;
    }
    // Only an administrator may read a run: anyone else is told it started.
    if (admin) void watch(answer.data.run);
    else setStatus({ kind: 'ended', text: 'Started', failed: false });
  };

  const busy = status.kind === 'busy';
  return (
    <span className="d-inline-flex align-items-center gap-1 tessera-automation-button">
      {/* In a grid row, a link-like button as the row's actions are, named with the record for screen readers. */}
      <button
        type="button"
        className={compact ? 'btn btn-link btn-sm py-0' : 'btn btn-outline-primary btn-sm'}
        disabled={busy}
        aria-label={compact ? `${button.label}: record ${recordId}` : undefined}
        onClick={() => void start()}
      >
        {button.label}
      </button>
      {status.kind === 'idle' ? null : status.kind === 'error' ? (
        <span className="small text-danger" role="alert">
          {status.text}
        </span>
      ) : (
        <span className={`small ${status.kind === 'ended' && status.failed ? 'text-danger' : 'text-body-secondary'}`} role="status">
          {status.text}
        </span>
      )}
    </span>
  );
}

/** Every button automation of `model` for one record (a form's action bar). */
export function AutomationButtons({ model, recordId, onDone }: { model: string; recordId: string; onDone?(): void }) {
  const buttons = useAutomationButtons(model);
  if (buttons.length === 0) return null;
  return (
    <span className="d-inline-flex flex-wrap gap-2" role="group" aria-label="Automations">
      {buttons.map((b) => (
        <AutomationRunButton key={b.name} button={b} recordId={recordId} onDone={onDone} />
      ))}
    </span>
  );
}

/**
 * One run in a dialog (GET /api/automations/runs/{id}): what started it, its input as readable
 * JSON, and each step's outcome in order (its place, type, result or error, time). A failed run
 * offers Retry (POST .../retry): it is queued again and the dialog shows it from then on.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import type { RunDetail, RunQueued } from '../../../shared/automation-types';
import { stepSchemaFiles } from '../../../generated/step-schemas';
import { whenText } from '../form/history-view';
import { durationText, recordText, triggerText } from './run-view';
import { RunStateBadge } from './RunStateBadge';

/** A step type's label from its folder's schema (x-tessera.label), or the type itself. */
function stepLabel(type: string): string {
  const schema = stepSchemaFiles[type] as { 'x-tessera'?: { label?: unknown } } | undefined;
  const label = schema?.['x-tessera']?.label;
  return typeof label === 'string' ? label : type;
}

function json(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

export function RunDetailDialog({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged?(): void }) {
  const [run, setRun] = useState<RunDetail | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const answer = await api<RunDetail>('GET', `/api/automations/runs/${encodeURIComponent(id)}`);
    if (answer.ok && answer.data) {
      setRun(answer.data);
      setError('');
    } else setError(answer.error);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = async () => {
    setBusy(true);
    const answer = await api<RunQueued>('POST', `/api/automations/runs/${encodeURIComponent(id)}/retry`);
    setBusy(false);
    if (answer.status !== 202 && !answer.ok) {
      setError(answer.error);
      return;
    }
    setNotice('Queued again: it runs as soon as a worker takes it.');
    onChanged?.();
    await load();
  };
  return (
    <Modal
      id="automation-run"
      title={run ? `Run of ${run.automation}` : 'Run'}
      size="xl"
      onClose={onClose}
      footer={
        <>
          {run?.state === 'failed' ? (
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void retry()}>
              Retry
            </button>
          ) : null}
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <ErrorBanner message={error} />
      {notice ? (
        <div className="alert alert-info py-2" role="status">
          {notice}
        </div>
      ) : null}
      {!run && !error ? <Loading /> : null}
      {run ? (
        <>
          <dl className="row mb-3 small">
            <dt className="col-sm-3">State</dt>
            <dd className="col-sm-9">
              <RunStateBadge state={run.state} />
              {run.nextAt && run.state === 'queued' ? <span className="ms-2">{`next try ${whenText(run.nextAt)}`}</span> : null}
            </dd>
            <dt className="col-sm-3">Started by</dt>
            <dd className="col-sm-9">{`${triggerText(run)}${run.depth > 1 ? ` (depth ${run.depth}: started by another automation's write)` : ''}`}</dd>
            {recordText(run) ? (
              <>
                <dt className="col-sm-3">Record</dt>
                <dd className="col-sm-9">{recordText(run)}</dd>
              </>
            ) : null}
            <dt className="col-sm-3">When</dt>
            <dd className="col-sm-9">{`${whenText(run.createdAt)}${run.endedAt ? `, ended after ${durationText(run.durationMs)}` : ''}`}</dd>
            <dt className="col-sm-3">Tries</dt>
            <dd className="col-sm-9">{run.attempts}</dd>
            {run.error ? (
              <>
                <dt className="col-sm-3">Error</dt>
                <dd className="col-sm-9 text-danger">{run.error}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="h6">Steps</h3>
          {run.steps.length === 0 ? <p className="small text-body-secondary">No step has run.</p> : null}
          {run.steps.length > 0 ? (
            <table className="table table-sm align-top small">
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Type</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {run.steps.map((s, i) => (
                  <tr key={`${s.path}:${i}`}>
                    <td className="text-nowrap">{s.name ? `${s.path} (${s.name})` : s.path}</td>
                    <td>{stepLabel(s.type)}</td>
                    <td>
                      <span className={`badge ${s.ok ? 'text-bg-success' : 'text-bg-danger'} me-1`}>{s.ok ? 'OK' : 'Failed'}</span>
                      {s.error ? <span className="text-danger">{s.error}</span> : null}
                      {s.result !== undefined ? <pre className="mb-0 mt-1 tessera-run-json">{json(s.result)}</pre> : null}
                    </td>
                    <td className="text-nowrap">{durationText(s.ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <h3 className="h6">Input</h3>
          <pre className="tessera-run-json border rounded p-2 bg-body-tertiary small" tabIndex={0} aria-label="The run's input as JSON">
            {json(run.input)}
          </pre>
        </>
      ) : null}
    </Modal>
  );
}

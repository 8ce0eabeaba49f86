/**
 * The automations' run log (administrators): /automations/runs for every automation, with a
 * filter by automation, and /automations/:name/runs for one. Newest first, filtered by state and
 * days, a page at a time (Load more asks for the runs before the last one shown). A row (its
 * button, or Enter on the row) opens the run: its input and each step's outcome, and Retry.
 */
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../../runtime/api/http';
import { useApi } from '../../../runtime/api/useApi';
import { PageHead } from '../../../runtime/views/PageHead';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import type { RunPage } from '../../../shared/automation-types';
import { whenText } from '../form/history-view';
import { DayRangeFields } from '../DayRangeFields';
import { usePagedList } from '../paged-list';
import { PagedListEnd } from '../PagedListEnd';
import { RunDetailDialog } from './RunDetailDialog';
import { durationText, NO_RUN_FILTERS, recordText, RUN_STATES, runsQuery, STATE_WORDS, triggerText, type RunFilters } from './run-view';
import { RunStateBadge } from './RunStateBadge';
import './runs.css';

const askRuns = (f: RunFilters, before: string | null) => api<RunPage>('GET', `/api/automations/runs?${runsQuery(f, before)}`);

export function RunsScreen() {
  const { name } = useParams();
  const id = useId();
  const fixed = name ?? '';
  const start: RunFilters = { ...NO_RUN_FILTERS, automation: fixed };
  const automations = useApi<{ name: string; title: string }[]>(fixed ? null : '/api/definitions/automation');
  const [draft, setDraft] = useState<RunFilters>(start);
  const [filters, setFilters] = useState<RunFilters>(start);
  const [open, setOpen] = useState<string | null>(null);
  const runs = usePagedList(filters, askRuns, (page: RunPage) => page.runs);

  const set = (key: keyof RunFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const title = fixed ? `Runs of ${fixed}` : 'Automation runs';
  const names = (automations.data ?? []).map((a) => a.name);
  return (
    <div>
      <PageHead title={title} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{title}</h1>
        {fixed ? (
          <>
            <Link className="btn btn-outline-secondary btn-sm" to={`/automationdesigner/edit/${encodeURIComponent(fixed)}`}>
              Design
            </Link>
            <Link className="btn btn-outline-secondary btn-sm" to="/automations/runs">
              Every automation&apos;s runs
            </Link>
          </>
        ) : null}
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={runs.reload}>
          Refresh
        </button>
      </div>
      <form
        className="row g-2 align-items-end mb-3"
        aria-label="Filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ ...draft });
        }}
      >
        {fixed ? null : (
          <div className="col-auto">
            <label className="form-label" htmlFor={`${id}-automation`}>
              Automation
            </label>
            <select id={`${id}-automation`} className="form-select form-select-sm" value={draft.automation} onChange={set('automation')}>
              <option value="">All automations</option>
              {draft.automation && !names.includes(draft.automation) ? <option value={draft.automation}>{draft.automation}</option> : null}
              {(automations.data ?? []).map((a) => (
                <option key={a.name} value={a.name}>
                  {a.title && a.title !== a.name ? `${a.title} (${a.name})` : a.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-auto">
          <label className="form-label" htmlFor={`${id}-state`}>
            State
          </label>
          <select id={`${id}-state`} className="form-select form-select-sm" value={draft.state} onChange={set('state')}>
            <option value="">Any</option>
            {RUN_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_WORDS[s]}
              </option>
            ))}
          </select>
        </div>
        <DayRangeFields id={id} from={draft.from} to={draft.to} set={set} />
        <div className="col-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Show
          </button>
        </div>
      </form>
      <ErrorBanner message={runs.error} />
      <div className="table-responsive">
        <table className="table table-sm table-hover align-top tessera-runs">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Automation</th>
              <th scope="col">Trigger</th>
              <th scope="col">Record</th>
              <th scope="col">State</th>
              <th scope="col">Tries</th>
              <th scope="col">Duration</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {runs.items.map((run) => (
              // The row is a mouse target; its first cell's button is the keyboard's (Enter or Space opens the run).
              <tr key={run.id} onClick={() => setOpen(run.id)}>
                <td className="text-nowrap">
                  <button type="button" className="btn btn-link btn-sm p-0 text-start" aria-label={`Open the run of ${run.automation} at ${new Date(run.createdAt).toLocaleString()}`} onClick={(e) => (e.stopPropagation(), setOpen(run.id))}>
                    {whenText(run.createdAt)}
                  </button>
                </td>
                <td>{run.automation}</td>
                <td>{triggerText(run)}</td>
                <td>{recordText(run)}</td>
                <td>
                  <RunStateBadge state={run.state} />
                </td>
                <td>{run.attempts}</td>
                <td className="text-nowrap">{durationText(run.durationMs)}</td>
                <td className="text-danger small">{run.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PagedListEnd list={runs} empty="No runs match." />
      {open ? <RunDetailDialog id={open} onClose={() => setOpen(null)} onChanged={runs.reload} /> : null}
    </div>
  );
}

export default RunsScreen;

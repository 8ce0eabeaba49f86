import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../runtime/api/http';
import { useApi } from '../../runtime/api/useApi';
import { PageHead } from '../../runtime/views/PageHead';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { HISTORY_ACTIONS, type HistoryAction } from '../../shared/record-history';
import type { HistoryPage } from '../../shared/record-history-answers';
import { ACTION_WORDS, changeText, whenText, whoText } from './form/history-view';
import { DayRangeFields } from './DayRangeFields';
import { dayInstant, usePagedList } from './paged-list';
import { PagedListEnd } from './PagedListEnd';

/** Entries a page of this screen asks for. */
const PAGE = 100;

interface Filters {
  model: string;
  record: string;
  user: string;
  action: HistoryAction | '';
  from: string;
  to: string;
  /** An import job's id: its entries only (the import's summary links here with ?job=). */
  job: string;
}

const NO_FILTERS: Filters = { model: '', record: '', user: '', action: '', from: '', to: '', job: '' };

/** The query string of the filters (without paging). */
export function historyQuery(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.model) q.set('model', f.model);
  if (f.model && f.record.trim()) q.set('record', f.record.trim());
  if (f.user) q.set('user', f.user);
  if (f.action) q.set('action', f.action);
  if (f.from) q.set('from', dayInstant(f.from, false));
  if (f.to) q.set('to', dayInstant(f.to, true));
  if (f.job) q.set('job', f.job);
  return q;
}

/** One page of the entries the filters pick: the newest, or those before the entry `before`. */
function askPage(f: Filters, before: number | null) {
  const q = historyQuery(f);
  q.set('limit', String(PAGE));
  if (before !== null) q.set('before', String(before));
  return api<HistoryPage>('GET', `/api/history?${q.toString()}`);
}

/**
 * Data history (/history, administrators): every record's changes, newest first, filtered by model,
 * record, user, action and days, a page at a time, and the same as a CSV file (docs/history.md).
 * `?job=` (an import's summary links so) shows one import job's entries.
 */
export function HistoryScreen() {
  const id = useId();
  const [query, setQuery] = useSearchParams();
  const fromUrl: Filters = { ...NO_FILTERS, job: query.get('job') ?? '' };
  const models = useApi<{ name: string }[]>('/api/definitions/model');
  const users = useApi<{ rows: { id: number; user?: string }[] }>('/api/grid/users/data/0/500');
  const [draft, setDraft] = useState<Filters>(fromUrl);
  const [filters, setFilters] = useState<Filters>(fromUrl);
  const entries = usePagedList(filters, askPage, (page: HistoryPage) => page.entries);

  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const exportHref = `/api/history/export?${historyQuery(filters).toString()}`;
  const modelNames = (models.data ?? []).map((m) => m.name).sort((a, b) => a.localeCompare(b));

  return (
    <div>
      <PageHead title="Data history" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">Data history</h1>
        <a className="btn btn-outline-secondary btn-sm" href={exportHref} download>
          Export CSV
        </a>
      </div>
      <form
        className="row g-2 align-items-end mb-3"
        aria-label="Filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        <div className="col-auto">
          <label className="form-label" htmlFor={`${id}-model`}>Model</label>
          <select id={`${id}-model`} className="form-select form-select-sm" value={draft.model} onChange={set('model')}>
            <option value="">All models</option>
            {modelNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <label className="form-label" htmlFor={`${id}-record`}>Record id</label>
          <input id={`${id}-record`} className="form-control form-control-sm" value={draft.record} onChange={set('record')} disabled={!draft.model} size={10} />
        </div>
        <div className="col-auto">
          <label className="form-label" htmlFor={`${id}-user`}>User</label>
          <select id={`${id}-user`} className="form-select form-select-sm" value={draft.user} onChange={set('user')}>
            <option value="">Anyone</option>
            {(users.data?.rows ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.user ?? `user ${u.id}`}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <label className="form-label" htmlFor={`${id}-action`}>Action</label>
          <select id={`${id}-action`} className="form-select form-select-sm" value={draft.action} onChange={set('action')}>
            <option value="">Any</option>
            {HISTORY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_WORDS[a]}
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
      {filters.job ? (
        <p className="d-flex align-items-center gap-2">
          <span className="badge text-bg-info">The writes of the import job {filters.job.slice(0, 8)}</span>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => {
              setDraft((d) => ({ ...d, job: '' }));
              setFilters((f) => ({ ...f, job: '' }));
              query.delete('job');
              setQuery(query, { replace: true });
            }}
          >
            Show every change
          </button>
        </p>
      ) : null}
      <ErrorBanner message={entries.error} />
      <div className="table-responsive">
        <table className="table table-sm align-top">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Model</th>
              <th scope="col">Record</th>
              <th scope="col">Action</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {entries.items.map((e) => (
              <tr key={e.id}>
                <td className="text-nowrap">{whenText(e.at)}</td>
                <td>
                  {whoText(e)}
                  {/* From where: the route, or the job (an import, a restore) that made the change. */}
                  <div className="small text-body-secondary">{e.source}</div>
                </td>
                <td>{e.model}</td>
                <td>{e.recordId}</td>
                <td>{ACTION_WORDS[e.action]}</td>
                <td>
                  {e.changes.map((c) => (
                    <div key={c.field}>{changeText(c)}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PagedListEnd list={entries} empty="No entries match." />
    </div>
  );
}

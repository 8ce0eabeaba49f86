import { worksOnDefinitions } from '../../../shared/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../../runtime/api/http';
import { useApi } from '../../../runtime/api/useApi';
import { PageHead } from '../../../runtime/views/PageHead';
import { ACCESS_KINDS, ACTION_WORDS, ACTIONS_OF, ALL_ACTIONS, EVERYONE, groupAllows, type Access, type AccessKind, type GrantAction } from '../../../shared/access-grants';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import type { AccessSaved } from '../../../shared/api-types';
import {
  accessToSave,
  designerUrl,
  fieldsSummary,
  KIND_WORDS,
  listDefinitions,
  rowKey,
  rulesSummary,
  shownAccess,
  type Get,
  type PermissionRow,
  type Toggle,
  withStored,
} from './permission-rows';

const get: Get = (path) => api('GET', path);
const accessPath = (row: PermissionRow) => `/api/permissions/${row.kind}/${encodeURIComponent(row.id)}`;
const docPath = (row: PermissionRow) => `/api/definitions/${row.kind}/${encodeURIComponent(row.id)}`;

/**
 * `/permissions/:group` (admins): what one group may do on every form, grid, select, page and work
 * flow, as a matrix of definitions by actions, with each definition's record rules and field limits
 * for the group summarised. The rows come in one read (GET /api/permissions: each definition's
 * version and access, not the definition whole). A tick changes that definition's access (the
 * group's grant, or the groups that may do everything) and saves it at once with PUT
 * /api/permissions/{kind}/{id} and the version read, the rest of the definition as stored. A tick
 * that is not saved stays shown as it was made, with the server's words and a way on: Save again,
 * or Reload when someone else saved the definition in between (409).
 */
export function PermissionsScreen() {
  const { group = '' } = useParams();
  const navigate = useNavigate();
  const groups = useApi<{ id: string | number; name: string }[]>('/api/link/User/groups/NEW');
  const [rows, setRows] = useState<PermissionRow[] | null>(null);
  const [listError, setListError] = useState('');
  const [kindFilter, setKindFilter] = useState<AccessKind | ''>('');
  const [search, setSearch] = useState('');
  const [said, setSaid] = useState('');
  const ids = useId();

  const update = useCallback((key: string, change: (row: PermissionRow) => PermissionRow) => {
    setRows((rs) => rs && rs.map((r) => (rowKey(r.kind, r.id) === key ? change(r) : r)));
  }, []);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  useEffect(() => {
    void (async () => {
      const listed = await listDefinitions(get);
      if (!live.current) return;
      setRows(listed.rows);
      setListError(listed.error);
    })();
  }, []);

  /** Saves a row's ticks over the version it read; a refusal keeps them, shown with the reason. */
  const save = useCallback(
    async (row: PermissionRow) => {
      const key = rowKey(row.kind, row.id);
      update(key, (r) => ({ ...r, status: 'saving', error: '' }));
      setSaid(`Saving ${row.name}…`);
      const answer = await api<AccessSaved>('PUT', accessPath(row), accessToSave(row));
      if (!live.current) return;
      if (answer.ok && answer.data) {
        const { version, access } = answer.data;
        update(key, (r) => ({ ...withStored(r, version, access), toggles: [], status: 'idle', error: '' }));
        setSaid(`Saved ${row.name}.`);
      } else if (answer.status === 409 && (answer.data as { code?: string } | null)?.code === 'STALE_VERSION') {
        update(key, (r) => ({ ...r, status: 'stale', error: `Not saved: someone else saved this ${KIND_WORDS[row.kind].toLowerCase()} since it was read. Reload it: your ticks are kept on top.` }));
        setSaid(`${row.name} was not saved.`);
      } else {
        update(key, (r) => ({ ...r, status: 'failed', error: `Not saved: ${answer.error}` }));
        setSaid(`${row.name} was not saved.`);
      }
    },
    [update],
  );

  const tick = (row: PermissionRow, action: Toggle['action'], on: boolean) => {
    const next: PermissionRow = { ...row, toggles: [...row.toggles, { group, action, on }] };
    update(rowKey(row.kind, row.id), () => next);
    // A stale row waits for its Reload; a failed one saves with the new tick too.
    if (row.status !== 'stale') void save(next);
  };

  /** Reads the stored definition's version and access again, the ticks not saved kept on top of them for Save again. */
  const reload = async (row: PermissionRow) => {
    const key = rowKey(row.kind, row.id);
    update(key, (r) => ({ ...r, status: 'saving', error: '' }));
    const answer = await api<{ version: number; access?: Access }>('GET', docPath(row));
    if (!live.current) return;
    if (!answer.ok || !answer.data) {
      update(key, (r) => ({ ...r, status: 'stale', error: `Could not reload: ${answer.error}` }));
      return;
    }
    const doc = answer.data;
    update(key, (r) => {
      const stored = { ...withStored(r, doc.version, doc.access ?? null), adminOnly: worksOnDefinitions(r.kind, doc) };
      return r.toggles.length === 0
        ? { ...stored, status: 'idle', error: '' }
        : { ...stored, status: 'failed', error: 'Reloaded. Your ticks are shown on top of what is stored now, not saved yet.' };
    });
  };

  const discard = (row: PermissionRow) => update(rowKey(row.kind, row.id), (r) => ({ ...r, toggles: [], status: 'idle', error: '' }));

  const names = useMemo(() => {
    const stored = (groups.data ?? []).map((g) => String(g.name)).filter((n) => n !== EVERYONE).sort((a, b) => a.localeCompare(b));
    return [EVERYONE, ...stored];
  }, [groups.data]);
  const unknownGroup = group !== '' && !groups.loading && groups.data !== null && !names.includes(group);

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (rows ?? []).filter((r) => (kindFilter === '' || r.kind === kindFilter) && (words === '' || `${r.name} ${r.title}`.toLowerCase().includes(words)));
  }, [rows, kindFilter, search]);
  const total = rows?.length ?? 0;
  const title = group ? `Permissions: ${group}` : 'Permissions';

  return (
    <div className="tessera-permissions">
      <PageHead title={title} />
      <h1 className="h4">{title}</h1>
      <p className="text-body-secondary small mb-3">
        What a group may do on each definition besides administrators, who may do everything. A tick saves that definition&apos;s access at once: ticking an
        action adds it to the group&apos;s first grant, unticking takes it out of every grant of the group. Its record rules, hidden and read-only fields and
        presets are set in its designer&apos;s Access panel.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div>
          <label htmlFor={`${ids}-group`} className="form-label mb-1">
            Group
          </label>
          <select id={`${ids}-group`} className="form-select form-select-sm" value={group} onChange={(e) => navigate(`/permissions/${encodeURIComponent(e.target.value)}`)}>
            {group === '' ? <option value="">(choose a group)</option> : null}
            {group !== '' && !names.includes(group) ? <option value={group}>{group}</option> : null}
            {names.map((n) => (
              <option key={n} value={n}>
                {n === EVERYONE ? `${EVERYONE} (every signed-in user)` : n}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-kind`} className="form-label mb-1">
            Kind
          </label>
          <select id={`${ids}-kind`} className="form-select form-select-sm" value={kindFilter} onChange={(e) => setKindFilter(e.target.value as AccessKind | '')}>
            <option value="">Every kind</option>
            {ACCESS_KINDS.map((k) => (
              <option key={k} value={k}>
                {`${KIND_WORDS[k]}s`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-search`} className="form-label mb-1">
            Name
          </label>
          <input id={`${ids}-search`} type="search" className="form-control form-control-sm" value={search} placeholder="Filter by name or title" onChange={(e) => setSearch(e.target.value)} />
        </div>
        {group ? (
          <Link className="btn btn-sm btn-outline-secondary" to="/groups">
            Groups
          </Link>
        ) : null}
      </div>
      <ErrorBanner message={listError} />
      {groups.error ? <ErrorBanner message={`The groups could not be read: ${groups.error}`} /> : null}
      {unknownGroup ? (
        <div className="alert alert-warning" role="alert">
          {`There is no group named ${group}. Ticks here grant access to that name: create the group first.`}
        </div>
      ) : null}
      <div className="visually-hidden" role="status" aria-live="polite">
        {said}
      </div>
      {rows === null ? <p role="status">Listing definitions…</p> : null}
      {group === '' ? (
        <p>Choose a group to see and set what it may do.</p>
      ) : rows === null ? null : (
        <div className="table-responsive">
          <table className="table table-sm table-hover align-middle tessera-permissions-table">
            <caption className="caption-top">{`What ${group} may do: ${shown.length} of ${total} definitions shown`}</caption>
            <thead>
              <tr>
                <th scope="col">Definition</th>
                <th scope="col" title="The groups shorthand: every action on every record and field">
                  Everything
                </th>
                {ALL_ACTIONS.map((a) => (
                  <th key={a} scope="col">
                    {ACTION_WORDS[a]}
                  </th>
                ))}
                <th scope="col">Record rules</th>
                <th scope="col">Fields</th>
                <th scope="col">
                  <span className="visually-hidden">Saving</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <MatrixRow key={rowKey(row.kind, row.id)} row={row} group={group} onTick={tick} onSave={(r) => void save(r)} onReload={(r) => void reload(r)} onDiscard={discard} />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && total > 0 ? <p className="text-body-secondary">No definition matches the filter.</p> : null}
        </div>
      )}
    </div>
  );
}

function MatrixRow({
  row,
  group,
  onTick,
  onSave,
  onReload,
  onDiscard,
}: {
  row: PermissionRow;
  group: string;
  onTick(row: PermissionRow, action: GrantAction | 'everything', on: boolean): void;
  onSave(row: PermissionRow): void;
  onReload(row: PermissionRow): void;
  onDiscard(row: PermissionRow): void;
}) {
  const access = shownAccess(row);
  const allows = groupAllows(access, group, row.kind);
  const offered = ACTIONS_OF[row.kind];
  const busy = row.status === 'saving';
  const what = `${KIND_WORDS[row.kind].toLowerCase()} ${row.name}`;
  const unsaved = row.toggles.length > 0;
  // A screen over definitions is the administrators' whatever its access says: no tick would count.
  if (row.adminOnly) {
    return (
      <tr>
        <th scope="row" className="fw-normal">
          <span className="badge text-bg-light border me-1">{KIND_WORDS[row.kind]}</span>
          <Link to={designerUrl(row.kind, row.id)}>{row.name}</Link>
          {row.title && row.title !== row.name ? <span className="text-body-secondary small ms-1">{row.title}</span> : null}
        </th>
        <td colSpan={ALL_ACTIONS.length + 4} className="small text-body-secondary">
          Administrators only: it works on definitions, and whoever writes a definition chooses its access.
        </td>
      </tr>
    );
  }
  return (
    <tr className={unsaved ? 'table-warning' : undefined} aria-busy={busy || undefined}>
      <th scope="row" className="fw-normal">
        <span className="badge text-bg-light border me-1">{KIND_WORDS[row.kind]}</span>
        <Link to={designerUrl(row.kind, row.id)}>{row.name}</Link>
        {row.title && row.title !== row.name ? <span className="text-body-secondary small ms-1">{row.title}</span> : null}
        {access?.public ? <span className="badge text-bg-info ms-1">public</span> : null}
      </th>
      <td>
        <input
          type="checkbox"
          className="form-check-input"
          checked={allows.everything}
          disabled={busy}
          aria-label={`Everything on ${what}`}
          onChange={(e) => onTick(row, 'everything', e.target.checked)}
        />
      </td>
      {ALL_ACTIONS.map((a) =>
        offered.includes(a) ? (
          <td key={a}>
            <input
              type="checkbox"
              className="form-check-input"
              checked={allows.actions.has(a)}
              disabled={busy}
              aria-label={`${ACTION_WORDS[a]} on ${what}`}
              onChange={(e) => onTick(row, a, e.target.checked)}
            />
          </td>
        ) : (
          <td key={a} className="text-body-tertiary">
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">{`${ACTION_WORDS[a]} does not apply to a ${KIND_WORDS[row.kind].toLowerCase()}`}</span>
          </td>
        ),
      )}
      <td className="small">{rulesSummary(access, group, row.kind)}</td>
      <td className="small">{fieldsSummary(access, group, row.kind)}</td>
      <td className="small">
        {row.status === 'saving' ? (
          <span className="text-body-secondary">
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            Saving…
          </span>
        ) : null}
        {row.status === 'failed' || row.status === 'stale' ? (
          <div role="alert" className="text-danger">
            {row.error}
            <div className="d-flex gap-1 mt-1">
              {row.status === 'stale' ? (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onReload(row)} aria-label={`Reload ${what}`}>
                  Reload
                </button>
              ) : (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onSave(row)} aria-label={`Save ${what} again`}>
                  Save again
                </button>
              )}
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onDiscard(row)} aria-label={`Discard the ticks on ${what}`}>
                Discard
              </button>
            </div>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../../runtime/api/useApi';
import { useSession } from '../../../runtime/session';
import type { ViewAsTarget } from '../../../shared/view-as';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';

/** GET /api/view-as/choices (src/server/routes/view-as.ts). */
interface Choices {
  users: { id: number; user: string; email: string; Admin: boolean }[];
  groups: { name: string }[];
}

type Kind = ViewAsTarget['kind'];

/**
 * View as… (the Settings menu, administrators): choose a user, found by name or e-mail, or a
 * group, and the app is shown as they see it, read only, until Stop viewing as (ViewAsBanner).
 */
export function ViewAsDialog({ onClose }: { onClose(): void }) {
  const [kind, setKind] = useState<Kind>('user');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ViewAsTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const viewAs = useSession((s) => s.viewAs);
  const term = search.trim();
  const choices = useApi<Choices>(`/api/view-as/choices${term ? `?search=${encodeURIComponent(term)}` : ''}`);
  const id = useId();

  const start = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!chosen) return;
    setBusy(true);
    onClose();
    await viewAs(chosen);
  };

  const pick = (target: ViewAsTarget) => setChosen(target);
  const isChosen = (target: ViewAsTarget) =>
    chosen !== null && chosen.kind === target.kind && (target.kind === 'user' ? chosen.kind === 'user' && chosen.id === target.id : chosen.kind === 'group' && chosen.name === target.name);

  const footer = (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={!chosen || busy}>
        View as
      </button>
    </>
  );

  return (
    <Modal id="viewas" title="View as…" icon="eye" onClose={onClose} footer={footer} size="md">
      <form id={`${id}-form`} onSubmit={(e) => void start(e)}>
        <p className="text-body-secondary">
          See every screen as a user or a group sees it, to check their access before telling anyone. Nothing can be changed while viewing as.
        </p>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">View as a</legend>
          {(['user', 'group'] as const).map((k) => (
            <div className="form-check form-check-inline" key={k}>
              <input
                className="form-check-input"
                type="radio"
                name={`${id}-kind`}
                id={`${id}-kind-${k}`}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setChosen(null);
                }}
              />
              <label className="form-check-label" htmlFor={`${id}-kind-${k}`}>
                {k === 'user' ? 'User' : 'Group'}
              </label>
            </div>
          ))}
        </fieldset>
        {kind === 'user' ? (
          <div className="mb-2">
            <label className="form-label" htmlFor={`${id}-search`}>
              Search users by name or e-mail
            </label>
            <input id={`${id}-search`} className="form-control" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
          </div>
        ) : null}
        {choices.loading && !choices.data ? <Loading /> : null}
        <ErrorBanner message={choices.error} />
        {choices.data ? (
          <fieldset>
            <legend className="visually-hidden">{kind === 'user' ? 'Users' : 'Groups'}</legend>
            <div className="list-group view-as-choices">
              {kind === 'user'
                ? choices.data.users.map((u) => {
                    const target: ViewAsTarget = { kind: 'user', id: u.id };
                    return (
                      <label key={u.id} className="list-group-item d-flex gap-2 align-items-center">
                        <input className="form-check-input m-0" type="radio" name={`${id}-who`} checked={isChosen(target)} onChange={() => pick(target)} />
                        <span className="me-auto">
                          {u.user} <span className="text-body-secondary small">{u.email}</span>
                        </span>
                        {u.Admin ? <span className="badge text-bg-secondary">administrator: sees everything</span> : null}
                      </label>
                    );
                  })
                : choices.data.groups.map((g) => {
                    const target: ViewAsTarget = { kind: 'group', name: g.name };
                    return (
                      <label key={g.name} className="list-group-item d-flex gap-2 align-items-center">
                        <input className="form-check-input m-0" type="radio" name={`${id}-who`} checked={isChosen(target)} onChange={() => pick(target)} />
                        <span>{g.name}</span>
                      </label>
                    );
                  })}
              {(kind === 'user' ? choices.data.users : choices.data.groups).length === 0 ? (
                <div className="list-group-item text-body-secondary">{kind === 'user' ? 'No user matches' : 'There are no groups'}</div>
              ) : null}
            </div>
            {kind === 'group' ? (
              <p className="form-text">A group is seen as a member of it and of Everyone who has no user record: rules on the current user reach nothing.</p>
            ) : null}
          </fieldset>
        ) : null}
      </form>
    </Modal>
  );
}

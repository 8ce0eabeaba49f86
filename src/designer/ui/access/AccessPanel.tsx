/**
 * The Access section of a designer's document panel: who besides administrators may use the
 * definition (docs/security.md, "Setting access in the screens"). Public, Self (a form over User),
 * the groups that may do everything, and the grants, each edited by GrantEditor. Every edit is a
 * `set` through the designer store, so undo and redo cover it and the raw editor sees the same
 * `access` it would have typed.
 */
import { kindOfModel } from '../../../shared/contract';
import { memo, useCallback, useMemo, useState } from 'react';
import { addGrant, groupAllows, hasRecords, removeGrant, tidyAccess, withEverything, withGrant, type Access, type AccessKind, type Grant } from '../../../shared/access-grants';
import type { Path } from '../../path';
import { pathKey, useDesigner, useDesignerStore } from '../context';
import type { Edit } from '../filters/FilterItemPanel';
import { useModelGraph } from '../model-graph';
import { GrantEditor } from './GrantEditor';
import { GroupSelect, useGroupNames } from './GroupSelect';

const NOUNS: Record<AccessKind, string> = { form: 'form', grid: 'grid', select: 'select', page: 'page', menu: 'work flow' };

/** Access in a few words: "Admin only", "Public, 2 groups, 1 grant". */
export function accessSummary(access: Access | undefined): string {
  const parts: string[] = [];
  if (access?.public) parts.push('Public');
  if (access?.self) parts.push('Self');
  const groups = access?.groups?.length ?? 0;
  if (groups) parts.push(groups === 1 ? '1 group with everything' : `${groups} groups with everything`);
  const grants = access?.grants?.length ?? 0;
  if (grants) parts.push(grants === 1 ? '1 grant' : `${grants} grants`);
  return parts.length ? parts.join(', ') : 'Admin only';
}

/** Memoised: the document panel redraws on every edit, this only when access or the model changes. */
export const AccessPanel = memo(function AccessPanel({ kind, idPrefix }: { kind: AccessKind; idPrefix: string }) {
  const store = useDesignerStore();
  const access = useDesigner((s) => s.doc.access) as Access | undefined;
  const model = useDesigner((s) => (typeof s.doc.model === 'string' && s.doc.model ? s.doc.model : kind === 'form' || kind === 'grid' ? 'User' : null));
  const graph = useModelGraph(kind === 'form' || kind === 'grid' || kind === 'select' ? model : null);
  const { names, error } = useGroupNames();
  const [adding, setAdding] = useState('');
  const [everything, setEverything] = useState('');
  const change = useCallback(
    (next: (a: Access | undefined) => Access | undefined) => {
      const state = store.getState();
      state.dispatch({ type: 'set', path: ['access'], value: tidyAccess(next(state.doc.access as Access | undefined)) });
    },
    [store],
  );
  const edit = useMemo<Edit>(() => {
    const state = () => store.getState();
    return {
      set: (at: Path, value: unknown) => state().dispatch({ type: 'set', path: at, value }),
      type: (at: Path, value: unknown) => state().dispatch({ type: 'set', path: at, value }, { merge: pathKey(at) }),
      seal: () => state().seal(),
    };
  }, [store]);
  const headingId = `${idPrefix}-title`;
  const grants = access?.grants ?? [];
  const shorthand = access?.groups ?? [];
  const flag = (key: 'public' | 'self', label: string, hint: string) => (
    <div className="form-check mb-1">
      <input
        id={`${idPrefix}-${key}`}
        type="checkbox"
        className="form-check-input"
        checked={access?.[key] === true}
        aria-describedby={`${idPrefix}-${key}-hint`}
        onChange={(e) => change((a) => ({ ...a, [key]: e.target.checked }))}
      />
      <label htmlFor={`${idPrefix}-${key}`} className="form-check-label dz-flag">
        {label}
      </label>
      <div id={`${idPrefix}-${key}-hint`} className="form-text mt-0">
        {hint}
      </div>
    </div>
  );
  // Over definitions (Form, Grid, ... models), the screen is the administrators' whatever its access says.
  if ((kind === 'form' || kind === 'grid' || kind === 'select') && model && kindOfModel(model) !== undefined) {
    return (
      <section className="dz-access mt-3" aria-labelledby={headingId}>
        <h3 id={headingId} className="h6">
          Access
        </h3>
        <p className="small text-body-secondary mb-0">{`Administrators only: this ${NOUNS[kind]} works on definitions, and whoever writes a definition chooses its access, so no grant applies to it.`}</p>
      </section>
    );
  }
  return (
    <section className="dz-access mt-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        Access <span className="badge text-bg-secondary">{accessSummary(access)}</span>
      </h3>
      <p className="small text-body-secondary mb-2">{`Administrators may always do everything. ${access ? '' : `Nobody else may use this ${NOUNS[kind]} yet.`}`}</p>
      {error ? <p className="small text-danger">{error}</p> : null}
      {flag('public', 'Public', kind === 'form' ? 'Anyone, signed in or not, may read it and add.' : 'Anyone, signed in or not, may read it.')}
      {kind === 'form' && model === 'User' ? flag('self', 'Self', 'A signed-in user may read and update their own User record.') : null}
      <fieldset className="dz-group mb-2">
        <legend className="dz-group-legend">Groups that may do everything</legend>
        {shorthand.length === 0 ? <p className="small text-body-secondary mb-1">None.</p> : null}
        <ul className="list-unstyled d-flex flex-wrap gap-1 mb-2">
          {shorthand.map((g) => (
            <li key={g} className="badge text-bg-light border d-inline-flex align-items-center gap-1">
              {g}
              <button type="button" className="btn-close btn-close-sm" aria-label={`Remove ${g} from the groups that may do everything`} onClick={() => change((a) => withEverything(a, g, false))} />
            </li>
          ))}
        </ul>
        <div className="d-flex align-items-end gap-2">
          <div className="flex-grow-1">
            <GroupSelect id={`${idPrefix}-everything`} label="Group that may do everything" value={everything} names={names} exclude={shorthand} onChange={setEverything} />
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary mb-2"
            disabled={everything === '' || shorthand.includes(everything)}
            onClick={() => {
              change((a) => withEverything(a, everything, true));
              setEverything('');
            }}
          >
            Add group
          </button>
        </div>
      </fieldset>
      <fieldset className="dz-group mb-2">
        <legend className="dz-group-legend">{`Grants (${grants.length})`}</legend>
        {grants.length === 0 ? <p className="small text-body-secondary mb-1">No grants: a grant lets a group do some actions, on some records.</p> : null}
        {grants.map((grant, i) => (
          <GrantEditor
            key={i}
            index={i}
            grant={grant}
            kind={kind}
            groups={names}
            graph={graph}
            records={hasRecords(kind) && model !== null}
            idPrefix={`${idPrefix}-grant${i}`}
            onGrant={(next: Grant) => change((a) => withGrant(a, i, () => next))}
            onRemove={() => change((a) => removeGrant(a, i))}
            edit={edit}
          />
        ))}
        <div className="d-flex align-items-end gap-2">
          <div className="flex-grow-1">
            <GroupSelect id={`${idPrefix}-new-grant`} label="Group for a new grant" value={adding} names={names} onChange={setAdding} />
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary mb-2"
            disabled={adding === ''}
            title={adding && groupAllows(access, adding, kind).everything ? 'This group may already do everything' : undefined}
            onClick={() => {
              change((a) => addGrant(a, adding));
              setAdding('');
            }}
          >
            Add grant
          </button>
        </div>
      </fieldset>
    </section>
  );
});

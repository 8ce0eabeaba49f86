/**
 * The automation designer's screen (/automationdesigner/new, /automationdesigner/edit/:name;
 * administrators): loads the automation, holds its designer's store, and saves it (Save or
 * Ctrl+S). A refused save shows the server's words and each problem at its input; a save after
 * someone else's (409) offers Reload or Save as a copy, as the other designers do. Leaving with
 * unsaved changes asks first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../../runtime/api/http';
import { useApi } from '../../../runtime/api/useApi';
import { usePlugins } from '../../../runtime/host';
import { PageHead } from '../../../runtime/views/PageHead';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { AutomationDesigner } from '../../../designer/automations/AutomationDesigner';
import { newAutomation } from '../../../designer/automations/automation-doc';
import { createAutomationStore } from '../../../designer/automations/automation-store';
import type { Problems } from '../../../designer/automations/context';
import { DesignerServicesProvider, type DesignerServices } from '../../../designer/services';
import type { SchemaError } from '../../../shared/schema-catalog';
import { LeaveGuard } from '../../shell/LeaveGuard';
import { SavedElsewhereOffer } from '../form/ConflictOffers';
import { saveAutomation, withoutServerKeys, type Doc, type Stored } from './automation-save';

export const AUTOMATIONS_LIST = '/automations';

export function AutomationDesignerScreen() {
  const { name } = useParams();
  const loaded = useApi<Doc>(name ? `/api/definitions/automation/${encodeURIComponent(name)}` : null);
  if (name && loaded.loading) return <Loading />;
  if (name && !loaded.data) return <ErrorBanner message={loaded.error || `The automation '${name}' could not be loaded`} />;
  return <DesignerScreen key={name ?? 'new'} start={loaded.data ?? newAutomation()} />;
}

const byPointer = (problems: readonly SchemaError[]): Problems => Object.fromEntries(problems.map((p) => [p.pointer, p.message]));

function DesignerScreen({ start }: { start: Doc }) {
  const navigate = useNavigate();
  const location = useLocation();
  const plugins = usePlugins();
  const services = useMemo<DesignerServices>(() => ({ api, plugins }), [plugins]);
  const [store] = useState(() => createAutomationStore(withoutServerKeys(start)));
  const stored = useRef<Stored | null>(typeof start.id === 'string' && typeof start.version === 'number' ? { id: start.id, version: start.version } : null);
  const [problems, setProblems] = useState<readonly SchemaError[]>([]);
  const [banner, setBanner] = useState('');
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(() => (location.state as { saved?: boolean } | null)?.saved === true);
  useEffect(() => {
    if ((location.state as { saved?: boolean } | null)?.saved) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  // A save's message goes once the document changes again.
  useEffect(() => store.subscribe((s, prev) => s.doc !== prev.doc && setSaved(false)), [store]);

  const save = useCallback(
    async (asCopy = false) => {
      if (busy) return;
      let doc = store.getState().doc;
      if (asCopy) {
        const copy = window.prompt('Name of the copy', `${String(doc.name ?? '')}_copy`);
        if (!copy) return;
        doc = { ...doc, name: copy };
      }
      setBusy(true);
      setSaved(false);
      const outcome = await saveAutomation(doc, asCopy ? null : stored.current);
      setBusy(false);
      if (!outcome.ok) {
        setBanner(outcome.error);
        setProblems(outcome.problems);
        setStale(outcome.stale);
        return;
      }
      setBanner('');
      setProblems([]);
      setStale(false);
      const state = store.getState();
      const sent = JSON.stringify(withoutServerKeys(doc));
      const kept = withoutServerKeys(outcome.doc);
      // What the server added (a webhook's token) is shown; otherwise the history stays for undo.
      if (JSON.stringify(kept) !== sent) state.load(kept);
      else state.markSaved();
      const creating = asCopy || stored.current === null;
      stored.current = outcome.stored;
      if (creating || kept.name !== start.name) navigate(`/automationdesigner/edit/${encodeURIComponent(String(kept.name))}`, { replace: !asCopy, state: { saved: true } });
      else setSaved(true);
    },
    [busy, store, navigate, start.name],
  );

  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void latestSave.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const title = stored.current ? `Automation: ${String(start.title || start.name)}` : 'New automation';
  return (
    <section aria-labelledby="automation-designer-title">
      <PageHead title={title} />
      <LeaveGuard dirty={() => store.getState().isDirty()} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="automation-designer-title" className="h4 mb-0 me-auto">
          {title}
        </h1>
        {stored.current ? (
          <>
            {/* The raw editor takes no drafts: leaving with unsaved changes asks first, as any leaving does. */}
            <Link className="btn btn-outline-secondary btn-sm" to={`/automationdesignerraw/edit/${encodeURIComponent(stored.current.id)}`}>
              Edit JSON
            </Link>
            <Link className="btn btn-outline-secondary btn-sm" to={`/automations/${encodeURIComponent(String(start.name))}/runs`}>
              Runs
            </Link>
          </>
        ) : null}
      </div>
      <ErrorBanner message={banner} />
      {saved ? (
        <div className="alert alert-success py-2" role="status">
          Saved.
        </div>
      ) : null}
      {stale ? <SavedElsewhereOffer busy={busy} onCopy={() => void save(true)} beforeReload={() => store.getState().markSaved()} /> : null}
      <DesignerServicesProvider value={services}>
        <AutomationDesigner
          store={store}
          problems={byPointer(problems)}
          actions={
            <>
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void save()}>
                {stored.current ? 'Save' : 'Create'}
              </button>
              <Link className="btn btn-outline-secondary btn-sm" to={AUTOMATIONS_LIST}>
                Cancel
              </Link>
            </>
          }
        />
      </DesignerServicesProvider>
    </section>
  );
}

export default AutomationDesignerScreen;

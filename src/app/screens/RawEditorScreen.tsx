import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../runtime/api/http';
import { useApi } from '../../runtime/api/useApi';
import { draftWriter, dropKeptDraft, keepDraft, keptDraft, putDraft, takeDraft, type KeptDraft } from '../../designer/drafts';
import { DraftBanner } from '../../designer/ui/DraftBanner';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { HistoryPanel } from '../../designer/history/HistoryPanel';
import { DesignerServicesProvider, type DesignerServices } from '../../designer/services';
import { usePlugins } from '../../runtime/host';
import { LeaveGuard } from '../shell/LeaveGuard';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';
import type { SchemaError } from '../../shared/schema-catalog';
import { checkText, textOf } from './raw/raw-check';
import type { RawJsonEditorHandle } from './raw/RawJsonEditor';
import { DEFAULT_MODEL } from '../../shared/contract';
import type { ChangePlan } from '../../shared/model-change-plan';
import { ChangePlanDialog } from '../../designer/models/ChangePlanDialog';
import { submitModel } from '../../designer/models/model-submit';
import { SavedElsewhereOffer } from './form/ConflictOffers';

const RawJsonEditor = lazy(() => import('./raw/RawJsonEditor'));

export type RawKind = 'form' | 'grid' | 'page' | 'menu' | 'select' | 'model' | 'automation';

/** Where each kind's list and visual designer live (the routes of shell/App.tsx). */
const PLACES: Record<RawKind, { list: string; designer?: string }> = {
  form: { list: '/forms', designer: '/formdesigner' },
  grid: { list: '/grids', designer: '/griddesigner' },
  page: { list: '/pages', designer: '/pagedesigner' },
  menu: { list: '/menus', designer: '/menudesigner' },
  select: { list: '/selects' },
  model: { list: '/models', designer: '/modeldesigner' },
  automation: { list: '/automations', designer: '/automationdesigner' },
};

/** What a new definition of each kind starts as: valid, so the first save needs only a name. */
function starter(kind: RawKind): Record<string, unknown> {
  const base = { name: `new_${kind}`, title: `New ${kind}` };
  if (kind === 'select') return { ...base, items: [] };
  if (kind === 'model') return { name: 'NewModel', title: 'New model', fields: [{ name: 'name', type: 'text', label: 'Name' }] };
  // A button on users' records that does nothing yet: valid as it stands, and the trigger and steps are there to fill in.
  if (kind === 'automation') return { ...base, trigger: { type: 'button', model: DEFAULT_MODEL }, steps: [] };
  // hideClear as in the grid designer: a new grid offers no Clear grid (it deletes every row) until turned on.
  if (kind === 'grid') return { ...base, model: DEFAULT_MODEL, hideClear: true, definition: [], actions: [], rowactions: [], filters: [], sorts: [] };
  if (kind === 'form') return { ...base, model: DEFAULT_MODEL, definition: [], actions: [] };
  return { ...base, definition: [], actions: [] };
}

interface SaveAnswer {
  id?: string;
  version?: number;
  code?: string;
  details?: SchemaError[];
}

/** A model change waiting for the admin's word (kind 'model'): its plan, the document it would save, and the answer the save waits for. */
interface Planned {
  plan: ChangePlan;
  doc: Record<string, unknown>;
  /** Applied: the dialog waits for the change's answer. */
  busy: boolean;
  answer(convert: Record<string, 'clear'> | null): void;
}

/**
 * The raw editors (/formdesignerraw/:action/:id and the same for grids, pages, menus,
 * selects, models and automations): the definition's JSON in CodeMirror, checked against its schema as you type.
 * Save (the button or Ctrl+S) is refused while the text does not parse or validate, listing the
 * reasons with their JSON pointers (each one moves the caret there); the server checks again and
 * its 400 reasons are listed the same way. A stale version (409) offers Reload or Save as a
 * copy, keeping the text. Escape with unsaved edits asks 'Discard changes?', as leaving does.
 * A model saves as the model designer saves it (submitModel, with no renames): its change is
 * shown in ChangePlanDialog, by the one rule the designer follows (asksFirst), and applied only
 * when the admin confirms it.
 */
export function RawEditorScreen({ kind }: { kind: RawKind }) {
  const { action = 'edit', id = '0' } = useParams();
  const adding = action === 'add' || id === '0';
  const loaded = useApi<Record<string, unknown>>(adding ? null : `/api/definitions/${kind}/${encodeURIComponent(id)}`);
  if (!adding && loaded.loading) return <Loading />;
  if (!adding && !loaded.data) return <ErrorBanner message={loaded.error || 'Not found'} />;
  const start = adding ? { ...starter(kind) } : (loaded.data as Record<string, unknown>);
  return <RawEditor key={`${kind}:${id}`} kind={kind} start={start} />;
}

function RawEditor({ kind, start }: { kind: RawKind; start: Record<string, unknown> }) {
  const navigate = useNavigate();
  // The History panel is the designer's: it is handed the API client and the plugins, as a designer column is.
  const plugins = usePlugins();
  const services = useMemo<DesignerServices>(() => ({ api, plugins }), [plugins]);
  const editor = useRef<RawJsonEditorHandle>(null);
  const [stored, setStored] = useState(() => ({
    id: typeof start.id === 'string' ? start.id : '',
    version: typeof start.version === 'number' ? start.version : 0,
    text: textOf(start),
    name: String(start.name ?? ''),
  }));
  // Unsaved edits brought over from the visual designer start the text (and make it dirty).
  const [carried] = useState(() => (stored.id ? takeDraft(kind, stored.id) : undefined));
  const [text, setText] = useState(() => (carried ? textOf(carried) : stored.text));
  // What the editor is told to show: the starting text, then what a save or a restore stored.
  const [shown, setShown] = useState(text);
  const [serverProblems, setServerProblems] = useState<SchemaError[]>([]);
  const [banner, setBanner] = useState('');
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [planned, setPlanned] = useState<Planned | null>(null);
  const planOpen = useRef(false);
  planOpen.current = planned !== null;
  /** 'Saved.' after a save: the raw editor stays on the definition (Ctrl+S and Save alike). */
  const location = useLocation();
  const [saved, setSaved] = useState(() => (location.state as { saved?: boolean } | null)?.saved === true);
  // Said once: a reload later does not say it again.
  useEffect(() => {
    if ((location.state as { saved?: boolean } | null)?.saved) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  /** Work kept from an earlier visit that differs from what opened (drafts.ts), offered until answered. */
  const [offer, setOffer] = useState<KeptDraft | null>(() => {
    const kept = keptDraft(kind, stored.id);
    return kept && kept.text !== text ? kept : null;
  });
  const checked = useMemo(() => checkText(kind, text), [kind, text]);
  const dirty = text !== stored.text;
  // Read by key handlers and the leave guard between renders: updated as each edit arrives.
  const latest = useRef({ dirty, text, stored: stored.text });
  latest.current.stored = stored.text;
  const onText = useCallback((next: string) => {
    latest.current.text = next;
    latest.current.dirty = next !== latest.current.stored;
    setText(next);
  }, []);
  // Unsaved text is kept as a draft under the definition's id ('new' until first saved).
  const keeping = useRef({ kind, id: stored.id, version: stored.version });
  keeping.current = { kind, id: stored.id, version: stored.version };
  const [writer] = useState(() =>
    draftWriter(() => {
      const { kind: k, id, version } = keeping.current;
      if (latest.current.dirty) keepDraft(k, id, latest.current.text, version);
    }),
  );
  const wasDirty = useRef(dirty);
  useEffect(() => {
    if (dirty) writer.schedule();
    else if (wasDirty.current) {
      // Back at the stored text (undone): nothing to keep. Opening clean keeps an offered draft.
      writer.cancel();
      dropKeptDraft(kind, stored.id);
    }
    wasDirty.current = dirty;
  }, [dirty, text, writer, kind, stored.id]);
  useEffect(() => {
    const flush = () => writer.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      writer.flush();
    };
  }, [writer]);
  const label = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} definition JSON`;
  const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} JSON${stored.id ? `: ${String(start.name ?? '')}` : ' (new)'}`;

  /** After a save: the text as saved is the stored text, and a new definition moves to its own address. */
  const afterSave = useCallback(
    (doc: Record<string, unknown>, id: string, version: number, creating: boolean) => {
      const savedText = textOf(doc);
      const name = String(doc.name ?? '');
      writer.cancel();
      dropKeptDraft(kind, stored.id);
      setSaved(true);
      setServerProblems([]);
      setBanner('');
      setStale(false);
      setStored({ id, version, text: savedText, name });
      latest.current.stored = savedText;
      onText(savedText);
      setShown(savedText);
      editor.current?.replace(savedText);
      if (creating) navigate(`/${kind}designerraw/edit/${id}`, { replace: true, state: { saved: true } });
    },
    [kind, navigate, stored.id, onText, writer],
  );

  const refused = useCallback((status: number, code: string | undefined, error: string, details: SchemaError[]) => {
    setServerProblems(details);
    setStale(status === 409 && code === 'STALE_VERSION');
    setBanner(error);
  }, []);

  /**
   * A model's save (submitModel, as the designer saves): created, or previewed and changed after
   * the plan was shown when it asks first. A refusal lands in the problems, pointing into the text.
   */
  const saveModel = useCallback(
    async (doc: Record<string, unknown>, creating: boolean) => {
      const ask = (plan: ChangePlan) =>
        new Promise<Record<string, 'clear'> | null>((answer) => setPlanned({ plan, doc, busy: false, answer }));
      const answer = await submitModel(api, { ...doc, version: stored.version }, creating ? null : stored.id, {}, ask);
      setPlanned(null);
      if (answer.cancelled) return;
      if (answer.ok && answer.data?.id !== undefined) afterSave(doc, String(answer.data.id), answer.data.version ?? 1, creating);
      else refused(answer.status, answer.data?.code, answer.error, answer.data?.details ?? []);
    },
    [stored.id, stored.version, afterSave, refused],
  );

  const save = useCallback(
    async (asCopy = false) => {
      if (planOpen.current) return;
      setTried(true);
      const now = checkText(kind, latest.current.text);
      if (!now.value || now.problems.length > 0) {
        setBanner(`Not saved: ${now.problems.length === 1 ? 'one problem' : `${now.problems.length} problems`} to fix first`);
        return;
      }
      let doc = now.value;
      if (asCopy) {
        const name = window.prompt('Name of the copy', `${String(doc.name ?? '')}_copy`);
        if (!name) return;
        doc = { ...doc, name };
      }
      setBusy(true);
      setSaved(false);
      const creating = asCopy || !stored.id;
      if (kind === 'model') {
        await saveModel(doc, creating);
        setBusy(false);
        return;
      }
      if (kind === 'automation') {
        // Through the definitions API (no built-in form edits automations); the saved document is
        // what the server answers, which may add to it (a webhook's token).
        const saved = creating
          ? await api<Record<string, unknown> & SaveAnswer>('POST', '/api/definitions/automation', doc)
          : await api<Record<string, unknown> & SaveAnswer>('PUT', `/api/definitions/automation/${encodeURIComponent(stored.id)}`, { ...doc, version: stored.version });
        setBusy(false);
        if (saved.ok && typeof saved.data?.id === 'string') afterSave(saved.data, saved.data.id, saved.data.version ?? stored.version + 1, creating);
        else refused(saved.status, saved.data?.code, saved.error, saved.data?.details ?? []);
        return;
      }
      const answer = await api<SaveAnswer>('POST', creating ? `/api/form/${kind}/add` : `/api/form/${kind}/update/${stored.id}`, creating ? doc : { ...doc, version: stored.version });
      setBusy(false);
      if (answer.ok && answer.data?.id) {
        afterSave(doc, answer.data.id, answer.data.version ?? stored.version + 1, creating);
        return;
      }
      refused(answer.status, answer.data?.code, answer.error, answer.data?.details ?? []);
    },
    [kind, stored, afterSave, refused, saveModel],
  );

  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Ctrl+S saves wherever the focus is (the editor answers it itself when focused).
      if ((e.ctrlKey || e.metaKey) && (e.key === 's' || e.key === 'S' || e.keyCode === 83)) {
        if (e.defaultPrevented) return;
        e.preventDefault();
        void latestSave.current();
        return;
      }
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // An open completion list or tooltip takes Escape first (CodeMirror marks it handled).
      if (latest.current.dirty && !window.confirm('Discard changes?')) return;
      latest.current.dirty = false;
      navigate(PLACES[kind].list);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [kind, navigate]);

  const format = () => {
    if (checked.value) editor.current?.replace(textOf(checked.value));
  };
  const problems = [...checked.problems, ...serverProblems.filter((p) => !checked.problems.some((c) => c.pointer === p.pointer))];
  const designer = PLACES[kind].designer;
  // The automation designer opens by name and takes no drafts: leaving with unsaved text asks first, as any leaving does.
  const designerAt = kind === 'automation' ? `${designer}/edit/${encodeURIComponent(stored.name)}` : `${designer}/edit/${stored.id}`;
  const carriesDrafts = kind !== 'automation';

  return (
    <section aria-labelledby="raw-title" className="tessera-raw">
      <PageHead title={title} />
      <LeaveGuard dirty={() => latest.current.dirty} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="raw-title" className="h4 mb-0 me-auto">
          {title}
        </h1>
        {dirty ? <span className="text-warning-emphasis small">● Unsaved changes</span> : null}
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={format} disabled={!checked.value}>
          Format
        </button>
        {designer && stored.id ? (
          <Link
            className="btn btn-outline-secondary btn-sm"
            to={designerAt}
            onClick={(e) => {
              // Valid unsaved text travels to the designer as a draft; text that does not parse
              // or validate cannot, and leaving it asks 'Discard changes?' as any leaving does.
              if (!latest.current.dirty || !carriesDrafts) return;
              if (!checked.value || checked.problems.length > 0) return;
              putDraft(kind, stored.id, checked.value);
              latest.current.dirty = false;
              e.currentTarget.blur();
            }}
          >
            Visual designer
          </Link>
        ) : null}
        <button type="button" className="btn btn-primary btn-sm" disabled={busy || planned !== null} onClick={() => void save()}>
          Save
        </button>
        <Link className="btn btn-outline-secondary btn-sm" to={PLACES[kind].list}>
          Cancel
        </Link>
      </div>
      {offer ? (
        <DraftBanner
          noun={kind === 'menu' ? 'work flow' : kind}
          draft={offer}
          version={stored.version}
          onRestore={() => {
            // Into the editor as an edit of its own (Ctrl+Z goes back to the stored text), or as its
            // starting text while it is still loading.
            onText(offer.text);
            setShown(offer.text);
            setOffer(null);
          }}
          onDiscard={() => {
            dropKeptDraft(kind, stored.id);
            setOffer(null);
          }}
        />
      ) : null}
      <ErrorBanner message={banner} />
      {saved && !dirty ? (
        <div className="alert alert-success py-2" role="status">
          Saved.
        </div>
      ) : null}
      {stale ? <SavedElsewhereOffer busy={busy} onCopy={() => void save(true)} /> : null}
      <Suspense fallback={<Loading />}>
        <RawJsonEditor ref={editor} kind={kind} initial={shown} label={label} onChange={onText} onSave={() => void save()} />
      </Suspense>
      <section aria-label="Problems" className="mt-2">
        {problems.length === 0 ? (
          <p className="small text-success mb-0">No problems: the definition is valid.</p>
        ) : (
          <>
            <p className={`small mb-1 ${tried ? 'text-danger' : 'text-body-secondary'}`}>
              {problems.length === 1 ? 'One problem' : `${problems.length} problems`} (select one to go there):
            </p>
            <ul className="list-unstyled small mb-0">
              {problems.map((p, i) => (
                <li key={`${p.pointer}:${i}`}>
                  <button type="button" className="btn btn-link btn-sm p-0 text-start text-danger" onClick={() => editor.current?.reveal(p.pointer)}>
                    <code>{p.pointer || '/'}</code> {p.message}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {planned ? (
        <ChangePlanDialog
          model={String(planned.doc.name ?? start.name ?? '')}
          plan={planned.plan}
          busy={planned.busy}
          notice={
            planned.plan.deleted.length > 0 && planned.plan.added.length > 0
              ? "Fields are known by name: a field renamed in the JSON is deleted with its values and added anew, empty. To keep a field's values under a new name, rename it in the designer."
              : undefined
          }
          onApply={(convert) => {
            setPlanned({ ...planned, busy: true });
            planned.answer(convert);
          }}
          onCancel={() => planned.answer(null)}
        />
      ) : null}
      {stored.id ? (
        <DesignerServicesProvider value={services}>
          <HistoryPanel
            kind={kind}
            id={stored.id}
            version={stored.version}
            idPrefix="raw"
            dirty={() => latest.current.dirty}
            onRestored={(saved) => {
              const savedText = textOf(saved);
              setStored({ id: saved.id, version: saved.version, text: savedText, name: String(saved.name ?? '') });
              latest.current.stored = savedText;
              onText(savedText);
              setShown(savedText);
              setBanner('');
              setServerProblems([]);
              setStale(false);
            }}
          />
        </DesignerServicesProvider>
      ) : null}
    </section>
  );
}

import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { VALIDATION_FAILED } from '../../shared/field-validation';
import { api } from '../../runtime/api/http';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { LeaveGuard } from '../shell/LeaveGuard';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';
import { useSession } from '../../runtime/session';
import { ActionLinks } from '../../ui/ActionLinks';
import { AutomationButtons } from '../../runtime/views/AutomationButtons';
import { createFormStore, formValues, isFormDirty, markFormClean, showFieldValue, submitter, type Values } from '../../runtime/form-store';
import { checkForm, recordValues } from '../../runtime/form-logic';
import { usePlugins } from '../../runtime/host';
import { RowsView } from '../../runtime/Interpreter';
import type { RenderMode } from '../../runtime/plugin';
import { RuntimeContext, type AfterSave, type Runtime, type SavePart } from '../../runtime/RuntimeContext';
import { builtInReason, isBuiltIn } from '../../shared/built-ins';
import { isDefinitionModel, kindOfModel, modelOf } from '../../shared/contract';
import { ConflictOffer, StaleOffer } from './form/ConflictOffers';
import { HistoryDialog } from './form/HistoryDialog';
import { useFormKeys } from './form/form-keys';
import { fieldErrors, presetValues, returnAddress, ROW_VERSION, startValues, type FormAction, type LoadedFormDefinition, type SaveAnswer } from './form/form-values';

// The designers' Access panel comes with the filter editor: loaded when a select's form opens.
const SelectAccess = lazy(() => import('./form/SelectAccess'));

export type { FormAction };

export interface FormScreenProps {
  name: string;
  action: string;
  id: string;
  /** Inside a dialog: no title navigation; onDone is called after success or cancel. */
  embedded?: boolean;
  onDone?(): void;
}

function actionOf(value: string): FormAction {
  return value === 'edit' || value === 'delete' ? value : 'add';
}

/** Route /form/:name/:action/:id. */
export function FormRoute() {
  const { name = '', action = 'add', id = '0' } = useParams();
  return <FormScreen name={name} action={action} id={id} />;
}

/** Loads a form's definition (and its record outside add mode), then shows it. */
export function FormScreen({ name, action, id, embedded, onDone }: FormScreenProps) {
  const mode = actionOf(action);
  const base = `/api/form/${encodeURIComponent(name)}`;
  // The mode tells the server which save's grants lock fields (add: its presets too).
  const definition = useApi<LoadedFormDefinition>(`${base}/definition?mode=${mode === 'add' ? 'add' : 'edit'}`);
  const needsRecord = mode !== 'add' && id !== '0';
  const record = useApi<Values>(needsRecord ? `${base}/data/${encodeURIComponent(id)}` : null);
  if (definition.loading || record.loading) return <Loading />;
  if (!definition.data) return <ErrorBanner message={definition.error || `The form '${name}' could not be loaded`} />;
  if (needsRecord && !record.data) return <ErrorBanner message={record.error || `The record '${id}' could not be loaded`} />;
  return (
    <LoadedForm
      key={`${name}/${mode}/${id}`}
      definition={definition.data}
      record={record.data}
      mode={mode}
      id={id}
      embedded={embedded}
      onDone={onDone}
    />
  );
}

interface LoadedFormProps {
  definition: LoadedFormDefinition;
  record: Values | null;
  mode: FormAction;
  id: string;
  embedded?: boolean;
  onDone?(): void;
}

/** What a form without a url passes to the record it just created (location state), so the record's edit screen says so. */
interface SavedState {
  saved?: boolean;
}

/**
 * What a form with a url passes to the screen it goes to after creating a record (location
 * state): the form and the new record's id, so that screen can offer what comes next (/models
 * offers Generate screens for a model just made).
 */
export interface CreatedState {
  created: { form: string; id: string };
}

/** The record a form just created, when the screen was reached by that save. */
export function createdBy(state: unknown, form: string): string | null {
  const created = (state as Partial<CreatedState> | null)?.created;
  return created && created.form === form && typeof created.id === 'string' ? created.id : null;
}

/**
 * Where a form without a url goes after creating record `savedId`: the same route in edit mode
 * for that record (/form/x/add/0 becomes /form/x/edit/7; /user/add/0 /user/edit/7).
 */
export function editPathOf(pathname: string, formName: string, savedId: string): string {
  const at = /\/(add|edit|delete)\/[^/]*$/.exec(pathname);
  const tail = `/edit/${encodeURIComponent(savedId)}`;
  return at ? pathname.slice(0, at.index) + tail : `/form/${encodeURIComponent(formName)}${tail}`;
}

function LoadedForm({ definition, record, mode, id, embedded, onDone }: LoadedFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  /** A form without a url stays with the record it saved, and says it was saved. */
  const [saved, setSaved] = useState(() => !embedded && (location.state as SavedState | null)?.saved === true);
  // Said once: a reload of this screen later does not say it again.
  useEffect(() => {
    if ((location.state as SavedState | null)?.saved) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  const isAdmin = useSession((s) => s.user?.Admin === true);
  const plugins = usePlugins();
  /** Fields the caller's grants keep them from writing: shown disabled, neither checked nor sent. */
  const [lockedFields] = useState(() => new Set(definition.readOnlyFields ?? []));
  // A new record starts with the values the address names (/form/loan/add/0?book=7): New in a book's loans.
  const [store] = useState(() => createFormStore(presetValues(startValues(plugins, definition, record), mode === 'add' && !embedded ? location.search : '', lockedFields)));
  /** Where the screen that opened this form asked to come back to (router state `back`, an embedded grid's New or Edit). */
  const back = embedded ? null : returnAddress(location.state);
  const [banner, setBanner] = useState('');
  /** A definition saved elsewhere since it was opened (409 STALE_VERSION): what is typed stays, and two ways on are offered. */
  const [stale, setStale] = useState(false);
  /** A record saved elsewhere since it was opened (409 STALE_VERSION): the record as it is now; what is typed stays. */
  const [conflict, setConflict] = useState<Values | null>(null);
  /** Moves on when the current record is reloaded, so the columns (a dual list's items) load it afresh. */
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  /** A save is under way: another press of Save (or Ctrl+S) does nothing until it answers. */
  const inFlight = useRef(false);
  const readOnly = definition.readOnly === true;
  const whole = isDefinitionModel(modelOf(definition));
  /** The record a save goes to and the version it was read at: after an add, the new record (Save again updates it). */
  const target = useRef<{ id: string | null; version: unknown }>({ id: mode === 'add' ? null : id, version: record?.[ROW_VERSION] });
  const base = `/api/form/${encodeURIComponent(definition.name)}`;
  const runtime = useMemo<Runtime>(
    () => ({
      store,
      mode: mode as RenderMode,
      readOnly,
      idPrefix: `form-${definition.name}`,
      recordId: mode === 'add' ? null : id,
      afterSave: new Set<AfterSave>(),
      // A record form sends its dual lists' links with the record (one request, one transaction).
      ...(whole ? {} : { model: modelOf(definition), saveWith: new Map<string, SavePart>() }),
    }),
    [store, mode, readOnly, definition.name, definition.model, whole, id],
  );

  const leave = useCallback(
    (created?: string) => {
      if (embedded) onDone?.();
      else navigate(back ?? (definition.url || '/'), created === undefined ? undefined : { state: { created: { form: definition.name, id: created } } satisfies CreatedState });
    },
    [embedded, onDone, navigate, back, definition.url, definition.name],
  );

  /**
   * Saves. The Save button then goes where the spec says (the form's url); a checkpoint (Ctrl+S
   * in a designer) stays: a new definition becomes its edit route, a stored one stays shown, and
   * 'Saved.' says so.
   */
  const save = useCallback(
    async (asNew: boolean, checkpoint = false) => {
      if (inFlight.current || readOnly) return;
      if (!checkForm(plugins, store, definition.definition, lockedFields)) {
        setBanner(VALIDATION_FAILED);
        return;
      }
      inFlight.current = true;
      setBusy(true);
      setBanner('');
      setSaved(false);
      try {
        // Fields a column holds itself (a designer's document) are read from it now.
        const values = formValues(store);
        // Save as new adds a record: the fields the caller may not set on add (their grants' add
        // locks and presets, which may differ from the edit locks shown) are left to the server.
        const locks = asNew && !whole && mode === 'edit' ? await addLocks(base, lockedFields) : lockedFields;
        const body = whole ? { ...values } : recordValues(plugins, definition.definition, values, locks);
        for (const [field, part] of runtime.saveWith ?? []) {
          if (locks.has(field)) continue;
          const value = part();
          if (value !== undefined) body[field] = value;
        }
        const into = asNew ? null : target.current.id;
        if (into === null) delete body.id;
        else if (!whole) body[ROW_VERSION] = target.current.version;
        // A column that saves the record itself (the model designer's previewed change) answers as the API would.
        const own = submitter(store);
        const answer = own?.submit
          ? await own.submit(body, into)
          : into === null
            ? await api<SaveAnswer>('POST', `${base}/add`, body)
            : await api<SaveAnswer>('POST', `${base}/update/${encodeURIComponent(into)}`, body);
        if (!answer.ok && 'cancelled' in answer && answer.cancelled) return;
        if (!answer.ok) {
          setBanner(answer.error);
          const staleVersion = answer.status === 409 && answer.data?.code === 'STALE_VERSION';
          setStale(staleVersion && whole);
          setConflict(staleVersion && !whole && answer.data?.current ? answer.data.current : null);
          fieldErrors(store, answer.data?.details);
          return;
        }
        setStale(false);
        setConflict(null);
        const savedId = answer.data?.id ?? into ?? id;
        // From now on a save updates this record (at its new version), whatever follows fails.
        if (!whole) target.current = { id: String(savedId), version: answer.data?._version };
        // A definition stays open after a checkpoint: its next save goes at the version just stored.
        else if (into !== null && typeof answer.data?.version === 'number') showFieldValue(store, 'version', answer.data.version);
        // Lists a column saves itself (runtime.afterSave, e.g. links through another model) go in a
        // second call each, once the record is saved and its id known.
        for (const task of runtime.afterSave) {
          const after = await task(savedId);
          if (!after.ok) {
            setBanner(after.error);
            return;
          }
        }
        markFormClean(store);
        // The spec's way where the form names a url (or sits in a dialog); without one, going
        // home would lose the record: a new one opens in edit mode, an updated one stays shown.
        if (embedded || ((back || definition.url) && !checkpoint)) leave(into === null ? String(savedId) : undefined);
        else if (String(savedId) !== id || mode !== 'edit') {
          navigate(editPathOf(location.pathname, definition.name, String(savedId)), { replace: true, state: { saved: true } satisfies SavedState });
        } else setSaved(true);
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [readOnly, plugins, store, definition, lockedFields, whole, base, id, runtime, leave, embedded, back, mode, navigate, location.pathname],
  );

  /** After a conflict: the record as it is now replaces what was typed (after asking when something was). */
  const reloadCurrent = useCallback(() => {
    if (!conflict) return;
    if (isFormDirty(store) && !window.confirm('Discard changes?')) return;
    store.setState({ values: startValues(plugins, definition, conflict), errors: {}, submitted: false, dirty: false });
    target.current = { ...target.current, version: conflict[ROW_VERSION] };
    setConflict(null);
    setBanner('');
    setGeneration((g) => g + 1);
  }, [conflict, plugins, store, definition]);

  /** After a conflict: what was typed is saved over the record as it is now. */
  const saveMineAnyway = useCallback(() => {
    if (!conflict) return;
    target.current = { ...target.current, version: conflict[ROW_VERSION] };
    void save(false);
  }, [conflict, save]);

  /** After a revert from the history: the record as it is now (after asking when something was typed). */
  const reloadRecord = useCallback(async () => {
    if (isFormDirty(store) && !window.confirm('Discard changes?')) return;
    const answer = await api<Values>('GET', `${base}/data/${encodeURIComponent(id)}`);
    if (!answer.ok || !answer.data) {
      setBanner(answer.error);
      return;
    }
    store.setState({ values: startValues(plugins, definition, answer.data), errors: {}, submitted: false, dirty: false });
    target.current = { ...target.current, version: answer.data[ROW_VERSION] };
    setConflict(null);
    setGeneration((g) => g + 1);
  }, [base, id, plugins, store, definition]);
  const [historyOpen, setHistoryOpen] = useState(false);

  const remove = useCallback(async () => {
    if (!window.confirm('Delete record?')) return;
    setBusy(true);
    const answer = await api('DELETE', `${base}/delete/${encodeURIComponent(id)}`);
    setBusy(false);
    if (!answer.ok) {
      setBanner(answer.error);
      return;
    }
    markFormClean(store);
    leave();
  }, [base, id, store, leave]);

  // The server refuses any delete through a form with hideDelete (403), and of a definition
  // Tessera ships (409, src/shared/built-ins.ts): none is offered.
  const kind = whole ? kindOfModel(modelOf(definition)) : undefined;
  const builtIn = kind !== undefined && isBuiltIn(kind, record?.name) ? builtInReason(kind, String(record?.name)) : null;
  const mayDelete = definition.hideDelete !== true && builtIn === null;

  // Delete mode (/form/:name/delete/:id) asks at once and deletes; the record stays shown if the user says no.
  const asked = useRef(false);
  useEffect(() => {
    if (mode !== 'delete' || !mayDelete || asked.current) return;
    asked.current = true;
    void remove();
  }, [mode, mayDelete, remove]);

  const formRef = useRef<HTMLFormElement>(null);
  useFormKeys(formRef, { leave, save, mode, store, designer: whole });

  // What sticks under the toolbar (a designer's own toolbar) sticks at its real bottom, also when
  // its buttons wrap onto a second line (styles.css reads --tessera-sticky-toolbar-height).
  const toolbarRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = toolbarRef.current;
    const form = formRef.current;
    if (!toolbar || !form || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => form.style.setProperty('--tessera-sticky-toolbar-height', `${toolbar.offsetHeight}px`));
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, []);

  const editing = mode === 'edit';
  const title = definition.title || definition.name;
  return (
    <RuntimeContext.Provider value={runtime}>
      <form
        ref={formRef}
        className="tessera-form"
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <div ref={toolbarRef} className="sticky-toolbar d-flex flex-wrap align-items-center gap-2 py-2 mb-3 border-bottom">
          {definition.hideToolbar ? null : (
            <div className="me-auto">
              <h1 className="h4 mb-0">{title}</h1>
            </div>
          )}
          <ActionLinks actions={definition.actions} align="left" />
          {/* A definition's own form (the designers) is Tessera's screen, not the admin's work: no link to redesign it. */}
          {isAdmin && definition.id && !whole ? (
            <Link className="btn btn-outline-secondary btn-sm" to={`/formdesigner/edit/${definition.id}`} aria-label="Edit form">
              Edit form
            </Link>
          ) : null}
          {/* A stored group's record: what it may do on every definition (PermissionsScreen). */}
          {isAdmin && editing && definition.model === 'Group' && typeof record?.name === 'string' && record.name !== '' ? (
            <Link className="btn btn-outline-secondary btn-sm" to={`/permissions/${encodeURIComponent(record.name)}`}>
              Permissions
            </Link>
          ) : null}
          {/* The record's history, for those the server says may read it (docs/history.md). */}
          {editing && definition.history === true && !whole ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setHistoryOpen(true)}>
              History
            </button>
          ) : null}
          {/* The model's button automations this caller may run on the record (docs/automations.md). */}
          {editing && !whole ? <AutomationButtons model={modelOf(definition)} recordId={String(target.current.id ?? id)} onDone={() => void reloadRecord()} /> : null}
          {editing && !definition.hideSaveAs && !readOnly ? (
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={() => void save(true)}>
              Save as new
            </button>
          ) : null}
          {!readOnly && mode !== 'delete' ? (
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {editing ? 'Save' : 'Create'}
            </button>
          ) : null}
          {(editing || mode === 'delete') && mayDelete ? (
            <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => void remove()}>
              Delete
            </button>
          ) : null}
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => leave()}>
            Cancel
          </button>
          <ActionLinks actions={definition.actions} align="right" />
        </div>
        {embedded ? null : <PageHead title={title} />}
        {embedded || readOnly ? null : <LeaveGuard dirty={() => isFormDirty(store)} />}
        <ErrorBanner message={banner} />
        {saved ? (
          <div className="alert alert-success py-2" role="status">
            Saved.
          </div>
        ) : null}
        {mode === 'delete' && !mayDelete ? (
          <div className="alert alert-info" role="note">
            {builtIn ? `${builtIn}.` : 'This form does not allow deleting.'}
          </div>
        ) : null}
        {stale ? <StaleOffer store={store} busy={busy} onCopy={() => void save(true)} /> : null}
        {conflict ? <ConflictOffer busy={busy} onReload={reloadCurrent} onOverwrite={saveMineAnyway} /> : null}
        <RowsView key={generation} rows={definition.definition} />
        {historyOpen ? (
          <HistoryDialog
            form={definition.name}
            model={modelOf(definition)}
            recordId={target.current.id ?? id}
            version={() => target.current.version}
            onReload={reloadRecord}
            onClose={() => setHistoryOpen(false)}
          />
        ) : null}
        {/* A select has no visual designer: its access is set under its fields. */}
        {whole && modelOf(definition) === 'Select' && isAdmin && !readOnly && mode !== 'delete' ? (
          <Suspense fallback={null}>
            <SelectAccess key={generation} store={store} />
          </Suspense>
        ) : null}
      </form>
    </RuntimeContext.Provider>
  );
}

/** The fields locked on add for this caller (the form definition's readOnlyFields in add mode); the edit locks when it cannot be read. */
async function addLocks(base: string, editLocks: ReadonlySet<string>): Promise<ReadonlySet<string>> {
  const answer = await api<LoadedFormDefinition>('GET', `${base}/definition?mode=add`);
  return answer.ok && answer.data ? new Set(answer.data.readOnlyFields ?? []) : editLocks;
}

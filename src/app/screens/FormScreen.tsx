import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { FormDefinition } from '../../generated/definitions';
import { VALIDATION_FAILED, type FieldCheck } from '../../shared/field-validation';
import { api } from '../../runtime/api/http';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { LeaveGuard } from '../shell/LeaveGuard';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';
import { useSession } from '../../runtime/session';
import { ActionLinks } from '../../ui/ActionLinks';
import { createFormStore, formValues, isFormDirty, markFormClean, setFieldValue, type FormStore, type Values } from '../../runtime/form-store';
import { checkForm, initialValues, recordValues } from '../../runtime/form-logic';
import { RowsView } from '../../runtime/Interpreter';
import type { RenderMode } from '../../runtime/plugin';
import { RuntimeContext, type AfterSave, type Runtime, type SavePart } from '../../runtime/RuntimeContext';
import { DEFINITION_MODELS, modelOf } from '../../shared/contract';

export type FormAction = 'add' | 'edit' | 'delete';

export interface FormScreenProps {
  name: string;
  action: string;
  id: string;
  /** Inside a dialog: no title navigation; onDone is called after success or cancel. */
  embedded?: boolean;
  onDone?(): void;
}

/** The record's row version, as GET .../data/{id} answers it; an update sends it back (409 when it moved on). */
const ROW_VERSION = '_version';

interface SaveAnswer {
  id?: string | number;
  code?: string;
  details?: { pointer: string; message: string }[];
  /** The record's version after the save (record forms). */
  _version?: number;
  /** With a 409 STALE_VERSION of a record: the record as it is now. */
  current?: Values;
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
  const definition = useApi<FormDefinition>(`${base}/definition`);
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
  definition: FormDefinition;
  record: Values | null;
  mode: FormAction;
  id: string;
  embedded?: boolean;
  onDone?(): void;
}

function startValues(definition: FormDefinition, record: Values | null): Values {
  const values = initialValues(definition.definition);
  if (!record) return values;
  if (DEFINITION_MODELS.has(modelOf(definition))) return { ...record, ...pick(record, Object.keys(values)) };
  return { ...values, ...pick(record, Object.keys(values)) };
}

function pick(record: Values, keys: string[]): Values {
  const out: Values = {};
  for (const k of keys) if (k in record) out[k] = record[k] === null ? '' : record[k];
  return out;
}

/** Server 400 details (`/field` pointers) become the fields' own messages. */
function fieldErrors(store: FormStore, details: SaveAnswer['details']): void {
  if (!details?.length) return;
  const errors: Record<string, FieldCheck> = {};
  for (const d of details) {
    const field = d.pointer.split('/')[1];
    if (field) errors[field] = { valid: false, message: d.message };
  }
  store.setState({ errors, submitted: true });
}

/** The record forms on screen, in the order they opened: Ctrl+S and Escape go to one only. */
const openForms: HTMLFormElement[] = [];

/**
 * Whether this form is the one the keys are for: the top-most one. A dialog open above it
 * (the change-password dialog, a modal form) takes them, so a form outside the top-most
 * dialog never acts; among the forms left, the one holding the focus, else the latest opened.
 */
function isTopForm(form: HTMLFormElement, target: EventTarget | null): boolean {
  const dialogs = document.querySelectorAll('[role="dialog"]');
  const topDialog = dialogs[dialogs.length - 1];
  if (topDialog && !topDialog.contains(form)) return false;
  const candidates = openForms.filter((f) => !topDialog || topDialog.contains(f));
  const focused = target instanceof Node ? candidates.find((f) => f.contains(target)) : undefined;
  return (focused ?? candidates[candidates.length - 1]) === form;
}

function LoadedForm({ definition, record, mode, id, embedded, onDone }: LoadedFormProps) {
  const navigate = useNavigate();
  const isAdmin = useSession((s) => s.user?.Admin === true);
  const [store] = useState(() => createFormStore(startValues(definition, record)));
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
  const whole = DEFINITION_MODELS.has(modelOf(definition));
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

  const leave = useCallback(() => {
    if (embedded) onDone?.();
    else navigate(definition.url || '/');
  }, [embedded, onDone, navigate, definition.url]);

  const save = useCallback(
    async (asNew: boolean) => {
      if (inFlight.current || readOnly) return;
      if (!checkForm(store, definition.definition)) {
        setBanner(VALIDATION_FAILED);
        return;
      }
      inFlight.current = true;
      setBusy(true);
      setBanner('');
      try {
        // Fields a column holds itself (a designer's document) are read from it now.
        const values = formValues(store);
        const body = whole ? { ...values } : recordValues(definition.definition, values);
        for (const [field, part] of runtime.saveWith ?? []) {
          const value = part();
          if (value !== undefined) body[field] = value;
        }
        const into = asNew ? null : target.current.id;
        if (into === null) delete body.id;
        else if (!whole) body[ROW_VERSION] = target.current.version;
        const answer =
          into === null
            ? await api<SaveAnswer>('POST', `${base}/add`, body)
            : await api<SaveAnswer>('POST', `${base}/update/${encodeURIComponent(into)}`, body);
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
        // Spec 4: lists other than the record's own links are saved by a second call, after the main save.
        for (const task of runtime.afterSave) {
          const after = await task(savedId);
          if (!after.ok) {
            setBanner(after.error);
            return;
          }
        }
        markFormClean(store);
        leave();
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [readOnly, store, definition, whole, base, id, runtime, leave],
  );

  /** After a conflict: the record as it is now replaces what was typed (after asking when something was). */
  const reloadCurrent = useCallback(() => {
    if (!conflict) return;
    if (isFormDirty(store) && !window.confirm('Discard changes?')) return;
    store.setState({ values: startValues(definition, conflict), errors: {}, submitted: false, dirty: false });
    target.current = { ...target.current, version: conflict[ROW_VERSION] };
    setConflict(null);
    setBanner('');
    setGeneration((g) => g + 1);
  }, [conflict, store, definition]);

  /** After a conflict: what was typed is saved over the record as it is now. */
  const saveMineAnyway = useCallback(() => {
    if (!conflict) return;
    target.current = { ...target.current, version: conflict[ROW_VERSION] };
    void save(false);
  }, [conflict, save]);

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

  // The server refuses any delete through a form with hideDelete (403): none is offered.
  const mayDelete = definition.hideDelete !== true;

  // Spec 4: delete mode asks at once and deletes; the record stays shown if the user says no.
  const asked = useRef(false);
  useEffect(() => {
    if (mode !== 'delete' || !mayDelete || asked.current) return;
    asked.current = true;
    void remove();
  }, [mode, mayDelete, remove]);

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    openForms.push(form);
    return () => {
      const at = openForms.indexOf(form);
      if (at >= 0) openForms.splice(at, 1);
    };
  }, []);

  // Spec 2.7 and 4: Escape asks 'Discard changes?' and leaves; Ctrl+S saves. Only the
  // top-most form acts: a dialog's form over a route form saves alone.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || !isTopForm(form, e.target)) return;
      if (e.key === 'Escape' || e.keyCode === 27) {
        if (e.defaultPrevented) return; // taken already (a designer's drag cancelled by it)
        e.preventDefault();
        if (window.confirm('Discard changes?')) {
          markFormClean(store); // asked already: the leave guard need not ask again
          leave();
        }
      } else if ((e.ctrlKey || e.metaKey) && (e.key === 's' || e.key === 'S' || e.keyCode === 83)) {
        e.preventDefault();
        if (mode !== 'delete') void save(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [leave, save, mode, store]);

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
        <div className="sticky-toolbar d-flex flex-wrap align-items-center gap-2 py-2 mb-3 border-bottom">
          {definition.hideToolbar ? null : (
            <div className="me-auto">
              <h1 className="h4 mb-0">{title}</h1>
            </div>
          )}
          <ActionLinks actions={definition.actions} align="left" />
          {isAdmin && definition.id ? (
            <Link className="btn btn-outline-secondary btn-sm" to={`/formdesigner/edit/${definition.id}`} aria-label="Edit form">
              Edit form
            </Link>
          ) : null}
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
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={leave}>
            Cancel
          </button>
          <ActionLinks actions={definition.actions} align="right" />
        </div>
        {embedded ? null : <PageHead title={title} />}
        {embedded || readOnly ? null : <LeaveGuard dirty={() => isFormDirty(store)} />}
        <ErrorBanner message={banner} />
        {mode === 'delete' && !mayDelete ? (
          <div className="alert alert-info" role="note">
            This form does not allow deleting.
          </div>
        ) : null}
        {stale ? <StaleOffer store={store} busy={busy} onCopy={() => void save(true)} /> : null}
        {conflict ? <ConflictOffer busy={busy} onReload={reloadCurrent} onOverwrite={saveMineAnyway} /> : null}
        <RowsView key={generation} rows={definition.definition} />
      </form>
    </RuntimeContext.Provider>
  );
}

/**
 * After a 409 for a record changed elsewhere: load the record as it is now (dropping what was
 * typed, after asking), or save what was typed over it. The first choice takes the focus, so a
 * keyboard user is at the choice the banner announces.
 */
function ConflictOffer({ busy, onReload, onOverwrite }: { busy: boolean; onReload(): void; onOverwrite(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  // Once the failed save has finished (a disabled button cannot take the focus).
  useEffect(() => {
    if (busy || focused.current) return;
    focused.current = true;
    first.current?.focus();
  }, [busy]);
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Changed by someone else">
      <button ref={first} type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={onReload}>
        Reload the current record
      </button>
      <button type="button" className="btn btn-outline-danger btn-sm" disabled={busy} onClick={onOverwrite}>
        Save mine anyway
      </button>
    </div>
  );
}

/**
 * After a 409 for a stale version: reload the stored definition (dropping these edits, after
 * asking), or keep these edits as a new definition under a name the user gives.
 */
function StaleOffer({ store, busy, onCopy }: { store: FormStore; busy: boolean; onCopy(): void }) {
  const copy = () => {
    const name = String(formValues(store).name ?? '');
    const next = window.prompt('Name of the copy', name ? `${name}_copy` : '');
    if (!next) return;
    setFieldValue(store, 'name', next);
    onCopy();
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Saved elsewhere">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => window.confirm('Discard changes?') && window.location.reload()}>
        Reload
      </button>
      <button type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={copy}>
        Save as a copy
      </button>
    </div>
  );
}

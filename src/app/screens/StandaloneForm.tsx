import { useMemo, useState, type ReactNode } from 'react';
import type { FormDefinition } from '../../generated/definitions';
import { VALIDATION_FAILED } from '../../shared/field-validation';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';
import { createFormStore, type FormStore, type Values } from '../../runtime/form-store';
import { checkForm, initialValues, recordValues } from '../../runtime/form-logic';
import { usePlugins } from '../../runtime/host';
import { RowsView } from '../../runtime/Interpreter';
import { RuntimeContext, type AfterSave, type Runtime } from '../../runtime/RuntimeContext';

export interface StandaloneFormProps {
  /** The form definition to load (GET /api/form/{name}/definition). */
  name: string;
  /** Values to start from, over the definition's initial values. */
  initial?: Values;
  submitLabel: string;
  /**
   * Called with the form's values once they pass validation; answers the error to show, or
   * null on success. Nothing is sent while the form is invalid.
   */
  onSubmit(values: Values, store: FormStore): Promise<string | null>;
  /** Buttons and links after the submit button. */
  children?: ReactNode;
  /** Shown above the fields (a notice, a step counter). */
  header?: ReactNode;
}

/**
 * A form definition rendered by the interpreter, whose values go to their own endpoint
 * (login, lost password, admin password change) instead of a record's add/update.
 */
export function StandaloneForm({ name, initial, submitLabel, onSubmit, children, header }: StandaloneFormProps) {
  const definition = useApi<FormDefinition>(`/api/form/${encodeURIComponent(name)}/definition`);
  if (definition.loading) return <Loading />;
  if (!definition.data) return <ErrorBanner message={definition.error} />;
  return (
    <LoadedStandalone key={name} definition={definition.data} initial={initial} submitLabel={submitLabel} onSubmit={onSubmit} header={header}>
      {children}
    </LoadedStandalone>
  );
}

function LoadedStandalone({ definition, initial, submitLabel, onSubmit, children, header }: Omit<StandaloneFormProps, 'name'> & { definition: FormDefinition }) {
  const plugins = usePlugins();
  const [store] = useState(() => createFormStore({ ...initialValues(plugins, definition.definition), ...initial }));
  const [banner, setBanner] = useState('');
  const [busy, setBusy] = useState(false);
  const runtime = useMemo<Runtime>(
    () => ({ store, mode: 'add', readOnly: false, idPrefix: `form-${definition.name}`, recordId: null, afterSave: new Set<AfterSave>() }),
    [store, definition.name],
  );
  const submit = async () => {
    if (!checkForm(plugins, store, definition.definition)) {
      setBanner(VALIDATION_FAILED);
      return;
    }
    const values = store.getState().values;
    setBusy(true);
    setBanner('');
    const error = await onSubmit(recordValues(plugins, definition.definition, values), store);
    setBusy(false);
    if (error) setBanner(error);
  };
  const title = definition.title || definition.name;
  return (
    <RuntimeContext.Provider value={runtime}>
      <form
        noValidate
        aria-labelledby={`${definition.name}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <h1 id={`${definition.name}-title`} className="h4 mb-3">
            {title}
          </h1>
          <PageHead title={title} />
          {header}
          <ErrorBanner message={banner} />
          <RowsView rows={definition.definition} />
          <div className="d-flex flex-wrap align-items-center gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {submitLabel}
            </button>
            {children}
          </div>
        </div>
      </form>
    </RuntimeContext.Provider>
  );
}

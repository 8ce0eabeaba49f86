import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AccessPanel } from '../../../designer/ui/access/AccessPanel';
import { DesignerContext, type Doc } from '../../../designer/ui/context';
import { DesignerServicesProvider, type DesignerServices } from '../../../designer/services';
import { createDesignerStore } from '../../../designer/store';
import { api } from '../../../runtime/api/http';
import { formValues, setFieldValue, useFieldValue, type FormStore } from '../../../runtime/form-store';
import { usePlugins } from '../../../runtime/host';

/**
 * A select has no visual designer: its record form (fixtures/forms/select.json) shows the
 * designers' Access panel under its fields. The panel edits a small designer document of the
 * select's model and access, with its own Undo and Redo; each edit is the form's `access` value,
 * saved with the form's Save.
 */
export default function SelectAccess({ store }: { store: FormStore }) {
  const plugins = usePlugins();
  const services = useMemo<DesignerServices>(() => ({ api, plugins }), [plugins]);
  const model = useFieldValue(store, 'model');
  const [designer] = useState(() => {
    const values = formValues(store);
    return createDesignerStore<Doc>('form', values.access === undefined ? { model: values.model } : { model: values.model, access: values.access });
  });
  useEffect(
    () =>
      designer.subscribe((state, prev) => {
        if (state.doc.access !== prev.doc.access) setFieldValue(store, 'access', state.doc.access);
      }),
    [designer, store],
  );
  // The model picked in the form is the one rules and fields speak of (not an edit of the panel's own).
  useEffect(() => {
    const { doc } = designer.getState();
    if (doc.model !== model) designer.setState({ doc: { ...doc, model } });
  }, [designer, model]);
  const subscribe = designer.subscribe;
  const undo = useSyncExternalStore(subscribe, () => designer.getState().past.length);
  const redo = useSyncExternalStore(subscribe, () => designer.getState().future.length);
  return (
    <DesignerServicesProvider value={services}>
      <DesignerContext.Provider value={designer}>
        <div className="card mt-3">
          <div className="card-body dz-property-panel">
            <div className="btn-group btn-group-sm float-end" role="group" aria-label="Access history">
              <button type="button" className="btn btn-outline-secondary" disabled={undo === 0} onClick={() => designer.getState().undo()}>
                Undo <span className="badge text-bg-light">{undo}</span>
              </button>
              <button type="button" className="btn btn-outline-secondary" disabled={redo === 0} onClick={() => designer.getState().redo()}>
                Redo <span className="badge text-bg-light">{redo}</span>
              </button>
            </div>
            <AccessPanel kind="select" idPrefix="select-access" />
          </div>
        </div>
      </DesignerContext.Provider>
    </DesignerServicesProvider>
  );
}

/**
 * The plugin kit's test helpers, for a plugin's own tests (component project: jsdom, with the
 * registry and the mock API set up by tests/support/component-setup.ts). A test imports this
 * module and the kit, nothing else of Tessera.
 */
import { render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Column, Row } from '../generated/definitions';
import { checkForm, initialValues, recordValues } from '../runtime/form-logic';
import { createFormStore, formValues, isFormDirty, setFieldValue, type Values } from '../runtime/form-store';
import { RowsView } from '../runtime/Interpreter';
import { RuntimeContext, type AfterSave, type Runtime } from '../runtime/RuntimeContext';
import { fieldOf, getPlugin } from '../runtime/registry';

export type { Runtime, Values };
export { fieldOf, getPlugin, initialValues, recordValues, setFieldValue };
/** The record as the form's Save sends it (fields a column holds, as a designer does, read from it), and whether anything is unsaved. */
export { formValues, isFormDirty };
/** Validates a rendered form as its Save button does: answers whether it may be sent, and shows the messages. */
export { checkForm };

/**
 * The mock API of the component suite (msw): a test adds the answers it needs with
 * `mockApi.use(http.get('/api/...', ...))`; handlers are reset after every test, and a request
 * no handler answers fails the test, so no call goes unnoticed.
 */
export const mockApi = setupServer();

export interface RenderOptions extends Partial<Runtime> {
  /** What the form's store holds at first. */
  values?: Values;
}

/** A runtime as a form gives its columns: a fresh store holding `values`, view mode unless told. */
export function testRuntime({ values = {}, ...runtime }: RenderOptions = {}): Runtime {
  return { store: createFormStore(values), mode: 'view', readOnly: false, idPrefix: 't', recordId: null, afterSave: new Set<AfterSave>(), ...runtime };
}

/** Any element inside a router (for links) and a form's runtime. */
export function renderInForm(ui: ReactNode, rt: Runtime = testRuntime()) {
  const result = render(
    <MemoryRouter>
      <RuntimeContext.Provider value={rt}>{ui}</RuntimeContext.Provider>
    </MemoryRouter>,
  );
  return { ...result, runtime: rt };
}

/**
 * Columns in one row, drawn by the interpreter as a page or form draws them, inside a router
 * (for links); answers the testing-library result and the runtime, whose store holds `values`.
 */
export function renderColumns(cols: Column[], options: RenderOptions = {}) {
  const rows: Row[] = [{ cols }];
  return renderInForm(<RowsView rows={rows} />, testRuntime(options));
}

/** One field column of record 5 in edit mode, as the field plugins' tests use it; answers the runtime. */
export function renderField(column: Column, values: Values = {}, runtime: Partial<Runtime> = {}): Runtime {
  return renderColumns([column], { mode: 'edit', recordId: '5', ...runtime, values }).runtime;
}

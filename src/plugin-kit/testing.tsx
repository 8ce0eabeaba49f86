/**
 * The plugin kit's test helpers, for a plugin's own tests (component project: jsdom, with the
 * mock API set up by tests/support/component-setup.ts). A test imports this module and the kit,
 * nothing else of Tessera. Columns are drawn inside the host the app itself makes
 * (src/app/host.tsx: every plugin folder's plugin, and the designer), so a test sees its plugin
 * as the app does.
 */
import { render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createHost } from '../app/host';
import type { Column, Row } from '../generated/definitions';
import * as logic from '../runtime/form-logic';
import { createFormStore, formValues, isFormDirty, setFieldValue, type FormStore, type Values } from '../runtime/form-store';
import { HostProvider, type RuntimeHost } from '../runtime/host';
import { RowsView } from '../runtime/Interpreter';
import { RuntimeContext, type AfterSave, type Runtime } from '../runtime/RuntimeContext';
import type { ColumnPlugin } from '../runtime/plugin';
import { createRegistry, fieldOf } from '../runtime/registry';

export type { Runtime, RuntimeHost, Values };
export { fieldOf, setFieldValue };
/** The record as the form's Save sends it (fields a column holds, as a designer does, read from it), and whether anything is unsaved. */
export { formValues, isFormDirty };

/** The host the helpers draw in: the app's own, made once for the test file. */
export const testHost: RuntimeHost = createHost();

/** The test host with these plugins in place of those of the same childType (a component that counts its renders). */
export function testHostWith(...replacements: ColumnPlugin[]): RuntimeHost {
  const replaced = new Map(replacements.map((p) => [p.childType, p]));
  return createHost(createRegistry(testHost.plugins.all().map((p) => replaced.get(p.childType) ?? p)));
}

/** Draws its children inside the test host, or the one given (also a `wrapper` for testing-library's render). */
export function InHost({ children, host = testHost }: { children: ReactNode; host?: RuntimeHost }) {
  return <HostProvider value={host}>{children}</HostProvider>;
}

/** A new record's values for these rows, from the host's plugins (runtime/form-logic.ts). */
export function initialValues(rows: Row[] | undefined): Values {
  return logic.initialValues(testHost.plugins, rows);
}

/** The values the server accepts for these rows: their bound fields only. */
export function recordValues(rows: Row[] | undefined, values: Values): Values {
  return logic.recordValues(testHost.plugins, rows, values);
}

/** Validates a rendered form as its Save button does: answers whether it may be sent, and shows the messages. */
export function checkForm(store: FormStore, rows: Row[] | undefined): boolean {
  return logic.checkForm(testHost.plugins, store, rows);
}

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

/** Any element inside the test host, a router (for links) and a form's runtime. */
export function renderInForm(ui: ReactNode, rt: Runtime = testRuntime()) {
  const result = render(
    <InHost>
      <MemoryRouter>
        <RuntimeContext.Provider value={rt}>{ui}</RuntimeContext.Provider>
      </MemoryRouter>
    </InHost>,
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

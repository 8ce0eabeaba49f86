import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Column } from '../../src/generated/definitions';
import { createFormStore, type Values } from '../../src/client/runtime/form-store';
import { RowsView } from '../../src/client/runtime/Interpreter';
import { RuntimeContext, type AfterSave, type Runtime } from '../../src/client/runtime/RuntimeContext';

export interface RenderOptions extends Partial<Runtime> {
  /** What the form's store holds at first. */
  values?: Values;
}

/**
 * Columns in one row, drawn by the interpreter as a page or form draws them, inside a router
 * (for links); answers the testing-library result and the runtime, whose store holds `values`.
 */
export function renderColumns(cols: Column[], { values = {}, ...runtime }: RenderOptions = {}) {
  const rt: Runtime = { store: createFormStore(values), mode: 'view', readOnly: false, idPrefix: 't', recordId: null, afterSave: new Set<AfterSave>(), ...runtime };
  const result = render(
    <MemoryRouter>
      <RuntimeContext.Provider value={rt}>
        <RowsView rows={[{ cols }]} />
      </RuntimeContext.Provider>
    </MemoryRouter>,
  );
  return { ...result, runtime: rt };
}

/** One field column of record 5 in edit mode, as the field plugins' tests use it; answers the runtime. */
export function renderField(column: Column, values: Values = {}, runtime: Partial<Runtime> = {}): Runtime {
  return renderColumns([column], { mode: 'edit', recordId: '5', ...runtime, values }).runtime;
}

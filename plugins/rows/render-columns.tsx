import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Column } from '../../src/generated/definitions';
import { createFormStore, type Values } from '../../src/client/runtime/form-store';
import { RowsView } from '../../src/client/runtime/Interpreter';
import type { RenderMode } from '../../src/client/runtime/plugin';
import { RuntimeContext, type AfterSave } from '../../src/client/runtime/RuntimeContext';

/**
 * Test helper for the layout plugins' tests: columns in one row, drawn by the interpreter as a
 * page or form would draw them, with a router for links and a store holding `values`.
 */
export function renderColumns(cols: Column[], { mode = 'view', values = {} }: { mode?: RenderMode; values?: Values } = {}) {
  const runtime = { store: createFormStore(values), mode, readOnly: false, idPrefix: 't', recordId: null, afterSave: new Set<AfterSave>() };
  return render(
    <MemoryRouter>
      <RuntimeContext.Provider value={runtime}>
        <RowsView rows={[{ cols }]} />
      </RuntimeContext.Provider>
    </MemoryRouter>,
  );
}

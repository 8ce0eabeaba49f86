import type { ReactElement } from 'react';
import { createHost } from '../../../src/app/host';
// The app's own stylesheet, as the product ships it (row containment included).
import '../../../src/app/styles.css';
import type { Row } from '../../../src/generated/definitions';
import { RowsView } from '../../../src/runtime/Interpreter';
import { RuntimeContext, type Runtime } from '../../../src/runtime/RuntimeContext';
import { createFormStore } from '../../../src/runtime/form-store';
import { initialValues } from '../../../src/runtime/form-logic';
import { HostProvider } from '../../../src/runtime/host';

const ID_PREFIX = 'bench';
/** The plugins and designer as the app hands them down (src/app/host.tsx). */
const host = createHost();

/** N text fields as a form definition states them: rows of four Input columns of width 3. */
export function rowsOf(n: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < n; i += 4) {
    const cols: Row['cols'] = [];
    for (let j = i; j < Math.min(i + 4, n); j++) cols.push({ childType: 'Input', width: 3, name: `f${j}`, label: `Field ${j}`, fieldtype: 'text' });
    rows.push({ cols });
  }
  return rows;
}

/** The form as FormScreen renders its body: one store, one runtime, the interpreter over the rows. */
export function formElement(n: number): ReactElement {
  const rows = rowsOf(n);
  const runtime: Runtime = {
    store: createFormStore(initialValues(host.plugins, rows)),
    mode: 'add',
    readOnly: false,
    idPrefix: ID_PREFIX,
    recordId: null,
    afterSave: new Set(),
  };
  return (
    <HostProvider value={host}>
      <RuntimeContext.Provider value={runtime}>
        <form noValidate>
          <RowsView rows={rows} />
        </form>
      </RuntimeContext.Provider>
    </HostProvider>
  );
}

export function inputOf(index: number): HTMLInputElement | null {
  return document.getElementById(`${ID_PREFIX}-f${index}`) as HTMLInputElement | null;
}

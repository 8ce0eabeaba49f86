import type { PluginRegistry } from '../../runtime/plugin';
import type { DesignAction, DesignerKind } from '../actions';
import type { DesignerState } from '../store';
import { useDesignerStore, type Doc } from './context';
import * as edits from './edits';
import { DirtyStatus, HistoryButtons } from './HistoryTools';

/** Undo and redo with their counts, the row and column buttons, and the dirty marker. */
export function Toolbar({ label, kind }: { label: string; kind: DesignerKind }) {
  const store = useDesignerStore();
  const dispatch = (pick: (s: DesignerState<Doc>) => DesignAction | null) => {
    const state = store.getState();
    const action = pick(state);
    if (action) state.dispatch(action);
  };
  const addRow = () => {
    const state = store.getState();
    const { action, select } = edits.addRow(state.doc, state.selection);
    if (state.dispatch(action)) store.getState().select(select);
  };
  return (
    <div className="dz-toolbar" role="toolbar" aria-label={label}>
      <HistoryButtons store={store} />
      {/* A grid's and a model's lists have their own buttons on the canvas. */}
      {kind === 'grid' || kind === 'model' ? null : kind === 'menu' ? (
        <div className="btn-group btn-group-sm" role="group" aria-label="Work-flow rows">
          <button type="button" className="btn btn-outline-secondary" onClick={() => dispatch(() => ({ type: 'addItem', list: ['definition'] }))}>
            Add work-flow row
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => dispatch(() => ({ type: 'deleteLastItem', list: ['definition'] }))}>
            Delete last work-flow row
          </button>
        </div>
      ) : (
      <div className="btn-group btn-group-sm" role="group" aria-label="Rows and columns">
        <button type="button" className="btn btn-outline-secondary" onClick={addRow}>
          Add row
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => dispatch((s) => edits.deleteLastRow(s.selection))}>
          Delete last row
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => dispatch((s) => edits.addColumn(s.doc, s.selection))}>
          Add column
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => dispatch((s) => edits.deleteLastColumn(s.doc, s.selection))}>
          Delete last column
        </button>
      </div>
      )}
      <DirtyStatus store={store} />
    </div>
  );
}

/** A new column of a type, from its plugin's create(). */
export function newColumnOf(plugins: PluginRegistry, childType: string): Record<string, unknown> | null {
  const plugin = plugins.get(childType);
  return plugin ? (plugin.create() as unknown as Record<string, unknown>) : null;
}

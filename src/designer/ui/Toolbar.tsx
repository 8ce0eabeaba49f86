import type { PluginRegistry } from '../../runtime/plugin';
import type { DesignAction, DesignerKind } from '../actions';
import type { DesignerState } from '../store';
import { useDesigner, useDesignerStore, type Doc } from './context';
import * as edits from './edits';

/** Undo and redo with their counts, the row and column buttons, and the dirty marker. */
export function Toolbar({ label, kind }: { label: string; kind: DesignerKind }) {
  const store = useDesignerStore();
  const undo = useDesigner((s) => s.past.length);
  const redo = useDesigner((s) => s.future.length);
  const dirty = useDesigner((s) => s.isDirty());
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
      <div className="btn-group btn-group-sm" role="group" aria-label="History">
        <button type="button" className="btn btn-outline-secondary" disabled={undo === 0} onClick={() => store.getState().undo()} title="Undo (Ctrl+Z)">
          Undo <span className="badge text-bg-light">{undo}</span>
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={redo === 0} onClick={() => store.getState().redo()} title="Redo (Ctrl+Shift+Z or Ctrl+Y)">
          Redo <span className="badge text-bg-light">{redo}</span>
        </button>
      </div>
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
      <span className={dirty ? 'dz-dirty' : 'dz-clean'} role="status">
        {dirty ? 'Unsaved changes' : 'No unsaved changes'}
      </span>
    </div>
  );
}

/** A new column of a type, from its plugin's create(). */
export function newColumnOf(plugins: PluginRegistry, childType: string): Record<string, unknown> | null {
  const plugin = plugins.get(childType);
  return plugin ? (plugin.create() as unknown as Record<string, unknown>) : null;
}

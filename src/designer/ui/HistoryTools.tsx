import { useStore, type StoreApi } from 'zustand';

/** What the toolbar reads of a designer's store (store.ts, and the automation designer's). */
interface Undoable {
  readonly past: readonly unknown[];
  readonly future: readonly unknown[];
  undo(): boolean;
  redo(): boolean;
  isDirty(): boolean;
}

type UndoableStore = Pick<StoreApi<Undoable>, 'getState' | 'getInitialState' | 'subscribe'>;

/** Undo and redo with their counts, as every designer's toolbar starts. */
export function HistoryButtons({ store }: { store: UndoableStore }) {
  const undo = useStore(store, (s) => s.past.length);
  const redo = useStore(store, (s) => s.future.length);
  return (
    <div className="btn-group btn-group-sm" role="group" aria-label="History">
      <button type="button" className="btn btn-outline-secondary" disabled={undo === 0} onClick={() => store.getState().undo()} title="Undo (Ctrl+Z)">
        Undo <span className="badge text-bg-light">{undo}</span>
      </button>
      <button type="button" className="btn btn-outline-secondary" disabled={redo === 0} onClick={() => store.getState().redo()} title="Redo (Ctrl+Shift+Z or Ctrl+Y)">
        Redo <span className="badge text-bg-light">{redo}</span>
      </button>
    </div>
  );
}

/** The dirty marker: whether the document differs from the one last saved or loaded. */
export function DirtyStatus({ store }: { store: UndoableStore }) {
  const dirty = useStore(store, (s) => s.isDirty());
  return (
    <span className={dirty ? 'dz-dirty' : 'dz-clean'} role="status">
      {dirty ? 'Unsaved changes' : 'No unsaved changes'}
    </span>
  );
}

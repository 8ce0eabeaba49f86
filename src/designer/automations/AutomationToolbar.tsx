import type { ReactNode } from 'react';
import { useAutomation, useAutomationStore } from './context';

/** Undo and redo with their counts, the dirty marker, and the screen's own buttons (Save, Cancel). */
export function AutomationToolbar({ label, children }: { label: string; children?: ReactNode }) {
  const store = useAutomationStore();
  const undo = useAutomation((s) => s.past.length);
  const redo = useAutomation((s) => s.future.length);
  const dirty = useAutomation((s) => s.isDirty());
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
      <span className={dirty ? 'dz-dirty' : 'dz-clean'} role="status">
        {dirty ? 'Unsaved changes' : 'No unsaved changes'}
      </span>
      {children}
    </div>
  );
}

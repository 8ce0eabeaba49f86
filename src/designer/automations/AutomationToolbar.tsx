import type { ReactNode } from 'react';
import { DirtyStatus, HistoryButtons } from '../ui/HistoryTools';
import { useAutomationStore } from './context';

/** Undo and redo with their counts, the dirty marker, and the screen's own buttons (Save, Cancel). */
export function AutomationToolbar({ label, children }: { label: string; children?: ReactNode }) {
  const store = useAutomationStore();
  return (
    <div className="dz-toolbar" role="toolbar" aria-label={label}>
      <HistoryButtons store={store} />
      <DirtyStatus store={store} />
      {children}
    </div>
  );
}

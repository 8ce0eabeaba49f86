import { memo, useMemo, type ReactNode } from 'react';
import type { Row } from '../../generated/definitions';
import { createFormStore } from '../../runtime/form-store';
import { RowView } from '../../runtime/Interpreter';
import { RuntimeContext, type AfterSave, type DesignHooks, type Runtime } from '../../runtime/RuntimeContext';
import { useDesigner } from './context';
import { DesignDnd } from './dnd';
import { ColumnFrame, RowFrame } from './Frames';

const HOOKS: DesignHooks = { Column: ColumnFrame, Row: RowFrame };

/**
 * The design area: the definition drawn by the runtime plugins themselves in mode 'design', so
 * what the admin sees is what users get, with a frame around each row and column.
 *
 * Only CanvasRows follows the document: were the drag context re-rendered by an edit, every
 * frame's draggable would re-render with it, and a keystroke would cost the whole canvas.
 */
export function Canvas({ idPrefix, label, onDragging }: { idPrefix: string; label: string; onDragging(active: boolean): void }) {
  const runtime = useMemo<Runtime>(
    () => ({ store: createFormStore(), mode: 'design', readOnly: true, idPrefix, recordId: null, afterSave: new Set<AfterSave>(), design: HOOKS }),
    [idPrefix],
  );
  return (
    <RuntimeContext.Provider value={runtime}>
      <DesignDnd onActive={onDragging}>
        <div className="dz-canvas" role="region" aria-label={label}>
          <CanvasRows />
        </div>
      </DesignDnd>
    </RuntimeContext.Provider>
  );
}

/** Rows per group on the canvas. */
const GROUP = 32;

/**
 * The document's rows, drawn as the interpreter's RowsView draws them (same rows, same paths),
 * in memoised groups: an edit re-renders the group holding the edited row and compares the
 * others' rows by identity, so React's work for a keystroke does not grow with the page (a
 * single list would build and compare an element per row of the page on every edit).
 */
function CanvasRows() {
  const rows = useDesigner((s) => s.doc.definition) as Row[] | undefined;
  if (!rows || rows.length === 0) return <p className="dz-empty">Nothing here yet: add a row, or pick a column type from the palette.</p>;
  const groups: ReactNode[] = [];
  for (let start = 0; start < rows.length; start += GROUP) groups.push(<RowGroup key={start} rows={rows} start={start} end={Math.min(rows.length, start + GROUP)} />);
  return <>{groups}</>;
}

interface GroupProps {
  rows: Row[];
  start: number;
  end: number;
}

const sameRows = (a: GroupProps, b: GroupProps): boolean => {
  if (a.start !== b.start || a.end !== b.end) return false;
  for (let i = a.start; i < a.end; i++) if (a.rows[i] !== b.rows[i]) return false;
  return true;
};

const RowGroup = memo(function RowGroup({ rows, start, end }: GroupProps) {
  const drawn: ReactNode[] = [];
  for (let i = start; i < end; i++) drawn.push(<RowView key={i} row={rows[i]!} path={`r${i}`} />);
  return <>{drawn}</>;
}, sameRows);

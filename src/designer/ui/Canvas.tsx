import { useMemo } from 'react';
import type { Row } from '../../generated/definitions';
import { createFormStore } from '../../client/runtime/form-store';
import { RowsView } from '../../client/runtime/Interpreter';
import { RuntimeContext, type AfterSave, type DesignHooks, type Runtime } from '../../client/runtime/RuntimeContext';
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

function CanvasRows() {
  const rows = useDesigner((s) => s.doc.definition) as Row[] | undefined;
  return rows && rows.length > 0 ? <RowsView rows={rows} /> : <p className="dz-empty">Nothing here yet: add a row, or pick a column type from the palette.</p>;
}

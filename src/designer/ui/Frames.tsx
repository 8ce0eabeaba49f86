import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import type { Column, Row } from '../../generated/definitions';
import { pathIndex, useDesignerStore, useIsSelected } from './context';
import { columnName } from './column-name';
import { dragId, type DragData } from './dnd';
import { ResizeHandle } from './Resize';

/**
 * A column on the canvas (selection: a white border idle, secondary on hover, dark when
 * selected, one at a time). A click anywhere in it selects it (the innermost column wins); the
 * handle button names it and selects it from the keyboard.
 *
 * Its place is read as it renders, not subscribed to: a frame is drawn again whenever the
 * interpreter draws its column again, which it does for every column whose object or place
 * changed (rows are memoised by object and index), so an edit elsewhere costs a frame nothing,
 * not even a selector call. It listens only to whether it is the one selected.
 */
export const ColumnFrame = memo(function ColumnFrame({ column, children }: { column: Column; children: ReactNode }) {
  const store = useDesignerStore();
  const key = pathIndex(store.getState().doc).get(column)?.key ?? '';
  const selected = useIsSelected(key);
  // The path is read when a drag starts or ends, so frames need not re-render as paths shift.
  const data = useMemo<DragData>(() => ({ kind: 'col', get path() { return pathIndex(store.getState().doc).get(column)?.path ?? []; } }), [store, column]);
  const drag = useDraggable({ id: dragId('col', key), data, disabled: !key });
  const drop = useDroppable({ id: dragId('col', key), data, disabled: !key });
  if (!key) return <>{children}</>; // a column a plugin synthesised (a card's inner Tabs): not in the document
  const select = (e: MouseEvent) => {
    e.stopPropagation();
    e.preventDefault();
    const found = pathIndex(store.getState().doc).get(column);
    if (found) store.getState().select(found.path);
  };
  const name = columnName(column as unknown as Record<string, unknown>);
  const t = drag.transform;
  const classes = ['dz-col', selected && 'dz-selected', drop.isOver && !drag.isDragging && 'dz-over', drag.isDragging && 'dz-dragging'].filter(Boolean).join(' ');
  return (
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      className={classes}
      data-dz-path={key}
      style={t ? { transform: `translate3d(${t.x}px, ${t.y}px, 0)` } : undefined}
      onClick={select}
    >
      <button type="button" className="dz-handle" title={name} {...drag.attributes} {...drag.listeners} aria-pressed={selected} onClick={select}>
        {name}
      </button>
      <div className="dz-col-body">{children}</div>
      <ResizeHandle column={column} width={typeof column.width === 'number' ? column.width : 0} name={name} />
    </div>
  );
});

/** A row on the canvas: a dashed outline so empty space and nesting stay visible, and a drop place. */
export const RowFrame = memo(function RowFrame({ row, children }: { row: Row; children: ReactNode }) {
  const store = useDesignerStore();
  const key = pathIndex(store.getState().doc).get(row)?.key ?? ''; // read as it renders, as a column frame's
  const data = useMemo<DragData>(() => ({ kind: 'row', get path() { return pathIndex(store.getState().doc).get(row)?.path ?? []; } }), [store, row]);
  const drop = useDroppable({ id: dragId('row', key), data, disabled: !key });
  return (
    <div ref={drop.setNodeRef} className={drop.isOver ? 'dz-row dz-over' : 'dz-row'} data-dz-path={key}>
      {children}
    </div>
  );
});

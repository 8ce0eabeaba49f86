import type { KeyboardEvent, PointerEvent } from 'react';
import { pathIndex, useDesignerStore } from './context';

/** Widths a drag gives: 0 (automatic) to 11; 12 only through the property editor. */
const MAX_DRAG = 11;

/**
 * The right-hand handle of a column on the canvas: dragging it sets the column's width in grid
 * twelfths of its row (one undo step per drag); with focus, arrow keys narrow and widen it.
 */
export function ResizeHandle({ column, width, name }: { column: object; width: number; name: string }) {
  const store = useDesignerStore();
  const pathOf = () => pathIndex(store.getState().doc).get(column)?.path;

  // A resize changes the column object (immer), not its place: the path found when it starts holds.
  const resize = (next: number, merge?: string, path = pathOf()) => {
    if (!path) return;
    const clamped = Math.max(0, Math.min(MAX_DRAG, next));
    store.getState().dispatch({ type: 'resize', column: path, width: clamped }, merge ? { merge } : {});
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const cell = e.currentTarget.closest('.dz-col')?.parentElement;
    const row = cell?.closest('.tessera-row');
    if (!cell || !row) return;
    e.preventDefault();
    e.stopPropagation();
    const left = cell.getBoundingClientRect().left;
    const rowWidth = row.getBoundingClientRect().width;
    const merge = `resize:${String(Date.now())}`;
    const path = pathOf();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => resize(Math.round(((ev.clientX - left) / rowWidth) * 12), merge, path);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      store.getState().seal();
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? MAX_DRAG : step === 0 ? null : width + step;
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    resize(to);
  };

  return (
    <div
      className="dz-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${name}`}
      aria-valuemin={0}
      aria-valuemax={MAX_DRAG}
      aria-valuenow={width}
      aria-valuetext={width === 0 ? 'automatic' : `${width} of 12`}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

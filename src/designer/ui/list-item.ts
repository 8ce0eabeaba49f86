import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useMemo, type CSSProperties, type MouseEvent } from 'react';
import { getAt, type Path } from '../path';
import { pathKey, useDesigner, useDesignerStore, type Doc } from './context';
import { dragId, type DragData } from './dnd';

/**
 * One item of a designer list (a grid's fields and actions, a menu's work-flow rows): the item,
 * whether it is selected, and what makes it draggable, a drop place for a swap, and selectable.
 * `ref`, `style` and `state` (the selection and drag classes) go on the item's element; `drag`
 * spreads its attributes and listeners on the handle.
 */
export function useListItem<T = Doc>(path: Path) {
  const store = useDesignerStore();
  const key = pathKey(path);
  const item = useDesigner((s) => getAt(s.doc, path)) as T | undefined;
  const selected = useDesigner((s) => s.selection !== null && pathKey(s.selection) === key);
  const data = useMemo<DragData>(() => ({ kind: 'item', path }), [path]);
  const drag = useDraggable({ id: dragId('item', key), data });
  const drop = useDroppable({ id: dragId('item', key), data });
  const select = (e: MouseEvent) => {
    e.stopPropagation();
    store.getState().select(path);
  };
  const t = drag.transform;
  const style: CSSProperties | undefined = t ? { transform: `translate3d(${t.x}px, ${t.y}px, 0)` } : undefined;
  const state = [selected && 'dz-selected', drop.isOver && !drag.isDragging && 'dz-over', drag.isDragging && 'dz-dragging'].filter(Boolean).join(' ');
  const ref = (node: HTMLElement | null) => {
    drag.setNodeRef(node);
    drop.setNodeRef(node);
  };
  return { item, selected, drag, select, style, state, ref };
}

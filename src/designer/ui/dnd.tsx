/**
 * Dragging on the canvas (@dnd-kit): a column is dragged by its handle, after 15 pixels with a
 * pointer, or by keyboard (Space lifts, arrows move, Space drops, Escape cancels; each step is
 * announced to screen readers). Dropped on another column it swaps places with it;
 * dropped on a row's free space (also a card's or a tab's) it moves to the end of that row.
 * A drop is one action, so one undo step.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useMemo, type ReactNode } from 'react';
import type { DesignAction } from '../actions';
import { getAt, type Path } from '../path';
import { useDesignerStore, type Doc } from './context';
import { columnName } from './column-name';

export interface DragData {
  /** A column, a row (a drop place only), or an item of another list (a menu's work-flow row). */
  kind: 'col' | 'row' | 'item';
  path: Path;
}

/** What a drop does: a swap with a column, or a move to the end of a row. */
export function dropAction(doc: Doc, from: Path, over: DragData): DesignAction | null {
  if (over.kind === 'col' || over.kind === 'item') return { type: 'swap', a: from, b: over.path };
  const cols = (getAt(doc, over.path) as { cols?: unknown[] } | undefined)?.cols ?? [];
  const sameRow = from.length === over.path.length + 2 && over.path.every((k, i) => from[i] === k);
  return { type: 'move', from, to: [...over.path, 'cols'], index: sameRow ? cols.length - 1 : cols.length };
}

function nameAt(doc: Doc, data: DragData | undefined): string {
  if (!data) return 'nothing';
  const item = getAt(doc, data.path) as Record<string, unknown> | undefined;
  if (!item) return 'nothing';
  if (data.kind === 'col') return columnName(item);
  const n = String((data.path.at(-1) as number) + 1);
  const own = [item.title, item.label, item.name, item.fieldname].find((v) => typeof v === 'string' && v !== '') as string | undefined;
  return data.kind === 'item' ? `${data.path[0] === 'definition' ? 'row' : 'item'} ${n}${own ? `: ${own}` : ''}` : `row ${n}`;
}

const KEYS = { start: ['Space'], cancel: ['Escape'], end: ['Space'] };

/**
 * With a pointer, the innermost drop place under it (a column before the row around it, a row
 * in a card before the card); with the keyboard, the place the moved item overlaps most.
 */
const collide: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return rectIntersection(args);
  const area = (id: UniqueIdentifier) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Number.MAX_VALUE;
  };
  return pointerWithin(args)
    .filter((c) => c.id !== args.active.id)
    .sort((a, b) => area(a.id) - area(b.id));
};

export function DesignDnd({ children, onActive }: { children: ReactNode; onActive(active: boolean): void }) {
  const store = useDesignerStore();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 15 } }),
    // Instant scrolling: a smooth scroll still running when the next arrow comes makes that key
    // scroll again instead of moving, so under load an item could seem stuck.
    useSensor(KeyboardSensor, { keyboardCodes: KEYS, scrollBehavior: 'auto' }),
  );
  const announcements = useMemo<Announcements>(() => {
    const doc = () => store.getState().doc;
    const data = (x: { data: { current?: unknown } } | null) => (x?.data.current as DragData | undefined) ?? undefined;
    return {
      onDragStart: ({ active }) => `Picked up ${nameAt(doc(), data(active))}. Arrow keys move it, Space drops it, Escape cancels.`,
      onDragOver: ({ over }) => (over ? `Over ${nameAt(doc(), data(over))}.` : 'Over no drop place.'),
      onDragEnd: ({ active, over }) =>
        over ? `Dropped ${nameAt(doc(), data(active))} on ${nameAt(doc(), data(over))}.` : `Dropped ${nameAt(doc(), data(active))} where it was.`,
      onDragCancel: ({ active }) => `Cancelled: ${nameAt(doc(), data(active))} stays where it was.`,
    };
  }, [store]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onActive(false);
    const from = (active.data.current as DragData | undefined)?.path;
    const target = over?.data.current as DragData | undefined;
    if (!from || !target) return;
    const state = store.getState();
    const action = dropAction(state.doc, from, target);
    if (action && state.dispatch(action)) state.select(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collide}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move this, press Space, then the arrow keys, then Space to drop it on another (they swap places) or on a row. Escape cancels.' } }}
      onDragStart={() => onActive(true)}
      onDragCancel={() => onActive(false)}
      onDragEnd={onDragEnd}
    >
      {children}
    </DndContext>
  );
}

export const dragId = (kind: DragData['kind'], key: string): UniqueIdentifier => `${kind}:${key}`;

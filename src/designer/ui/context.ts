/**
 * The designer store a designer's components share, and the index from the document's own
 * objects to their paths: the interpreter hands the canvas frames the definition's columns, and
 * a frame finds where it sits by identity (immer keeps untouched objects, so only the edited
 * branch gets new objects and new entries).
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { childContainers } from '../../shared/plugin-hints';
import type { DesignerState, DesignerStore } from '../store';
import type { Path } from '../path';

export type Doc = Record<string, unknown>;

export const DesignerContext = createContext<DesignerStore<Doc> | null>(null);

export function useDesignerStore(): DesignerStore<Doc> {
  const store = useContext(DesignerContext);
  if (!store) throw new Error('A designer component is drawn outside its designer');
  return store;
}

export function useDesigner<T>(select: (state: DesignerState<Doc>) => T): T {
  return useStore(useDesignerStore(), select);
}

export interface Located {
  path: Path;
  key: string;
}

export const pathKey = (path: Path): string => path.join('/');

/**
 * Where each object of the last document indexed sits. Objects are unique to their document
 * tree, so one map serves every designer on the page.
 */
const located = new WeakMap<object, Located>();
let indexed: Doc | null = null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Brings `located` from the document indexed last to the next one, walking only what changed:
 * a node that is the very object the old document had at the same path is skipped with all it
 * holds, as immer keeps untouched branches. A keystroke in one column re-walks its row and
 * compares the other rows by identity, so its cost hardly grows with the canvas.
 */
function indexRows(rows: unknown, old: unknown, at: Path): void {
  if (!Array.isArray(rows) || rows === old) return;
  const before = Array.isArray(old) ? old : [];
  rows.forEach((row: unknown, r) => {
    const was: unknown = before[r];
    if (row === was || !isObject(row)) return;
    const rowPath = [...at, r];
    located.set(row, { path: rowPath, key: pathKey(rowPath) });
    const cols = row.cols;
    const oldCols = isObject(was) ? was.cols : undefined;
    if (!Array.isArray(cols) || cols === oldCols) return;
    const oldList = Array.isArray(oldCols) ? oldCols : [];
    cols.forEach((col: unknown, c) => indexItem(col, oldList[c], [...rowPath, 'cols', c]));
  });
}

function indexItem(item: unknown, old: unknown, path: Path): void {
  if (item === old || !isObject(item)) return;
  located.set(item, { path, key: pathKey(path) });
  const childType = item.childType;
  if (typeof childType !== 'string') return;
  const was = isObject(old) ? old : {};
  for (const { property, children } of childContainers(childType)) {
    const nested = item[property];
    if (children === 'rows') indexRows(nested, was[property], [...path, property]);
    else if (Array.isArray(nested) && nested !== was[property]) {
      const oldTabs = Array.isArray(was[property]) ? (was[property] as unknown[]) : [];
      nested.forEach((tab: unknown, t) => indexItem(tab, oldTabs[t], [...path, property, t]));
    }
  }
}

/** Where each row, column and tab of a form or page document sits (updated from the last document indexed). */
export function pathIndex(doc: Doc): { get(item: object): Located | undefined } {
  if (doc !== indexed) {
    indexRows(doc.definition, indexed?.definition, ['definition']);
    indexed = doc;
  }
  return located;
}

const selectionKeys = new WeakMap<Path, string>();

/** The selection's key, or '' when nothing is selected; worked out once per selection. */
export function selectedKey(selection: Path | null): string {
  if (!selection) return '';
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = pathKey(selection)));
  return key;
}

type Listeners = Map<string, Set<() => void>>;
const selectionListeners = new WeakMap<DesignerStore<Doc>, Listeners>();

/**
 * Listeners by the key of the item they draw: a change of selection wakes the item it leaves and
 * the one it reaches, and an edit wakes none (one store listener however many items are drawn,
 * where a selector per item would run for every item on every keystroke).
 */
function listenersOf(store: DesignerStore<Doc>): Listeners {
  let listeners = selectionListeners.get(store);
  if (!listeners) {
    const made: Listeners = new Map();
    store.subscribe((state, prev) => {
      if (state.selection === prev.selection) return;
      const was = selectedKey(prev.selection);
      const now = selectedKey(state.selection);
      if (was === now) return;
      for (const key of [was, now]) for (const listener of made.get(key) ?? []) listener();
    });
    selectionListeners.set(store, (listeners = made));
  }
  return listeners;
}

/** Whether the item at `key` is the one selected; re-renders only when that answer may change. */
export function useIsSelected(key: string): boolean {
  const store = useDesignerStore();
  const subscribe = useCallback(
    (listener: () => void) => {
      const listeners = listenersOf(store);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    [store, key],
  );
  return useSyncExternalStore(subscribe, () => key !== '' && selectedKey(store.getState().selection) === key);
}

/**
 * The designer store a designer's components share, and the index from the document's own
 * objects to their paths: the interpreter hands the canvas frames the definition's columns, and
 * a frame finds where it sits by identity (immer keeps untouched objects, so only the edited
 * branch gets new objects and new entries).
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { childContainers } from '../../core/plugin-hints';
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

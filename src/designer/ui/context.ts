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

const indexes = new WeakMap<object, Map<object, Located>>();

function indexRows(rows: unknown, at: Path, out: Map<object, Located>): void {
  if (!Array.isArray(rows)) return;
  rows.forEach((row: unknown, r) => {
    if (!row || typeof row !== 'object') return;
    const rowPath = [...at, r];
    out.set(row, { path: rowPath, key: pathKey(rowPath) });
    const cols = (row as { cols?: unknown }).cols;
    if (!Array.isArray(cols)) return;
    cols.forEach((col: unknown, c) => indexItem(col, [...rowPath, 'cols', c], out));
  });
}

function indexItem(item: unknown, path: Path, out: Map<object, Located>): void {
  if (!item || typeof item !== 'object') return;
  out.set(item, { path, key: pathKey(path) });
  const childType = (item as { childType?: unknown }).childType;
  if (typeof childType !== 'string') return;
  for (const { property, children } of childContainers(childType)) {
    const nested = (item as Record<string, unknown>)[property];
    if (children === 'rows') indexRows(nested, [...path, property], out);
    else if (Array.isArray(nested)) nested.forEach((tab: unknown, t) => indexItem(tab, [...path, property, t], out));
  }
}

/** Where each row, column and tab of a form or page document sits; built once per document version. */
export function pathIndex(doc: Doc): Map<object, Located> {
  let index = indexes.get(doc);
  if (!index) {
    index = new Map();
    indexRows(doc.definition, ['definition'], index);
    indexes.set(doc, index);
  }
  return index;
}

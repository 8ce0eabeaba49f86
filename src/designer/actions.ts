/**
 * A designer is a pure reducer over a definition document: `reduce(doc, action)` returns the next
 * document with immer patches and inverse patches, or null when the action cannot apply (a stale
 * path, an index out of range, an illegal move, a bad width). It never throws on what a user can
 * do, and it checks and touches only the paths an action names, so an edit costs the same on a
 * page of 10 blocks as on one of 1,000.
 */
import { enablePatches, produceWithPatches, type Patch } from 'immer';
import { inferKind, itemKind, listKind, newColumn, newItem, newRow, type DesignerKind, type ListKind } from './lists.js';
import { getAt, isPlainObject, isSafeKey, parentArray, startsWith, type Path } from './path.js';
import { followExclusions } from './history-exclude.js';

export { getAt, isColumnPath, parentArray, type Path } from './path.js';
export { inferKind, itemKind, listKind, newColumn, newItem, newRow, newTab, type DesignerKind, type ListKind } from './lists.js';

enablePatches();

export type DesignAction =
  /** Sets a property anywhere (document, column, action, field); `value: undefined` deletes the key. */
  | { type: 'set'; path: Path; value: unknown }
  /** Pushes a new row (one None column of width 0) onto a rows list. */
  | { type: 'addRow'; rows: Path }
  | { type: 'deleteLastRow'; rows: Path }
  /** Pushes a column (a None column of width 0 by default) onto a row. */
  | { type: 'addColumn'; row: Path; column?: unknown }
  /** Inserts a column at `index` of a row: a palette drop. */
  | { type: 'insertColumn'; row: Path; index: number; column: unknown }
  | { type: 'deleteLastColumn'; row: Path }
  /** Swaps two items of lists of the same kind (a drag onto another item swaps them). */
  | { type: 'swap'; a: Path; b: Path }
  /**
   * Moves an item into the list `to` at `index` (counted after the item left its own list). A
   * column dropped on a rows list (a card's, a tab's) arrives in a new row of its own.
   */
  | { type: 'move'; from: Path; to: Path; index: number }
  /** A column's width from dragging its handle: 0 to 11 (12 only through the property editor). */
  | { type: 'resize'; column: Path; width: number }
  /** Pushes an item (the list kind's default when absent: a tab is titled 'Tab-N' with one row). */
  | { type: 'addItem'; list: Path; item?: unknown }
  | { type: 'deleteLastItem'; list: Path }
  /** Removes the item at `item` from its list (a model's field, wherever it stands). */
  | { type: 'removeItem'; item: Path }
  /** The whole document: after a reload or a raw JSON edit. */
  | { type: 'replace'; document: unknown };

export interface DesignResult<T> {
  doc: T;
  patches: Patch[];
  inverse: Patch[];
}

/** A recipe that edits the draft in place, or returns a whole new document. */
type Recipe = (draft: unknown) => unknown;

/** Applies `action`; null when it cannot apply or would change nothing. `kind` is inferred from the document when absent. */
export function reduce<T extends object>(doc: T, action: DesignAction, kind: DesignerKind = inferKind(doc)): DesignResult<T> | null {
  const own = plan(doc, action, kind);
  if (!own) return null;
  // A model's history exclusions name its fields: they follow a rename or a removal in the same step.
  const follow = kind === 'model' ? followExclusions(doc, action) : null;
  const recipe: Recipe = follow
    ? (draft) => {
        own(draft);
        follow(draft);
      }
    : own;
  const [next, patches, inverse] = produceWithPatches(doc, recipe as (draft: T) => T | void);
  if (patches.length === 0) return null;
  return { doc: next as T, patches, inverse };
}

function plan(doc: unknown, action: DesignAction, kind: DesignerKind): Recipe | null {
  switch (action.type) {
    case 'set':
      return planSet(doc, action.path, action.value, kind);
    case 'addRow':
      return planPush(doc, action.rows, kind, 'rows', newRow());
    case 'deleteLastRow':
      return planPop(doc, action.rows, kind, 'rows');
    case 'addColumn':
      return planPush(doc, [...action.row, 'cols'], kind, 'cols', action.column ?? newColumn());
    case 'insertColumn':
      return planInsert(doc, [...action.row, 'cols'], action.index, action.column, kind);
    case 'deleteLastColumn':
      return planPop(doc, [...action.row, 'cols'], kind, 'cols');
    case 'swap':
      return planSwap(doc, action.a, action.b, kind);
    case 'move':
      return planMove(doc, action.from, action.to, action.index, kind);
    case 'resize':
      return planResize(doc, action.column, action.width, kind);
    case 'addItem':
      return planAddItem(doc, action.list, action.item, kind);
    case 'deleteLastItem':
      return planPop(doc, action.list, kind, null);
    case 'removeItem':
      return planRemove(doc, action.item, kind);
    case 'replace':
      return isPlainObject(action.document) ? () => action.document : null;
    default:
      return null;
  }
}

function isWidth(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

function planSet(doc: unknown, path: Path, value: unknown, kind: DesignerKind): Recipe | null {
  const key = path.at(-1);
  if (key === undefined || !path.every(isSafeKey)) return null;
  const ownerPath = path.slice(0, -1);
  const owner = getAt(doc, ownerPath);
  if (Array.isArray(owner)) {
    // Replacing an item is fine; deleting or appending through `set` would shift or grow a list behind the list actions' backs.
    if (typeof key !== 'number' || key >= owner.length || value === undefined) return null;
  } else if (!isPlainObject(owner) || typeof key !== 'string') {
    return null;
  }
  if (key === 'width' && ownerPath.length > 0 && itemKind(doc, ownerPath, kind) === 'cols' && !isWidth(value, 12)) return null;
  return (draft) => {
    const target = getAt(draft, ownerPath) as Record<string | number, unknown>;
    if (value === undefined) delete target[key];
    else target[key] = value;
  };
}

/** Validates `listPath` as a list of `expected` kind (any kind when null); the list may be absent (created on write). */
function checkList(doc: unknown, listPath: Path, kind: DesignerKind, expected: ListKind | null): { list: ListKind; items: readonly unknown[] } | null {
  if (!listPath.every(isSafeKey)) return null;
  const list = listKind(doc, listPath, kind);
  if (!list || (expected && list !== expected)) return null;
  const value = getAt(doc, listPath);
  if (value === undefined) return { list, items: [] };
  return Array.isArray(value) ? { list, items: value } : null;
}

/** The draft array at `listPath`, creating it on its owner when absent. */
function draftList(draft: unknown, listPath: Path): unknown[] {
  const owner = getAt(draft, listPath.slice(0, -1)) as Record<string, unknown>;
  const key = listPath.at(-1) as string;
  if (!Array.isArray(owner[key])) owner[key] = [];
  return owner[key] as unknown[];
}

function planPush(doc: unknown, listPath: Path, kind: DesignerKind, expected: ListKind, item: unknown): Recipe | null {
  if (!isPlainObject(item) || !checkList(doc, listPath, kind, expected)) return null;
  return (draft) => {
    draftList(draft, listPath).push(item);
  };
}

function planInsert(doc: unknown, listPath: Path, index: number, item: unknown, kind: DesignerKind): Recipe | null {
  const checked = checkList(doc, listPath, kind, 'cols');
  if (!checked || !Number.isInteger(index) || index < 0 || index > checked.items.length || !isPlainObject(item)) return null;
  return (draft) => {
    draftList(draft, listPath).splice(index, 0, item);
  };
}

function planRemove(doc: unknown, itemPath: Path, kind: DesignerKind): Recipe | null {
  const index = itemPath.at(-1);
  const listPath = itemPath.slice(0, -1);
  const checked = checkList(doc, listPath, kind, null);
  if (!checked || typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= checked.items.length) return null;
  return (draft) => {
    (getAt(draft, listPath) as unknown[]).splice(index, 1);
  };
}

function planPop(doc: unknown, listPath: Path, kind: DesignerKind, expected: ListKind | null): Recipe | null {
  const checked = checkList(doc, listPath, kind, expected);
  if (!checked || checked.items.length === 0) return null;
  return (draft) => {
    (getAt(draft, listPath) as unknown[]).pop();
  };
}

function planAddItem(doc: unknown, listPath: Path, item: unknown, kind: DesignerKind): Recipe | null {
  const checked = checkList(doc, listPath, kind, null);
  if (!checked) return null;
  const added = item === undefined ? newItem(checked.list, checked.items.length) : item;
  if (!isPlainObject(added)) return null;
  return (draft) => {
    draftList(draft, listPath).push(added);
  };
}

function planResize(doc: unknown, column: Path, width: number, kind: DesignerKind): Recipe | null {
  if (!isWidth(width, 11) || itemKind(doc, column, kind) !== 'cols' || !isPlainObject(getAt(doc, column))) return null;
  return (draft) => {
    (getAt(draft, column) as Record<string, unknown>).width = width;
  };
}

/** The list holding `path` and the item's index in it, when `path` is an existing item of a designer list. */
function locateItem(doc: unknown, path: Path, kind: DesignerKind): { listPath: Path; index: number; list: ListKind } | null {
  const listPath = parentArray(path);
  if (!listPath || !path.every(isSafeKey)) return null;
  const list = itemKind(doc, path, kind);
  if (!list || getAt(doc, path) === undefined) return null;
  return { listPath, index: path.at(-1) as number, list };
}

function planSwap(doc: unknown, a: Path, b: Path, kind: DesignerKind): Recipe | null {
  const at = locateItem(doc, a, kind);
  const bt = locateItem(doc, b, kind);
  // One inside the other (a card and a column of its own) cannot trade places.
  if (!at || !bt || at.list !== bt.list || startsWith(a, b) || startsWith(b, a)) return null;
  const itemA = getAt(doc, a);
  const itemB = getAt(doc, b);
  return (draft) => {
    // Both lists are resolved before either write, and the originals are written back, so the
    // swap never depends on the order of the two assignments.
    const listA = getAt(draft, at.listPath) as unknown[];
    const listB = getAt(draft, bt.listPath) as unknown[];
    listA[at.index] = itemB;
    listB[bt.index] = itemA;
  };
}

function planMove(doc: unknown, from: Path, to: Path, index: number, kind: DesignerKind): Recipe | null {
  const source = locateItem(doc, from, kind);
  // An item cannot go into itself or anything it holds.
  if (!source || startsWith(to, from)) return null;
  const target = checkList(doc, to, kind, null);
  if (!target) return null;
  const wrap = source.list === 'cols' && target.list === 'rows';
  if (source.list !== target.list && !wrap) return null;
  const sameList = startsWith(to, source.listPath) && to.length === source.listPath.length;
  const room = sameList ? target.items.length - 1 : target.items.length;
  if (!Number.isInteger(index) || index < 0 || index > room || (sameList && index === source.index)) return null;
  const item = getAt(doc, from);
  const moved = wrap ? { cols: [item] } : item;
  return (draft) => {
    // Hold both lists before changing either: removing the item may shift the indices on `to`'s path.
    const fromList = getAt(draft, source.listPath) as unknown[];
    const toList = draftList(draft, to);
    fromList.splice(source.index, 1);
    toList.splice(index, 0, moved);
  };
}

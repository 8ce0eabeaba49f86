/**
 * A designer's document and its history, in a zustand vanilla store (React binds to it with
 * per-slice selectors). History (history.ts) is a capped list of patch pairs, never snapshots: a
 * step holds only what its edit changed. A burst of typing in one property or a resize drag is
 * folded into one step by a merge key; selection is not history; dirtiness compares step ids, not
 * documents.
 */
import { freeze } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { reduce, type DesignAction, type DesignerKind } from './actions.js';
import { freshHistory, historyActions, recordEdit, stillResolves, type HistoryState } from './history.js';
import type { Path } from './path.js';
import { followSelection } from './selection.js';

export { HISTORY_LIMIT, type Step } from './history.js';

export interface DispatchOptions {
  /** Edits with the same key fold into one step until `seal()` (e.g. 'title', or 'resize:<path>'). */
  merge?: string;
}

export interface DesignerState<T extends object> extends HistoryState {
  readonly kind: DesignerKind;
  readonly doc: T;
  readonly selection: Path | null;

  /** Applies an action; false (and nothing recorded) when it cannot apply. */
  dispatch(action: DesignAction, options?: DispatchOptions): boolean;
  /** How many steps can be undone (0 when none). */
  canUndo(): number;
  /** How many steps can be redone (0 when none). */
  canRedo(): number;
  select(path: Path | null): void;
  /** Starts over with a freshly loaded document: no history, nothing selected, clean. */
  load(doc: T): void;
}

export type DesignerStore<T extends object> = StoreApi<DesignerState<T>>;

export function createDesignerStore<T extends object>(kind: DesignerKind, initial: T): DesignerStore<T> {
  let lastId = 0;
  const nextId = () => ++lastId;
  const firstBase = nextId();

  return createStore<DesignerState<T>>()((set, get) => ({
    kind,
    // Frozen once up front, so immer never walks the untouched parts of a large document again.
    doc: freeze(initial, true),
    selection: null,
    ...freshHistory(firstBase),

    dispatch(action, options = {}) {
      const state = get();
      const result = reduce(state.doc, action, state.kind);
      if (!result) return false;
      const selection = stillResolves(result.doc, state.selection && followSelection(state.selection, action));
      set({ doc: result.doc, selection, ...recordEdit(state, result, options.merge, nextId) });
      return true;
    },

    ...historyActions(get, set),

    canUndo: () => get().past.length,
    canRedo: () => get().future.length,

    select(path) {
      set({ selection: stillResolves(get().doc, path) });
    },

    load(doc) {
      set({ doc: freeze(doc, true), selection: null, ...freshHistory(nextId()) });
    },
  }));
}

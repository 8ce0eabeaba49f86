/**
 * The one owner of the automation being designed: its document and its history, in a zustand
 * vanilla store (React binds with per-slice selectors). As in the other designers' store
 * (src/designer/store.ts), the history is src/designer/history.ts: a capped list of patch pairs,
 * never snapshots; a burst of typing in one property folds into one step by a merge key until
 * sealed; selection is not history; dirtiness compares history positions, not documents. It has
 * its own store because the shared one's reducer knows the lists of forms, grids, pages, menus and
 * models only.
 */
import { freeze } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { freshHistory, historyActions, recordEdit, stillResolves, type HistoryState } from '../history';
import type { Path } from '../path';
import { reduceAutomation, type AutomationAction } from './automation-actions';
import type { AutomationDoc } from './automation-doc';

export interface AutomationState extends HistoryState {
  readonly doc: AutomationDoc;
  /** The selected step's path (['steps', 1], ['steps', 0, 'then', 2]), or null. */
  readonly selection: Path | null;

  /** Applies an action; false (nothing recorded) when it cannot apply. `merge` folds a typing burst into one step. */
  dispatch(action: AutomationAction, options?: { merge?: string }): boolean;
  select(path: Path | null): void;
  /** A freshly loaded or saved document: no history, clean. The selection stays when it still resolves. */
  load(doc: AutomationDoc): void;
}

export type AutomationStore = StoreApi<AutomationState>;

export function createAutomationStore(initial: AutomationDoc): AutomationStore {
  let lastId = 0;
  const nextId = () => ++lastId;
  const first = nextId();
  return createStore<AutomationState>()((set, get) => ({
    doc: freeze(initial, true),
    selection: null,
    ...freshHistory(first),

    dispatch(action, options = {}) {
      const state = get();
      const result = reduceAutomation(state.doc, action);
      if (!result) return false;
      set({ doc: result.doc, selection: stillResolves(result.doc, state.selection), ...recordEdit(state, result, options.merge, nextId) });
      return true;
    },

    ...historyActions(get, set),

    select(path) {
      set({ selection: stillResolves(get().doc, path) });
    },

    load(doc) {
      set({ doc: freeze(doc, true), selection: stillResolves(doc, get().selection), ...freshHistory(nextId()) });
    },
  }));
}

/**
 * The one owner of the automation being designed: its document and its history, in a zustand
 * vanilla store (React binds with per-slice selectors). As the other designers' store
 * (src/designer/store.ts), history is a capped list of patch pairs, never snapshots; a burst of
 * typing in one property folds into one step by a merge key until sealed; selection is not
 * history; dirtiness compares history positions, not documents. It has its own store because the
 * shared one's reducer knows the lists of forms, grids, pages, menus and models only.
 */
import { applyPatches, freeze, type Patch } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { HISTORY_LIMIT } from '../store';
import { getAt, samePath, type Path } from '../path';
import { reduceAutomation, type AutomationAction } from './automation-actions';
import type { AutomationDoc } from './automation-doc';

interface Step {
  readonly id: number;
  readonly patches: readonly Patch[];
  readonly inverse: readonly Patch[];
}

export interface AutomationState {
  readonly doc: AutomationDoc;
  readonly past: readonly Step[];
  readonly future: readonly Step[];
  /** The selected step's path (['steps', 1], ['steps', 0, 'then', 2]), or null. */
  readonly selection: Path | null;
  readonly savedStep: number;
  readonly baseStep: number;
  readonly openMerge: string | null;

  /** Applies an action; false (nothing recorded) when it cannot apply. `merge` folds a typing burst into one step. */
  dispatch(action: AutomationAction, options?: { merge?: string }): boolean;
  /** Ends the open merge (on blur): the next edit is a step of its own. */
  seal(): void;
  undo(): boolean;
  redo(): boolean;
  select(path: Path | null): void;
  markSaved(): void;
  isDirty(): boolean;
  /** A freshly loaded or saved document: no history, clean. The selection stays when it still resolves. */
  load(doc: AutomationDoc): void;
}

export type AutomationStore = StoreApi<AutomationState>;

const position = (s: { past: readonly Step[]; baseStep: number }) => s.past.at(-1)?.id ?? s.baseStep;

const resolves = (doc: unknown, selection: Path | null) => (selection && getAt(doc, selection) !== undefined ? selection : null);

/** A keystroke replacing the same property as the open step's last patch overwrites it: a burst stays one patch pair. */
function fold(step: Step, patches: readonly Patch[], inverse: readonly Patch[]): Step {
  const last = step.patches.at(-1);
  const only = patches.length === 1 ? patches[0] : undefined;
  const undoFirst = step.inverse[0];
  if (last && only && undoFirst && only.op === 'replace' && last.op !== 'remove' && samePath(last.path, only.path) && samePath(undoFirst.path, only.path)) {
    return { ...step, patches: [...step.patches.slice(0, -1), { ...last, value: only.value }] };
  }
  return { ...step, patches: [...step.patches, ...patches], inverse: [...inverse, ...step.inverse] };
}

export function createAutomationStore(initial: AutomationDoc): AutomationStore {
  let lastId = 0;
  const nextId = () => ++lastId;
  const first = nextId();
  return createStore<AutomationState>()((set, get) => ({
    doc: freeze(initial, true),
    past: [],
    future: [],
    selection: null,
    savedStep: first,
    baseStep: first,
    openMerge: null,

    dispatch(action, options = {}) {
      const state = get();
      const result = reduceAutomation(state.doc, action);
      if (!result) return false;
      const selection = resolves(result.doc, state.selection);
      const last = state.past.at(-1);
      if (last && options.merge !== undefined && options.merge === state.openMerge) {
        set({ doc: result.doc, past: [...state.past.slice(0, -1), fold(last, result.patches, result.inverse)], future: [], selection });
        return true;
      }
      const past = [...state.past, { id: nextId(), patches: result.patches, inverse: result.inverse }];
      const dropped = past.length > HISTORY_LIMIT ? past.splice(0, past.length - HISTORY_LIMIT) : [];
      set({ doc: result.doc, past, future: [], selection, baseStep: dropped.at(-1)?.id ?? state.baseStep, openMerge: options.merge ?? null });
      return true;
    },

    seal() {
      if (get().openMerge !== null) set({ openMerge: null });
    },

    undo() {
      const state = get();
      const step = state.past.at(-1);
      if (!step) return false;
      const doc = applyPatches(state.doc, step.inverse as Patch[]);
      set({ doc, past: state.past.slice(0, -1), future: [step, ...state.future], selection: resolves(doc, state.selection), openMerge: null });
      return true;
    },

    redo() {
      const state = get();
      const step = state.future[0];
      if (!step) return false;
      const doc = applyPatches(state.doc, step.patches as Patch[]);
      set({ doc, past: [...state.past, step], future: state.future.slice(1), selection: resolves(doc, state.selection), openMerge: null });
      return true;
    },

    select(path) {
      set({ selection: resolves(get().doc, path) });
    },

    markSaved() {
      set({ savedStep: position(get()), openMerge: null });
    },

    isDirty() {
      const state = get();
      return position(state) !== state.savedStep;
    },

    load(doc) {
      const base = nextId();
      set({ doc: freeze(doc, true), past: [], future: [], selection: resolves(doc, get().selection), savedStep: base, baseStep: base, openMerge: null });
    },
  }));
}

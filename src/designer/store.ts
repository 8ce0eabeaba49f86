/**
 * A designer's document and its history, in a zustand vanilla store (React binds to it with
 * per-slice selectors). History is a capped list of patch pairs, never snapshots: a step holds
 * only what its edit changed. A burst of typing in one property or a resize drag is folded into
 * one step by a merge key; selection is not history; dirtiness compares step ids, not documents.
 */
import { applyPatches, freeze, type Patch } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { reduce, type DesignAction, type DesignerKind } from './actions.js';
import { getAt, samePath, type Path } from './path.js';
import { followSelection } from './selection.js';

/** Steps kept for undo; the oldest is dropped beyond this. */
export const HISTORY_LIMIT = 1000;

export interface Step {
  /** Unique within a store; identifies a history position for dirty tracking. */
  readonly id: number;
  readonly patches: readonly Patch[];
  readonly inverse: readonly Patch[];
  /** The merge key this step was made with, if any. */
  readonly merge?: string;
}

export interface DispatchOptions {
  /** Edits with the same key fold into one step until `seal()` (e.g. 'title', or 'resize:<path>'). */
  merge?: string;
}

export interface DesignerState<T extends object> {
  readonly kind: DesignerKind;
  readonly doc: T;
  readonly past: readonly Step[];
  readonly future: readonly Step[];
  readonly selection: Path | null;
  /** The history position (a step id, or `baseStep`) that matches the last saved or loaded document. */
  readonly savedStep: number;
  /** The id standing for the document before the oldest step still in `past`. */
  readonly baseStep: number;
  /** The merge key the last step is still open to; null once sealed. */
  readonly openMerge: string | null;

  /** Applies an action; false (and nothing recorded) when it cannot apply. */
  dispatch(action: DesignAction, options?: DispatchOptions): boolean;
  /** Ends the open merge: the next edit is a step of its own (on blur, on pointer-up). */
  seal(): void;
  undo(): boolean;
  redo(): boolean;
  /** How many steps can be undone (0 when none). */
  canUndo(): number;
  /** How many steps can be redone (0 when none). */
  canRedo(): number;
  select(path: Path | null): void;
  markSaved(): void;
  isDirty(): boolean;
  /** Starts over with a freshly loaded document: no history, nothing selected, clean. */
  load(doc: T): void;
}

export type DesignerStore<T extends object> = StoreApi<DesignerState<T>>;

/** The current history position: the last step applied, or the base when none is. */
function position(state: { past: readonly Step[]; baseStep: number }): number {
  return state.past.at(-1)?.id ?? state.baseStep;
}

function stillResolves(doc: unknown, selection: Path | null): Path | null {
  return selection && getAt(doc, selection) !== undefined ? selection : null;
}

/**
 * Folds a new edit into the open step. A keystroke that replaces the same property the step
 * last replaced overwrites that patch instead of adding one, so a burst of typing keeps one
 * patch pair however long it runs (its inverse already restores the value from before the burst).
 */
function fold(step: Step, patches: readonly Patch[], inverse: readonly Patch[]): Step {
  const last = step.patches.at(-1);
  const undoFirst = step.inverse[0];
  const only = patches.length === 1 ? patches[0] : undefined;
  if (
    last && undoFirst && only && only.op === 'replace' && last.op !== 'remove' &&
    samePath(last.path, only.path) && samePath(undoFirst.path, only.path)
  ) {
    return { ...step, patches: [...step.patches.slice(0, -1), { ...last, value: only.value }] };
  }
  return { ...step, patches: [...step.patches, ...patches], inverse: [...inverse, ...step.inverse] };
}

export function createDesignerStore<T extends object>(kind: DesignerKind, initial: T): DesignerStore<T> {
  let lastId = 0;
  const nextId = () => ++lastId;
  const firstBase = nextId();

  return createStore<DesignerState<T>>()((set, get) => ({
    kind,
    // Frozen once up front, so immer never walks the untouched parts of a large document again.
    doc: freeze(initial, true),
    past: [],
    future: [],
    selection: null,
    savedStep: firstBase,
    baseStep: firstBase,
    openMerge: null,

    dispatch(action, options = {}) {
      const state = get();
      const result = reduce(state.doc, action, state.kind);
      if (!result) return false;
      const selection = stillResolves(result.doc, state.selection && followSelection(state.selection, action));
      const last = state.past.at(-1);
      if (last && options.merge !== undefined && options.merge === state.openMerge) {
        set({ doc: result.doc, past: [...state.past.slice(0, -1), fold(last, result.patches, result.inverse)], future: [], selection });
        return true;
      }
      const step: Step = { id: nextId(), patches: result.patches, inverse: result.inverse, merge: options.merge };
      const past = [...state.past, step];
      const dropped = past.length > HISTORY_LIMIT ? past.splice(0, past.length - HISTORY_LIMIT) : [];
      set({
        doc: result.doc,
        past,
        future: [],
        selection,
        baseStep: dropped.at(-1)?.id ?? state.baseStep,
        openMerge: options.merge ?? null,
      });
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
      set({
        doc,
        past: state.past.slice(0, -1),
        future: [step, ...state.future],
        selection: stillResolves(doc, state.selection),
        openMerge: null,
      });
      return true;
    },

    redo() {
      const state = get();
      const step = state.future[0];
      if (!step) return false;
      const doc = applyPatches(state.doc, step.patches as Patch[]);
      set({
        doc,
        past: [...state.past, step],
        future: state.future.slice(1),
        selection: stillResolves(doc, state.selection),
        openMerge: null,
      });
      return true;
    },

    canUndo: () => get().past.length,
    canRedo: () => get().future.length,

    select(path) {
      set({ selection: path && getAt(get().doc, path) !== undefined ? path : null });
    },

    markSaved() {
      // Sealed too: a keystroke after saving must not fold into the saved step and look clean.
      set({ savedStep: position(get()), openMerge: null });
    },

    isDirty: () => {
      const state = get();
      return position(state) !== state.savedStep;
    },

    load(doc) {
      const base = nextId();
      set({ doc: freeze(doc, true), past: [], future: [], selection: null, savedStep: base, baseStep: base, openMerge: null });
    },
  }));
}

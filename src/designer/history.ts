/**
 * The designers' history, shared by every designer's store (store.ts) and the automation
 * designer's (automations/automation-store.ts): a capped list of patch pairs, never snapshots; a
 * burst of typing in one property or a resize drag folds into one step by a merge key until
 * sealed; dirtiness compares step ids, not documents. The functions answer the state to set;
 * historyActions sets it through a store's own `set`.
 */
import { applyPatches, type Patch } from 'immer';
import { getAt, samePath, type Path } from './path.js';

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

export interface History {
  readonly past: readonly Step[];
  readonly future: readonly Step[];
  /** The id standing for the document before the oldest step still in `past`. */
  readonly baseStep: number;
  /** The merge key the last step is still open to; null once sealed. */
  readonly openMerge: string | null;
}

/** What every designer's store holds and does for its history (historyActions makes the actions). */
export interface HistoryState extends History {
  /** The history position (a step id, or `baseStep`) that matches the last saved or loaded document. */
  readonly savedStep: number;
  /** Ends the open merge: the next edit is a step of its own (on blur, on pointer-up). */
  seal(): void;
  undo(): boolean;
  redo(): boolean;
  markSaved(): void;
  isDirty(): boolean;
}

/** A history with no steps, clean at `base`: a store's start, and each document it loads. */
export function freshHistory(base: number): Pick<HistoryState, 'past' | 'future' | 'savedStep' | 'baseStep' | 'openMerge'> {
  return { past: [], future: [], savedStep: base, baseStep: base, openMerge: null };
}

/** The current history position: the last step applied, or the base when none is. */
export function position(state: { past: readonly Step[]; baseStep: number }): number {
  return state.past.at(-1)?.id ?? state.baseStep;
}

/** The selection while it still names something in `doc`, else none. */
export function stillResolves(doc: unknown, selection: Path | null): Path | null {
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

/**
 * The history after an edit's patches: folded into the last step while `merge` is the key it is
 * open to, else a new step (`nextId` its id), the oldest dropped beyond HISTORY_LIMIT. The future goes.
 */
export function recordEdit(
  state: History,
  edit: { patches: readonly Patch[]; inverse: readonly Patch[] },
  merge: string | undefined,
  nextId: () => number,
): Partial<History> {
  const last = state.past.at(-1);
  if (last && merge !== undefined && merge === state.openMerge) {
    return { past: [...state.past.slice(0, -1), fold(last, edit.patches, edit.inverse)], future: [] };
  }
  const step: Step = { id: nextId(), patches: edit.patches, inverse: edit.inverse, merge };
  const past = [...state.past, step];
  const dropped = past.length > HISTORY_LIMIT ? past.splice(0, past.length - HISTORY_LIMIT) : [];
  return { past, future: [], baseStep: dropped.at(-1)?.id ?? state.baseStep, openMerge: merge ?? null };
}

interface Undoable<T extends object> extends History {
  readonly doc: T;
  readonly selection: Path | null;
}

/** The state after undoing the last step (sealed, the selection kept while it resolves), or null when there is none. */
export function undone<T extends object>(state: Undoable<T>): Pick<Undoable<T>, 'doc' | 'past' | 'future' | 'selection' | 'openMerge'> | null {
  const step = state.past.at(-1);
  if (!step) return null;
  const doc = applyPatches(state.doc, step.inverse as Patch[]);
  return { doc, past: state.past.slice(0, -1), future: [step, ...state.future], selection: stillResolves(doc, state.selection), openMerge: null };
}

/** The state after redoing the next step, or null when there is none. */
export function redone<T extends object>(state: Undoable<T>): Pick<Undoable<T>, 'doc' | 'past' | 'future' | 'selection' | 'openMerge'> | null {
  const step = state.future[0];
  if (!step) return null;
  const doc = applyPatches(state.doc, step.patches as Patch[]);
  return { doc, past: [...state.past, step], future: state.future.slice(1), selection: stillResolves(doc, state.selection), openMerge: null };
}

interface Saveable<T extends object> extends Undoable<T> {
  /** The history position (a step id, or `baseStep`) that matches the last saved or loaded document. */
  readonly savedStep: number;
}

/** A store's history actions over its own `get` and `set` (zustand's), the same in every designer's store. */
export function historyActions<T extends object>(get: () => Saveable<T>, set: (partial: Partial<Saveable<T>>) => void) {
  return {
    /** Ends the open merge: the next edit is a step of its own (on blur, on pointer-up). */
    seal() {
      if (get().openMerge !== null) set({ openMerge: null });
    },
    undo() {
      const next = undone(get());
      if (next) set(next);
      return next !== null;
    },
    redo() {
      const next = redone(get());
      if (next) set(next);
      return next !== null;
    },
    markSaved() {
      // Sealed too: a keystroke after saving must not fold into the saved step and look clean.
      set({ savedStep: position(get()), openMerge: null });
    },
    isDirty() {
      const state = get();
      return position(state) !== state.savedStep;
    },
  };
}

/**
 * What the automation designer's parts share: its store (the one owner of the document), the
 * problems a check or the server found (by JSON pointer, shown at their inputs), and the edits
 * every part makes through the store (a pick is one undo step, a burst of typing one).
 */
import { createContext, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Path } from '../path';
import { pointerOf } from './automation-doc';
import type { AutomationState, AutomationStore } from './automation-store';

export const AutomationContext = createContext<AutomationStore | null>(null);

export function useAutomationStore(): AutomationStore {
  const store = useContext(AutomationContext);
  if (!store) throw new Error('An automation designer part is drawn outside its designer');
  return store;
}

export function useAutomation<T>(select: (state: AutomationState) => T): T {
  return useStore(useAutomationStore(), select);
}

/** Problems by JSON pointer into the automation (/trigger/model, /steps/0/to). */
export type Problems = Readonly<Record<string, string>>;

export const ProblemsContext = createContext<Problems>({});

/** The problem at `path`, if any. */
export function useProblem(path: Path): string | undefined {
  return useContext(ProblemsContext)[pointerOf(path)];
}

/** Edits through the store, in the shape the filter editors take (FilterItemPanel's `Edit`). */
export interface AutomationEdit {
  /** A discrete change: one undo step. `undefined` removes the property. */
  set(path: Path, value: unknown): void;
  /** A keystroke: folded with the ones before it at the same place into one undo step. */
  type(path: Path, value: unknown): void;
  /** A typing burst ended (the input lost focus). */
  seal(): void;
}

export function useEdit(): AutomationEdit {
  const store = useAutomationStore();
  return useMemo(() => {
    const state = () => store.getState();
    return {
      set: (path, value) => void state().dispatch({ type: 'set', path, value }),
      type: (path, value) => void state().dispatch({ type: 'set', path, value }, { merge: pointerOf(path) }),
      seal: () => state().seal(),
    };
  }, [store]);
}

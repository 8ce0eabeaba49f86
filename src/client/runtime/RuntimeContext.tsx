import { createContext, useContext, useEffect, useRef } from 'react';
import type { ApiAnswer } from '../api/http';
import { useStore } from 'zustand';
import { createFormStore, type FormStore, type Values } from './form-store';
import type { RenderMode } from './plugin';

/** A task run after the main save of a form, with the saved record's id (spec 4: dual lists). */
export type AfterSave = (id: string | number) => Promise<ApiAnswer<unknown>>;

export interface Runtime {
  store: FormStore;
  mode: RenderMode;
  /** The form is read only: fields show but do not change. */
  readOnly: boolean;
  /** Prefix of DOM ids, unique per rendered form. */
  idPrefix: string;
  /** The record's id in edit mode; null while adding. */
  recordId: string | null;
  afterSave: Set<AfterSave>;
}

const fallback: Runtime = {
  store: createFormStore(),
  mode: 'view',
  readOnly: false,
  idPrefix: 'f',
  recordId: null,
  afterSave: new Set(),
};

export const RuntimeContext = createContext<Runtime>(fallback);

export function useRuntime(): Runtime {
  return useContext(RuntimeContext);
}

/** Registers a task to run after the form's main save, for as long as the component is shown. */
export function useAfterSave(task: AfterSave): void {
  const { afterSave } = useRuntime();
  const latest = useRef(task);
  latest.current = task;
  useEffect(() => {
    const run: AfterSave = (id) => latest.current(id);
    afterSave.add(run);
    return () => {
      afterSave.delete(run);
    };
  }, [afterSave]);
}

/** The record the surrounding form shows: its id in edit and delete mode, null while adding or on a page. */
export function useRecordId(): string | null {
  return useRuntime().recordId;
}

/**
 * A value derived from the surrounding form's values. The component re-renders only when what
 * `select` answers changes (compared with Object.is), so derive a string or number, not a new
 * object, and a keystroke in another field costs nothing.
 */
export function useFormValues<T>(select: (values: Values) => T): T {
  const { store } = useRuntime();
  return useStore(store, (s) => select(s.values));
}

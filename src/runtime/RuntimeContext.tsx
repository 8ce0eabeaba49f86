import { createContext, useContext, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import type { Column, Row } from '../generated/definitions';
import type { ApiAnswer } from './api/http';
import { useStore } from 'zustand';
import { createFormStore, setFieldValue, showFieldValue, type FormStore, type ValueOwner, type Values } from './form-store';
import type { RenderMode } from './plugin';

/** A task run after the main save of a form, with the saved record's id (a dual list's second call, plugins/dual-list). */
export type AfterSave = (id: string | number) => Promise<ApiAnswer<unknown>>;

/**
 * A part of the record a column sends in the form's own save request, under a field name (a
 * dual list's selected ids under its link field): the value, or undefined to send nothing.
 */
export type SavePart = () => unknown;

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
  /** The model of the record the form saves (record forms only). */
  model?: string;
  /** Parts of the record columns send with the form's save (record forms only), by field. */
  saveWith?: Map<string, SavePart>;
  /** A designer's canvas (mode 'design'): frames the interpreter draws around each column and row. */
  design?: DesignHooks;
}

/**
 * What a designer's canvas adds to the interpreter: each column (and row) it draws is wrapped
 * in these, which give selection, drag handles and resizing. The interpreter hands over the
 * definition's own objects, so a frame can find where in the document it sits.
 */
export interface DesignHooks {
  Column: ComponentType<{ column: Column; children: ReactNode }>;
  Row?: ComponentType<{ row: Row; children: ReactNode }>;
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

/**
 * Sends `part()` under `field` in the surrounding form's own save request, for as long as the
 * component is shown; a null field sends nothing. Answers whether the form takes such parts.
 */
export function useSaveWith(field: string | null, part: SavePart): boolean {
  const { saveWith } = useRuntime();
  const latest = useRef(part);
  latest.current = part;
  useEffect(() => {
    if (!saveWith || field === null) return;
    const run: SavePart = () => latest.current();
    saveWith.set(field, run);
    return () => {
      if (saveWith.get(field) === run) saveWith.delete(field);
    };
  }, [saveWith, field]);
  return saveWith !== undefined;
}

/** The model of the surrounding record form; undefined elsewhere (a page, a dialog's own form). */
export function useFormModel(): string | undefined {
  return useRuntime().model;
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

/**
 * The surrounding form's whole record, for a column that edits a document rather than one field
 * (the designers edit a definition record's title, url, flags and actions besides their bound
 * field): read it, write a field of it, or listen to one field; or hold fields itself (own), so
 * the form reads them from the column when it saves instead of being written on every change.
 */
export interface RecordAccess {
  /** The form's own values (fields an owner holds are read with `own`'s values, not here). */
  read(): Values;
  write(field: string, value: unknown): void;
  subscribe(field: string, listener: () => void): () => void;
  /** The record as stored now (after a restore): every value replaced, nothing unsaved. */
  reload(values: Values): void;
  /** Holds fields for the form (see ValueOwner) until the returned function is called. */
  own(owner: ValueOwner): () => void;
  /** Shows an owned field's value in the form's own field for it, not as a form edit. */
  show(field: string, value: unknown): void;
}

export function useRecord(): RecordAccess {
  const { store } = useRuntime();
  return useMemo<RecordAccess>(
    () => ({
      read: () => store.getState().values,
      write: (field, value) => setFieldValue(store, field, value),
      subscribe: (field, listener) => store.fields.subscribe(field, listener),
      reload: (values) => store.setState({ values: { ...values }, errors: {}, submitted: false, dirty: false }),
      own: (owner) => {
        store.owners.add(owner);
        return () => void store.owners.delete(owner);
      },
      show: (field, value) => showFieldValue(store, field, value),
    }),
    [store],
  );
}

import { useCallback, useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldCheck } from '../shared/field-validation';

export type Values = Record<string, unknown>;

export interface FormState {
  /**
   * The record's values. Written in place by setFieldValue (a keystroke costs the same on a
   * form of 20 fields as on one of 2,000); replaced whole by setState({ values }).
   */
  values: Values;
  /** Only invalid fields are present. */
  errors: Record<string, FieldCheck>;
  /** Set by the first save attempt: from then on a field is re-checked as it changes. */
  submitted: boolean;
  dirty: boolean;
}

/** Listeners per field, so a change wakes the components of that field and no others. */
class FieldHub {
  private readonly listeners = new Map<string, Set<() => void>>();

  subscribe(field: string, listener: () => void): () => void {
    let set = this.listeners.get(field);
    if (!set) {
      set = new Set();
      this.listeners.set(field, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  notify(field: string): void {
    for (const listener of this.listeners.get(field) ?? []) listener();
  }

  notifyAll(): void {
    for (const field of this.listeners.keys()) this.notify(field);
  }
}

/**
 * A column that holds some of the record's fields itself (a designer holds the definition it
 * edits): the form reads them from it when it saves, validates or asks whether anything is
 * unsaved, instead of the column copying them into the form on every change. One owner per
 * field; the form's own values under an owned field are not sent.
 */
export interface ValueOwner {
  /** Whether the owner holds `field`. */
  owns(field: string): boolean;
  /** The fields it holds, as they are now (only those it holds). */
  values(): Values;
  /** Whether it holds edits not saved yet: the form's dirty flag for its fields. */
  dirty(): boolean;
  /** What it holds was saved (or dropped after asking): it is clean from now on. */
  saved(): void;
  /**
   * The user agreed to leave the edits ('Discard changes?' answered OK): clean from now on, as
   * after saved(), but an owner may keep them elsewhere (a designer keeps a draft to restore).
   */
  dropped?(): void;
  /** The form's own field for an owned key (a Name input) changed: the owner takes the edit. */
  edited(field: string, value: unknown): void;
  /**
   * Saves the record itself instead of the form's own request, answering as that request would
   * (`data` carries the saved `id` and `version`): the model designer previews what a change
   * does to the rows and asks before applying it. `id` is the record saved to, null for a new one.
   * An answer with `cancelled` was called off by the user: nothing was saved and nothing is wrong.
   */
  submit?(values: Values, id: string | null): Promise<OwnerSaveAnswer>;
}

/** What an owner's own save answers (ValueOwner.submit): an API answer, or the user calling it off. */
export interface OwnerSaveAnswer {
  ok: boolean;
  status: number;
  data: { id?: string | number; version?: number; _version?: number; code?: string; details?: { pointer: string; message: string }[]; current?: Values } | null;
  error: string;
  cancelled?: boolean;
}

/** The owner that saves the record itself (ValueOwner.submit), if a column registered one. */
export function submitter(store: FormStore): ValueOwner | undefined {
  for (const owner of store.owners) if (owner.submit) return owner;
  return undefined;
}

export type FormStore = StoreApi<FormState> & { readonly fields: FieldHub; readonly owners: Set<ValueOwner> };

/**
 * One store per open form. Whole-form readers (save, validation, a select's url) use the
 * zustand API; a field's components read it through useFieldValue / useFieldCheck, which
 * listen to that field alone: with zustand's own subscriptions every keystroke would run
 * two selectors per field of the form.
 */
export function createFormStore(values: Values = {}): FormStore {
  const store = createStore<FormState>()(() => ({ values: { ...values }, errors: {}, submitted: false, dirty: false }));
  const fields = new FieldHub();
  store.subscribe((state, prev) => {
    if (state.values !== prev.values) {
      fields.notifyAll();
      return;
    }
    if (state.errors === prev.errors) return;
    for (const field of new Set([...Object.keys(state.errors), ...Object.keys(prev.errors)])) {
      if (state.errors[field] !== prev.errors[field]) fields.notify(field);
    }
  });
  return Object.assign(store, { fields, owners: new Set<ValueOwner>() });
}

/** The owner holding `field`, if a column registered one. */
function ownerOf(store: FormStore, field: string): ValueOwner | undefined {
  for (const owner of store.owners) if (owner.owns(field)) return owner;
  return undefined;
}

/** The record as the form would save it now: its own values, with what its owners hold over them. */
export function formValues(store: FormStore): Values {
  const values = store.getState().values;
  if (store.owners.size === 0) return values;
  const out = { ...values };
  for (const owner of store.owners) Object.assign(out, owner.values());
  return out;
}

/** Whether the form holds unsaved edits: its own fields' flag, or an owner's. */
export function isFormDirty(store: FormStore): boolean {
  if (store.getState().dirty) return true;
  for (const owner of store.owners) if (owner.dirty()) return true;
  return false;
}

/** After a save, or after the user agreed to drop the edits: nothing unsaved, owners included. */
export function markFormClean(store: FormStore): void {
  store.setState({ dirty: false });
  for (const owner of store.owners) owner.saved();
}

/** The user agreed to leave unsaved edits: nothing unsaved now, and owners may keep theirs as a draft. */
export function markFormDropped(store: FormStore): void {
  store.setState({ dirty: false });
  for (const owner of store.owners) {
    if (owner.dropped) owner.dropped();
    else owner.saved();
  }
}

/**
 * Shows `value` in the form's own field without it counting as a form edit: an owner telling the
 * form's Name input what its undo did. Only that field's components hear of it.
 */
export function showFieldValue(store: FormStore, field: string, value: unknown): void {
  store.getState().values[field] = value;
  store.fields.notify(field);
}

export function setFieldValue(store: FormStore, field: string, value: unknown, check?: FieldCheck): void {
  const s = store.getState();
  s.values[field] = value;
  let errors = s.errors;
  if (check && (s.submitted || s.errors[field])) {
    errors = { ...s.errors };
    if (check.valid) delete errors[field];
    else errors[field] = check;
  }
  // A field an owner holds is the owner's edit: it keeps the edit, its undo and its dirtiness.
  const owner = ownerOf(store, field);
  owner?.edited(field, value);
  // Whole-form listeners (a dynamic select's url) still hear of every change; the field's own
  // components are told directly (errors changes reach theirs through the store listener).
  store.setState(owner ? { errors } : { errors, dirty: true });
  store.fields.notify(field);
}

/**
 * A field's check that arrived after its value (a pattern answered by the worker, runtime/
 * patterns.ts): shown under the same rule as setFieldValue's, once the form was submitted or
 * while the field shows an error.
 */
export function setFieldCheck(store: FormStore, field: string, check: FieldCheck): void {
  const s = store.getState();
  if (!(s.submitted || s.errors[field])) return;
  const shown = s.errors[field];
  if (check.valid ? shown === undefined : shown !== undefined && !shown.valid && shown.message === check.message) return;
  const errors = { ...s.errors };
  if (check.valid) delete errors[field];
  else errors[field] = check;
  store.setState({ errors });
}

export function useFieldValue(store: FormStore, field: string): unknown {
  const subscribe = useCallback((listener: () => void) => store.fields.subscribe(field, listener), [store, field]);
  return useSyncExternalStore(subscribe, () => store.getState().values[field]);
}

export function useFieldCheck(store: FormStore, field: string): FieldCheck | undefined {
  const subscribe = useCallback((listener: () => void) => store.fields.subscribe(field, listener), [store, field]);
  return useSyncExternalStore(subscribe, () => store.getState().errors[field]);
}

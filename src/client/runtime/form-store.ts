import { useCallback, useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldCheck } from '../../core/field-validation';

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

export type FormStore = StoreApi<FormState> & { readonly fields: FieldHub };

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
  return Object.assign(store, { fields });
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
  // Whole-form listeners (a dynamic select's url) still hear of every change; the field's own
  // components are told directly (errors changes reach theirs through the store listener).
  store.setState({ errors, dirty: true });
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

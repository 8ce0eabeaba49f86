import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { FieldCheck } from '../../core/field-validation';

export type Values = Record<string, unknown>;

export interface FormState {
  values: Values;
  /** Only invalid fields are present. */
  errors: Record<string, FieldCheck>;
  /** Set by the first save attempt: from then on a field is re-checked as it changes. */
  submitted: boolean;
  dirty: boolean;
}

export type FormStore = StoreApi<FormState>;

/**
 * One store per open form. Components read single fields through selectors (useFieldValue),
 * so writing one field wakes only the components that read it.
 */
export function createFormStore(values: Values = {}): FormStore {
  return createStore<FormState>()(() => ({ values, errors: {}, submitted: false, dirty: false }));
}

export function setFieldValue(store: FormStore, field: string, value: unknown, check?: FieldCheck): void {
  store.setState((s) => {
    const values = { ...s.values, [field]: value };
    if (!check || (!s.submitted && !s.errors[field])) return { values, dirty: true };
    const errors = { ...s.errors };
    if (check.valid) delete errors[field];
    else errors[field] = check;
    return { values, errors, dirty: true };
  });
}

export function useFieldValue(store: FormStore, field: string): unknown {
  return useStore(store, (s) => s.values[field]);
}

export function useFieldCheck(store: FormStore, field: string): FieldCheck | undefined {
  return useStore(store, (s) => s.errors[field]);
}

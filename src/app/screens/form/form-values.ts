/** A record form's values: where they start from, the save's answer, and the answer's field errors. */
import type { FormDefinition } from '../../../generated/definitions';
import type { FieldCheck } from '../../../shared/field-validation';
import { isDefinitionModel, modelOf } from '../../../shared/contract';
import { walkColumns, type WalkRow } from '../../../shared/definition-walk';
import { valueField } from '../../../shared/plugin-hints';
import { initialValues } from '../../../runtime/form-logic';
import type { FormStore, Values } from '../../../runtime/form-store';
import type { PluginRegistry } from '../../../runtime/plugin';

/** What a form route does with its record. */
export type FormAction = 'add' | 'edit' | 'delete';

/** The record's row version, as GET .../data/{id} answers it; an update sends it back (409 when it moved on). */
export const ROW_VERSION = '_version';

export interface SaveAnswer {
  id?: string | number;
  code?: string;
  details?: { pointer: string; message: string }[];
  /** The record's version after the save (record forms). */
  _version?: number;
  /** The definition's version after the save (definition records). */
  version?: number;
  /** With a 409 STALE_VERSION of a record: the record as it is now. */
  current?: Values;
}

/**
 * A form's definition as GET /api/form/{name}/definition answers it: with its model's field
 * defaults, and the fields the caller's grants keep them from writing (their columns disabled).
 */
/** A form's definition as GET /api/form/{name}/definition answers it; `history`: the caller may read its records' history. */
export type LoadedFormDefinition = FormDefinition & { modelDefaults?: Values; readOnlyFields?: string[]; history?: boolean };

/**
 * A new record starts with its model's defaults (Available ticked on a new Book), except in a
 * field whose column sets its own default (hasdefault): the form's word is the nearer one.
 */
function withModelDefaults(definition: LoadedFormDefinition, values: Values): Values {
  const defaults = definition.modelDefaults;
  if (!defaults) return values;
  const out = { ...values };
  const done = new Set<string>();
  walkColumns(definition.definition as WalkRow[] | undefined, (column) => {
    const field = valueField(column);
    if (!field || done.has(field)) return;
    done.add(field);
    if (field in out && field in defaults && (column as { hasdefault?: unknown }).hasdefault !== true) out[field] = defaults[field];
  });
  return out;
}

export function startValues(plugins: PluginRegistry, definition: LoadedFormDefinition, record: Values | null): Values {
  const values = initialValues(plugins, definition.definition);
  if (!record) return withModelDefaults(definition, values);
  if (isDefinitionModel(modelOf(definition))) return { ...record, ...pick(record, Object.keys(values)) };
  return { ...values, ...pick(record, Object.keys(values)) };
}

/**
 * A new record's values with those its address's query names (`?book=7`): only fields the form
 * has and the caller may write (not `locked`), `id` never, a checkbox's as true for 'true' or '1'. Text as typed: the save validates them
 * as it validates anything typed.
 */
export function presetValues(values: Values, search: string, locked?: ReadonlySet<string>): Values {
  if (!search) return values;
  const out = { ...values };
  for (const [field, text] of new URLSearchParams(search)) {
    if (field === 'id' || locked?.has(field) || !Object.prototype.hasOwnProperty.call(values, field)) continue;
    out[field] = typeof values[field] === 'boolean' ? text === 'true' || text === '1' : text;
  }
  return out;
}

/** The address a form returns to when the screen that opened it gave one (router state `back`): a path inside the app, nothing else. */
export function returnAddress(state: unknown): string | null {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\') ? back : null;
}

function pick(record: Values, keys: string[]): Values {
  const out: Values = {};
  for (const k of keys) if (k in record) out[k] = record[k] === null ? '' : record[k];
  return out;
}

/** Server 400 details (`/field` pointers) become the fields' own messages. */
export function fieldErrors(store: FormStore, details: SaveAnswer['details']): void {
  if (!details?.length) return;
  const errors: Record<string, FieldCheck> = {};
  for (const d of details) {
    const field = d.pointer.split('/')[1];
    if (field) errors[field] = { valid: false, message: d.message };
  }
  store.setState({ errors, submitted: true });
}

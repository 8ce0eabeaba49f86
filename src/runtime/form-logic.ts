import type { Column, Row } from '../generated/definitions';
import { walkColumns, type WalkRow } from '../shared/definition-walk';
import { valueField } from '../shared/plugin-hints';
import { validateField, type FieldCheck, type ValidatedField } from '../shared/field-validation';
import type { ColumnPlugin, PluginRegistry } from './plugin';
import { boundedMatch } from './patterns';
import { formValues, type FormStore, type Values } from './form-store';

export interface BoundColumn {
  field: string;
  column: Column;
  plugin: ColumnPlugin;
}

/*
 * These run outside React (a Save handler, a store's first values), so the plugins come in as
 * an argument: a component passes its host's (usePlugins(), runtime/host.tsx).
 */

/** Every column that edits a record field, through Rows, Cards and Tabs, first one per field. */
export function boundColumns(plugins: PluginRegistry, rows: Row[] | undefined): BoundColumn[] {
  const out: BoundColumn[] = [];
  const seen = new Set<string>();
  walkColumns(rows as WalkRow[] | undefined, (col) => {
    const plugin = plugins.get(col.childType);
    const field = valueField(col);
    if (!plugin || !field || seen.has(field)) return;
    seen.add(field);
    out.push({ field, column: col as unknown as Column, plugin });
  });
  return out;
}

/** A field starts with its default when hasdefault is set, otherwise empty. */
export function defaultInitialValue(column: Column): unknown {
  const c = column as { hasdefault?: boolean; default?: string };
  return c.hasdefault === true && c.default !== undefined ? c.default : '';
}

export function initialValues(plugins: PluginRegistry, rows: Row[] | undefined): Values {
  const values: Values = {};
  for (const { field, column, plugin } of boundColumns(plugins, rows)) {
    values[field] = plugin.initialValue ? plugin.initialValue(column as never) : defaultInitialValue(column);
  }
  return values;
}

/**
 * The generic validator as the browser runs it: a definition's pattern goes to a worker with a
 * time budget (runtime/patterns.ts) and counts as no error until it has answered.
 */
export function clientValidateField(field: ValidatedField, value: unknown): FieldCheck {
  return validateField(field, value, boundedMatch);
}

export function checkColumn(plugin: ColumnPlugin, column: Column, value: unknown): FieldCheck {
  return plugin.validate ? plugin.validate(column as never, value) : clientValidateField(column as unknown as ValidatedField, value);
}

/**
 * The field validation (src/shared/field-validation.ts) over the whole form: the invalid fields
 * and their checks (empty when valid). `readOnly`: fields the caller may not write (their grants,
 * as the definition answer lists them): not sent, so not checked.
 */
export function validateValues(plugins: PluginRegistry, rows: Row[] | undefined, values: Values, readOnly?: ReadonlySet<string>): Record<string, FieldCheck> {
  const errors: Record<string, FieldCheck> = {};
  for (const { field, column, plugin } of boundColumns(plugins, rows)) {
    if (readOnly?.has(field)) continue;
    const check = checkColumn(plugin, column, values[field]);
    if (!check.valid) errors[field] = check;
  }
  return errors;
}

/**
 * Validates every field of the form, shows their messages from now on as the user
 * types, and answers whether the form may be sent.
 */
export function checkForm(plugins: PluginRegistry, store: FormStore, rows: Row[] | undefined, readOnly?: ReadonlySet<string>): boolean {
  const errors = validateValues(plugins, rows, formValues(store), readOnly);
  store.setState({ errors, submitted: true });
  return Object.keys(errors).length === 0;
}

/**
 * The values the server accepts for this form: its bound fields only, less those the caller may
 * not write (`readOnly`): the server keeps or sets them itself.
 */
export function recordValues(plugins: PluginRegistry, rows: Row[] | undefined, values: Values, readOnly?: ReadonlySet<string>): Values {
  const out: Values = {};
  for (const { field } of boundColumns(plugins, rows)) if (values[field] !== undefined && !readOnly?.has(field)) out[field] = values[field];
  return out;
}

import type { ComponentType } from 'react';
import type { Column } from '../generated/definitions';
import type { FieldCheck } from '../shared/field-validation';

/** How a screen shows a definition: a form mode (add, edit, view, delete), a page (view) or a designer canvas (design). */
export type RenderMode = 'add' | 'edit' | 'delete' | 'view' | 'design';

/** The column type a childType names, e.g. ColumnOf<'Input'> is InputColumn. */
export type ColumnOf<T extends Column['childType']> = Extract<Column, { childType: T }>;

/**
 * What the interpreter hands a plugin's component. Field plugins (whose schema hints name
 * `binds`) get the bound value, its setter and its error; the host that passes them subscribes to that one
 * field, so a keystroke re-renders only the field typed into.
 */
export interface RenderProps<C extends Column = Column> {
  column: C;
  mode: RenderMode;
  /** The DOM id of the control, for <label htmlFor>. Unique per form and field. */
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  /** The validation message to show under the field (src/shared/field-validation.ts); '' when valid or when the rule sets none. */
  error: string;
  /** True when the field failed validation (a failed regular expression is invalid without a message). */
  invalid: boolean;
  /** The form is read only, the column is disabled, or the record is being deleted. */
  disabled: boolean;
}

export interface ColumnPlugin<C extends Column = Column> {
  childType: C['childType'];
  /** This column type's own props schema (plugins/<folder>/schema.json). */
  schema: object;
  /** A new column's defaults, as the designer adds it. */
  create(): C;
  Render: ComponentType<RenderProps<C>>;
  /** The value a new record starts with. Default: hasdefault ? default : ''. */
  initialValue?(column: C): unknown;
  /** The field's check. Default: the generic validator, for types whose hints say `validation: "generic"`. */
  validate?(column: C, value: unknown): FieldCheck;
  /** Example columns the contract suite renders and round-trips. */
  examples?: C[];
}

/**
 * Any one registered plugin, typed for its own column (ColumnPlugin is invariant in its column
 * type, so the union of every childType's plugin type is what a registry can accept).
 */
export type AnyColumnPlugin = { [T in Column['childType']]: ColumnPlugin<ColumnOf<T>> }[Column['childType']];

/**
 * The column plugins by childType (runtime/registry.ts makes one). It is a value handed down, not
 * a module global: the app builds it from the plugin folders and provides it (runtime/host.tsx),
 * a test builds its own, and the designer is given it.
 */
export interface PluginRegistry {
  get(childType: string): ColumnPlugin | undefined;
  all(): ColumnPlugin[];
}

/** Identity with types: a plugin module says `export const plugin = definePlugin({...})`. */
export function definePlugin<T extends Column['childType']>(plugin: ColumnPlugin<ColumnOf<T>> & { childType: T }): ColumnPlugin<ColumnOf<T>> {
  return plugin;
}

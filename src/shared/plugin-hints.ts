/**
 * Reads the designer hints (`x-tessera`, schemas/plugin-hints.json) out of the plugin folders'
 * schemas: what a column type is, where it is offered, which of its properties name record
 * fields, how it is validated, and how each property is edited. The server's record writes,
 * the form runtime's bound fields and the designers' palettes and property panels all come from
 * here, so a plugin declares these things once, in its schema, with no code. Isomorphic: it
 * imports JSON only (no ajv, Node or React), so the browser bundle can use it.
 */
import action from '../../schemas/action.json' with { type: 'json' };
import common from '../../schemas/common.json' with { type: 'json' };
import form from '../../schemas/form.json' with { type: 'json' };
import grid from '../../schemas/grid.json' with { type: 'json' };
import menu from '../../schemas/menu.json' with { type: 'json' };
import model from '../../schemas/model.json' with { type: 'json' };
import page from '../../schemas/page.json' with { type: 'json' };
import rowAction from '../../schemas/row-action.json' with { type: 'json' };
import tab from '../../schemas/tab.json' with { type: 'json' };
import type { PluginHints, PropertyHints } from '../generated/definitions';
import { pluginSchemaFiles } from '../generated/plugin-schemas';
import { HINTS_KEYWORD, SCHEMA_BASE } from './contract';

export type { PluginHints, PropertyHints };

export { HINTS_KEYWORD };

export type Designer = PluginHints['designers'][number];
export type EditorKind = NonNullable<PropertyHints['editor']>;

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
  [HINTS_KEYWORD]?: PluginHints | PropertyHints;
}

/** Shared schemas a plugin's `$ref`s may point into, by file name. */
const shared: Record<string, JsonSchema> = {
  'common.json': common as unknown as JsonSchema,
  'tab.json': tab as unknown as JsonSchema,
};

/** Resolves `https://tessera.dev/schemas/<file>.json#/$defs/<name>` (or a whole file) against the shared schemas. */
function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (!ref?.startsWith(SCHEMA_BASE)) return schema;
  const [file, pointer = ''] = ref.slice(SCHEMA_BASE.length).split('#');
  let target: JsonSchema | undefined = shared[file!];
  for (const part of pointer.split('/').filter(Boolean)) {
    target = (target as Record<string, JsonSchema> | undefined)?.[part];
  }
  if (!target) return schema;
  // Hints written beside a $ref (e.g. on `width`) win over the target's own.
  return { ...target, ...schema, $ref: undefined, [HINTS_KEYWORD]: schema[HINTS_KEYWORD] ?? target[HINTS_KEYWORD] };
}

export interface HintedType {
  childType: string;
  /** The plugin folder under plugins/. */
  folder: string;
  hints: PluginHints;
  schema: JsonSchema;
}

function childTypeOf(schema: JsonSchema): string | undefined {
  const value = schema.properties?.childType?.const;
  return typeof value === 'string' ? value : undefined;
}

let byType: Map<string, HintedType> | undefined;

function types(): Map<string, HintedType> {
  if (byType) return byType;
  byType = new Map();
  for (const [folder, file] of Object.entries(pluginSchemaFiles)) {
    const schema = file as JsonSchema;
    const childType = childTypeOf(schema);
    const hints = schema[HINTS_KEYWORD] as PluginHints | undefined;
    // A schema without root hints is still a column type; it is just not offered or bound.
    if (childType) byType.set(childType, { childType, folder, hints: hints ?? fallbackHints(childType), schema });
  }
  return byType;
}

function fallbackHints(childType: string): PluginHints {
  return { label: childType, description: childType, icon: 'puzzle', category: 'content', designers: [] };
}

/** The root hints of a column type; undefined for an unknown childType. */
export function pluginHints(childType: string): PluginHints | undefined {
  return types().get(childType)?.hints;
}

/** The plugin folder of a column type (plugins/<folder>/), or undefined for an unknown childType. */
export function folderOfType(childType: string): string | undefined {
  return types().get(childType)?.folder;
}

/** Every discovered column type with its hints, in folder order. */
export function hintedTypes(): HintedType[] {
  return [...types().values()];
}

const CATEGORY_ORDER: Record<PluginHints['category'], number> = { layout: 0, field: 1, content: 2, embed: 3, designer: 4 };

/** The childTypes a designer's palette offers, by category and then by their `order` hint. */
export function offeredBy(designer: Designer): string[] {
  return hintedTypes()
    .filter((t) => t.hints.designers.includes(designer))
    .sort(
      (a, b) =>
        CATEGORY_ORDER[a.hints.category] - CATEGORY_ORDER[b.hints.category] ||
        (a.hints.order ?? Number.MAX_SAFE_INTEGER) - (b.hints.order ?? Number.MAX_SAFE_INTEGER) ||
        a.childType.localeCompare(b.childType),
    )
    .map((t) => t.childType);
}

type AnyColumn = { childType: string } & Record<string, unknown>;

function fieldAt(column: AnyColumn, property: string): string | undefined {
  const value = column[property];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The record fields a column reads and writes (its `binds` properties' values), own value first. */
export function boundFieldNames(column: AnyColumn): string[] {
  const binds = pluginHints(column.childType)?.binds ?? [];
  return binds.map((p) => fieldAt(column, p)).filter((f): f is string => f !== undefined);
}

/** The record field a column's component gets as `value`: the first `binds` property's value. */
export function valueField(column: AnyColumn): string | undefined {
  const first = pluginHints(column.childType)?.binds?.[0];
  return first === undefined ? undefined : fieldAt(column, first);
}

/** One property of a column type as its property editor needs it. */
export interface PropertyEditor {
  property: string;
  editor: EditorKind;
  label: string;
  group: string;
  order: number;
  advanced: boolean;
  enabledBy?: string;
  when?: PropertyHints['when'];
  /** The allowed values with their display labels, for enum editors. */
  options?: { value: string | number | boolean; label: string }[];
  children?: PropertyHints['children'];
  accepts?: string[];
  placeholder?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}

function defaultEditor(schema: JsonSchema): EditorKind {
  if (schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string') return 'text';
  return 'none';
}

/** A schema's properties, its allOf parts' included, resolved through the shared schemas. */
function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const out = new Map<string, JsonSchema>();
  for (const part of schema.allOf ?? []) {
    for (const [name, prop] of Object.entries(resolve(part).properties ?? {})) out.set(name, resolve(prop));
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {})) out.set(name, resolve(prop));
  return [...out.entries()];
}

function editorsOf(schema: JsonSchema): PropertyEditor[] {
  // A type leaves out the shared properties that do nothing for it (a Checkbox's placeholder).
  const omitted = new Set(((schema[HINTS_KEYWORD] ?? {}) as PluginHints).omit ?? []);
  const list = propertiesOf(schema)
    .filter(([property]) => !omitted.has(property))
    .map(([property, prop], index): PropertyEditor & { index: number } => {
      const hints = (prop[HINTS_KEYWORD] ?? {}) as PropertyHints;
      const editor = hints.editor ?? defaultEditor(prop);
      const options = prop.enum?.map((value) => ({
        value: value as string | number | boolean,
        label: hints.options?.[String(value)] ?? String(value),
      }));
      return {
        index,
        property,
        editor,
        label: hints.label ?? property,
        group: hints.group ?? 'General',
        order: hints.order ?? Number.MAX_SAFE_INTEGER,
        advanced: hints.advanced ?? false,
        ...(hints.enabledBy && { enabledBy: hints.enabledBy }),
        ...(hints.when && { when: hints.when }),
        ...(options && { options }),
        ...(hints.children && { children: hints.children }),
        ...(hints.accepts && { accepts: hints.accepts }),
        ...(hints.placeholder !== undefined && { placeholder: hints.placeholder }),
        ...(prop.minimum !== undefined && { minimum: prop.minimum }),
        ...(prop.maximum !== undefined && { maximum: prop.maximum }),
        ...(prop.default !== undefined && { default: prop.default }),
        ...(prop.description && { description: prop.description }),
      };
    });
  return list
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ index: _index, ...editor }) => editor);
}

/**
 * The property editors of a column type (or of 'Tab'), in display order: the designers' property
 * panel draws these with no plugin code. Includes `editor: 'none'` entries; callers skip them.
 */
export function propertyEditors(childType: string): readonly PropertyEditor[] {
  let editors = editorCache.get(childType);
  if (!editors) {
    const schema = childType === 'Tab' ? (tab as unknown as JsonSchema) : types().get(childType)?.schema;
    editors = schema ? editorsOf(schema) : [];
    editorCache.set(childType, editors);
  }
  return editors;
}
const editorCache = new Map<string, PropertyEditor[]>();

const documents = {
  form,
  page,
  menu,
  grid,
  action,
  rowAction,
  menuItem: menu.properties.definition.items,
  gridField: grid.properties.definition.items,
  model,
  modelField: model.properties.fields.items,
  filter: common.$defs.filter,
  sort: common.$defs.sort,
} as const;

/**
 * The property editors of a definition document's own properties (a form's title, model, url
 * and flags; a page's; a menu's) or of a toolbar action or a menu's work-flow row, from the hints
 * in schemas/<name>.json.
 */
export function documentEditors(name: keyof typeof documents): readonly PropertyEditor[] {
  const key = `#${name}`;
  let editors = editorCache.get(key);
  if (!editors) {
    editors = editorsOf(documents[name] as unknown as JsonSchema);
    editorCache.set(key, editors);
  }
  return editors;
}

/**
 * Whether a column's property editor is shown, given the column's other values (`when`); a
 * property the column leaves out counts as its schema default (a Tab without tabcontenttype holds Rows).
 */
export function editorShown(editor: PropertyEditor, column: { childType?: unknown } & Record<string, unknown>): boolean {
  if (!editor.when) return true;
  const editors = typeof column.childType === 'string' ? propertyEditors(column.childType) : [];
  return Object.entries(editor.when).every(([prop, expected]) => {
    const actual = column[prop] ?? editors.find((e) => e.property === prop)?.default;
    return Array.isArray(expected) ? expected.includes(actual as never) : actual === expected;
  });
}

/** The properties of a column type (or 'Tab') that hold nested rows or tabs, with what they accept. */
export interface ChildContainer {
  property: string;
  children: 'rows' | 'tabs';
  accepts: string[];
}

export function childContainers(childType: string): readonly ChildContainer[] {
  let containers = containerCache.get(childType);
  if (!containers) {
    containers = propertyEditors(childType)
      .filter((e) => e.children)
      .map((e) => ({ property: e.property, children: e.children!, accepts: e.accepts ?? ['*'] }));
    containerCache.set(childType, containers);
  }
  return containers;
}
const containerCache = new Map<string, ChildContainer[]>();

/**
 * The one ajv instance of Tessera. Every schema of schemas/ and plugins/ is added once, each
 * validator is compiled once and cached by ajv, and the same code runs in the browser and on
 * the server (no Node-only or React import here).
 */
import { Ajv2020, type AnySchema, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import action from '../../schemas/action.json' with { type: 'json' };
import column from '../../schemas/column.json' with { type: 'json' };
import common from '../../schemas/common.json' with { type: 'json' };
import form from '../../schemas/form.json' with { type: 'json' };
import grid from '../../schemas/grid.json' with { type: 'json' };
import menu from '../../schemas/menu.json' with { type: 'json' };
import model from '../../schemas/model.json' with { type: 'json' };
import page from '../../schemas/page.json' with { type: 'json' };
import pluginHints from '../../schemas/plugin-hints.json' with { type: 'json' };
import rowAction from '../../schemas/row-action.json' with { type: 'json' };
import row from '../../schemas/row.json' with { type: 'json' };
import select from '../../schemas/select.json' with { type: 'json' };
import tab from '../../schemas/tab.json' with { type: 'json' };
import pluginButton from '../../plugins/button/schema.json' with { type: 'json' };
import pluginCard from '../../plugins/card/schema.json' with { type: 'json' };
import pluginCheckbox from '../../plugins/checkbox/schema.json' with { type: 'json' };
import pluginCodeEditor from '../../plugins/code-editor/schema.json' with { type: 'json' };
import pluginDualList from '../../plugins/dual-list/schema.json' with { type: 'json' };
import pluginEditor from '../../plugins/editor/schema.json' with { type: 'json' };
import pluginFormDesigner from '../../plugins/form-designer/schema.json' with { type: 'json' };
import pluginGrid from '../../plugins/grid/schema.json' with { type: 'json' };
import pluginGridDesigner from '../../plugins/grid-designer/schema.json' with { type: 'json' };
import pluginHidden from '../../plugins/hidden/schema.json' with { type: 'json' };
import pluginHtml from '../../plugins/html/schema.json' with { type: 'json' };
import pluginInput from '../../plugins/input/schema.json' with { type: 'json' };
import pluginMenuDesigner from '../../plugins/menu-designer/schema.json' with { type: 'json' };
import pluginNone from '../../plugins/none/schema.json' with { type: 'json' };
import pluginPageDesigner from '../../plugins/page-designer/schema.json' with { type: 'json' };
import pluginRows from '../../plugins/rows/schema.json' with { type: 'json' };
import pluginSelect from '../../plugins/select/schema.json' with { type: 'json' };
import pluginTabs from '../../plugins/tabs/schema.json' with { type: 'json' };
import pluginText from '../../plugins/text/schema.json' with { type: 'json' };
import pluginTextArea from '../../plugins/text-area/schema.json' with { type: 'json' };
import pluginWorkFlow from '../../plugins/work-flow/schema.json' with { type: 'json' };

export const SCHEMA_BASE = 'https://tessera.dev/schemas/';

/** The one keyword under which a schema carries designer hints (schemas/plugin-hints.json). */
export const HINTS_KEYWORD = 'x-tessera';

export const definitionKinds = ['form', 'grid', 'page', 'menu', 'select', 'model'] as const;
export type DefinitionKind = (typeof definitionKinds)[number];

export interface SchemaError {
  /** JSON pointer of the offending place, e.g. `/definition/0/cols/1/width`. */
  pointer: string;
  message: string;
}
export type ValidationResult = { ok: true } | { ok: false; errors: SchemaError[] };

const definitionSchemas: Record<DefinitionKind, SchemaObject> = { form, grid, page, menu, select, model };

/** Every column plugin schema, keyed by its childType. */
export const pluginSchemas: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  [
    pluginNone, pluginInput, pluginTextArea, pluginCheckbox, pluginSelect, pluginEditor, pluginCodeEditor,
    pluginFormDesigner, pluginGridDesigner, pluginRows, pluginCard, pluginTabs, pluginText, pluginHtml,
    pluginHidden, pluginDualList, pluginPageDesigner, pluginMenuDesigner, pluginWorkFlow, pluginGrid, pluginButton,
  ].map((s: SchemaObject) => [childTypeOf(s), s]),
);

/** The 21 childType values, in the order of the spec. */
export const childTypes: readonly string[] = Object.keys(pluginSchemas);

function childTypeOf(schema: SchemaObject): string {
  const props = schema.properties as Record<string, { const?: unknown }> | undefined;
  const value = props?.childType?.const;
  if (typeof value !== 'string') throw new Error(`plugin schema ${String(schema.$id)} has no childType const`);
  return value;
}

// ajv-formats is CommonJS; under some loaders the plugin is the module's default export.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as unknown as FormatsPlugin;

const ajv = new Ajv2020({ allErrors: true, strict: true, discriminator: true });
addFormats(ajv);
// Designer hints (docs/plugins.md): an annotation keyword whose value is checked against its
// vocabulary whenever a schema carrying it compiles, so a misspelt hint is an error, not a no-op.
ajv.addSchema(pluginHints as SchemaObject);
ajv.addKeyword({ keyword: HINTS_KEYWORD, metaSchema: { $ref: `${SCHEMA_BASE}plugin-hints.json#/$defs/hints` } });
for (const schema of [common, action, rowAction, row, tab, column, ...Object.values(pluginSchemas), form, grid, page, menu, select, model]) {
  ajv.addSchema(schema as SchemaObject);
}

/** The compiled validator of a registered schema (by `$id`), compiled on first use and cached. */
export function getValidator(schemaId: string): ValidateFunction {
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`Unknown schema ${schemaId}`);
  return validate;
}

/** Adds a schema (for example an API body schema) so others can `$ref` it by `$id`. Adding the same `$id` again is a no-op. */
export function registerSchema(schema: SchemaObject): void {
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  if (id && ajv.getSchema(id)) return;
  ajv.addSchema(schema);
}

const anonymous = new WeakMap<object, ValidateFunction>();
/**
 * Compiles any schema with the shared ajv (used as Fastify's validator compiler). A schema
 * with an `$id` already registered gets the cached validator; other schemas are compiled once
 * per schema object.
 */
export function compileSchema(schema: AnySchema): ValidateFunction {
  if (typeof schema === 'object' && typeof schema.$id === 'string') {
    const existing = ajv.getSchema(schema.$id);
    if (existing) return existing;
  }
  if (typeof schema !== 'object') return ajv.compile(schema);
  let validate = anonymous.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    anonymous.set(schema, validate);
  }
  return validate;
}

/** The raw JSON Schema of a definition kind (its top-level `properties` are the stored fields). */
export function getDefinitionSchema(kind: DefinitionKind): SchemaObject {
  return definitionSchemas[kind];
}

export function definitionSchemaId(kind: DefinitionKind): string {
  return `${SCHEMA_BASE}${kind}.json`;
}

/** Validates a definition of the given kind; errors name the offending place by JSON pointer. */
export function validateDefinition(kind: DefinitionKind, value: unknown): ValidationResult {
  return validateWith(getValidator(definitionSchemaId(kind)), value);
}

/** Runs a validator and turns its ajv errors into `{ pointer, message }` pairs. */
export function validateWith(validate: ValidateFunction, value: unknown): ValidationResult {
  if (validate(value)) return { ok: true };
  return { ok: false, errors: toSchemaErrors(validate.errors ?? []) };
}

/**
 * Readable errors: one per place and message, pointing at the property itself for unknown
 * and missing keys. Composite keywords (oneOf, if, the discriminator's own wrapper) only
 * repeat what their branches said, so they are dropped when a more specific error exists.
 */
export function toSchemaErrors(errors: readonly ErrorObject[]): SchemaError[] {
  const specific = errors.filter((e) => !COMPOSITE.has(e.keyword));
  // A value of the wrong type also fails its enum, pattern or range: the type error says it all.
  const wrongType = new Set(specific.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const focused = specific.filter((e) => e.keyword === 'type' || !wrongType.has(e.instancePath));
  const chosen = focused.length > 0 ? focused : errors;
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  for (const e of chosen) {
    const err = describe(e);
    const key = `${err.pointer}\u0000${err.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(err);
  }
  return out;
}

const COMPOSITE = new Set(['oneOf', 'anyOf', 'allOf', 'if', '$ref']);

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function describe(e: ErrorObject): SchemaError {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { pointer: `${at}/${escapePointer(String(p.additionalProperty))}`, message: `unknown property '${String(p.additionalProperty)}'` };
    case 'unevaluatedProperties':
      return { pointer: `${at}/${escapePointer(String(p.unevaluatedProperty))}`, message: `unknown property '${String(p.unevaluatedProperty)}'` };
    case 'required':
      return { pointer: `${at}/${escapePointer(String(p.missingProperty))}`, message: `'${String(p.missingProperty)}' is required` };
    case 'enum':
      return { pointer: at, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'not':
      return { pointer: at, message: 'this value is not allowed here' };
    case 'discriminator': {
      const tag = String(p.tag);
      if (p.error === 'mapping') {
        return { pointer: `${at}/${escapePointer(tag)}`, message: `unknown ${tag} ${JSON.stringify(p.tagValue)}; must be one of ${childTypes.join(', ')}` };
      }
      return { pointer: `${at}/${escapePointer(tag)}`, message: `'${tag}' is required and must be a string` };
    }
    default:
      return { pointer: at, message: e.message ?? `fails ${e.keyword}` };
  }
}

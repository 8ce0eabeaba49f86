/**
 * What Tessera's schemas are, without any validator: their ids, the definition kinds, the column
 * plugins' schemas by childType, and how ajv's errors are worded. Isomorphic and free of ajv's
 * compiler, so the browser bundle can use it: the browser validates with the validators that
 * gen:types precompiles (precompiled-validators.ts), the server with its own ajv (schema-registry.ts).
 */
import type { ErrorObject, SchemaObject } from 'ajv/dist/2020.js';
import { pluginSchemaFiles } from '../generated/plugin-schemas.js';
import column from '../../schemas/column.json' with { type: 'json' };
import action from '../../schemas/action.json' with { type: 'json' };
import common from '../../schemas/common.json' with { type: 'json' };
import filter from '../../schemas/filter.json' with { type: 'json' };
import form from '../../schemas/form.json' with { type: 'json' };
import grid from '../../schemas/grid.json' with { type: 'json' };
import menu from '../../schemas/menu.json' with { type: 'json' };
import model from '../../schemas/model.json' with { type: 'json' };
import automation from '../../schemas/automation.json' with { type: 'json' };
import step from '../../schemas/step.json' with { type: 'json' };
import { stepSchemaFiles } from '../generated/step-schemas.js';
import page from '../../schemas/page.json' with { type: 'json' };
import pluginHints from '../../schemas/plugin-hints.json' with { type: 'json' };
import rowAction from '../../schemas/row-action.json' with { type: 'json' };
import row from '../../schemas/row.json' with { type: 'json' };
import select from '../../schemas/select.json' with { type: 'json' };
import tab from '../../schemas/tab.json' with { type: 'json' };
import { HINTS_KEYWORD, SCHEMA_BASE, definitionKinds, type DefinitionKind } from './contract.js';

export { HINTS_KEYWORD, SCHEMA_BASE, definitionKinds, type DefinitionKind };

/** The `$id` of a plugin folder's schema. */
export function pluginSchemaId(folder: string): string {
  return `${SCHEMA_BASE}plugins/${folder}.json`;
}

export const definitionSchemas = { form, grid, page, menu, select, model, automation } as const;

/** The step union (schemas/step.json, generated) and every step folder's schema (plugins/steps/). */
export const stepSchemas: readonly SchemaObject[] = [step as SchemaObject, ...Object.values(stepSchemaFiles).map((s) => s as SchemaObject)];

/** The schemas of schemas/ other than the column union, which is generated from the plugin folders. */
export const baseSchemas: readonly SchemaObject[] = [pluginHints, common, filter, action, rowAction, row, tab];

/** The childType a plugin schema declares (`properties.childType.const`), or undefined. */
export function declaredChildType(schema: SchemaObject): string | undefined {
  const props = schema.properties as Record<string, { const?: unknown }> | undefined;
  const value = props?.childType?.const;
  return typeof value === 'string' ? value : undefined;
}


export interface SchemaError {
  /** JSON pointer of the offending place, e.g. `/definition/0/cols/1/width`. */
  pointer: string;
  message: string;
}
export type ValidationResult = { ok: true } | { ok: false; errors: SchemaError[] };

/** Every column plugin schema (one per folder under plugins/, found by gen:types), keyed by its childType. */
export const pluginSchemas: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  Object.values(pluginSchemaFiles).map((s) => [childTypeOf(s as SchemaObject), s as SchemaObject]),
);

/** Every childType: the 21 the product started with (None, Input ... Button) and any plugin folder added since (such as rating), in folder order. */
export const childTypes: readonly string[] = Object.keys(pluginSchemas);

function childTypeOf(schema: SchemaObject): string {
  const childType = declaredChildType(schema);
  if (!childType) throw new Error(`plugin schema ${String(schema.$id)} has no childType const`);
  return childType;
}

/** Every schema the registry holds (the base ones, the column union, the plugins', the definitions'), e.g. for the API description. */
export const registeredSchemas: readonly SchemaObject[] = [
  ...baseSchemas,
  column as SchemaObject,
  ...Object.values(pluginSchemas),
  ...stepSchemas,
  ...Object.values(definitionSchemas),
];

/**
 * Parts of schemas the designers check on their own (a grid field, a sort...), by `$id` and
 * JSON pointer. Whole schemas are all precompiled; a part only when it is listed here.
 */
export const schemaPartIds = {
  menuItem: `${SCHEMA_BASE}menu.json#/properties/definition/items`,
  gridField: `${SCHEMA_BASE}grid.json#/properties/definition/items`,
  modelField: `${SCHEMA_BASE}model.json#/properties/fields/items`,
  filter: `${SCHEMA_BASE}common.json#/$defs/filter`,
  sort: `${SCHEMA_BASE}common.json#/$defs/sort`,
} as const;

/** A compiled validator: ajv's own, or one precompiled by gen:types (same signature, same errors). */
export type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The raw JSON Schema of a definition kind (its top-level `properties` are the stored fields). */
export function getDefinitionSchema(kind: DefinitionKind): SchemaObject {
  return definitionSchemas[kind] as SchemaObject;
}

export function definitionSchemaId(kind: DefinitionKind): string {
  return `${SCHEMA_BASE}${kind}.json`;
}

/** Runs a validator and turns its ajv errors into `{ pointer, message }` pairs. */
export function validateWith(validate: Validator, value: unknown): ValidationResult {
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

/**
 * The one ajv instance of Tessera. Every schema of schemas/ and plugins/ is added once, each
 * validator is compiled once and cached by ajv, and the same code runs in the browser and on
 * the server (no Node-only or React import here).
 */
import type { AnySchema, ErrorObject, SchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import { pluginSchemaFiles } from '../generated/plugin-schemas.js';
import column from '../../schemas/column.json' with { type: 'json' };
import { baseSchemas, createAjv, declaredChildType, definitionSchemas as schemasByKind, SCHEMA_BASE } from './schema-ajv.js';

export { HINTS_KEYWORD, SCHEMA_BASE } from './schema-ajv.js';

export const definitionKinds = ['form', 'grid', 'page', 'menu', 'select', 'model'] as const;
export type DefinitionKind = (typeof definitionKinds)[number];

export interface SchemaError {
  /** JSON pointer of the offending place, e.g. `/definition/0/cols/1/width`. */
  pointer: string;
  message: string;
}
export type ValidationResult = { ok: true } | { ok: false; errors: SchemaError[] };

const definitionSchemas: Record<DefinitionKind, SchemaObject> = schemasByKind;

/** Every column plugin schema (one per folder under plugins/, found by gen:types), keyed by its childType. */
export const pluginSchemas: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  Object.values(pluginSchemaFiles).map((s) => [childTypeOf(s as SchemaObject), s as SchemaObject]),
);

/** Every childType: the spec's 21 and any other plugin folder, in folder order. */
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
  ...Object.values(definitionSchemas),
];

const ajv = createAjv(column as SchemaObject, Object.values(pluginSchemas));

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
/**
 * How deep a definition's JSON may nest. A Card in a Card costs four levels, so real designs
 * stay far below; the validator recurses once per level, and a few thousand levels exhaust
 * the stack.
 */
export const MAX_DEFINITION_DEPTH = 200;

/** Whether a JSON value nests deeper than `max` levels (walked with a stack, not recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (!item || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export function validateDefinition(kind: DefinitionKind, value: unknown): ValidationResult {
  if (nestsDeeperThan(value, MAX_DEFINITION_DEPTH)) {
    return { ok: false, errors: [{ pointer: '', message: `nests deeper than ${MAX_DEFINITION_DEPTH} levels` }] };
  }
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

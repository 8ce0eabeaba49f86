/**
 * The server's one ajv instance. Every schema of schemas/ and plugins/ is added once and each
 * validator is compiled once and cached by ajv. The browser never compiles schemas (the
 * Content-Security-Policy has no 'unsafe-eval'): it runs the validators gen:types precompiles
 * from this same set (precompiled-validators.ts). What needs no compiler lives in schema-catalog.ts.
 */
import type { AnySchema, SchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import column from '../../schemas/column.json' with { type: 'json' };
import { createAjv } from './schema-ajv.js';
import { definitionSchemaId, pluginSchemas, validateWith, type DefinitionKind, type ValidationResult } from './schema-catalog.js';

export * from './schema-catalog.js';

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


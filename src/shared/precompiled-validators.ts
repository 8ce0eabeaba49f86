/**
 * The browser's validators: precompiled from the schemas by gen:types (ajv's standalone code), so
 * the client never turns a schema into a function at run time and the Content-Security-Policy
 * needs no 'unsafe-eval'. They are built with the server's ajv options from the same schemas,
 * so every error the browser shows is one the server would give.
 */
import { validatorsById } from '../generated/validators.js';
import { definitionSchemaId, validateWith, type DefinitionKind, type ValidationResult, type Validator } from './schema-catalog.js';

/** The precompiled validator of a schema (by `$id`). */
export function getValidator(schemaId: string): Validator {
  const validate = validatorsById[schemaId];
  if (!validate) throw new Error(`Unknown schema ${schemaId}`);
  return validate;
}

/** Validates a definition of the given kind; errors name the offending place by JSON pointer. */
export function validateDefinition(kind: DefinitionKind, value: unknown): ValidationResult {
  return validateWith(getValidator(definitionSchemaId(kind)), value);
}

/**
 * Live schema errors for the property panel: the object being edited is checked against its
 * own schema (a plugin's, or the tab's) and each ajv error is pinned to the top-level property
 * it is about, in words an admin reads ("must be at most 12").
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { getValidator } from '../../shared/precompiled-validators';
import { SCHEMA_BASE, toSchemaErrors } from '../../shared/schema-catalog';

/** The schema id of a plugin folder's column schema. */
export function pluginSchemaId(folder: string): string {
  return `${SCHEMA_BASE}plugins/${folder}.json`;
}

export const TAB_SCHEMA_ID = `${SCHEMA_BASE}tab.json`;

/** Wrappers that only repeat what their branches said. */
const COMPOSITE = new Set(['oneOf', 'anyOf', 'allOf', 'if', '$ref']);

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The top-level property an error is about; '' for the object as a whole. */
function propertyOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const first = e.instancePath.split('/')[1];
  if (first !== undefined) return unescapePointer(first);
  const named = p.missingProperty ?? p.unevaluatedProperty ?? p.additionalProperty;
  return typeof named === 'string' ? named : '';
}

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'maximum':
      return p.comparison === '<' ? `must be less than ${String(p.limit)}` : `must be at most ${String(p.limit)}`;
    case 'minimum':
      return p.comparison === '>' ? `must be more than ${String(p.limit)}` : `must be at least ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(p.limit)}`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'type':
      return `must be ${p.type === 'integer' ? 'a whole number' : p.type === 'array' || p.type === 'object' ? `an ${String(p.type)}` : `a ${String(p.type)}`}`;
    case 'pattern':
      return 'has the wrong format';
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a property of this type';
    default:
      // Enum, const, discriminator and the rest: the registry's wording, shared with the API's errors.
      return toSchemaErrors([e])[0]?.message ?? e.message ?? `fails ${e.keyword}`;
  }
}

/**
 * The errors of `value` against the schema `schemaId`, one per property (the first that
 * schema reports; a wrong type hides the enum or range error it causes). Empty when valid.
 */
export function schemaErrors(schemaId: string, value: unknown): Record<string, string> {
  const validate = getValidator(schemaId);
  if (validate(value)) return {};
  const all = validate.errors ?? [];
  const specific = all.filter((e) => !COMPOSITE.has(e.keyword));
  const chosen = specific.length > 0 ? specific : all;
  const wrongType = new Set(chosen.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const out: Record<string, string> = {};
  for (const e of chosen) {
    if (e.keyword !== 'type' && wrongType.has(e.instancePath)) continue;
    const property = propertyOf(e);
    if (!(property in out)) out[property] = messageOf(e);
  }
  return out;
}

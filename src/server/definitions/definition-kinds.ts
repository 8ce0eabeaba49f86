import type { ErrorDetail } from '../core/errors.js';
import { definitionKinds, getDefinitionSchema, validateDefinition, type DefinitionKind } from '../../shared/schema-registry.js';
import { kindOfModel, modelOfKind } from '../../shared/contract.js';
import { MAX_QUERY_FILTERS } from '../records/record-queries.js';
import { itemsShapeProblems } from '../../shared/filter/index.js';
import { patternProblems } from '../records/patterns.js';
import type { ModelDefinition, ModelField } from '../records/model-types.js';

/**
 * The definition kinds as models: which system model stores each kind, the fields its schema
 * gives that model, and what any save of a definition refuses. No state and no database here.
 */

export { definitionKinds, type DefinitionKind };

// Which system model stores each kind, and back: one table for client and server (src/shared/contract.ts).
export { kindOfModel, modelOfKind };

/**
 * Each definition kind is a system model whose fields are the definition's top-level
 * properties: strings are text columns (so lists can sort and search them), booleans are
 * booleans, everything else is kept as its exact JSON text, so a definition round-trips.
 */
export function definitionModel(kind: DefinitionKind): ModelDefinition {
  const schema = getDefinitionSchema(kind) as { properties?: Record<string, { type?: unknown }> };
  const fields: ModelField[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name === 'id') continue;
    if (name === 'version') fields.push({ name, type: 'number', label: 'Version' });
    else if (name === 'name') fields.push({ name, type: 'text', label: 'Name', required: true, unique: true });
    else if (name === 'title' || prop.type === 'string') fields.push({ name, type: 'text', label: label(name) });
    else if (prop.type === 'boolean') fields.push({ name, type: 'boolean', label: label(name) });
    else fields.push({ name, type: 'json', label: label(name) });
  }
  return { name: modelOfKind(kind), title: `${modelOfKind(kind)} definitions`, system: true, idtype: 'hex', fields };
}

function label(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * What a save refuses in any definition, before the models it names are looked at: its kind's
 * schema, patterns the server cannot run in linear time (patterns.ts), and a grid's or select's
 * filters past what one read of a model takes (MAX_QUERY_FILTERS). The app import runs it too.
 */
export function definitionProblems(kind: DefinitionKind, doc: unknown): ErrorDetail[] {
  const result = validateDefinition(kind, doc);
  if (!result.ok) return kind === 'grid' ? inFilterWords(result.errors, doc) : result.errors;
  const patterns = patternProblems(doc);
  if (patterns.length) return patterns;
  const filters = (doc as { filters?: unknown[] }).filters;
  if ((kind === 'grid' || kind === 'select') && Array.isArray(filters) && filters.length > MAX_QUERY_FILTERS) {
    return [{ pointer: '/filters', message: `has ${filters.length} filters: a ${kind} may have at most ${MAX_QUERY_FILTERS}` }];
  }
  return [];
}

/**
 * A grid whose filters the schema refuses, told in the filter checker's words (shape.ts, which
 * tests/property/filter-shape.property.test.ts keeps agreeing with the schema): ajv's words for a
 * value that fits no branch of a choice list every branch's complaint.
 */
function inFilterWords(problems: ErrorDetail[], doc: unknown): ErrorDetail[] {
  const filters = (doc as { filters?: unknown }).filters;
  const inFilters = (p: ErrorDetail) => p.pointer.startsWith('/filters/');
  if (!Array.isArray(filters) || !problems.some(inFilters)) return problems;
  const words = itemsShapeProblems(filters, '/filters');
  return words.length ? [...problems.filter((p) => !inFilters(p)), ...words] : problems;
}

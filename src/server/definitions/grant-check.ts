/**
 * A definition's grants checked against its model when it is saved (docs/security.md, "Grants"),
 * as a grid's filters are: each rule must be a filter that fits the model, each field marked or
 * preset a field of it, each preset a value the field takes. A refusal names its place, such as
 * `/access/grants/0/rules/read/and/0/field`, so a grant that could never work is never stored.
 */
import { filterProblems, type FilterProblem, type FilterTree, type ModelDefinition } from '../../shared/filter/index.js';
import type { Grant } from '../../generated/definitions.js';

/** The field types a preset may set: those a filter can compare a value with. */
const PRESET_TYPES = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

/**
 * The problems of `grants` (the `access.grants` of a definition) against `model`, the model whose
 * records the definition reads; undefined for a definition without records (a page, a menu, a
 * select of fixed items), which takes a grant's actions but no rules, fields or presets.
 */
export function grantProblems(grants: readonly Grant[], model: ModelDefinition | undefined, find: (name: string) => ModelDefinition | undefined): FilterProblem[] {
  const problems: FilterProblem[] = [];
  grants.forEach((grant, i) => {
    const at = `/access/grants/${i}`;
    if (!model) {
      for (const key of ['rules', 'fields', 'presets'] as const) {
        if (grant[key] !== undefined && Object.keys(grant[key]).length > 0) {
          problems.push({ pointer: `${at}/${key}`, message: `this definition has no records: a grant on it takes actions only, no ${key}` });
        }
      }
      return;
    }
    for (const [action, rule] of Object.entries(grant.rules ?? {})) {
      if (rule === undefined) continue;
      for (const p of filterProblems(rule, model, find)) problems.push({ pointer: `${at}/rules/${action}${p.pointer}`, message: p.message });
    }
    for (const field of Object.keys(grant.fields ?? {})) {
      if (!model.fields.some((f) => f.name === field)) problems.push({ pointer: `${at}/fields/${field}`, message: `'${field}' is not a field of ${model.name}` });
    }
    for (const [field, value] of Object.entries(grant.presets ?? {})) {
      if (value === undefined) continue;
      problems.push(...presetProblems(field, value, model, find).map((message) => ({ pointer: `${at}/presets/${field}`, message })));
    }
  });
  return problems;
}

/**
 * Why a preset does not fit its field: the value is checked as the filter language checks a value
 * compared with the field (a literal of its type, or a variable that fits it).
 */
function presetProblems(field: string, value: unknown, model: ModelDefinition, find: (name: string) => ModelDefinition | undefined): string[] {
  const f = model.fields.find((x) => x.name === field);
  if (!f) return [`'${field}' is not a field of ${model.name}`];
  if (!PRESET_TYPES.has(f.type)) return [`'${field}' is a ${f.type} field: only text, number, yes-or-no, date, date-and-time and reference fields take a preset`];
  if (typeof value === 'object' && value !== null && (value as { var?: unknown }).var === 'RECORD.id') {
    return ['RECORD.id has no value when a record is added: a preset takes a literal, NOW, TODAY or CURRENT_USER'];
  }
  // A date and time has no equality in the filter language; its values are checked by an order.
  const probe: FilterTree = { and: [{ field, op: f.type === 'datetime' ? 'gte' : 'eq', value: value as never }] };
  return filterProblems(probe, model, find).map((p) => p.message);
}

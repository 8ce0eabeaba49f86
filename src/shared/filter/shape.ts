/**
 * The shape of a filter, without a model: what schemas/filter.json accepts, said in words a
 * person can act on (ajv's words for a failed choice are a list of every branch's complaint).
 * tests/property/filter-shape.property.test.ts keeps the two agreeing on every value.
 */
import { FILTER_OPERATORS, FILTER_VARIABLES, MAX_IN_VALUES, MAX_VARIABLE_LENGTH, RECORD_FIELD_VARIABLE, USER_FIELD_VARIABLE, type FilterProblem } from './types.js';

type Json = Record<string, unknown>;

const GROUP_WORDS = 'a group is { "and": [...] } or { "or": [...] }';
const VALUE_WORDS = 'must be text, a number, true or false, or a variable such as { "var": "TODAY" }';

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as a JSON pointer segment. */
export function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** What an item of a group is, told as schemas/filter.json tells it: by its keys. */
export function itemKind(item: object): 'and' | 'or' | 'legacy' | 'condition' {
  if ('and' in item) return 'and';
  if ('or' in item) return 'or';
  if ('fieldname' in item) return 'legacy';
  return 'condition';
}

/** The problems of a whole filter's shape; none when schemas/filter.json accepts it. */
export function treeShapeProblems(tree: unknown, at = ''): FilterProblem[] {
  if (!isObject(tree)) return [{ pointer: at, message: `a filter must be an object: ${GROUP_WORDS}` }];
  return groupShapeProblems(tree, at, 'top');
}

/** The problems of a list of top-level items (a grid's `filters`) at `at`. */
export function itemsShapeProblems(items: unknown, at: string): FilterProblem[] {
  if (!Array.isArray(items)) return [{ pointer: at, message: 'must be a list of filters' }];
  return items.flatMap((item, i) => itemShapeProblems(item, `${at}/${i}`, 'top'));
}

function groupShapeProblems(group: Json, at: string, level: 'top' | 'group'): FilterProblem[] {
  const join = 'and' in group ? 'and' : 'or';
  if (!(join in group)) return [{ pointer: `${at}/or`, message: `'or' is required: ${GROUP_WORDS}` }];
  const out: FilterProblem[] = [];
  for (const key of Object.keys(group)) {
    if (key !== join) out.push({ pointer: `${at}/${segment(key)}`, message: `unknown property '${key}': ${GROUP_WORDS}` });
  }
  const items = group[join];
  if (!Array.isArray(items)) return [...out, { pointer: `${at}/${join}`, message: 'must be a list of conditions' }];
  items.forEach((item, i) => out.push(...itemShapeProblems(item, `${at}/${join}/${i}`, level)));
  return out;
}

function itemShapeProblems(item: unknown, at: string, level: 'top' | 'group'): FilterProblem[] {
  if (!isObject(item)) return [{ pointer: at, message: 'must be a condition such as { "field": "status", "op": "eq", "value": "open" }' }];
  const kind = itemKind(item);
  if (kind === 'and' || kind === 'or') {
    if (level === 'group') {
      return [{ pointer: at, message: 'a group cannot hold another group: a filter is a top group whose items are conditions or groups of conditions' }];
    }
    return groupShapeProblems(item, at, 'group');
  }
  if (kind === 'legacy') return legacyShapeProblems(item, at);
  return conditionShapeProblems(item, at);
}

function legacyShapeProblems(item: Json, at: string): FilterProblem[] {
  const out: FilterProblem[] = [];
  for (const key of Object.keys(item)) {
    if (key !== 'fieldname' && key !== 'value') {
      out.push({ pointer: `${at}/${segment(key)}`, message: `unknown property '${key}': an old-style filter is { "fieldname": ..., "value": ... }` });
    }
  }
  if (typeof item.fieldname !== 'string') out.push({ pointer: `${at}/fieldname`, message: 'must be text' });
  if ('value' in item && typeof item.value !== 'string') out.push({ pointer: `${at}/value`, message: 'must be text in an old-style filter' });
  return out;
}

function conditionShapeProblems(item: Json, at: string): FilterProblem[] {
  const out: FilterProblem[] = [];
  for (const key of Object.keys(item)) {
    if (key !== 'field' && key !== 'op' && key !== 'value') {
      out.push({ pointer: `${at}/${segment(key)}`, message: `unknown property '${key}': a condition has a field, an op and a value` });
    }
  }
  if (!('field' in item)) out.push({ pointer: `${at}/field`, message: "'field' is required" });
  // Counted in code points, as the schema counts.
  else if (typeof item.field !== 'string' || item.field === '' || [...item.field].length > 200) {
    out.push({ pointer: `${at}/field`, message: 'must be the name of a field (1 to 200 characters)' });
  }
  if (!('op' in item)) out.push({ pointer: `${at}/op`, message: "'op' is required" });
  else if (!FILTER_OPERATORS.includes(item.op as never)) {
    out.push({ pointer: `${at}/op`, message: `'${String(item.op)}' is not an operator; the operators are ${FILTER_OPERATORS.join(', ')}` });
  }
  if ('value' in item) out.push(...operandShapeProblems(item.value, `${at}/value`));
  return out;
}

function operandShapeProblems(value: unknown, at: string): FilterProblem[] {
  if (!Array.isArray(value)) return valueShapeProblems(value, at);
  if (value.length > MAX_IN_VALUES) return [{ pointer: at, message: `has ${value.length} values: a list holds at most ${MAX_IN_VALUES}` }];
  return value.flatMap((v, i) => valueShapeProblems(v, `${at}/${i}`));
}

/** A variable's name as schemas/filter.json takes it: a named one, or CURRENT_USER.<field>. */
export function isVariableName(name: unknown): boolean {
  if (typeof name !== 'string') return false;
  return FILTER_VARIABLES.includes(name as never) || ([...name].length <= MAX_VARIABLE_LENGTH && (USER_FIELD_VARIABLE.test(name) || RECORD_FIELD_VARIABLE.test(name)));
}

function valueShapeProblems(value: unknown, at: string): FilterProblem[] {
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return [];
  if (!isObject(value)) return [{ pointer: at, message: VALUE_WORDS }];
  const out: FilterProblem[] = [];
  for (const key of Object.keys(value)) {
    if (key !== 'var') out.push({ pointer: `${at}/${segment(key)}`, message: `unknown property '${key}': a variable is { "var": "NOW" }` });
  }
  if (!('var' in value)) out.push({ pointer: `${at}/var`, message: "'var' is required: a variable is { \"var\": \"NOW\" }" });
  else if (!isVariableName(value.var)) {
    out.push({ pointer: `${at}/var`, message: `'${String(value.var)}' is not a variable; the variables are ${FILTER_VARIABLES.join(', ')}, CURRENT_USER.<field of User> and, in an automation's conditions, RECORD.<field>` });
  }
  return out;
}

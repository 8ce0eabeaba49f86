/**
 * A filter checked against its model (docs/filters.md): the shape first (shape.ts), then every
 * path, operator and value against the fields they name. The client and the server run this same
 * code, so a filter the builder accepts is one the server saves. What it answers besides the
 * problems is the checked tree that bind.ts turns into what the SQL compiler and the evaluator read.
 */
import { isDate } from '../field-formats.js';
import { isObject, itemKind, itemsShapeProblems, treeShapeProblems } from './shape.js';
import {
  MAX_FILTER_CONDITIONS,
  MAX_HOPS,
  MAX_LAST_DAYS,
  MAX_TEXT_VALUE,
  LINK_OPERATORS,
  OPERATORS_OF,
  type CheckedCondition,
  type CheckedGroup,
  type FieldKind,
  type FieldPath,
  type FilterOperator,
  type FilterProblem,
  type FilterScalar,
  type FilterUserFieldVariable,
  type FilterVariableName,
  type ModelDefinition,
  type Models,
  type Operand,
  type FilterRecordFieldVariable,
  RECORD_FIELD_VARIABLE,
  USER_FIELD_VARIABLE,
} from './types.js';

/** An integer id column's range: PostgreSQL's integer, which SQLite's ids never leave either. */
const MIN_INT_ID = -2_147_483_648;
const MAX_INT_ID = 2_147_483_647;
const HEX_ID = /^[0-9a-f]{32}$/;
/** A date and time as the picker writes it (2024-05-01T09:30), seconds, a fraction and a zone allowed. */
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

export function isFilterDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  return m !== null && isDate(m[1] ?? '');
}

const KIND_WORDS: Record<FieldKind, string> = {
  text: 'a text field',
  number: 'a number field',
  boolean: 'a yes-or-no field',
  date: 'a date field',
  datetime: 'a date-and-time field',
  reference: 'a reference field',
  id: 'a record id',
};

type Json = Record<string, unknown>;

interface Walk {
  model: ModelDefinition;
  find: (name: string) => ModelDefinition | undefined;
  problems: FilterProblem[];
  conditions: number;
  /** Old-style items are left alone (a grid's are read as they always were; see gridFilterProblems). */
  skipLegacy: boolean;
  /** The model of the record RECORD.<field> reads (an automation's trigger model); without it RECORD.<field> is unknown. */
  recordModel?: ModelDefinition;
}

/** What a filter is checked for beyond its model. */
export interface CheckOptions {
  /** An automation's condition: RECORD.<field> names a field of this model's record. */
  recordModel?: ModelDefinition;
}

export interface CheckedFilter {
  problems: FilterProblem[];
  /** The checked tree; meaningful only without problems. */
  tree: CheckedGroup;
}

/** A look-up by name of the models a path may go through. */
export function finder(models: Models): (name: string) => ModelDefinition | undefined {
  if (typeof models === 'function') return models;
  const byName = new Map(models.map((m) => [m.name, m]));
  return (name) => byName.get(name);
}

/** Checks a whole filter against `model`; pointers are into the filter (`/and/2/value`). */
export function checkFilter(tree: unknown, model: ModelDefinition, models: Models, options: CheckOptions = {}): CheckedFilter {
  const shape = treeShapeProblems(tree);
  if (shape.length) return { problems: shape, tree: { join: 'and', items: [] } };
  const group = tree as Json;
  const join = 'and' in group ? 'and' : 'or';
  const walk: Walk = { model, find: finder(models), problems: [], conditions: 0, skipLegacy: false, ...(options.recordModel ? { recordModel: options.recordModel } : {}) };
  const items = checkItems(group[join] as unknown[], `/${join}`, walk);
  bound(walk, '');
  return { problems: walk.problems, tree: { join, items } };
}

/** The problems of a filter against `model`: none when it can run. */
export function filterProblems(tree: unknown, model: ModelDefinition, models: Models, options: CheckOptions = {}): FilterProblem[] {
  return checkFilter(tree, model, models, options).problems;
}

/**
 * The problems of a grid's `filters` (ANDed items) against its model, pointing into the grid
 * (`/filters/2/value`). Old-style items are not looked at: they are read as they always were,
 * and a grid saved before its model had such a field stays savable.
 */
export function gridFilterProblems(filters: unknown, model: ModelDefinition, models: Models, at = '/filters'): FilterProblem[] {
  const shape = itemsShapeProblems(filters, at);
  if (shape.length) return shape;
  const walk: Walk = { model, find: finder(models), problems: [], conditions: 0, skipLegacy: true };
  checkItems(filters as unknown[], at, walk);
  bound(walk, at);
  return walk.problems;
}

function bound(walk: Walk, at: string): void {
  if (walk.conditions > MAX_FILTER_CONDITIONS) {
    walk.problems.push({ pointer: at, message: `has ${walk.conditions} conditions: a filter may have at most ${MAX_FILTER_CONDITIONS}` });
  }
}

function checkItems(items: unknown[], at: string, walk: Walk): (CheckedCondition | CheckedGroup)[] {
  const out: (CheckedCondition | CheckedGroup)[] = [];
  items.forEach((raw, i) => {
    const item = raw as Json;
    const here = `${at}/${i}`;
    const kind = itemKind(item);
    if (kind === 'and' || kind === 'or') {
      out.push({ join: kind, items: checkItems(item[kind] as unknown[], `${here}/${kind}`, walk) });
    } else if (kind === 'legacy') {
      if (walk.skipLegacy) return;
      const checked = checkLegacy(item, here, walk);
      if (checked) out.push(checked);
    } else {
      walk.conditions += 1;
      const checked = checkCondition(item, here, walk);
      if (checked) out.push(checked);
    }
  });
  return out;
}

/** Where a path leads: the reference fields walked, then the field at its end; or why it leads nowhere. */
function resolvePath(path: string, walk: Walk): FieldPath | string {
  const parts = path.split('.');
  if (parts.length > MAX_HOPS + 1) {
    return `'${path}' goes through ${parts.length - 1} reference fields: a path may go through at most ${MAX_HOPS}`;
  }
  let model = walk.model;
  const hops: FieldPath['hops'] = [];
  for (const name of parts.slice(0, -1)) {
    const f = model.fields.find((x) => x.name === name);
    if (!f) return unknownField(name, model);
    if (f.type !== 'reference') return `'${name}' is a ${f.type} field of ${model.name}: a path goes on only through reference fields`;
    const target = walk.find(f.target ?? '');
    if (!target) return `'${name}' of ${model.name} refers to the unknown model '${f.target ?? ''}'`;
    hops.push({ column: name, target });
    model = target;
  }
  const last = parts[parts.length - 1] ?? '';
  if (last === 'id') return { hops, model, column: 'id', kind: 'id', idsOf: model };
  const f = model.fields.find((x) => x.name === last);
  if (!f) return unknownField(last, model);
  switch (f.type) {
    case 'text':
    case 'number':
    case 'boolean':
    case 'date':
    case 'datetime':
      return { hops, model, column: f.name, kind: f.type };
    case 'reference': {
      const target = walk.find(f.target ?? '');
      if (!target) return `'${last}' of ${model.name} refers to the unknown model '${f.target ?? ''}'`;
      return { hops, model, column: f.name, kind: 'reference', idsOf: target };
    }
    case 'link': {
      const target = walk.find(f.target ?? '');
      const through = walk.find(f.through ?? '');
      if (!target || !through) return `'${last}' of ${model.name} links to the unknown model '${!target ? (f.target ?? '') : (f.through ?? '')}'`;
      // The link model's own references: the first to each side (a link of a model to itself: the first and the second).
      const refs = through.fields.filter((x) => x.type === 'reference');
      const source = refs.find((x) => x.target === model.name);
      const toTarget = model.name === target.name ? refs.filter((x) => x.target === target.name)[1] : refs.find((x) => x.target === target.name);
      if (!source || !toTarget) return `'${last}' of ${model.name}: its link model '${through.name}' needs reference fields to ${model.name} and ${target.name}`;
      return { hops, model, column: f.name, kind: 'reference', idsOf: target, link: { through, source: source.name, target: toTarget.name } };
    }
    default:
      return `'${last}' is a ${f.type} field: ${f.type} fields cannot be filtered`;
  }
}

function unknownField(name: string, model: ModelDefinition): string {
  return name === '' ? 'a path has an empty part (two dots, or a dot at an end)' : `'${name}' is not a field of ${model.name}`;
}

function checkCondition(item: Json, at: string, walk: Walk): CheckedCondition | undefined {
  const path = resolvePath(item.field as string, walk);
  if (typeof path === 'string') {
    walk.problems.push({ pointer: `${at}/field`, message: path });
    return undefined;
  }
  const op = item.op as FilterOperator;
  if (path.link && !LINK_OPERATORS.includes(op)) {
    walk.problems.push({
      pointer: `${at}/op`,
      message: `${op} does not fit a link field ('${String(item.field)}'); it takes eq (one of the linked records is), in (one of them is one of), empty (none linked) and notEmpty (any linked)`,
    });
    return undefined;
  }
  if (!OPERATORS_OF[path.kind].includes(op)) {
    walk.problems.push({ pointer: `${at}/op`, message: `${op} does not fit ${KIND_WORDS[path.kind]} ('${String(item.field)}'); it takes ${OPERATORS_OF[path.kind].join(', ')}` });
    return undefined;
  }
  const problem = (message: string, pointer = `${at}/value`): undefined => {
    walk.problems.push({ pointer, message });
    return undefined;
  };
  const has = 'value' in item;
  const value = item.value;
  if (op === 'empty' || op === 'notEmpty') return has ? problem(`${op} takes no value`) : { ...path, op };
  if (!has) return problem(op === 'between' ? 'between needs a value: [low, high]' : op === 'in' ? 'in needs a list of values' : `${op} needs a value`);
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return problem('between takes a list of two values: [low, high], both included');
    const low = operandOf(value[0], path, walk);
    const high = operandOf(value[1], path, walk);
    if (typeof low === 'string') return problem(low, `${at}/value/0`);
    if (typeof high === 'string') return problem(high, `${at}/value/1`);
    if ('literal' in low && 'literal' in high && low.literal > high.literal) {
      return problem(`the low end (${String(low.literal)}) is above the high end (${String(high.literal)}): no value could be between them`);
    }
    return { ...path, op, low, high };
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0) return problem('in takes a list of one or more values');
    const operands: Operand[] = [];
    for (const [i, v] of value.entries()) {
      const operand = operandOf(v, path, walk, true);
      if (typeof operand === 'string') return problem(operand, `${at}/value/${i}`);
      operands.push(operand);
    }
    return { ...path, op, operands };
  }
  if (Array.isArray(value)) return problem(`${op} takes one value, not a list`);
  if (op === 'lastDays') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_LAST_DAYS) {
      return problem(`lastDays takes a whole number of days from 1 to ${MAX_LAST_DAYS} (1 is today)`);
    }
    return { ...path, op, days: value };
  }
  const operand = operandOf(value, path, walk);
  if (typeof operand === 'string') return problem(operand);
  if ((op === 'contains' || op === 'startsWith') && 'literal' in operand && operand.literal === '') {
    return problem(`${op} needs some text to look for`);
  }
  return { ...path, op, operand };
}

/** A value checked against the field's kind: a literal of its type or a variable that fits it; or why not. */
function operandOf(value: unknown, path: FieldPath, walk: Walk, inList = false): Operand | string {
  if (isObject(value)) {
    const name = value.var as FilterVariableName | FilterUserFieldVariable | FilterRecordFieldVariable;
    const why = variableMisfit(name, path, walk, inList);
    return why ?? { variable: name };
  }
  const literal = value as FilterScalar;
  const why = literalMisfit(literal, path);
  return why ?? { literal };
}

function variableMisfit(name: FilterVariableName | FilterUserFieldVariable | FilterRecordFieldVariable, path: FieldPath, walk: Walk, inList: boolean): string | null {
  switch (name) {
    case 'NOW':
      return path.kind === 'datetime' ? null : `NOW is a date and time: it fits a date-and-time field${path.kind === 'date' ? ' (for a date, use TODAY)' : ''}`;
    case 'TODAY':
      return path.kind === 'date' ? null : `TODAY is a date: it fits a date field${path.kind === 'datetime' ? ' (for a date and time, use NOW)' : ''}`;
    case 'CURRENT_USER.id':
      return (path.kind === 'reference' || path.kind === 'id') && path.idsOf?.name === 'User'
        ? null
        : `CURRENT_USER.id is the id of a User: it fits a reference to User (this is ${path.idsOf ? `${KIND_WORDS[path.kind]} of ${path.idsOf.name}` : KIND_WORDS[path.kind]})`;
    case 'RECORD.id':
      return path.kind === 'reference' || path.kind === 'id' ? null : `RECORD.id is a record id: it fits a reference field or an id, not ${KIND_WORDS[path.kind]}`;
    default: {
      const recordField = RECORD_FIELD_VARIABLE.exec(String(name))?.[1];
      if (recordField !== undefined) {
        if (!walk.recordModel) return `${String(name)} names a field of the record an automation runs on: only an automation's conditions know it`;
        return fieldMisfit(name, recordField, walk.recordModel, path, inList);
      }
      const field = USER_FIELD_VARIABLE.exec(String(name))?.[1];
      return field === undefined ? `'${String(name)}' is not a variable` : userFieldMisfit(name, field, path, walk, inList);
    }
  }
}

/**
 * CURRENT_USER.<field>: the field must be one of the User model's that a filter could compare
 * (text, number, yes-or-no, date, date and time, reference), of the kind of the field it is
 * compared with; a reference must refer to the same model. A link field is the list of records
 * the user is linked to (CURRENT_USER.groups: their groups, Everyone included): it fits only an
 * `in` list on a reference to the link's target.
 */
function userFieldMisfit(name: string, field: string, path: FieldPath, walk: Walk, inList: boolean): string | null {
  const user = walk.find('User');
  if (!user) return `${name}: '${field}' is not a field of User`;
  return fieldMisfit(name, field, user, path, inList);
}

/** CURRENT_USER.<field> or RECORD.<field>: a field of `model` that fits the compared field, as userFieldMisfit says. */
function fieldMisfit(name: string, field: string, model: ModelDefinition, path: FieldPath, inList: boolean): string | null {
  const f = model.fields.find((x) => x.name === field);
  if (!f) return `${name}: '${field}' is not a field of ${model.name}`;
  switch (f.type) {
    case 'text':
    case 'number':
    case 'boolean':
    case 'date':
    case 'datetime':
      return f.type === path.kind ? null : `${name} is ${KIND_WORDS[f.type]} of ${model.name}: it does not fit ${KIND_WORDS[path.kind]}`;
    case 'reference':
      return (path.kind === 'reference' || path.kind === 'id') && path.idsOf?.name === f.target
        ? null
        : `${name} is a reference to ${f.target ?? '?'}: it fits a reference to ${f.target ?? '?'} or the id of one (this is ${path.idsOf ? `${KIND_WORDS[path.kind]} of ${path.idsOf.name}` : KIND_WORDS[path.kind]})`;
    case 'link':
      if (!((path.kind === 'reference' || path.kind === 'id') && path.idsOf?.name === f.target)) {
        return `${name} is a list of ${f.target ?? '?'} records: it fits a reference to ${f.target ?? '?'} (this is ${path.idsOf ? `${KIND_WORDS[path.kind]} of ${path.idsOf.name}` : KIND_WORDS[path.kind]})`;
      }
      return inList ? null : `${name} is a list of ${f.target ?? '?'} records: compare with it by in (is one of), as in { "op": "in", "value": [{ "var": "${name}" }] }`;
    default:
      return `${name} is a ${f.type} field of ${model.name}: ${f.type} fields cannot be compared`;
  }
}

function literalMisfit(value: FilterScalar, path: FieldPath): string | null {
  switch (path.kind) {
    case 'text':
      if (typeof value !== 'string') return `must be text (in quotes), as the field is text`;
      if (value.includes('\u0000')) return 'text cannot hold the character NUL';
      if ([...value].length > MAX_TEXT_VALUE) return `is longer than ${MAX_TEXT_VALUE} characters`;
      return null;
    case 'number':
      return typeof value === 'number' ? null : `must be a number, such as 42 or 9.5 (not in quotes)`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false (not in quotes)';
    case 'date':
      return typeof value === 'string' && isDate(value) ? null : `must be a date written YYYY-MM-DD, such as 2024-05-01, or { "var": "TODAY" }`;
    case 'datetime':
      return typeof value === 'string' && isFilterDateTime(value)
        ? null
        : `must be a date and time written YYYY-MM-DDTHH:MM (seconds and a zone may follow), such as 2024-05-01T09:30, or { "var": "NOW" }`;
    default: {
      const of = path.idsOf as ModelDefinition;
      if (of.idtype === 'hex') {
        return typeof value === 'string' && HEX_ID.test(value) ? null : `must be the id of a record of ${of.name} (32 hex characters)`;
      }
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= MIN_INT_ID && value <= MAX_INT_ID
        ? null
        : `must be the id of a record of ${of.name} (a whole number, not in quotes)`;
    }
  }
}

/**
 * An old-style `{ fieldname, value }`: the field equals the value as a form's text is read into
 * it (value-codec.ts on the server), and no value means unset (false for a yes-or-no field).
 */
function checkLegacy(item: Json, at: string, walk: Walk): CheckedCondition | undefined {
  const name = item.fieldname as string;
  const raw = item.value as string | undefined;
  const model = walk.model;
  const problem = (message: string, pointer: string): undefined => {
    walk.problems.push({ pointer, message });
    return undefined;
  };
  if (name === 'id') {
    const id = idOf(model, raw);
    if (id === undefined) return problem(`must be the id of a record of ${model.name}`, `${at}/value`);
    return { hops: [], model, column: 'id', kind: 'id', idsOf: model, op: 'legacy', equals: id };
  }
  const f = model.fields.find((x) => x.name === name);
  if (!f) return problem(unknownField(name, model), `${at}/fieldname`);
  const base = { hops: [], model, column: f.name };
  const empty = raw === undefined || raw === '';
  switch (f.type) {
    case 'text':
      return { ...base, kind: 'text', op: 'legacy', equals: raw === undefined || (raw === '' && f.unique) ? null : raw };
    case 'boolean': {
      if (empty || raw === 'false' || raw === '0') return { ...base, kind: 'boolean', op: 'legacy', equals: false };
      if (raw === 'true' || raw === '1') return { ...base, kind: 'boolean', op: 'legacy', equals: true };
      return problem('must be true or false', `${at}/value`);
    }
    case 'number': {
      if (empty) return { ...base, kind: 'number', op: 'legacy', equals: null };
      const n = Number(raw);
      return Number.isFinite(n) ? { ...base, kind: 'number', op: 'legacy', equals: n } : problem('must be a number', `${at}/value`);
    }
    case 'date':
      if (empty) return { ...base, kind: 'date', op: 'legacy', equals: null };
      return isDate(raw.slice(0, 10)) ? { ...base, kind: 'date', op: 'legacy', equals: raw.slice(0, 10) } : problem('must be a date (YYYY-MM-DD)', `${at}/value`);
    case 'datetime':
      if (empty) return { ...base, kind: 'datetime', op: 'legacy', equals: null };
      // As the value codec takes a date and time: a real day, and what Date.parse reads.
      return (/^\d{4}-\d{2}-\d{2}/.test(raw) && !isDate(raw.slice(0, 10))) || Number.isNaN(Date.parse(raw))
        ? problem('must be a date and time', `${at}/value`)
        : { ...base, kind: 'datetime', op: 'legacy', equals: raw };
    case 'reference': {
      const target = walk.find(f.target ?? '');
      if (!target) return problem(`'${f.name}' refers to the unknown model '${f.target ?? ''}'`, `${at}/fieldname`);
      if (empty) return { ...base, kind: 'reference', idsOf: target, op: 'legacy', equals: null };
      const id = idOf(target, raw);
      return id === undefined ? problem(`must be the id of a record of ${target.name}`, `${at}/value`) : { ...base, kind: 'reference', idsOf: target, op: 'legacy', equals: id };
    }
    case 'link':
      return problem(`'${name}' is a link field: a filter cannot look into links`, `${at}/fieldname`);
    default:
      return problem(`'${name}' is a ${f.type} field: ${f.type} fields cannot be filtered`, `${at}/fieldname`);
  }
}

/** A record id of `model` from text or a number, as its id column holds it; undefined when no record could have it. */
export function idOf(model: ModelDefinition, value: unknown): string | number | undefined {
  if (model.idtype === 'hex') return typeof value === 'string' && HEX_ID.test(value) ? value : undefined;
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= MIN_INT_ID && n <= MAX_INT_ID ? n : undefined;
}


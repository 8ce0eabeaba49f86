/**
 * The filter language's words (docs/filters.md). The JSON shapes come from schemas/filter.json
 * through src/generated; what is here is what a schema cannot say: which operator fits which
 * field type, the bounds, and the checked and bound forms the SQL compiler and the evaluator
 * both read, so they cannot drift apart.
 */
import type {
  Filter as LegacyFilter,
  FilterCondition,
  FilterConditionItem,
  FilterGroupAll,
  FilterGroupAny,
  FilterItem,
  FilterLiteral,
  FilterOperand,
  FilterOperator,
  FilterTree,
  FilterValue,
  FilterVariable,
  FilterVariableName,
  FilterUserFieldVariable,
  FilterRecordFieldVariable,
  ModelDefinition,
  ModelField,
} from '../../generated/definitions.js';

export type {
  FilterCondition,
  FilterConditionItem,
  FilterGroupAll,
  FilterGroupAny,
  FilterItem,
  FilterLiteral,
  FilterOperand,
  FilterOperator,
  FilterTree,
  FilterValue,
  FilterVariable,
  FilterVariableName,
  FilterUserFieldVariable,
  FilterRecordFieldVariable,
  LegacyFilter,
  ModelDefinition,
  ModelField,
};

/** A refusal: where in the filter (a JSON pointer) and why, in words a person can act on. */
export interface FilterProblem {
  pointer: string;
  message: string;
}

/** The models a path may go through, as a list or a look-up by name. */
export type Models = readonly ModelDefinition[] | ((name: string) => ModelDefinition | undefined);

/** The most conditions one filter holds (old-style items of a grid keep their own bound, MAX_QUERY_FILTERS). */
export const MAX_FILTER_CONDITIONS = 100;
/** The most values an `in` list holds. */
export const MAX_IN_VALUES = 1000;
/** The most reference fields a path goes through (`order.customer.name` goes through two). */
export const MAX_HOPS = 2;
/** The longest text a condition compares with. */
export const MAX_TEXT_VALUE = 1000;
/** The most days `lastDays` reaches back: a hundred years. */
export const MAX_LAST_DAYS = 36_500;

export const FILTER_OPERATORS: readonly FilterOperator[] = [
  'eq', 'ne', 'contains', 'startsWith', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte', 'between', 'lastDays', 'in',
];
export const FILTER_VARIABLES: readonly FilterVariableName[] = ['NOW', 'TODAY', 'CURRENT_USER.id', 'RECORD.id'];
/** `CURRENT_USER.<field>`: a field of the signed-in user's User record (CURRENT_USER.id is the id itself). */
export const USER_FIELD_VARIABLE = /^CURRENT_USER\.([A-Za-z_][A-Za-z0-9_]*)$/;
/** RECORD.<field>: a field of the record an automation runs on (RECORD.id is the embedding record's id, a variable of its own). */
export const RECORD_FIELD_VARIABLE = /^RECORD\.([A-Za-z_][A-Za-z0-9_]*)$/;
/** The longest variable name schemas/filter.json takes. */
export const MAX_VARIABLE_LENGTH = 80;

/**
 * What a filtered field holds, as the filter sees it: `reference` a record id of its target
 * model (or none), `id` the record's own id.
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'reference' | 'id';

/**
 * The operators each kind of field takes. Text has no order (SQLite and PostgreSQL sort text
 * differently); a date and time has no equality (the same moment is written many ways).
 */
export const OPERATORS_OF: Readonly<Record<FieldKind, readonly FilterOperator[]>> = {
  text: ['eq', 'ne', 'contains', 'startsWith', 'empty', 'notEmpty', 'in'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'empty', 'notEmpty'],
  boolean: ['eq', 'ne', 'empty', 'notEmpty'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'lastDays', 'in', 'empty', 'notEmpty'],
  datetime: ['gt', 'gte', 'lt', 'lte', 'between', 'lastDays', 'empty', 'notEmpty'],
  reference: ['eq', 'ne', 'in', 'empty', 'notEmpty'],
  id: ['eq', 'ne', 'in'],
};

/** A value a bound condition compares with: booleans as true and false, ids as their column holds them. */
export type FilterScalar = string | number | boolean;

/** One reference field walked: its column in the model before, and the model it leads to. */
export interface Hop {
  column: string;
  target: ModelDefinition;
  /**
   * Set by the server on a bound condition of a user's filter (docs/security.md, "Grants"): the
   * target records the hop may reach for the caller, those this group holds for (null: none).
   * Absent: every record. The in-memory evaluator never sees a hop that has it.
   */
  within?: BoundGroup | null;
}

/**
 * A link field at a path's end (`team.members`): the records linked through `through`, whose
 * `source` column holds the linking record's id and `target` the linked one's. A condition on it
 * holds when one of the linked records passes (eq, in) or when there is any (notEmpty) or none (empty).
 */
export interface LinkStep {
  through: ModelDefinition;
  source: string;
  target: string;
}

/** The operators a link field takes: "one of them is", "one of them is one of", none, any. */
export const LINK_OPERATORS: readonly FilterOperator[] = ['eq', 'in', 'empty', 'notEmpty'];

/** Where a condition's field is: the reference fields walked from the filtered model, then a column of the last model. */
export interface FieldPath {
  hops: Hop[];
  /** The field at the end is a link of `model` (column: its name; kind reference; idsOf: its target). */
  link?: LinkStep;
  /** The model that holds `column` (the filtered one when there are no hops). */
  model: ModelDefinition;
  column: string;
  kind: FieldKind;
  /** For a reference or an id: the model whose ids the column holds. */
  idsOf?: ModelDefinition;
}

/** A literal of the field's type or a variable, as checked. */
export type Operand = { literal: FilterScalar } | { variable: FilterVariableName | FilterUserFieldVariable | FilterRecordFieldVariable };

/** A condition checked against the model: what `bind` turns into a test once the variables are known. */
export type CheckedCondition = FieldPath &
  (
    | { op: Exclude<FilterOperator, 'empty' | 'notEmpty' | 'between' | 'in' | 'lastDays'>; operand: Operand }
    | { op: 'empty' | 'notEmpty' }
    | { op: 'between'; low: Operand; high: Operand }
    | { op: 'in'; operands: Operand[] }
    | { op: 'lastDays'; days: number }
    /** An old-style `{ fieldname, value }`: equal to the value as the field reads it, or unset. */
    | { op: 'legacy'; equals: FilterScalar | null }
  );
export interface CheckedGroup {
  join: 'and' | 'or';
  items: (CheckedCondition | CheckedGroup)[];
}

/** What a bound condition asks of its column's value. */
export type Test =
  | { op: 'eq' | 'ne'; value: FilterScalar }
  /** The value already folded (ASCII letters to lower case, as the column is). */
  | { op: 'contains' | 'startsWith'; value: string }
  | { op: 'empty' | 'notEmpty' | 'isNull' }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; value: FilterScalar }
  | { op: 'between'; low: FilterScalar; high: FilterScalar }
  | { op: 'in'; values: FilterScalar[] }
  /** A variable without a value now: the condition holds for no record. */
  | { op: 'never' };
export interface BoundCondition {
  hops: Hop[];
  link?: LinkStep;
  column: string;
  kind: FieldKind;
  test: Test;
}
export interface BoundGroup {
  join: 'and' | 'or';
  items: (BoundCondition | BoundGroup)[];
}

/** The values of the variables when a filter runs. Absent ones have no value (a condition naming one holds for no record). */
export interface FilterContext {
  /** NOW and TODAY (in UTC); the moment of the call when not given. */
  now?: Date;
  /** CURRENT_USER.id: the signed-in user's id. */
  userId?: string | number | null;
  /** RECORD.id: the id of the record of the form the grid is embedded in. */
  recordId?: string | number | null;
  /** CURRENT_USER.<field>: the signed-in user's User record, as the API answers records (unset fields null). */
  user?: Readonly<Record<string, unknown>> | null;
  /** RECORD.<field>: the record an automation runs on, as the API answers records. */
  record?: Readonly<Record<string, unknown>> | null;
}

export function isGroup<T extends { join: string }>(node: T | object): node is T {
  return 'join' in node;
}

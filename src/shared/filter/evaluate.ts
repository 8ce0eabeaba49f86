/**
 * A filter over plain records, in memory: the same answers as the SQL the server compiles from
 * it (src/server/records/filter-sql.ts), which tests/api/filter-sql.property.test.ts holds on
 * SQLite and PostgreSQL. Records are as the API answers them: booleans true and false, numbers,
 * text, null for unset, a reference as the id it holds, a link as the list of linked ids.
 */
import { bindFilter, foldCase } from './bind.js';
import { checkFilter } from './check.js';
import { isGroup, type BoundCondition, type BoundGroup, type FilterContext, type FilterProblem, type FilterScalar, type ModelDefinition, type Models } from './types.js';

export type FilterRecord = Readonly<Record<string, unknown>>;
/** A record of `model` by id, for conditions through reference fields; undefined when there is none. */
export type RecordLookup = (model: string, id: FilterScalar) => FilterRecord | undefined;

/** A filter that does not fit its model, refused with every problem found. */
export class FilterError extends Error {
  constructor(readonly problems: FilterProblem[]) {
    super(`The filter does not fit its model: ${problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`);
  }
}

/** Whether a bound filter holds for `record`. */
export function matchesFilter(filter: BoundGroup, record: FilterRecord, lookup: RecordLookup): boolean {
  const hold = (item: BoundCondition | BoundGroup) => (isGroup<BoundGroup>(item) ? matchesFilter(item, record, lookup) : matchesCondition(item, record, lookup));
  // An empty "and" holds for every record, an empty "or" for none, as in SQL.
  return filter.join === 'and' ? filter.items.every(hold) : filter.items.some(hold);
}

/**
 * Checks `tree` against `model`, binds its variables, and answers a test of records; throws a
 * FilterError when the filter does not fit the model.
 */
export function recordFilter(
  tree: unknown,
  options: { model: ModelDefinition; models: Models; lookup: RecordLookup; context?: FilterContext; recordModel?: ModelDefinition },
): (record: FilterRecord) => boolean {
  const checked = checkFilter(tree, options.model, options.models, options.recordModel ? { recordModel: options.recordModel } : {});
  if (checked.problems.length) throw new FilterError(checked.problems);
  const bound = bindFilter(checked.tree, options.context);
  return (record) => matchesFilter(bound, record, options.lookup);
}

/**
 * A condition through reference fields holds when the chain of records exists and its last
 * record passes the test: a record without a customer has no customer whose city is anything.
 */
function matchesCondition(c: BoundCondition, record: FilterRecord, lookup: RecordLookup): boolean {
  let current: FilterRecord | undefined = record;
  for (const hop of c.hops) {
    const ref = current[hop.column];
    if (ref === null || ref === undefined) return false;
    current = lookup(hop.target.name, ref as FilterScalar);
    if (!current) return false;
  }
  if (c.link) return passesLink(c, current[c.column]);
  return passes(c, current[c.column]);
}

/** A link field, given as the list of the linked records' ids (none when absent): one of them passes, or any, or none. */
function passesLink(c: BoundCondition, raw: unknown): boolean {
  const ids = Array.isArray(raw) ? (raw as unknown[]) : [];
  switch (c.test.op) {
    case 'empty':
      return ids.length === 0;
    case 'notEmpty':
      return ids.length > 0;
    default:
      return ids.some((id) => passes(c, id));
  }
}

/** Two values of a column alike: ids of an integer model may come as numbers or as their text. */
function same(a: unknown, b: FilterScalar): boolean {
  return a === b || (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && Number(a) === b);
}

function passes(c: BoundCondition, raw: unknown): boolean {
  const value = raw === undefined ? null : raw;
  const t = c.test;
  switch (t.op) {
    case 'never':
      return false;
    case 'isNull':
      return value === null;
    case 'empty':
      return value === null || (c.kind === 'text' && value === '');
    case 'notEmpty':
      return value !== null && !(c.kind === 'text' && value === '');
    case 'eq':
      return value !== null && same(value, t.value);
    // Unset is not equal to anything: "status ne closed" keeps the records without a status.
    case 'ne':
      return value === null || !same(value, t.value);
    case 'in':
      return value !== null && t.values.some((v) => same(value, v));
    case 'contains':
      return typeof value === 'string' && foldCase(value).includes(t.value);
    case 'startsWith':
      return typeof value === 'string' && foldCase(value).startsWith(t.value);
    case 'gt':
      return value !== null && compare(value, t.value) > 0;
    case 'gte':
      return value !== null && compare(value, t.value) >= 0;
    case 'lt':
      return value !== null && compare(value, t.value) < 0;
    case 'lte':
      return value !== null && compare(value, t.value) <= 0;
    case 'between':
      return value !== null && compare(value, t.low) >= 0 && compare(value, t.high) <= 0;
  }
}

/**
 * Numbers by value; dates and times by their text, character by character (what SQLite's
 * BINARY and PostgreSQL's "C" collation do), which orders YYYY-MM-DD... as the calendar does.
 */
function compare(a: unknown, b: FilterScalar): number {
  if (typeof b === 'number') return Number(a) - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A checked filter with its variables' values put in: every condition becomes one test on one
 * column, in the form both the SQL compiler (src/server/records/filter-sql.ts) and the evaluator
 * (evaluate.ts) read. Everything that could make them disagree is settled here, once: what NOW
 * and TODAY are, how far lastDays reaches, how ids are written, how text is folded for
 * contains and startsWith.
 */
import { idOf } from './check.js';
import { isGroup, RECORD_FIELD_VARIABLE, USER_FIELD_VARIABLE, type BoundCondition, type BoundGroup, type CheckedCondition, type CheckedGroup, type FieldPath, type FilterContext, type FilterScalar, type Operand, type Test } from './types.js';

const DAY_MS = 86_400_000;

/**
 * Text as contains and startsWith compare it: ASCII letters in lower case, every other
 * character as it is. SQLite's lower() folds only these, so PostgreSQL folds the same
 * (translate, never its locale's lower) and so does this; 'Ä' matches only 'Ä' everywhere.
 */
export function foldCase(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * Text as the databases hold it: a lone UTF-16 surrogate (half of an emoji, which a filter typed
 * as JSON can carry as "\ude00") is no character, and UTF-8 stores it as U+FFFD. The evaluator
 * compares the same, so "contains half an emoji" matches no emoji in memory either. Only a
 * filter's literals need it: the records compared come from the databases, already well-formed.
 */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}

/** NOW as a filter compares it: YYYY-MM-DDTHH:MM:SS in UTC, the shape stored dates and times share. */
export function nowText(now: Date): string {
  return now.toISOString().slice(0, 19);
}

/** TODAY: the UTC day of `now`. */
export function todayText(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A checked filter bound to the variables' values. */
export function bindFilter(tree: CheckedGroup, context: FilterContext = {}): BoundGroup {
  const now = context.now ?? new Date();
  return bindGroup(tree, { ...context, now });
}

function bindGroup(group: CheckedGroup, context: FilterContext & { now: Date }): BoundGroup {
  return { join: group.join, items: group.items.map((item) => (isGroup<CheckedGroup>(item) ? bindGroup(item, context) : bindCondition(item, context))) };
}

function bindCondition(c: CheckedCondition, context: FilterContext & { now: Date }): BoundCondition {
  return { hops: c.hops, ...(c.link ? { link: c.link } : {}), column: c.column, kind: c.kind, test: testOf(c, context) };
}

function testOf(c: CheckedCondition, context: FilterContext & { now: Date }): Test {
  const value = (operand: Operand) => valueOf(operand, c, context);
  switch (c.op) {
    case 'empty':
    case 'notEmpty':
      return { op: c.op };
    case 'legacy':
      return c.equals === null ? { op: 'isNull' } : { op: 'eq', value: c.equals };
    case 'lastDays':
      if (c.kind === 'date') {
        const today = todayText(context.now);
        return { op: 'between', low: addDays(today, 1 - c.days), high: today };
      }
      return { op: 'between', low: nowText(new Date(context.now.getTime() - c.days * DAY_MS)), high: nowText(context.now) };
    case 'between': {
      const low = value(c.low);
      const high = value(c.high);
      return low === undefined || high === undefined ? { op: 'never' } : { op: 'between', low, high };
    }
    case 'in': {
      const values = [...new Set(c.operands.flatMap((o) => listValues(o, c, context) ?? [value(o)]).filter((v) => v !== undefined))];
      return values.length ? { op: 'in', values } : { op: 'never' };
    }
    case 'contains':
    case 'startsWith': {
      const v = value(c.operand);
      return typeof v === 'string' ? { op: c.op, value: foldCase(v) } : { op: 'never' };
    }
    default: {
      const v = value(c.operand);
      return v === undefined ? { op: 'never' } : { op: c.op, value: v };
    }
  }
}

/** An operand's value now; undefined for a variable without one (nobody signed in, no embedding record). */
function valueOf(operand: Operand, path: FieldPath, context: FilterContext & { now: Date }): FilterScalar | undefined {
  if ('literal' in operand) return typeof operand.literal === 'string' ? wellFormed(operand.literal) : operand.literal;
  switch (operand.variable) {
    case 'NOW':
      return nowText(context.now);
    case 'TODAY':
      return todayText(context.now);
    case 'CURRENT_USER.id':
      return path.idsOf && context.userId !== undefined && context.userId !== null ? idOf(path.idsOf, context.userId) : undefined;
    case 'RECORD.id':
      return path.idsOf && context.recordId !== undefined && context.recordId !== null ? idOf(path.idsOf, context.recordId) : undefined;
    default:
      return userFieldValue(operand.variable, path, context);
  }
}

/** CURRENT_USER.<field> or RECORD.<field>: which record's value a variable names, and which field. */
function variableSource(variable: string, context: FilterContext): { field: string | undefined; record: Readonly<Record<string, unknown>> | null | undefined } {
  const recordField = RECORD_FIELD_VARIABLE.exec(variable)?.[1];
  if (recordField !== undefined) return { field: recordField, record: context.record };
  return { field: USER_FIELD_VARIABLE.exec(variable)?.[1], record: context.user };
}

/**
 * CURRENT_USER.<link field> in an `in` list: the ids the caller is linked to (checked to fit by
 * check.ts); undefined for any other operand, whose one value valueOf gives.
 */
function listValues(operand: Operand, path: FieldPath, context: FilterContext): FilterScalar[] | undefined {
  if ('literal' in operand) return undefined;
  const { field, record } = variableSource(operand.variable, context);
  const raw = field === undefined || !record ? undefined : record[field];
  if (!Array.isArray(raw) || !path.idsOf) return undefined;
  const of = path.idsOf;
  return raw.map((id) => idOf(of, id)).filter((id): id is string | number => id !== undefined);
}

/** CURRENT_USER.<field> (RECORD.<field>): the caller's (the automation's record's) value of the field, checked to fit by check.ts; undefined when unset or nobody is signed in. */
function userFieldValue(variable: string, path: FieldPath, context: FilterContext): FilterScalar | undefined {
  const { field, record } = variableSource(variable, context);
  const raw = field === undefined || !record ? undefined : record[field];
  if (raw === undefined || raw === null) return undefined;
  if (path.idsOf) return idOf(path.idsOf, raw);
  // Empty text is no value, as `empty` reads it: a user without a branch sees no branch's records.
  if (path.kind === 'text') return typeof raw === 'string' && raw !== '' ? raw : undefined;
  if (path.kind === 'number') return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
  if (path.kind === 'boolean') return typeof raw === 'boolean' ? raw : undefined;
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

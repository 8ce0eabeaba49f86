import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/connect.js';
import { isDate } from '../../shared/field-formats.js';
import type { ModelDefinition, ModelField } from './model-types.js';
import { decodeRow, type ValueCodec } from './value-codec.js';

/**
 * What a type change makes of a field's values: the rule (convertValue, on API values), and the
 * same rule as one SQL expression over the stored column, so a preview counts and a change
 * converts a million rows in one statement each instead of reading every value into the server.
 * On SQLite the expression calls the rule itself (a function registered on the connection); on
 * PostgreSQL it is written in SQL, and ModelChanges tests both against each other through the
 * API suite on both databases.
 */

/** The field types whose values a type change converts; references, links and passwords keep their type. */
export const CONVERTIBLE_TYPES: ReadonlySet<string> = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'json']);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/** A value of a field of type `from` as text (a number as a grid shows it, JSON as JSON). */
function asText(from: ModelField['type'], value: unknown): string {
  if (from === 'json') return JSON.stringify(value);
  return String(value);
}

/**
 * A stored value (as read back, decoded) of type `from` as the API value of type `to`, or
 * undefined when it has none: 'n/a' and '12 kg' are not numbers. Empty values are the caller's.
 */
export function convertValue(from: ModelField['type'], to: ModelField['type'], value: unknown): unknown {
  if (from === to) return value;
  const text = asText(from, value);
  const trimmed = text.trim();
  switch (to) {
    case 'text':
      return text;
    case 'number':
      if (from === 'boolean') return value === true ? 1 : 0;
      return NUMBER.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : undefined;
    }
    case 'date': {
      const day = from === 'datetime' ? trimmed.slice(0, 10) : trimmed;
      return isDate(day) ? day : undefined;
    }
    case 'datetime':
      if (from === 'date') return trimmed;
      return /^\d{4}-\d{2}-\d{2}/.test(trimmed) && isDate(trimmed.slice(0, 10)) && !Number.isNaN(Date.parse(trimmed)) ? trimmed : undefined;
    case 'json':
      if (from !== 'text') return value;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    default:
      return undefined;
  }
}

/** The name of the SQLite function that runs convertValue and the codec (sqliteConversion). */
const SQLITE_FUNCTION = 'tessera_convert';
/** The PostgreSQL function, made per session in pg_temp, that says whether a text is JSON (PostgreSQL 15 has no pg_input_is_valid). */
const PG_IS_JSON = 'tessera_is_json';

/**
 * The SQLite function `tessera_convert(from, to, unique, stored)`: the stored value of a field
 * of type `from` decoded, converted and encoded as the codec stores a value of type `to`, or
 * null when it has none (empty values included).
 */
export function sqliteConversion(codec: ValueCodec): (...args: unknown[]) => unknown {
  return (from, to, unique, stored) => {
    if (stored === null || stored === undefined) return null;
    const source = { name: 'v', type: from } as ModelField;
    try {
      const value = decodeRow({ name: 'v', fields: [source] } as unknown as ModelDefinition, { v: stored }).v;
      if (value === null || value === '') return null;
      const api = convertValue(source.type, to as ModelField['type'], value);
      if (api === undefined) return null;
      return codec.encode({ name: 'v', type: to, unique: unique === 1 } as ModelField, api) ?? null;
    } catch {
      return null;
    }
  };
}

/** Registers sqliteConversion's function on a SQLite connection. */
export function defineSqliteConversion(define: (name: string, fn: (...args: unknown[]) => unknown) => void, codec: ValueCodec): void {
  define(SQLITE_FUNCTION, sqliteConversion(codec));
}

/** What a conversion's SQL needs on the connection it runs on: on PostgreSQL, the JSON test, made in the session's pg_temp. */
export function conversionSetup(dialect: DialectName): RawBuilder<unknown> | undefined {
  if (dialect !== 'postgres') return undefined;
  return sql`create or replace function pg_temp.${sql.raw(PG_IS_JSON)}(t text) returns boolean language plpgsql immutable as $$
    begin perform t::json; return true; exception when others then return false; end $$`;
}

/** Whether a stored value is empty, as the preview counts values: null, and '' in a column of text (a JSON '""' too). */
export function isEmptySql(from: ModelField, column: string): RawBuilder<boolean> {
  const col = sql.ref(column);
  if (from.type === 'number' || from.type === 'boolean' || from.type === 'reference') return sql<boolean>`(${col} is null)`;
  if (from.type === 'json') return sql<boolean>`(${col} is null or ${col} = '' or ${col} = '""')`;
  return sql<boolean>`(${col} is null or ${col} = '')`;
}

/**
 * The stored value of `column` (holding values of type `from.type`) as the column of `to` stores
 * it after a type change, or NULL when it does not convert: the SQL twin of convertValue
 * followed by the codec's encode. Empty values are the caller's (isEmptySql).
 */
export function convertedSql(dialect: DialectName, from: ModelField, to: ModelField, column: string): RawBuilder<unknown> {
  const col = sql.ref(column);
  if (dialect === 'sqlite') return sql`${sql.raw(SQLITE_FUNCTION)}(${from.type}, ${to.type}, ${to.unique ? 1 : 0}, ${col})`;
  return pgConverted(from.type, to.type, col);
}

const PG_NUMBER = '^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$';
/** An exponent of at most 3 digits: beyond, numeric cannot hold it (and no double can). */
const PG_SMALL_EXPONENT = '^[^eE]*$|[eE][+-]?0*[0-9]{1,3}$';
const PG_DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** The date-and-time forms Date.parse reads the same everywhere (ISO 8601); others do not convert on PostgreSQL. */
const PG_DATETIME = '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?$';
/** What JavaScript's trim() takes away (the usual whitespace). */
const TRIM = sql`E' \\t\\n\\r\\f\\x0B'`;

/** Constants are literals, not parameters: the expression also serves ALTER COLUMN ... USING, which takes none. */
function pgConverted(from: ModelField['type'], to: ModelField['type'], col: RawBuilder<unknown>): RawBuilder<unknown> {
  const text = pgText(from, col);
  const trimmed = sql`btrim(${text}, ${TRIM})`;
  switch (to) {
    case 'text':
      return text;
    case 'number': {
      if (from === 'boolean') return sql`(case when ${col} then 1 else 0 end)::double precision`;
      // Numbers as JavaScript reads them (Number()); a value below a double's range is 0 there.
      return sql`(case when ${trimmed} ~ ${sql.lit(PG_NUMBER)} and ${trimmed} ~ ${sql.lit(PG_SMALL_EXPONENT)} then
        case when abs(${trimmed}::numeric) > 1.7976931348623157e308 then null
             when abs(${trimmed}::numeric) < 1e-300 then 0::double precision
             else ${trimmed}::numeric::double precision end end)`;
    }
    case 'boolean':
      if (from === 'number') return sql`(case when ${col} = 1 then true when ${col} = 0 then false end)`;
      return sql`(case when lower(${trimmed}) in ('true', '1', 'yes') then true when lower(${trimmed}) in ('false', '0', 'no') then false end)`;
    case 'date': {
      const day = from === 'datetime' ? sql`left(${trimmed}, 10)` : trimmed;
      return sql`(case when ${pgIsDay(day)} then ${day} end)`;
    }
    case 'datetime':
      if (from === 'date') return trimmed;
      return sql`(case when ${trimmed} ~ ${sql.lit(PG_DATETIME)} and ${pgIsDay(sql`left(${trimmed}, 10)`)} then ${trimmed} end)`;
    case 'json':
      if (from === 'text') return sql`(case when pg_temp.${sql.raw(PG_IS_JSON)}(${col}) then ${col} end)`;
      return sql`to_json(${col})::text`;
    default:
      return sql`null`;
  }
}

/** A value as text the way asText makes it: a number as JavaScript prints it, a boolean as true or false. */
function pgText(from: ModelField['type'], col: RawBuilder<unknown>): RawBuilder<unknown> {
  if (from === 'boolean') return sql`(case when ${col} then 'true' else 'false' end)`;
  if (from !== 'number') return col;
  // JavaScript writes 1e21 and up, and below 1e-6, with an exponent without leading zeros
  // (1e-7); PostgreSQL from 1e15 and below 1e-4, with them (1e-07).
  return sql`(case when ${col} = 0 then '0'
    when abs(${col}) >= 1e21 or abs(${col}) < 1e-6 then regexp_replace(${col}::text, 'e([+-])0*', 'e\\1')
    when ${col}::text ~ 'e' then ${col}::numeric::text
    else ${col}::text end)`;
}

/**
 * A real day of the calendar as YYYY-MM-DD, as isDate says: years 0 to 99 count as 1900 to 1999
 * there (Date.UTC's rule), which decides whether 29 February exists.
 */
function pgIsDay(day: RawBuilder<unknown>): RawBuilder<boolean> {
  const y = sql`substr(${day}, 1, 4)::int`;
  const m = sql`substr(${day}, 6, 2)::int`;
  const d = sql`substr(${day}, 9, 2)::int`;
  const year = sql`(case when ${y} < 100 then ${y} + 1900 else ${y} end)`;
  const leap = sql`(${year} % 4 = 0 and (${year} % 100 <> 0 or ${year} % 400 = 0))`;
  return sql<boolean>`(case when ${day} ~ ${sql.lit(PG_DAY)} then
    ${m} between 1 and 12 and ${d} >= 1 and ${d} <= (case when ${m} in (4, 6, 9, 11) then 30 when ${m} = 2 then (case when ${leap} then 29 else 28 end) else 31 end)
    else false end)`;
}

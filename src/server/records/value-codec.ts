import type { DialectName, Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { isDate } from '../../shared/field-formats.js';
import { MAX_INT_ID, MIN_INT_ID, ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition, ModelField } from './model-types.js';
import { isAuditField } from '../../shared/audit-fields.js';
import { auditFieldsRefused } from './audit-columns.js';

/**
 * How record values cross between the API and the columns: checked and encoded on the way in
 * (booleans as the dialect stores them, JSON as text, ids in range), decoded on the way out, and
 * the database's constraint errors turned into answers that name the field.
 */
export class ValueCodec {
  constructor(
    private readonly registry: ModelRegistry,
    private readonly dialect: DialectName,
  ) {}

  /** Turns an API value into what the column stores; throws a clear 400 when it cannot. */
  encode(f: ModelField, value: unknown): unknown {
    // Empty text is kept as typed (a definition's empty title reads back empty), except in a
    // unique field, where two empty values must not collide.
    if (value === '' && f.type === 'text' && !f.unique) return '';
    if (value === null || value === undefined || value === '') {
      // An unticked box sends nothing or '', and means false; an explicit null stays unset, so a
      // definition without a flag reads back without it.
      if (f.type === 'boolean' && value !== null) return this.dialect === 'postgres' ? false : 0;
      return null;
    }
    const bad = (what: string) =>
      errors.invalid(`${f.label ?? f.name} must be ${what}`, [{ pointer: `/${f.name}`, message: `must be ${what}` }]);
    switch (f.type) {
      case 'number': {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n)) throw bad('a number');
        return n;
      }
      case 'boolean': {
        const b = value === true || value === 1 || value === 'true' || value === '1';
        if (!b && !(value === false || value === 0 || value === 'false' || value === '0')) throw bad('true or false');
        return this.dialect === 'postgres' ? b : b ? 1 : 0;
      }
      case 'json':
        return JSON.stringify(value);
      case 'date':
        if (typeof value !== 'string' || !isDate(value.slice(0, 10))) {
          throw bad('a date (YYYY-MM-DD)');
        }
        return value.slice(0, 10);
      case 'datetime':
        // Date.parse takes 30 February as 2 March: the day is checked against the calendar first.
        if (typeof value !== 'string' || (/^\d{4}-\d{2}-\d{2}/.test(value) && !isDate(value.slice(0, 10))) || Number.isNaN(Date.parse(value))) {
          throw bad('a date and time');
        }
        return value;
      case 'reference': {
        const target = this.registry.get(f.target ?? '');
        if (target.idtype === 'hex') {
          if (typeof value !== 'string' || !/^[0-9a-f]{32}$/.test(value)) throw bad('a record id');
          return value;
        }
        const n = Number(value);
        // The target's id column is a 32-bit integer (PostgreSQL's integer): nothing beyond it exists.
        if (!Number.isSafeInteger(n) || n < MIN_INT_ID || n > MAX_INT_ID) throw bad('a record id');
        return n;
      }
      default:
        if (typeof value === 'object') throw bad('text');
        return String(value);
    }
  }

  /**
   * Encodes values (already hashed where they are passwords) keyed by field name; link fields are
   * left out. Values naming an audit field are refused (400): only the store writes those.
   */
  encodeAll(model: ModelDefinition, values: Row): Row {
    const audit = Object.keys(values).filter(isAuditField);
    if (audit.length) throw auditFieldsRefused(audit);
    const out: Row = {};
    for (const [key, value] of Object.entries(values)) {
      const f = this.registry.field(model, key);
      if (f.type === 'link') continue;
      out[key] = this.encode(f, value);
    }
    return out;
  }
}

/** Turns a stored row back into API values (booleans, JSON); password fields are dropped. */
export function decodeRow(model: ModelDefinition, row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'id') {
      out.id = value;
      continue;
    }
    if (key === ROW_VERSION) {
      out[ROW_VERSION] = Number(value);
      continue;
    }
    const f = model.fields.find((x) => x.name === key);
    if (!f || f.type === 'password') continue;
    if (value === null || value === undefined) out[key] = null;
    else if (f.type === 'boolean') out[key] = value === true || value === 1;
    else if (f.type === 'json') out[key] = JSON.parse(String(value));
    else out[key] = value;
  }
  return out;
}

/** A record id as its column holds it; an id no record can have answers 404. */
export function idValueOf(model: ModelDefinition, id: unknown): string | number {
  if (model.idtype === 'hex') {
    if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
    return id;
  }
  const n = Number(id);
  // Integer ids are 32-bit on every database (PostgreSQL's integer): beyond that no record exists.
  if (!Number.isSafeInteger(n) || n < MIN_INT_ID || n > MAX_INT_ID) throw errors.notFound(`The ${model.name} record '${String(id)}'`);
  return n;
}

/** Database constraint errors become 409s that name the field (400 for a missing required value). */
export function translateDbError(model: ModelDefinition, e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  const code = (e as { code?: string }).code ?? '';
  const label = (name: string | undefined) => model.fields.find((f) => f.name === name)?.label ?? name ?? 'value';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
    // A unique index on an expression (user-identity.ts: lower(trim(user))) names no column:
    // its name does, `<table>__<field>__uq` or `__ci`.
    const index = (e as { constraint?: string }).constraint ?? /index '([^']+)'/.exec(e.message)?.[1];
    const table = tableOf(model.name);
    const indexed = model.fields.find((f) => index === `${table}__${f.name}__uq` || index === `${table}__${f.name}__ci`)?.name;
    const name = indexed ?? /\.(\w+)$/.exec(e.message)?.[1] ?? /Key \((\w+)\)/.exec((e as { detail?: string }).detail ?? '')?.[1];
    return errors.conflict(`Another ${model.name} record already has this ${label(name)}`);
  }
  // A multi-row delete in a transaction reports a foreign key as SQLITE_CONSTRAINT_TRIGGER.
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503' || (code.startsWith('SQLITE_CONSTRAINT') && /FOREIGN KEY/.test(e.message))) {
    return errors.conflict(`The ${model.name} record is referenced by, or refers to, a record that does not allow this change`);
  }
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') {
    return errors.invalid(`A required value of ${model.name} is missing`);
  }
  return e;
}

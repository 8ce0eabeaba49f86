import type { DialectName, Row } from '../db/connect.js';
import type { ModelDefinition, ModelField } from '../records/model-types.js';
import { AUDIT_FIELDS } from '../../shared/audit-fields.js';
import { kindOfModel } from '../../shared/contract.js';

/**
 * The backup inside backup.7z, the same for SQLite and PostgreSQL:
 * - `manifest.json`: `{ format: 'tessera-backup', formatVersion, createdAt, dialect, tables }`,
 *   where each table is `{ name, kind: 'model' | 'system', file, rows }`;
 * - one JSON-lines file per table under `tables/`: one row per line, values in neutral JSON
 *   (booleans true/false, json fields as JSON, numbers as numbers, dates and texts as strings,
 *   password hashes as stored). A model table's file is named after its model
 *   (`tables/User.jsonl`); the system tables keep their names (`tables/sys_settings.jsonl`).
 */
export const BACKUP_FORMAT = 'tessera-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const TABLES_DIR = 'tables';

export interface ManifestTable {
  name: string;
  kind: 'model' | 'system';
  file: string;
  rows: number;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  dialect: DialectName;
  tables: ManifestTable[];
}

/** The system tables a backup holds; sessions, login failures and the access log are not among them. */
export const SYSTEM_TABLES = {
  sys_settings: { key: ['key'], columns: ['key', 'value'], integers: [] as string[], nullable: [] as string[] },
  sys_definition_versions: {
    key: ['kind', 'def_id', 'version'],
    columns: ['kind', 'def_id', 'version', 'saved_at', 'saved_by', 'document'],
    integers: ['version'],
    nullable: ['saved_at', 'saved_by'],
  },
  // Which built-ins were seeded (ops/bootstrap.ts): restored with the definitions it describes.
  sys_seeded: { key: ['kind', 'name'], columns: ['kind', 'name', 'seeded_at'], integers: [] as string[], nullable: [] as string[] },
  // Saved views of grids (routes/grid-views.ts): people's own and the shared ones.
  sys_grid_views: { key: ['id'], columns: ['id', 'grid', 'owner', 'name', 'state', 'saved_at'], integers: [] as string[], nullable: [] as string[] },
} as const;
export type SystemTable = keyof typeof SYSTEM_TABLES;

export function isSystemTable(name: string): name is SystemTable {
  return Object.hasOwn(SYSTEM_TABLES, name);
}

/**
 * The longest row (one line of a table file, or the manifest) a restore reads: 64 MiB. A row
 * comes from a request of at most 10 MiB (http/app.ts bodyLimit), and a definition's kept version
 * holds it as escaped JSON text inside JSON, which can double it; 64 MiB leaves room for that
 * and stays far below V8's longest string (about 512 MiB), past which reading a line threw a
 * RangeError that took the server down. A longer row is refused as it is read, never built whole.
 */
export const MAX_ROW_BYTES = 64 * 1024 * 1024;

/** Entries a backup may contain: anything else is refused before extraction (no links, no strays). */
export const ENTRY = /^(manifest\.json|tables|tables\/[A-Za-z0-9_]{1,80}\.jsonl)$/;

export function fileOf(table: string): string {
  return `${TABLES_DIR}/${table}.jsonl`;
}

/** Stored columns of a model (link fields live in their through model). */
export function columnFields(model: ModelDefinition): ModelField[] {
  return model.fields.filter((f) => f.type !== 'link');
}

/**
 * The audit columns a model's rows carry besides its fields (src/shared/audit-fields.ts): every
 * model's table has them but the definition models' (as ModelRegistry.audited says). A row of a
 * backup made before them has none: its rows restore with who made them, and when, unknown.
 */
export function auditFieldsOf(model: ModelDefinition): readonly ModelField[] {
  return kindOfModel(model.name) === undefined ? AUDIT_FIELDS : [];
}

/** A stored value as neutral JSON. */
export function toNeutral(f: ModelField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (f.type) {
    case 'boolean':
      return value === true || value === 1 || value === '1';
    case 'json':
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    case 'number':
      return Number(value);
    case 'reference':
      return typeof value === 'bigint' ? Number(value) : value;
    default:
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A neutral value as the given database stores it. */
export function fromNeutral(f: ModelField, value: unknown, dialect: DialectName): unknown {
  if (value === null || value === undefined) return null;
  switch (f.type) {
    case 'boolean':
      return dialect === 'postgres' ? value === true : value === true ? 1 : 0;
    case 'json':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/**
 * The most an argon2 hash in a backup may cost to check: 64 MiB, 10 passes, 8 lanes, above
 * this server's own (auth/auth.ts: 19 MiB, 2, 1). A password field is hashed by the
 * server on every save, but a backup brings hashes as they are, and the cost is written in
 * the hash: one asking for gigabytes or millions of passes would be paid at each attempt to
 * sign in as its user, by anyone.
 */
export const MAX_ARGON2 = { memoryKiB: 64 * 1024, passes: 10, lanes: 8 } as const;

/** Why a stored password hash costs too much to check, or '' (one that is no argon2 hash at all just never matches). */
export function passwordHashProblem(value: string): string {
  if (!value.includes('$argon2')) return '';
  const limits: Record<string, number> = { m: MAX_ARGON2.memoryKiB, t: MAX_ARGON2.passes, p: MAX_ARGON2.lanes };
  // The PHC string's parameters, in whatever order and segment they come.
  for (const segment of value.split('$')) {
    for (const pair of segment.split(',')) {
      const [key = '', number = ''] = pair.split('=');
      const limit = limits[key];
      if (limit !== undefined && !(/^[0-9]{1,12}$/.test(number) && Number(number) <= limit)) {
        return `is a hash that costs more than this server allows (at most ${MAX_ARGON2.memoryKiB / 1024} MiB, ${MAX_ARGON2.passes} passes, ${MAX_ARGON2.lanes} lanes)`;
      }
    }
  }
  return '';
}

/** What is wrong with a neutral value for its field, or '' when nothing is. */
export function neutralProblem(f: ModelField, value: unknown, hexTarget: boolean): string {
  if (value === null) return '';
  switch (f.type) {
    case 'password':
      return typeof value === 'string' ? passwordHashProblem(value) : 'must be text or null';
    case 'boolean':
      return typeof value === 'boolean' ? '' : 'must be true, false or null';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? '' : 'must be a number or null';
    case 'json':
      return value === undefined ? 'must be JSON' : '';
    case 'reference':
      if (hexTarget) return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value) ? '' : 'must be a 32-hex record id or null';
      return Number.isSafeInteger(value) ? '' : 'must be a whole-number record id or null';
    default:
      return typeof value === 'string' ? '' : 'must be text or null';
  }
}

export function idProblem(model: ModelDefinition, id: unknown): string {
  if (model.idtype === 'hex') return typeof id === 'string' && /^[0-9a-f]{32}$/.test(id) ? '' : 'must be a 32-hex id';
  return Number.isSafeInteger(id) ? '' : 'must be a whole-number id';
}

/** A row of a system table: every column present, text (integers where the table says; null where it may be). */
export function systemRowProblem(table: SystemTable, row: Row): string {
  const spec = SYSTEM_TABLES[table];
  for (const column of spec.columns) {
    const v = row[column];
    const integer = (spec.integers as readonly string[]).includes(column);
    if (v === null && (spec.nullable as readonly string[]).includes(column)) continue;
    if (integer ? !Number.isSafeInteger(v) : typeof v !== 'string') return `/${column} ${integer ? 'must be a whole number' : 'must be text'}`;
  }
  const extra = Object.keys(row).find((k) => !(spec.columns as readonly string[]).includes(k));
  if (extra === undefined) return '';
  // A key is the file's content: named only when it is a plain name.
  return /^[A-Za-z0-9_]{1,64}$/.test(extra) ? `/${extra} is not a column of ${table}` : `a column that is not one of ${table}`;
}

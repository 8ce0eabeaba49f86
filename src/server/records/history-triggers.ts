import { sql, type RawBuilder } from 'kysely';
import type { Database, Db } from '../db/connect.js';
import { historyContext } from '../db/history-context.js';
import { AUDIT_FIELDS } from '../../shared/audit-fields.js';
import { isDefinitionModel } from '../../shared/contract.js';
import { VALUE_KEPT_OUT } from '../../shared/record-history.js';
import { tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';

/**
 * The record history's triggers (docs/history.md): every model table but the definition kinds'
 * (Form, Grid, Page, Menu, Select, Model: definitions keep versions of their own) gets triggers
 * that write one row of sys_record_history per record inserted, updated or deleted, in the
 * statement's own transaction, whatever path wrote it (a form, a grid's clear, a link's rows, an
 * import, a script). They are made from the model, like the row-count triggers (schema-sync.ts),
 * and made again when the model changes (ModelStore.sync).
 *
 * SQLite: three triggers per table, with a CASE per recorded column, so only the columns that
 * changed are written; who and where come from the connection's function tessera_history_context()
 * (db/connect.ts). PostgreSQL: one trigger per table running sys_record_history_write()
 * (migration 0013), its arguments the model's name and its recorded columns.
 *
 * Recorded columns: the model's stored fields (not its links, which are rows of their through
 * model and recorded there; not the row version nor the audit columns, which say again who and
 * when). A password field and a field in the model's `history.exclude` are written as "changed",
 * never their values. A model with `history.off` has no triggers.
 */

const AUDIT = new Set(AUDIT_FIELDS.map((f) => f.name));

/** Whether the model's records are recorded at all. */
export function historyRecorded(model: ModelDefinition): boolean {
  return !isDefinitionModel(model.name) && model.history?.off !== true;
}

/** The recorded columns, each with whether its values are kept out. */
export function historyColumns(registry: Pick<ModelRegistry, 'columns'>, model: ModelDefinition): { name: string; keptOut: boolean }[] {
  const exclude = new Set(model.history?.exclude ?? []);
  return registry
    .columns(model)
    .filter((f) => !AUDIT.has(f.name))
    .map((f) => ({ name: f.name, keptOut: f.type === 'password' || exclude.has(f.name) }));
}

const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** SQLite: who and where, as the columns of the entry (the context's JSON is `c`). */
const SQLITE_WHO = `json_extract(c, '$.u'), json_extract(c, '$.n'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce(json_extract(c, '$.s'), 'server'), json_extract(c, '$.a'), json_extract(c, '$.r')`;
const COLUMNS = 'model, record_id, action, changes, user_id, user_name, at, source, address, request_id';

const TRIGGERS = ['ins', 'upd', 'del'] as const;
const sqliteTriggerName = (table: string, kind: (typeof TRIGGERS)[number]) => `${table}__hist_${kind}`;
const pgTriggerName = (table: string) => `${table}__history`;

/** SQLite: the three triggers' CREATE statements (as sqlite_master keeps them). */
function sqliteTriggers(model: ModelDefinition, table: string, columns: { name: string; keptOut: boolean }[]): Record<(typeof TRIGGERS)[number], string> {
  const part = (name: string, keptOut: boolean, changed: string, before: string, after: string) =>
    `case when ${changed} then ${lit(`,${JSON.stringify(name)}:`)} || ${keptOut ? lit(JSON.stringify(VALUE_KEPT_OUT)) : `json_array(${before}, ${after})`} else '' end`;
  const changes = (parts: string[]) => (parts.length ? `'{' || substr(${parts.join(' || ')}, 2) || '}'` : `'{}'`);
  const entry = (action: string, row: 'new' | 'old', parts: string[]) =>
    `insert into sys_record_history (${COLUMNS}) select ${lit(model.name)}, cast(${row}.id as text), '${action}', ${changes(parts)}, ${SQLITE_WHO} from (select tessera_history_context() as c) where json_extract(c, '$.x') is null;`;
  const t = id(table);
  const inserted = columns.map((c) => part(c.name, c.keptOut, `new.${id(c.name)} is not null`, 'null', `new.${id(c.name)}`));
  const deleted = columns.map((c) => part(c.name, c.keptOut, `old.${id(c.name)} is not null`, `old.${id(c.name)}`, 'null'));
  const differ = (c: { name: string }) => `old.${id(c.name)} is not new.${id(c.name)}`;
  const updated = columns.map((c) => part(c.name, c.keptOut, differ(c), `old.${id(c.name)}`, `new.${id(c.name)}`));
  // An update that changed no recorded column (a link write moving the version on) writes nothing.
  const when = columns.length ? columns.map(differ).join(' or ') : '0';
  return {
    ins: `CREATE TRIGGER ${id(sqliteTriggerName(table, 'ins'))} after insert on ${t} begin ${entry('insert', 'new', inserted)} end`,
    upd: `CREATE TRIGGER ${id(sqliteTriggerName(table, 'upd'))} after update on ${t} when ${when} begin ${entry('update', 'new', updated)} end`,
    del: `CREATE TRIGGER ${id(sqliteTriggerName(table, 'del'))} after delete on ${t} begin ${entry('delete', 'old', deleted)} end`,
  };
}

/** Makes the model's history triggers as the model now says (or drops them when it is not recorded); leaves ones already right alone. */
export async function syncHistoryTriggers(database: Database, registry: ModelRegistry, model: ModelDefinition): Promise<void> {
  const { db } = database;
  const table = tableOf(model.name);
  if (!historyRecorded(model)) return dropHistoryTriggers(database, table);
  const columns = historyColumns(registry, model);
  if (database.dialect === 'sqlite') {
    const wanted = sqliteTriggers(model, table, columns);
    const names = TRIGGERS.map((k) => sqliteTriggerName(table, k));
    const found = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(names)})`.execute(db);
    const have = new Map(found.rows.map((r) => [r.name, r.sql]));
    for (const kind of TRIGGERS) {
      const name = sqliteTriggerName(table, kind);
      if (have.get(name) === wanted[kind]) continue;
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
      await sql.raw(wanted[kind]).execute(db);
    }
    return;
  }
  const args = [model.name, ...columns.map((c) => (c.keptOut ? `*${c.name}` : c.name))].map(lit).join(', ');
  const name = pgTriggerName(table);
  const found = await sql<{ def: string }>`
    select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (found.rows[0]?.def.endsWith(`sys_record_history_write(${args})`)) return;
  await sql`drop trigger if exists ${sql.id(name)} on ${sql.id(table)}`.execute(db);
  await sql.raw(`create trigger ${id(name)} after insert or update or delete on ${id(table)} for each row execute function sys_record_history_write(${args})`).execute(db);
}

/** PostgreSQL: the name of a model table's history trigger (the import turns it off while its statements write the entries: pgInsertedEntries). */
export function pgHistoryTrigger(table: string): string {
  return pgTriggerName(table);
}

/**
 * PostgreSQL: the entries the history trigger writes for new rows, written at once for a whole
 * statement's rows: an INSERT ... SELECT over `rows`, the name of a WITH query of the inserted rows
 * (`insert ... returning *`). The import's statements run it with the trigger turned off for the
 * job's transaction (ops/import/import-engine.ts): the trigger's PL/pgSQL function, run once per
 * row, took 40 % of a 1,000,000-row import. Each entry is the one the trigger writes, value for
 * value (the same JSON once parsed, members in the model's column order): a column's value where it
 * is not null, "changed" for a column whose values are kept out, nothing for a restore's rows.
 */
export function pgInsertedEntries(registry: Pick<ModelRegistry, 'columns'>, model: ModelDefinition, rows: string): string {
  const r = id(rows);
  // The object's text put together, a member per column that is not null: jsonb's own building took half the entries' time.
  const members = historyColumns(registry, model).map(
    (c) => `case when ${r}.${id(c.name)} is not null then ${lit(`${JSON.stringify(c.name)}:`)} || ${c.keptOut ? lit(JSON.stringify(VALUE_KEPT_OUT)) : `'[null,' || to_jsonb(${r}.${id(c.name)})::text || ']'`} end`,
  );
  const changes = members.length ? `'{' || concat_ws(',', ${members.join(', ')}) || '}'` : `'{}'`;
  return `insert into sys_record_history (${COLUMNS})
    select ${lit(model.name)}, ${r}.id::text, 'insert', ${changes}, (c.j ->> 'u')::integer, c.j ->> 'n',
      to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), coalesce(c.j ->> 's', 'server'), c.j ->> 'a', c.j ->> 'r'
    from ${r}, (select nullif(current_setting('tessera.history', true), '')::jsonb as j) c
    where c.j is null or not (c.j ? 'x')`;
}

/**
 * Drops the table's history triggers. SQLite, before a column of the table is dropped or
 * replaced: a trigger naming the column would make the change fail; the sync after the change
 * makes them again.
 */
export async function dropHistoryTriggers(database: Database, table: string): Promise<void> {
  const { db } = database;
  if (database.dialect === 'sqlite') {
    for (const kind of TRIGGERS) await sql`drop trigger if exists ${sql.id(sqliteTriggerName(table, kind))}`.execute(db);
    return;
  }
  const exists = await sql`select 1 from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(db);
  if (exists.rows.length) await sql`drop trigger if exists ${sql.id(pgTriggerName(table))} on ${sql.id(table)}`.execute(db);
}

/**
 * A model change that converts a field's values (a type change) writes one `update` entry per
 * record whose value it changes, the field's value before and after, in the change's
 * transaction: the conversion's UPDATE runs with the triggers dropped (SQLite) or disabled
 * (PostgreSQL), so the entries are written here, in one INSERT ... SELECT. `column` holds the
 * values before; `converted` is the SQL of the value after.
 */
export async function recordConversion(
  database: Database,
  model: ModelDefinition,
  field: string,
  column: string,
  converted: RawBuilder<unknown>,
  valued: RawBuilder<unknown>,
  keptOut: boolean,
): Promise<void> {
  if (!historyRecorded(model)) return;
  const table = sql.id(tableOf(model.name));
  const col = sql.ref(column);
  const columns = sql.raw(COLUMNS);
  if (database.dialect === 'sqlite') {
    const change = keptOut ? sql`json_object(${field}, ${VALUE_KEPT_OUT})` : sql`json_object(${field}, json_array(${col}, ${converted}))`;
    await sql`insert into sys_record_history (${columns})
      select ${model.name}, cast(id as text), 'update', ${change}, ${sql.raw(SQLITE_WHO)}
      from ${table}, (select tessera_history_context() as c) where json_extract(c, '$.x') is null and ${valued} and ${col} is not ${converted}`.execute(database.db);
    return;
  }
  const change = keptOut ? sql`jsonb_build_object(${field}::text, ${VALUE_KEPT_OUT}::text)` : sql`jsonb_build_object(${field}::text, jsonb_build_array(to_jsonb(${col}), to_jsonb(${converted})))`;
  await sql`insert into sys_record_history (${columns})
    select ${model.name}, id::text, 'update', ${change}::text, (c.j ->> 'u')::integer, c.j ->> 'n',
      to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), coalesce(c.j ->> 's', 'server'), c.j ->> 'a', c.j ->> 'r'
    from ${table}, (select nullif(current_setting('tessera.history', true), '')::jsonb as j) c
    where ${valued} and to_jsonb(${col}) is distinct from to_jsonb(${converted})`.execute(database.db);
}

/**
 * Writes one entry the triggers do not: a restore's (action `restore`, model `*`, the backup's
 * date as its record id, no changes), through `db`, the restore's transaction.
 */
export async function recordRestore(db: Db, backup: string): Promise<void> {
  const c = historyContext();
  await db
    .insertInto('sys_record_history')
    .values({
      model: '*',
      record_id: backup,
      action: 'restore',
      changes: '{}',
      user_id: c.userId,
      user_name: c.userName,
      at: new Date().toISOString(),
      source: c.source,
      address: c.address,
      request_id: c.requestId,
    })
    .execute();
}

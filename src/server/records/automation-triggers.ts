import { sql } from 'kysely';
import type { Database } from '../db/connect.js';
import { AUDIT_FIELDS } from '../../shared/audit-fields.js';
import { ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';

/**
 * The automations' record triggers (docs/automations.md, "Record triggers"): a model that an
 * enabled after-trigger watches gets triggers that write one row of sys_automation_events per
 * record inserted, updated or deleted, the whole row before and after as JSON, in the statement's
 * own transaction, whatever path wrote it (a form, a link, an import, a revert, another automation,
 * a script). So no change is missed and none is seen that did not commit; the runs are queued from
 * the events outside the request (ops/automations). A model nothing watches has no such triggers
 * and pays nothing.
 *
 * SQLite: three triggers per table, the row as json_object of its columns (in parts of 50 pairs,
 * under SQLite's limit on a function's arguments), who and where from tessera_history_context()
 * as the history's triggers read them. PostgreSQL: one trigger per table running
 * sys_automation_event_write() (migration 0017), whose arguments are the columns an update may
 * change without being a change (the row version and the audit columns).
 *
 * A restore's rows (the context's `x`) start nothing, as they record nothing.
 */

/** Columns whose change alone is no change of the record: they move with every write. */
const MOVING = [ROW_VERSION, ...AUDIT_FIELDS.map((f) => f.name)];

const TRIGGERS = ['ins', 'upd', 'del'] as const;
const sqliteName = (table: string, kind: (typeof TRIGGERS)[number]) => `${table}__auto_${kind}`;
const pgName = (table: string) => `${table}__automation`;
const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** SQLite: the row as a JSON object, `row` being `new` or `old`. */
function rowJson(row: 'new' | 'old', columns: string[]): string {
  const pairs = ['id', ...columns.filter((c) => c !== 'id')].map((c) => `${lit(c)}, ${row}.${id(c)}`);
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) parts.push(`json_object(${pairs.slice(i, i + 50).join(', ')})`);
  return parts.reduce((all, part) => `json_patch(${all}, ${part})`);
}

function sqliteTriggers(model: ModelDefinition, table: string, columns: string[]): Record<(typeof TRIGGERS)[number], string> {
  const t = id(table);
  const event = (action: string, rowId: string, before: string, after: string) =>
    `insert into sys_automation_events (model, record_id, action, before, after, context, at) select ${lit(model.name)}, cast(${rowId} as text), '${action}', ${before}, ${after}, c, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from (select tessera_history_context() as c) where json_extract(c, '$.x') is null;`;
  const changing = columns.filter((c) => !MOVING.includes(c));
  const when = changing.length ? changing.map((c) => `old.${id(c)} is not new.${id(c)}`).join(' or ') : '0';
  return {
    ins: `CREATE TRIGGER ${id(sqliteName(table, 'ins'))} after insert on ${t} begin ${event('insert', 'new.id', 'null', rowJson('new', columns))} end`,
    upd: `CREATE TRIGGER ${id(sqliteName(table, 'upd'))} after update on ${t} when ${when} begin ${event('update', 'new.id', rowJson('old', columns), rowJson('new', columns))} end`,
    del: `CREATE TRIGGER ${id(sqliteName(table, 'del'))} after delete on ${t} begin ${event('delete', 'old.id', rowJson('old', columns), 'null')} end`,
  };
}

/**
 * Makes the model's automation triggers when `watched` (an enabled after-trigger names the model)
 * or drops them; leaves ones already right alone.
 */
export async function syncAutomationTriggers(database: Database, registry: ModelRegistry, model: ModelDefinition, watched: boolean): Promise<void> {
  const { db } = database;
  const table = tableOf(model.name);
  if (!watched) return dropAutomationTriggers(database, table);
  const columns = registry.columns(model).map((f) => f.name);
  if (database.dialect === 'sqlite') {
    const wanted = sqliteTriggers(model, table, columns);
    const names = TRIGGERS.map((k) => sqliteName(table, k));
    const found = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(names)})`.execute(db);
    const have = new Map(found.rows.map((r) => [r.name, r.sql]));
    for (const kind of TRIGGERS) {
      const name = sqliteName(table, kind);
      if (have.get(name) === wanted[kind]) continue;
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
      await sql.raw(wanted[kind]).execute(db);
    }
    return;
  }
  const args = [model.name, ...MOVING].map(lit).join(', ');
  const name = pgName(table);
  const found = await sql<{ def: string }>`
    select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (found.rows[0]?.def.endsWith(`sys_automation_event_write(${args})`)) return;
  await sql`drop trigger if exists ${sql.id(name)} on ${sql.id(table)}`.execute(db);
  await sql.raw(`create trigger ${id(name)} after insert or update or delete on ${id(table)} for each row execute function sys_automation_event_write(${args})`).execute(db);
}

/** Drops the table's automation triggers (SQLite: before a column they name is dropped or replaced; the sync after makes them again). */
export async function dropAutomationTriggers(database: Database, table: string): Promise<void> {
  const { db } = database;
  if (database.dialect === 'sqlite') {
    for (const kind of TRIGGERS) await sql`drop trigger if exists ${sql.id(sqliteName(table, kind))}`.execute(db);
    return;
  }
  const exists = await sql`select 1 from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(db);
  if (exists.rows.length) await sql`drop trigger if exists ${sql.id(pgName(table))} on ${sql.id(table)}`.execute(db);
}

import { sql } from 'kysely';
import type { Database } from './connect.js';

/**
 * The system tables that are not models: sessions, settings, login failures and the row
 * statistics that keep grid counts cheap. Ordered and append-only: a released migration is
 * never edited, a new one is added after it.
 */
interface Migration {
  name: string;
  up(database: Database): Promise<void>;
}

const migrations: Migration[] = [
  {
    name: '0001_system_tables',
    async up({ db, dialect }) {
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .createTable('sys_sessions')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_sessions_user').ifNotExists().on('sys_sessions').column('user_id').execute();
      await db.schema
        .createTable('sys_settings')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sys_login_failures')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sys_login_failures_key_at')
        .ifNotExists()
        .on('sys_login_failures')
        .columns(['key', 'at'])
        .execute();
      // row_count is kept by triggers on every model table, version moves on every write,
      // so a filtered count can be cached until the table changes (across processes).
      await db.schema
        .createTable('sys_table_stats')
        .ifNotExists()
        .addColumn('tbl', 'text', (c) => c.primaryKey())
        .addColumn('row_count', big, (c) => c.notNull().defaultTo(0))
        .addColumn('version', big, (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await sql`
          create or replace function sys_stats_bump() returns trigger as $$
          begin
            if tg_op = 'INSERT' then
              update sys_table_stats set row_count = row_count + 1, version = version + 1 where tbl = tg_table_name;
            elsif tg_op = 'DELETE' then
              update sys_table_stats set row_count = row_count - 1, version = version + 1 where tbl = tg_table_name;
            else
              update sys_table_stats set version = version + 1 where tbl = tg_table_name;
            end if;
            return null;
          end $$ language plpgsql`.execute(db);
      }
    },
  },
  {
    // Every saved version of every definition (docs/api.md, Versions): the whole document, who saved it and when.
    name: '0002_definition_versions',
    async up({ db }) {
      await db.schema
        .createTable('sys_definition_versions')
        .ifNotExists()
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('def_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('saved_at', 'text')
        .addColumn('saved_by', 'text')
        .addColumn('document', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sys_definition_versions_pk', ['kind', 'def_id', 'version'])
        .execute();
    },
  },
  {
    // The access log (ops/access-log.ts): one row per request, written in batches. `ts` is epoch
    // milliseconds on both databases, so range queries and pruning compare plain numbers.
    name: '0003_access_log',
    async up({ db, dialect }) {
      const pg = dialect === 'postgres';
      await db.schema
        .createTable('sys_access_log')
        .ifNotExists()
        .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('ts', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', pg ? 'double precision' : 'real', (c) => c.notNull())
        .addColumn('user_name', 'text')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      // (ts, id): the reader's order, so a page is an index range walk on both databases.
      await db.schema.createIndex('sys_access_log_ts').ifNotExists().on('sys_access_log').columns(['ts', 'id']).execute();
    },
  },
  {
    // Lost-password tokens (auth/password-reset.ts): only a SHA-256 of each token, its user and its expiry.
    name: '0004_password_tokens',
    async up({ db, dialect }) {
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .createTable('sys_password_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_password_tokens_user').ifNotExists().on('sys_password_tokens').column('user_id').execute();
    },
  },
  {
    // Sign-in delays (auth/signin-throttle.ts): one row per throttled key (an account, an address, a trusted
    // device), its failures and the earliest time another attempt may come. A row, not
    // process memory, so every server process sees the same count (auth/signin-throttle.ts).
    name: '0005_signin_attempts',
    async up({ db, dialect }) {
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .createTable('sys_signin_attempts')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('next_at', big, (c) => c.notNull())
        .addColumn('last_at', big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sys_signin_attempts_last').ifNotExists().on('sys_signin_attempts').column('last_at').execute();
    },
  },
  {
    // Built-in definitions and groups seeded so far: each is seeded once, so one an
    // admin deleted stays deleted (ops/bootstrap.ts).
    name: '0006_seeded',
    async up({ db }) {
      await db.schema
        .createTable('sys_seeded')
        .ifNotExists()
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('seeded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sys_seeded_pk', ['kind', 'name'])
        .execute();
    },
  },
  {
    // Housekeeping purges by expiry: a range on an index, never a scan.
    name: '0007_expiry_indexes',
    async up({ db }) {
      await db.schema.createIndex('sys_sessions_expires').ifNotExists().on('sys_sessions').column('expires_at').execute();
      await db.schema.createIndex('sys_password_tokens_expires').ifNotExists().on('sys_password_tokens').column('expires_at').execute();
    },
  },
  {
    // WORKERS (several server processes, src/server/http/cluster.ts): each caches the settings. Every write to sys_settings
    // moves its version in sys_table_stats, which each request reads with the others' (one
    // query), so a change saved through one process applies in all at the next request.
    name: '0009_workers',
    async up({ db, dialect }) {
      const counted = await db.selectFrom('sys_settings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      await db
        .insertInto('sys_table_stats')
        .values({ tbl: 'sys_settings', row_count: Number(counted?.n ?? 0), version: 0 })
        .onConflict((oc) => oc.column('tbl').doNothing())
        .execute();
      if (dialect === 'postgres') {
        await sql`create trigger sys_settings__stats after insert or update or delete on sys_settings
          for each row execute function sys_stats_bump()`.execute(db);
        return;
      }
      await sql`create trigger if not exists sys_settings__ins after insert on sys_settings begin
        update sys_table_stats set row_count = row_count + 1, version = version + 1 where tbl = 'sys_settings'; end`.execute(db);
      await sql`create trigger if not exists sys_settings__del after delete on sys_settings begin
        update sys_table_stats set row_count = row_count - 1, version = version + 1 where tbl = 'sys_settings'; end`.execute(db);
      await sql`create trigger if not exists sys_settings__upd after update on sys_settings begin
        update sys_table_stats set version = version + 1 where tbl = 'sys_settings'; end`.execute(db);
    },
  },
  {
    // WORKERS (src/server/http/cluster.ts): a restore or a deleted model changes what every process keeps in
    // memory (registered models, the trusted-device secret). This row's version moves with
    // them, and every request reads it with the others' (records/generation.ts).
    name: '0010_generation',
    async up({ db }) {
      await db
        .insertInto('sys_table_stats')
        .values({ tbl: 'sys_generation', row_count: 0, version: 0 })
        .onConflict((oc) => oc.column('tbl').doNothing())
        .execute();
    },
  },
  {
    // Saved views of grids (routes/grid-views.ts): a person's own (owner = their user id) and
    // the shared ones an administrator publishes on a grid (owner ''), each named once per owner.
    name: '0011_grid_views',
    async up({ db }) {
      await db.schema
        .createTable('sys_grid_views')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grid', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('sys_grid_views_name', ['grid', 'owner', 'name'])
        .execute();
    },
  },
  {
    // Record history (src/shared/record-history.ts): one row per insert, update or delete of a
    // model record, written in the change's own transaction. Read by record (model, record_id,
    // newest first), by user, and by time (the Data history screen and the pruning).
    name: '0012_record_history',
    async up({ db, dialect }) {
      const id = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
      await sql`create table if not exists sys_record_history (
        id ${id},
        model text not null,
        record_id text not null,
        action text not null,
        changes text not null,
        user_id integer,
        user_name text,
        at text not null,
        source text,
        address text,
        request_id text
      )`.execute(db);
      await db.schema.createIndex('sys_record_history_record').ifNotExists().on('sys_record_history').columns(['model', 'record_id', 'id']).execute();
      await db.schema.createIndex('sys_record_history_user').ifNotExists().on('sys_record_history').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('sys_record_history_at').ifNotExists().on('sys_record_history').columns(['at', 'id']).execute();
      await db.schema.createIndex('sys_record_history_model').ifNotExists().on('sys_record_history').columns(['model', 'id']).execute();
    },
  },
  {
    // PostgreSQL: the one function every model table's history trigger runs (records/history-triggers.ts).
    // Its arguments: the model's name, then each recorded column, '*' before one whose values are
    // kept out. It compares the row before and after as JSON and writes the columns that changed,
    // with who and where from the transaction's setting tessera.history (db/history-pg-dialect.ts).
    name: '0013_record_history_trigger',
    async up({ db, dialect }) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function sys_record_history_write() returns trigger as $$
        declare
          o jsonb; n jsonb; changes jsonb := '{}'::jsonb; ctx jsonb;
          col text; kept_out boolean; a jsonb; b jsonb; i integer;
        begin
          ctx := nullif(current_setting('tessera.history', true), '')::jsonb;
          -- A restore's rows: the restore is one entry of its own.
          if ctx ? 'x' then return null; end if;
          if tg_op <> 'INSERT' then o := to_jsonb(old); end if;
          if tg_op <> 'DELETE' then n := to_jsonb(new); end if;
          for i in 1 .. tg_nargs - 1 loop
            col := tg_argv[i];
            kept_out := left(col, 1) = '*';
            if kept_out then col := substr(col, 2); end if;
            a := nullif(o -> col, 'null'::jsonb);
            b := nullif(n -> col, 'null'::jsonb);
            if a is distinct from b then
              changes := changes || jsonb_build_object(col, case when kept_out then '"changed"'::jsonb else jsonb_build_array(a, b) end);
            end if;
          end loop;
          if tg_op = 'UPDATE' and changes = '{}'::jsonb then return null; end if;
          insert into sys_record_history (model, record_id, action, changes, user_id, user_name, at, source, address, request_id)
          values (tg_argv[0], coalesce(n, o) ->> 'id', lower(tg_op), changes::text, (ctx ->> 'u')::integer, ctx ->> 'n',
            to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), coalesce(ctx ->> 's', 'server'), ctx ->> 'a', ctx ->> 'r');
          return null;
        end $$ language plpgsql`.execute(db);
    },
  },
  {
    // The global history list filtered by a model and a range of dates, newest first by time
    // (history/history-read.ts): the model's entries of those dates in the order they are shown.
    // With (model, id) and (at, id) alone, a month of one model's entries a year back read the
    // model's newer entries first (1.8 s on 10,000,000 entries: docs/performance.md).
    name: '0014_record_history_model_at',
    async up({ db }) {
      await db.schema.createIndex('sys_record_history_model_at').ifNotExists().on('sys_record_history').columns(['model', 'at', 'id']).execute();
    },
  },
  {
    // The import jobs (docs/import.md): one row per job, so any process of a cluster answers its
    // progress and a reloaded screen finds a running one. `owner` and `heartbeat` tell a job whose
    // process is gone; `checkpoint` is the data rows a batches job has committed.
    name: '0015_import_jobs',
    async up({ db, dialect }) {
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .createTable('sys_import_jobs')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('file_hash', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('file_format', 'text', (c) => c.notNull())
        .addColumn('file_size', big, (c) => c.notNull())
        .addColumn('encoding', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('key_field', 'text')
        .addColumn('dry_run', 'integer', (c) => c.notNull())
        .addColumn('batches', 'integer', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('total', big)
        .addColumn('done', big, (c) => c.notNull().defaultTo(0))
        .addColumn('rate', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('seconds_left', 'real')
        .addColumn('added', big, (c) => c.notNull().defaultTo(0))
        .addColumn('updated', big, (c) => c.notNull().defaultTo(0))
        .addColumn('unchanged', big, (c) => c.notNull().defaultTo(0))
        .addColumn('refused', big, (c) => c.notNull().defaultTo(0))
        .addColumn('refused_list', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('error', 'text')
        .addColumn('cancel', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('by_id', 'integer')
        .addColumn('by_name', 'text')
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('owner', 'text')
        .addColumn('heartbeat', big)
        .addColumn('checkpoint', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sys_import_jobs_model').ifNotExists().on('sys_import_jobs').columns(['model', 'started_at']).execute();
      await db.schema.createIndex('sys_import_jobs_file').ifNotExists().on('sys_import_jobs').columns(['file_hash', 'model']).execute();
      await db.schema.createIndex('sys_import_jobs_state').ifNotExists().on('sys_import_jobs').column('state').execute();
    },
  },
  {
    // An import's history entries, listed by their job (the Data history's `job` filter): the
    // entries an import writes, by request id. Partial, so the writes of forms and of every other
    // route carry no index more; the list names `source = 'import'` as written here, which lets
    // both databases use it.
    name: '0016_record_history_import_jobs',
    async up({ db }) {
      await sql`create index if not exists sys_record_history_import on sys_record_history (request_id, id) where source = 'import'`.execute(db);
    },
  },
  {
    // Automations (docs/automations.md). sys_automation_events: the record changes of models an
    // after-trigger watches, written by each such table's triggers in the change's own transaction
    // (records/automation-triggers.ts), the row before and after as JSON; any process takes them
    // in id order and queues the runs they start. sys_automation_runs: the queue and the log in
    // one: a run is queued, claimed by one process with a lease (owner, lease_until), and ends
    // done, failed or stopped with each step's outcome; a claim whose lease ran out (its process
    // was killed) is taken again. sys_automation_schedules: each schedule's next tick, moved on
    // by compare-and-set, so one process alone queues a tick's run.
    name: '0017_automations',
    async up({ db, dialect }) {
      const big = dialect === 'postgres' ? 'bigint' : 'integer';
      const id = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
      await sql`create table if not exists sys_automation_events (
        id ${id},
        model text not null,
        record_id text not null,
        action text not null,
        before text,
        after text,
        context text,
        at text not null
      )`.execute(db);
      await db.schema
        .createTable('sys_automation_runs')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('automation', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        .addColumn('record_id', 'text')
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', big, (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('lease_until', big)
        .addColumn('steps', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('error', 'text')
        .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('event_id', big)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('duration_ms', 'integer')
        .execute();
      // The queue: what is due, in order (a partial index: the log's ended runs are not in it).
      await sql`create index if not exists sys_automation_runs_due on sys_automation_runs (next_at, id) where state in ('queued', 'running')`.execute(db);
      // An event starts each automation's run once, however often its taking is retried.
      await sql`create unique index if not exists sys_automation_runs_event on sys_automation_runs (event_id, automation) where event_id is not null`.execute(db);
      await db.schema.createIndex('sys_automation_runs_log').ifNotExists().on('sys_automation_runs').columns(['automation', 'created_at', 'id']).execute();
      await db.schema.createIndex('sys_automation_runs_at').ifNotExists().on('sys_automation_runs').columns(['created_at', 'id']).execute();
      await db.schema
        .createTable('sys_automation_schedules')
        .ifNotExists()
        .addColumn('automation', 'text', (c) => c.primaryKey())
        .addColumn('cron', 'text', (c) => c.notNull())
        .addColumn('next_at', big, (c) => c.notNull())
        .execute();
      if (dialect !== 'postgres') return;
      // PostgreSQL: the one function every watched table's trigger runs (records/automation-triggers.ts).
      // Its arguments: the model's name, then the columns whose change alone is no change.
      await sql`
        create or replace function sys_automation_event_write() returns trigger as $$
        declare
          o jsonb; n jsonb; ctx jsonb; i integer;
        begin
          ctx := nullif(current_setting('tessera.history', true), '')::jsonb;
          if ctx ? 'x' then return null; end if;
          if tg_op <> 'INSERT' then o := to_jsonb(old); end if;
          if tg_op <> 'DELETE' then n := to_jsonb(new); end if;
          if tg_op = 'UPDATE' then
            declare a jsonb := o; b jsonb := n;
            begin
              for i in 1 .. tg_nargs - 1 loop a := a - tg_argv[i]; b := b - tg_argv[i]; end loop;
              if a = b then return null; end if;
            end;
          end if;
          insert into sys_automation_events (model, record_id, action, before, after, context, at)
          values (tg_argv[0], coalesce(n, o) ->> 'id', lower(tg_op), o::text, n::text, ctx::text,
            to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
          return null;
        end $$ language plpgsql`.execute(db);
    },
  },
];

/** Runs under the schema lock, so server processes starting together apply each migration once. */
export function migrate(database: Database): Promise<void> {
  return database.withSchemaLock(() => applyPending(database));
}

async function applyPending(database: Database): Promise<void> {
  const { db } = database;
  await db.schema
    .createTable('sys_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const done = new Set(
    (await db.selectFrom('sys_migrations').select('name').execute()).map((r) => String(r.name)),
  );
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await m.up(database);
    await db.insertInto('sys_migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
  }
}

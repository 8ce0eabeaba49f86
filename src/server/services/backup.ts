import { mkdir, open, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import type { Services } from '../context.js';
import { bootstrap } from './bootstrap.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ENTRY,
  MANIFEST,
  SYSTEM_TABLES,
  TABLES_DIR,
  columnFields,
  fileOf,
  fromNeutral,
  toNeutral,
  type Manifest,
  type ManifestTable,
  type SystemTable,
} from './backup-format.js';
import { INSTANCE_SETTINGS, isKnownSetting, restoredSettings, type BackupSettings, type SettingsRow } from './backup-settings.js';
import { kindOfModel } from './definitions.js';
import { bumpGeneration, currentGeneration } from './generation.js';
import { modelProblems } from './model-check.js';
import { tableSharedWith } from './model-names.js';
import { ModelStore, ROW_VERSION, tableOf } from './model-store.js';
import type { ModelDefinition } from './model-types.js';
import { MODEL_MODEL, RestoreError, checkExtracted, checkTable, formatSize, readManifest, readModels, readRows, shownEntry, withoutNulls } from './backup-read.js';
import { SevenZip, SevenZipError } from './seven-zip.js';
import { SETTINGS_RECORD } from './site-settings.js';
import { SETUP_COMPLETED_KEY } from './settings.js';

export { RestoreError };

export interface RestoreSummary {
  tables: number;
  rows: number;
  deleted: boolean;
  /** What the restore did not take from the backup, or what it changed that the admin should know. */
  warnings: string[];
}

/**
 * What a restore leaves free on the data folder's disk after unpacking: the database still has
 * to write the restored rows (SQLite's file is in that folder), and the machine needs room to
 * go on. 256 MiB.
 */
export const FREE_SPACE_MARGIN = 256 * 1024 * 1024;

/** Why `unpacked` bytes cannot be unpacked where `free` bytes are free, or '' when they can. */
export function spaceProblem(unpacked: number, free: number): string {
  if (unpacked + FREE_SPACE_MARGIN <= free) return '';
  return `it unpacks to ${formatSize(unpacked)} and the data folder has ${formatSize(free)} free: a restore leaves at least ${formatSize(FREE_SPACE_MARGIN)} free`;
}

/** Rows read per query while dumping, and bound parameters per insert while loading. */
const PAGE = 1000;
const PARAMS_PER_INSERT = 5000;

interface Table {
  model: ModelDefinition;
  table: string;
}

/** A reference column filled only after every row is in: it points into its own table or into a cycle. */
interface Deferred {
  table: string;
  column: string;
  id: unknown;
  value: unknown;
}

/**
 * Backup and restore of the whole repository: every model table (definitions, users, groups,
 * memberships, admin-made models), the settings and the definitions' versions, as neutral JSON
 * packed by 7-Zip with AES-256 and encrypted names. Sessions, login failures and the access log
 * are not part of it.
 */
export class Backup {
  /** One backup or restore at a time in this process: a restore must not interleave with another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly zip: SevenZip,
  ) {}

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---- backup ----

  /** Writes `dir/backup.7z` (dir is a private temporary folder) and answers its path. */
  create(dir: string, password: string, now = new Date()): Promise<string> {
    return this.exclusive(async () => {
      const data = join(dir, 'data');
      await mkdir(join(data, TABLES_DIR), { recursive: true, mode: 0o700 });
      const manifest = await this.dump(data, now);
      await writeText(join(data, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      const archive = join(dir, 'backup.7z');
      await this.zip.create(archive, data, [MANIFEST, TABLES_DIR], password);
      return archive;
    });
  }

  /** Every table read in one read transaction (repeatable read on PostgreSQL): one consistent moment. */
  private async dump(into: string, now: Date): Promise<Manifest> {
    const { db, dialect } = this.services.database;
    let tx = db.transaction();
    if (dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read').setAccessMode('read only');
    return tx.execute(async (trx) => {
      const tables: ManifestTable[] = [];
      const models = (await this.storedModels(trx)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const model of models) {
        const rows = await dumpTable(trx, tableOf(model.name), ['id'], join(into, fileOf(model.name)), (row) => neutralRow(model, row));
        tables.push({ name: model.name, kind: 'model', file: fileOf(model.name), rows });
      }
      for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
        const spec = SYSTEM_TABLES[name];
        const rows = await dumpTable(trx, name, [...spec.key], join(into, fileOf(name)), (row) => {
          const out: Row = {};
          for (const c of spec.columns) out[c] = (spec.integers as readonly string[]).includes(c) ? Number(row[c]) : row[c] === null ? null : String(row[c]);
          return out;
        });
        tables.push({ name, kind: 'system', file: fileOf(name), rows });
      }
      return { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), dialect, tables };
    });
  }

  /** The model definitions as stored (the rows of the Model table), read through `db`. */
  private async storedModels(db: Db): Promise<ModelDefinition[]> {
    const { store } = this.services;
    const meta = store.get(MODEL_MODEL);
    const rows = await db.selectFrom(tableOf(MODEL_MODEL)).selectAll().execute();
    return rows.map((r) => withoutNulls(neutralRow(meta, r)) as unknown as ModelDefinition);
  }

  // ---- restore ----

  /**
   * Restores `archive` (the uploaded file, inside the private folder `dir`). Everything is
   * read and checked first; only then are the old data deleted (with `deleteFirst`) and the
   * backup loaded, in one database transaction. Any failure leaves the data as they were.
   */
  restore(archive: string, dir: string, password: string, deleteFirst: boolean): Promise<RestoreSummary> {
    return this.exclusive(async () => {
      const into = join(dir, 'extracted');
      await mkdir(into, { recursive: true, mode: 0o700 });
      await this.extract(archive, into, password);
      const manifest = await readManifest(into);
      const models = await readModels(into, manifest);
      await this.checkModels(models);
      let rows = 0;
      for (const entry of manifest.tables) rows += await checkTable(into, entry, models);
      let generation: number;
      let warnings: string[];
      try {
        // Tables and columns cannot wait for the commit: they are created first and only ever
        // added (as a model save does), so a failed load leaves new tables behind, empty.
        await this.services.store.sync([...models.values()]);
        ({ generation, warnings } = await this.load(into, manifest, models, deleteFirst));
      } catch (e) {
        if (e instanceof RestoreError) throw e;
        throw new RestoreError(`the data could not be written (${(e as Error).message}); nothing was changed`);
      } finally {
        await this.refresh();
      }
      // This process has reloaded; the others do before their next answer.
      this.services.generation.moved(generation);
      return { tables: manifest.tables.length, rows, deleted: deleteFirst, warnings };
    });
  }

  /**
   * Unpacks the archive into `into` after checking its listing: only the entries a backup
   * has, each a plain file (or the tables folder), and room for them with a margin to spare.
   * Then every unpacked path is checked with lstat (checkExtracted) before anything is read.
   */
  private async extract(archive: string, into: string, password: string): Promise<void> {
    try {
      const entries = await this.zip.list(archive, into, password);
      for (const e of entries) {
        const path = e.path.replace(/\\/g, '/');
        if (!ENTRY.test(path)) throw new RestoreError(`it holds ${shownEntry(e.path)}, which is not part of a Tessera backup`);
        if (e.kind !== (path === TABLES_DIR ? 'folder' : 'file')) {
          throw new RestoreError(`it holds '${path}', a link or another entry that is neither a plain file nor a folder, and a backup holds none`);
        }
      }
      if (!entries.some((e) => e.path === MANIFEST)) throw new RestoreError('it is not a Tessera backup (no manifest.json)');
      // A small archive can unpack to a great deal: it must fit in the data folder, with room to spare.
      const disk = await statfs(into);
      const problem = spaceProblem(entries.reduce((n, e) => n + e.size, 0), disk.bavail * disk.bsize);
      if (problem) throw new RestoreError(problem);
      await this.zip.extract(archive, into, [], password);
    } catch (e) {
      if (e instanceof SevenZipError) throw new RestoreError(e.message);
      throw e;
    }
    await checkExtracted(into);
  }

  /**
   * Every model of the backup as a model save checks it (definitions.ts, model-check.ts), its
   * schema already checked as it was read (backup-read.ts): no two names for one table,
   * references that resolve, what the engine registers, no change to a system model, no field
   * changing its type and no table its id type. All before anything is written.
   */
  private async checkModels(models: Map<string, ModelDefinition>): Promise<void> {
    const { store } = this.services;
    const stored = new Map((await this.storedModels(this.services.database.db)).map((m) => [m.name, m]));
    // A model's table is named by its name in lower case (model-names.ts): `USER` would be the users' table.
    const here = [...new Set([...store.names(), ...stored.keys()])];
    const seen: string[] = [];
    for (const name of models.keys()) {
      const other = tableSharedWith(name, [...seen, ...here.filter((n) => n !== name)]);
      if (other !== undefined) {
        throw new RestoreError(`the model '${name}' would share the table of the model '${other}' (model names are compared without regard to case)`);
      }
      seen.push(name);
    }
    for (const model of models.values()) {
      const problem = modelProblems(model, (name) => models.get(name))[0];
      if (problem) throw new RestoreError(`the model '${model.name}' cannot be restored: ${problem.message}`);
    }
    try {
      // A scratch engine checks names and references without touching the database.
      new ModelStore(this.services.database).register([...models.values()]);
    } catch (e) {
      throw new RestoreError(`its models are not valid: ${(e as Error).message}`);
    }
    for (const model of models.values()) {
      if (!store.has(model.name)) continue;
      const here = store.get(model.name);
      // As a save answers 403 for a system model: the backup's must be this instance's own.
      if (here.system === true && !isDeepStrictEqual(portableModel(model), portableModel(stored.get(model.name) ?? here))) {
        throw new RestoreError(`the system model '${model.name}' is not this instance's, and a system model cannot be changed`);
      }
      if ((here.idtype ?? 'integer') !== (model.idtype ?? 'integer')) {
        throw new RestoreError(`the model '${model.name}' has ${model.idtype ?? 'integer'} ids in the backup and ${here.idtype ?? 'integer'} ids here`);
      }
      for (const f of model.fields) {
        const now = here.fields.find((x) => x.name === f.name);
        if (now && now.type !== f.type) {
          throw new RestoreError(`the field '${model.name}.${f.name}' is ${f.type} in the backup and ${now.type} here`);
        }
      }
    }
  }

  /** Loads the backup in one transaction; answers the generation it moved to (services/generation.ts) and its warnings. */
  private async load(
    into: string,
    manifest: Manifest,
    models: Map<string, ModelDefinition>,
    deleteFirst: boolean,
  ): Promise<{ generation: number; warnings: string[] }> {
    const { database, store } = this.services;
    const { dialect } = database;
    // The tables of the backup, and (to empty them) those of the models only this instance has:
    // as stored, since another server process may have made one this process has not used yet.
    const all = new Map<string, ModelDefinition>();
    for (const name of store.names()) all.set(name, store.get(name));
    for (const model of await this.storedModels(database.db)) {
      if (!all.has(model.name) && (await store.hasTable(tableOf(model.name)))) all.set(model.name, model);
    }
    for (const [name, model] of models) all.set(name, model);
    const { order, deferred } = loadOrder([...all.values()]);
    const sessionUsers = await this.sessionUsers(database.db);

    return database.db.transaction().execute(async (trx) => {
      const warnings: string[] = [];
      const settingsHere = (await trx.selectFrom('sys_settings').select(['key', 'value']).execute()).map((r) => ({ key: String(r.key), value: String(r.value) }));
      const adminsBefore = await adminNames(trx, dialect);
      // A restored row gets a version above any its table held (row versions, issue 12): a
      // form opened before the restore then answers 409 instead of saving over the restored row.
      const stamps = new Map<string, number>();
      for (const { model, table } of order) {
        if (!models.has(model.name) || store.versionColumn(model) !== ROW_VERSION) continue;
        const row = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max(ROW_VERSION).as('v'))
          .executeTakeFirst();
        stamps.set(table, Number(row?.v ?? 0) + 1);
      }
      if (deleteFirst) {
        for (const { table, column } of deferred) await trx.updateTable(table).set({ [column]: null }).where(column, 'is not', null).execute();
        for (const { table } of [...order].reverse()) await trx.deleteFrom(table).execute();
        for (const name of Object.keys(SYSTEM_TABLES)) {
          if (name === 'sys_settings') await trx.deleteFrom(name).where('key', 'not in', INSTANCE_SETTINGS).execute();
          else await trx.deleteFrom(name).execute();
        }
      }
      const later: Deferred[] = [];
      const inBackup = new Map(manifest.tables.map((t) => [t.name, t]));
      for (const { model, table } of order) {
        const entry = inBackup.get(model.name);
        if (!entry || entry.kind !== 'model') continue;
        const late = new Set(deferred.filter((d) => d.table === table).map((d) => d.column));
        await this.loadModelTable(trx, join(into, entry.file), model, late, later, !deleteFirst, stamps.get(table));
      }
      for (const d of later) await trx.updateTable(d.table).set({ [d.column]: d.value }).where('id', '=', d.id as string).execute();
      for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
        const entry = inBackup.get(name);
        if (name === 'sys_settings') warnings.push(...(await this.loadSettings(trx, entry && join(into, entry.file), settingsHere, deleteFirst)));
        else if (entry) await loadSystemTable(trx, join(into, entry.file), name, !deleteFirst);
      }
      // Setup stays completed whatever the backup says: an open setup would let anyone make an admin.
      await trx
        .insertInto('sys_settings')
        .values({ key: SETUP_COMPLETED_KEY, value: 'true' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
        .execute();
      // Versions of definitions that are gone (replaced under another id, or deleted) go with them.
      for (const [kindModel, kind] of [...all.keys()].flatMap((m) => (kindOfModel(m) ? [[m, kindOfModel(m) as string] as const] : []))) {
        await trx
          .deleteFrom('sys_definition_versions')
          .where('kind', '=', kind)
          .where(sql<boolean>`def_id not in (select id from ${sql.table(tableOf(kindModel))})`)
          .execute();
      }
      // Nobody could manage an instance without an administrator (setup stays completed): the
      // same rule as for deleting or demoting the last one (routes/forms.ts).
      const after = await newAdmins(trx, dialect, adminsBefore);
      if (after.admins === 0 && this.services.config.env.ENABLE_SECURITY === 1) {
        throw new RestoreError('it would leave no administrator, and nobody could manage this instance; nothing was changed');
      }
      if (after.named.length) warnings.push(`The backup makes these accounts administrators, who were not before: ${namesList(after.named, after.count)}`);
      await endMovedSessions(trx, sessionUsers);
      if (dialect === 'postgres') {
        for (const { model, table } of order) {
          if (model.idtype === 'hex') continue;
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(table)}`.execute(trx);
        }
      }
      await bumpGeneration(trx);
      return { generation: await currentGeneration(trx), warnings };
    });
  }

  /**
   * sys_settings as services/backup-settings.ts rules: the backup's Settings record (checked,
   * never lowering security), this instance's own rows kept. Answers the warnings.
   */
  private async loadSettings(trx: Db, file: string | undefined, here: SettingsRow[], deleteFirst: boolean): Promise<string[]> {
    const backup: BackupSettings = { unknown: 0 };
    if (file) {
      for await (const row of readRows(file)) {
        const key = String(row.key);
        if (key === SETTINGS_RECORD) backup.settings = String(row.value);
        else if (!isKnownSetting(key)) backup.unknown += 1;
      }
    }
    const { settings, warnings } = restoredSettings(this.services.site, here, backup, deleteFirst);
    if (settings !== undefined) {
      await trx
        .insertInto('sys_settings')
        .values({ key: SETTINGS_RECORD, value: settings })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: settings }))
        .execute();
    }
    return warnings;
  }

  private async loadModelTable(
    trx: Db,
    file: string,
    model: ModelDefinition,
    late: Set<string>,
    later: Deferred[],
    merge: boolean,
    stamp: number | undefined,
  ): Promise<void> {
    const { dialect } = this.services.database;
    const table = tableOf(model.name);
    const fields = columnFields(model);
    const perBatch = Math.max(1, Math.floor(PARAMS_PER_INSERT / (fields.length + 2)));
    const unique = fields.filter((f) => f.unique).map((f) => f.name);
    let batch: Row[] = [];
    const flush = async () => {
      if (!batch.length) return;
      if (merge) {
        // A row of the instance that holds one of these unique values under another id gives way.
        const ids = batch.map((r) => r.id as string);
        for (const u of unique) {
          const values = batch.map((r) => r[u]).filter((v) => v !== null);
          if (values.length) await trx.deleteFrom(table).where(u, 'in', values as string[]).where('id', 'not in', ids).execute();
        }
        const columns = fields.map((f) => f.name);
        // A replaced row moves its version on, so a form opened before the restore cannot save over it unawares.
        const version = this.services.store.versionColumn(model) === ROW_VERSION ? { [ROW_VERSION]: sql`${sql.ref(`${table}.${ROW_VERSION}`)} + 1` } : {};
        await trx
          .insertInto(table)
          .values(batch)
          .onConflict((oc) =>
            columns.length ? oc.column('id').doUpdateSet({ ...Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])), ...version }) : oc.column('id').doNothing(),
          )
          .execute();
        if (kindOfModel(model.name)) {
          // Their versions come from the backup, as the rows do.
          await trx.deleteFrom('sys_definition_versions').where('kind', '=', kindOfModel(model.name) as string).where('def_id', 'in', ids).execute();
        }
      } else {
        await trx.insertInto(table).values(batch).execute();
      }
      batch = [];
    };
    for await (const row of readRows(file)) {
      const stored: Row = stamp === undefined ? { id: row.id } : { id: row.id, [ROW_VERSION]: stamp };
      for (const f of fields) {
        const value = fromNeutral(f, row[f.name] ?? null, dialect);
        if (late.has(f.name) && value !== null) {
          later.push({ table, column: f.name, id: row.id, value });
          stored[f.name] = null;
        } else stored[f.name] = value;
      }
      batch.push(stored);
      if (batch.length >= perBatch) await flush();
    }
    await flush();
  }

  /** Signed-in users by id and name, so their sessions can be ended if the restore gives their id to someone else. */
  private async sessionUsers(db: Db): Promise<Map<string, string>> {
    const ids = (await db.selectFrom('sys_sessions').select('user_id').distinct().execute()).map((r) => String(r.user_id));
    return usersById(db, ids);
  }

  /**
   * After a restore (or a failed one) this process serves what the database holds: the models
   * registered anew from the Model table (missing built-ins seeded, as at start), the
   * definition and page caches emptied.
   */
  private async refresh(): Promise<void> {
    const { defs, store, devices } = this.services;
    defs.forget();
    store.forget();
    devices.forget();
    await bootstrap(this.services);
    store.retain(new Set((await defs.list('model')).map((m) => m.name)));
    // The restored Settings apply at once in this process (others re-read within their bound).
    await this.services.site.reload();
  }
}

// ---- helpers ----

/** A model definition without what differs between instances holding the same model (its row id and version). */
function portableModel(model: ModelDefinition): Row {
  const { id: _id, version: _version, ...rest } = model as unknown as Row;
  return rest;
}

async function writeText(path: string, text: string): Promise<void> {
  const fh = await open(path, 'w', 0o600);
  try {
    await fh.writeFile(text);
  } finally {
    await fh.close();
  }
}

/** A stored row of a model as neutral JSON: id and every stored column (password hashes too). */
function neutralRow(model: ModelDefinition, row: Row): Row {
  const out: Row = { id: typeof row.id === 'bigint' ? Number(row.id) : row.id };
  for (const f of columnFields(model)) out[f.name] = toNeutral(f, row[f.name]);
  return out;
}

/** Writes a table as JSON lines, a page at a time in key order; answers the row count. */
async function dumpTable(db: Db, table: string, key: string[], file: string, map: (row: Row) => Row): Promise<number> {
  const fh = await open(file, 'w', 0o600);
  let count = 0;
  try {
    // A single key pages by key (each page one index seek); composite keys (small tables) by offset.
    let last: unknown = undefined;
    for (let offset = 0; ; offset += PAGE) {
      let q = db.selectFrom(table).selectAll();
      for (const k of key) q = q.orderBy(k);
      if (key.length === 1 && last !== undefined) q = q.where(key[0] as string, '>', last as string);
      else if (key.length > 1) q = q.offset(offset);
      const rows = await q.limit(PAGE).execute();
      if (!rows.length) break;
      await fh.write(rows.map((r) => `${JSON.stringify(map(r))}\n`).join(''));
      count += rows.length;
      last = rows[rows.length - 1]?.[key[0] as string];
      if (rows.length < PAGE) break;
    }
  } finally {
    await fh.close();
  }
  return count;
}

/**
 * Tables in an order where a referenced table comes before the tables that refer to it. A
 * reference into its own table, or one that closes a cycle, cannot be honoured by order: it is
 * deferred (filled in after every row is loaded, and emptied before rows are deleted).
 */
export function loadOrder(models: ModelDefinition[]): { order: Table[]; deferred: { table: string; column: string }[] } {
  const byName = new Map(models.map((m) => [m.name, m]));
  const order: Table[] = [];
  const deferred: { table: string; column: string }[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: ModelDefinition) => {
    state.set(m.name, 'visiting');
    for (const f of columnFields(m)) {
      if (f.type !== 'reference' || !f.target) continue;
      const target = byName.get(f.target);
      const s = state.get(f.target);
      if (target && s === undefined) visit(target);
      else if (s === 'visiting') deferred.push({ table: tableOf(m.name), column: f.name });
    }
    state.set(m.name, 'done');
    order.push({ model: m, table: tableOf(m.name) });
  };
  for (const m of [...models].sort((a, b) => (a.name < b.name ? -1 : 1))) if (!state.has(m.name)) visit(m);
  return { order, deferred };
}

async function loadSystemTable(trx: Db, file: string, name: SystemTable, merge: boolean): Promise<void> {
  const spec = SYSTEM_TABLES[name];
  const perBatch = Math.floor(PARAMS_PER_INSERT / spec.columns.length);
  let batch: Row[] = [];
  const flush = async () => {
    if (!batch.length) return;
    let q = trx.insertInto(name).values(batch);
    if (merge) {
      const rest = spec.columns.filter((c) => !(spec.key as readonly string[]).includes(c));
      q = q.onConflict((oc) => oc.columns([...spec.key]).doUpdateSet(Object.fromEntries(rest.map((c) => [c, sql.ref(`excluded.${c}`)]))));
    }
    await q.execute();
    batch = [];
  };
  for await (const row of readRows(file)) {
    batch.push(Object.fromEntries(spec.columns.map((c) => [c, row[c] ?? null])));
    if (batch.length >= perBatch) await flush();
  }
  await flush();
}

/** The users with the Admin flag, a page at a time by id: `each` sees every name. */
async function eachAdmin(db: Db, dialect: string, each: (name: string) => void): Promise<void> {
  let last: unknown = undefined;
  for (;;) {
    let q = db
      .selectFrom(tableOf('User'))
      .select(['id', 'user'])
      .where('Admin', '=', dialect === 'postgres' ? true : 1)
      .orderBy('id')
      .limit(PAGE);
    if (last !== undefined) q = q.where('id', '>', last as number);
    const rows = await q.execute();
    for (const r of rows) each(String(r.user));
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]?.id;
  }
}

/** The names of the administrators before a restore (the instance's own, not the backup's). */
async function adminNames(db: Db, dialect: string): Promise<Set<string>> {
  const names = new Set<string>();
  await eachAdmin(db, dialect, (name) => names.add(name));
  return names;
}

/**
 * The administrators after a restore, counted without holding them all (a backup can hold
 * any number): how many there are, how many were not before, and the first few of those.
 */
async function newAdmins(db: Db, dialect: string, before: Set<string>): Promise<{ admins: number; count: number; named: string[] }> {
  const out = { admins: 0, count: 0, named: [] as string[] };
  await eachAdmin(db, dialect, (name) => {
    out.admins += 1;
    if (before.has(name)) return;
    out.count += 1;
    if (out.named.length < 10) out.named.push(name);
  });
  out.named.sort();
  return out;
}

/** A few names for a message, quoted and cut short, and how many more there are. */
function namesList(names: string[], count: number): string {
  const shown = names.map((n) => `'${n.length > 64 ? `${n.slice(0, 64)}…` : n}'`).join(', ');
  return count > names.length ? `${shown} and ${count - names.length} more` : shown;
}

async function usersById(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const numeric = ids.map(Number).filter((n) => Number.isSafeInteger(n));
  for (let i = 0; i < numeric.length; i += PAGE) {
    const rows = await db.selectFrom(tableOf('User')).select(['id', 'user']).where('id', 'in', numeric.slice(i, i + PAGE)).execute();
    for (const r of rows) out.set(String(r.id), String(r.user));
  }
  return out;
}

/**
 * A session stays valid only when its user is still there under the same id and name (the
 * restoring admin keeps working when the backup has them); any other session is ended, so
 * nobody is signed in as whoever the restore gave their id to.
 */
async function endMovedSessions(trx: Db, before: Map<string, string>): Promise<void> {
  const after = await usersById(trx, [...before.keys()]);
  const ended = [...before.entries()].filter(([id, name]) => after.get(id) !== name).map(([id]) => id);
  for (let i = 0; i < ended.length; i += PAGE) {
    await trx.deleteFrom('sys_sessions').where('user_id', 'in', ended.slice(i, i + PAGE)).execute();
  }
}


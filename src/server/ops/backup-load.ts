import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import type { Services } from './services.js';
import { adminNames, endMovedSessions, namesList, newAdmins, sessionUsers } from './backup-accounts.js';
import { storedModels } from './backup-dump.js';
import { SYSTEM_TABLES, columnFields, fromNeutral, type Manifest, type SystemTable } from './backup-format.js';
import { loadOrder } from './backup-models.js';
import { RestoreError, readRows } from './backup-read.js';
import { INSTANCE_SETTINGS, isKnownSetting, restoredSettings, type BackupSettings, type SettingsRow } from './backup-settings.js';
import { kindOfModel, type DefinitionKind } from '../definitions/definitions.js';
import { clearSeeded, loadSeeded } from './bootstrap.js';
import { bumpGeneration, currentGeneration } from '../records/generation.js';
import { ROW_VERSION, tableOf } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';
import { SETTINGS_RECORD } from '../core/site-settings.js';

/** Loading a checked backup into the database, in one transaction. */

/** Bound parameters per insert. */
const PARAMS_PER_INSERT = 5000;

/** A reference column filled only after every row is in: it points into its own table or into a cycle. */
interface Deferred {
  table: string;
  column: string;
  id: unknown;
  value: unknown;
}

/** Loads the backup in one transaction; answers the generation it moved to (records/generation.ts) and its warnings. */
export async function loadBackup(
  services: Services,
  into: string,
  manifest: Manifest,
  models: Map<string, ModelDefinition>,
  deleteFirst: boolean,
): Promise<{ generation: number; warnings: string[] }> {
  const { database, store } = services;
  const { dialect } = database;
  // The tables of the backup, and (to empty them) those of the models only this instance has:
  // as stored, since another server process may have made one this process has not used yet.
  const all = new Map<string, ModelDefinition>();
  for (const name of store.names()) all.set(name, store.get(name));
  for (const model of await storedModels(store, database.db)) {
    if (!all.has(model.name) && (await store.hasTable(tableOf(model.name)))) all.set(model.name, model);
  }
  for (const [name, model] of models) all.set(name, model);
  const { order, deferred } = loadOrder([...all.values()]);
  const signedIn = await sessionUsers(services.sessions, database.db);

  return database.db.transaction().execute(async (trx) => {
    const warnings: string[] = [];
    const settingsHere = await services.settings.rows(trx);
    const adminsBefore = await adminNames(trx, dialect);
    // A restored row gets a version above any its table held (ROW_VERSION, model-registry.ts): a
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
      // The system tables, each through its owner: this instance's own settings stay.
      await services.settings.removeAllBut(INSTANCE_SETTINGS, trx);
      await services.defs.versionStore.clear(trx);
      await clearSeeded(trx);
    }
    const later: Deferred[] = [];
    const inBackup = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const { model, table } of order) {
      const entry = inBackup.get(model.name);
      if (!entry || entry.kind !== 'model') continue;
      const late = new Set(deferred.filter((d) => d.table === table).map((d) => d.column));
      await loadModelTable(services, trx, join(into, entry.file), model, late, later, !deleteFirst, stamps.get(table));
    }
    for (const d of later) await trx.updateTable(d.table).set({ [d.column]: d.value }).where('id', '=', d.id as string).execute();
    for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
      const entry = inBackup.get(name);
      if (name === 'sys_settings') warnings.push(...(await loadSettings(services, trx, entry && join(into, entry.file), settingsHere, deleteFirst)));
      else if (!entry) continue;
      else if (name === 'sys_definition_versions') await loadSystemTable(join(into, entry.file), name, (rows) => services.defs.versionStore.load(trx, rows, !deleteFirst));
      else await loadSystemTable(join(into, entry.file), name, (rows) => loadSeeded(trx, rows, !deleteFirst));
    }
    // Setup stays completed whatever the backup says: an open setup would let anyone make an admin.
    await services.settings.keepSetupCompleted(trx);
    // Versions of definitions that are gone (replaced under another id, or deleted) go with them.
    for (const [kindModel, kind] of [...all.keys()].flatMap((m) => (kindOfModel(m) ? [[m, kindOfModel(m) as string] as const] : []))) {
      await services.defs.versionStore.removeOrphans(trx, kind as DefinitionKind, tableOf(kindModel));
    }
    // Nobody could manage an instance without an administrator (setup stays completed): the
    // same rule as for deleting or demoting the last one (routes/forms.ts).
    const after = await newAdmins(trx, dialect, adminsBefore);
    if (after.admins === 0 && services.config.env.ENABLE_SECURITY === 1) {
      throw new RestoreError('it would leave no administrator, and nobody could manage this instance; nothing was changed');
    }
    if (after.named.length) warnings.push(`The backup makes these accounts administrators, who were not before: ${namesList(after.named, after.count)}`);
    await endMovedSessions(services.sessions, trx, signedIn);
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
 * sys_settings as ops/backup-settings.ts rules: the backup's Settings record (checked,
 * never lowering security), this instance's own rows kept. Answers the warnings.
 */
async function loadSettings(services: Services, trx: Db, file: string | undefined, here: SettingsRow[], deleteFirst: boolean): Promise<string[]> {
  const backup: BackupSettings = { unknown: 0 };
  if (file) {
    for await (const row of readRows(file)) {
      const key = String(row.key);
      if (key === SETTINGS_RECORD) backup.settings = String(row.value);
      else if (!isKnownSetting(key)) backup.unknown += 1;
    }
  }
  const { settings, warnings } = restoredSettings(services.site, here, backup, deleteFirst);
  if (settings !== undefined) {
    await services.site.storeRecord(settings, trx);
  }
  return warnings;
}

async function loadModelTable(
  services: Services,
  trx: Db,
  file: string,
  model: ModelDefinition,
  late: Set<string>,
  later: Deferred[],
  merge: boolean,
  stamp: number | undefined,
): Promise<void> {
  const { dialect } = services.database;
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
      const version = services.store.versionColumn(model) === ROW_VERSION ? { [ROW_VERSION]: sql`${sql.ref(`${table}.${ROW_VERSION}`)} + 1` } : {};
      await trx
        .insertInto(table)
        .values(batch)
        .onConflict((oc) =>
          columns.length ? oc.column('id').doUpdateSet({ ...Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])), ...version }) : oc.column('id').doNothing(),
        )
        .execute();
      if (kindOfModel(model.name)) {
        // Their versions come from the backup, as the rows do.
        await services.defs.versionStore.removeAll(trx, kindOfModel(model.name) as DefinitionKind, ids);
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

/** Reads a system table's file in batches (its columns only) and hands each to `write`. */
async function loadSystemTable(file: string, name: SystemTable, write: (rows: Row[]) => Promise<void>): Promise<void> {
  const spec = SYSTEM_TABLES[name];
  const perBatch = Math.floor(PARAMS_PER_INSERT / spec.columns.length);
  let batch: Row[] = [];
  for await (const row of readRows(file)) {
    batch.push(Object.fromEntries(spec.columns.map((c) => [c, row[c] ?? null])));
    if (batch.length >= perBatch) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length) await write(batch);
}

import { join } from 'node:path';
import type { DialectName, Db, Row } from '../db/connect.js';
import type { Services } from './services.js';
import { adminNames, endMovedSessions, namesList, newAdmins, sessionUsers } from './backup-accounts.js';
import { storedModels } from './backup-dump.js';
import { SYSTEM_TABLES, auditFieldsOf, columnFields, fromNeutral, type Manifest, type SystemTable } from './backup-format.js';
import { loadOrder } from './backup-models.js';
import { RestoreError, readRows } from './backup-read.js';
import { INSTANCE_SETTINGS, isKnownSetting, restoredSettings, type BackupSettings, type SettingsRow } from './backup-settings.js';
import { kindOfModel, type DefinitionKind } from '../definitions/definitions.js';
import { clearSeeded, loadSeeded } from './bootstrap.js';
import { bumpGeneration, currentGeneration } from '../records/generation.js';
import { historyContext, withHistoryContext } from '../db/history-context.js';
import { recordRestore } from '../records/history-triggers.js';
import { tableOf } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';
import { SETTINGS_RECORD } from '../core/site-settings.js';

/** Loading a checked backup into the database, in one transaction. */

/** Bound parameters per insert. */
const PARAMS_PER_INSERT = 5000;

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
  // As defined: the load order follows the models' own references (the audit columns have no foreign key).
  for (const name of store.names()) all.set(name, store.definitionOf(name) ?? store.get(name));
  for (const model of await storedModels(store, database.db)) {
    if (!all.has(model.name) && (await store.hasTable(tableOf(model.name)))) all.set(model.name, model);
  }
  for (const [name, model] of models) all.set(name, model);
  const { order, deferred } = loadOrder([...all.values()]);
  const signedIn = await sessionUsers(services.sessions, database.db);

  // The rows loaded are not recorded one by one: the restore is one entry (docs/history.md).
  const context = { ...historyContext(), source: 'restore' };
  return withHistoryContext({ ...context, unrecorded: true }, () => database.db.transaction().execute(async (trx) => {
    const warnings: string[] = [];
    const settingsHere = await services.settings.rows(trx);
    const adminsBefore = await adminNames(trx, dialect);
    // The model tables' rows go through the model store (records/bulk-load.ts), which empties
    // them first unless merging.
    const load = await store.bulkLoad(trx, { order, deferred }, new Set(models.keys()), !deleteFirst);
    if (deleteFirst) {
      // The system tables, each through its owner: this instance's own settings stay.
      await services.settings.removeAllBut(INSTANCE_SETTINGS, trx);
      await services.defs.versionStore.clear(trx);
      await clearSeeded(trx);
      await trx.deleteFrom('sys_grid_views').execute();
    }
    const inBackup = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const { model } of order) {
      const entry = inBackup.get(model.name);
      if (!entry || entry.kind !== 'model') continue;
      const kind = kindOfModel(model.name) as DefinitionKind | undefined;
      // Merged definitions' versions come from the backup, as the rows do.
      const merged = kind ? (ids: string[]) => services.defs.versionStore.removeAll(trx, kind, ids) : undefined;
      await load.table(model, storedRows(join(into, entry.file), model, dialect), merged);
    }
    await load.fillDeferred();
    for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
      const entry = inBackup.get(name);
      if (name === 'sys_settings') warnings.push(...(await loadSettings(services, trx, entry && join(into, entry.file), settingsHere, deleteFirst)));
      else if (!entry) continue;
      else if (name === 'sys_definition_versions') await loadSystemTable(join(into, entry.file), name, (rows) => services.defs.versionStore.load(trx, rows, !deleteFirst));
      else if (name === 'sys_grid_views') await loadSystemTable(join(into, entry.file), name, (rows) => loadGridViews(trx, rows));
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
    await load.finish();
    await bumpGeneration(trx);
    await withHistoryContext(context, () => recordRestore(trx, manifest.createdAt));
    return { generation: await currentGeneration(trx), warnings };
  }));
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

/** A model's rows in a backup file, as its columns store them. */
async function* storedRows(file: string, model: ModelDefinition, dialect: DialectName): AsyncGenerator<Row> {
  const fields = [...columnFields(model), ...auditFieldsOf(model)];
  for await (const row of readRows(file)) {
    const stored: Row = { id: row.id };
    for (const f of fields) stored[f.name] = fromNeutral(f, row[f.name] ?? null, dialect);
    yield stored;
  }
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

/**
 * A backup's saved views: a merging restore keeps this instance's views and takes the backup's
 * (by id; a name one owner already uses on that grid stays with the view here).
 */
async function loadGridViews(db: Db, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('sys_grid_views').values(rows).onConflict((oc) => oc.doNothing()).execute();
}

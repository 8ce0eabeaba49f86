import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db, Row } from '../db/connect.js';
import type { Services } from '../context.js';
import { adminNames, endMovedSessions, namesList, newAdmins, sessionUsers } from './backup-accounts.js';
import { storedModels } from './backup-dump.js';
import { SYSTEM_TABLES, columnFields, fromNeutral, type Manifest, type SystemTable } from './backup-format.js';
import { loadOrder } from './backup-models.js';
import { RestoreError, readRows } from './backup-read.js';
import { INSTANCE_SETTINGS, isKnownSetting, restoredSettings, type BackupSettings, type SettingsRow } from './backup-settings.js';
import { kindOfModel } from './definitions.js';
import { bumpGeneration, currentGeneration } from './generation.js';
import { ROW_VERSION, tableOf } from './model-store.js';
import type { ModelDefinition } from './model-types.js';
import { SETTINGS_RECORD } from './site-settings.js';
import { SETUP_COMPLETED_KEY } from './settings.js';

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

/** Loads the backup in one transaction; answers the generation it moved to (services/generation.ts) and its warnings. */
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
  const signedIn = await sessionUsers(database.db);

  return database.db.transaction().execute(async (trx) => {
    const warnings: string[] = [];
    const settingsHere = (await trx.selectFrom('sys_settings').select(['key', 'value']).execute()).map((r) => ({ key: String(r.key), value: String(r.value) }));
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
      await loadModelTable(services, trx, join(into, entry.file), model, late, later, !deleteFirst, stamps.get(table));
    }
    for (const d of later) await trx.updateTable(d.table).set({ [d.column]: d.value }).where('id', '=', d.id as string).execute();
    for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
      const entry = inBackup.get(name);
      if (name === 'sys_settings') warnings.push(...(await loadSettings(services, trx, entry && join(into, entry.file), settingsHere, deleteFirst)));
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
    if (after.admins === 0 && services.config.env.ENABLE_SECURITY === 1) {
      throw new RestoreError('it would leave no administrator, and nobody could manage this instance; nothing was changed');
    }
    if (after.named.length) warnings.push(`The backup makes these accounts administrators, who were not before: ${namesList(after.named, after.count)}`);
    await endMovedSessions(trx, signedIn);
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
    await trx
      .insertInto('sys_settings')
      .values({ key: SETTINGS_RECORD, value: settings })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: settings }))
      .execute();
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

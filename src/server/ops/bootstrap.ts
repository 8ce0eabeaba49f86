import { sql } from 'kysely';
import { loadFixtures } from '../../../fixtures/index.js';
import type { Db, Row } from '../db/connect.js';
import type { Services } from './services.js';
import { definitionKinds, definitionModel, type DefinitionKind } from '../definitions/definitions.js';
import { EXTENSIBLE_MODELS } from '../definitions/system-models.js';
import { applyStoredModels, type ErrorLog } from '../definitions/model-startup.js';
import type { ModelDefinition } from '../records/model-types.js';
import { ensureIdentityIndexes } from '../auth/user-identity.js';

/** The record of what was seeded: definition kinds by name, and `group`. */
type SeedKind = Exclude<DefinitionKind, 'model'> | 'group';

async function seededSoFar(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_seeded').select(['kind', 'name']).execute();
  return new Set(rows.map((r) => `${String(r.kind)}/${String(r.name)}`));
}

async function recordSeeded(db: Db, kind: SeedKind, name: string): Promise<void> {
  await db
    .insertInto('sys_seeded')
    .values({ kind, name, seeded_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['kind', 'name']).doNothing())
    .execute();
}

/** For a restore (backup-load.ts), through its transaction: forgets what was seeded. */
export async function clearSeeded(db: Db): Promise<void> {
  await db.deleteFrom('sys_seeded').execute();
}

/**
 * For a restore (backup-load.ts), through its transaction: stores the backup's record of what
 * was seeded (rows of kind, name, seeded_at); with `merge`, a row of the same kind and name is replaced.
 */
export async function loadSeeded(db: Db, rows: Row[], merge: boolean): Promise<void> {
  if (!rows.length) return;
  let q = db.insertInto('sys_seeded').values(rows);
  if (merge) q = q.onConflict((oc) => oc.columns(['kind', 'name']).doUpdateSet({ seeded_at: sql.ref('excluded.seeded_at') }));
  await q.execute();
}

/**
 * Brings a database to the state this release expects: the definition models' tables, the
 * system models (User, Group, UserGroup) and every model stored by admins, at every start;
 * and each built-in form, grid, page, menu, select and group once. Idempotent; what an admin
 * changed in a seeded definition is kept.
 *
 * Seed once: sys_seeded records each built-in by kind and name. One not recorded is created
 * when missing and recorded either way, so a database from before the record (or a fresh one)
 * gets every missing built-in once, and a built-in an admin deleted (or renamed) stays gone.
 * The record travels in backups beside the definitions: a restore that replaces everything
 * brings the backup's record (a backup without one is treated as an upgrade: what it holds
 * counts as seeded, what it lacks is seeded once), and a merging restore keeps the union. An
 * app import writes definitions by name and leaves the record alone.
 */
export async function bootstrap({ database, store, defs, settings }: Services, log?: ErrorLog): Promise<void> {
  const fixtures = loadFixtures();
  const kindModels = definitionKinds.map((k) => definitionModel(k));
  await store.sync(kindModels);
  const systemModels = [...kindModels, ...(fixtures.models as unknown as ModelDefinition[])];
  // Registered as one batch first: User and Group link to each other.
  store.register(systemModels);
  await database.withSchemaLock(async () => {
    for (const m of systemModels) await defs.seed('model', m as unknown as Row);
  });
  // User names and e-mail addresses are unique without regard to case: the database holds it.
  await database.withSchemaLock(() => ensureIdentityIndexes(database, log));
  // Admin-made models too: every model row becomes a table this process knows.
  const stored: ModelDefinition[] = [];
  for (const { name } of await defs.list('model')) {
    stored.push((await defs.get('model', name)) as unknown as ModelDefinition);
  }
  // One that cannot be applied is logged and skipped: the rest of the app runs (src/server/definitions/model-startup.ts).
  await applyStoredModels(store, defs, stored, log);

  const byKind: Record<Exclude<DefinitionKind, 'model'>, Row[]> = {
    form: fixtures.forms as unknown as Row[],
    grid: fixtures.grids as unknown as Row[],
    page: fixtures.pages as unknown as Row[],
    menu: fixtures.menus as unknown as Row[],
    select: fixtures.selects as unknown as Row[],
    // No automation is built in: an instance starts with none.
    automation: [],
  };
  await database.withSchemaLock(async () => {
    const seeded = await seededSoFar(database.db);
    for (const [kind, docs] of Object.entries(byKind) as [Exclude<DefinitionKind, 'model'>, Row[]][]) {
      for (const doc of docs) {
        const name = String(doc.name);
        if (seeded.has(`${kind}/${name}`)) continue;
        await defs.seed(kind, doc);
        await recordSeeded(database.db, kind, name);
      }
    }
    // Until setup is finished nobody can have changed the setup wizard's own forms (there is
    // no admin yet), so they follow this release: a database made by an older one, whose setup
    // was never finished, gets the setup-code field (src/server/auth/setup-code.ts) instead of a wizard that cannot
    // send it.
    if (!(await settings.setupCompleted())) {
      for (const doc of byKind.form.filter((f) => String(f.name).startsWith('setup_'))) {
        const current = await defs.find('form', String(doc.name));
        if (current && JSON.stringify(current.definition) !== JSON.stringify(doc.definition)) {
          await defs.update('form', String(doc.name), { ...doc, version: current.version });
        }
      }
    }
    // Grids saved before their indexes existed (or by an older release) get them now.
    for (const { name } of await defs.list('grid')) await defs.indexGrid(await defs.get('grid', name));
    for (const group of fixtures.groups) {
      if (seeded.has(`group/${group.name}`)) continue;
      if (!(await store.getRaw('Group', { field: 'name', value: group.name }))) await store.insert('Group', group as unknown as Row);
      await recordSeeded(database.db, 'group', group.name);
    }
  });
}

/**
 * What a process does when another one restored a backup or deleted a model (the generation
 * moved, records/generation.ts): it forgets its cached definitions and pages, keeps only the
 * models still stored (the built-in system ones stay: a release's own never change), applies
 * the stored ones as they are now, and re-reads the trusted-device secret and the Settings.
 * Nothing is seeded: the process that restored does that.
 */
export async function reloadShared({ store, defs, devices, site }: Services, log?: ErrorLog): Promise<void> {
  defs.forget();
  store.forget();
  devices.forget();
  const system = new Set(store.names().filter((n) => store.get(n).system === true));
  const stored: ModelDefinition[] = [];
  for (const { name } of await defs.list('model')) {
    // User and Group may hold an administrator's own fields: the stored model is theirs as now.
    if (system.has(name) && !EXTENSIBLE_MODELS.has(name)) continue;
    const doc = await defs.find('model', name);
    if (doc) stored.push(doc as unknown as ModelDefinition);
  }
  store.retain(new Set([...system, ...stored.map((m) => m.name)]));
  await applyStoredModels(store, defs, stored, log);
  await site.reload();
}

import { loadFixtures } from '../../../fixtures/index.js';
import type { Row } from '../db/connect.js';
import type { Services } from '../context.js';
import { definitionKinds, definitionModel, type DefinitionKind } from './definitions.js';
import type { ModelDefinition } from './model-types.js';

/**
 * Brings a database to the state this release expects: the definition models' tables, the
 * system models (User, Group, UserGroup), every model stored by admins, and the built-in
 * definitions and groups that are still missing. Runs at every start and is idempotent;
 * what an admin changed in a seeded definition is kept.
 */
export async function bootstrap({ database, store, defs }: Services): Promise<void> {
  const fixtures = loadFixtures();
  const kindModels = definitionKinds.map((k) => definitionModel(k));
  await store.sync(kindModels);
  const systemModels = [...kindModels, ...(fixtures.models as unknown as ModelDefinition[])];
  // Registered as one batch first: User and Group link to each other.
  store.register(systemModels);
  await database.withSchemaLock(async () => {
    for (const m of systemModels) await defs.seed('model', m as unknown as Row);
  });
  // Admin-made models too: every model row becomes a table this process knows.
  const stored: ModelDefinition[] = [];
  for (const { name } of await defs.list('model')) {
    stored.push((await defs.get('model', name)) as unknown as ModelDefinition);
  }
  store.register(stored);
  await store.sync(stored);

  const byKind: Record<Exclude<DefinitionKind, 'model'>, Row[]> = {
    form: fixtures.forms as unknown as Row[],
    grid: fixtures.grids as unknown as Row[],
    page: fixtures.pages as unknown as Row[],
    menu: fixtures.menus as unknown as Row[],
    select: fixtures.selects as unknown as Row[],
  };
  await database.withSchemaLock(async () => {
    for (const [kind, docs] of Object.entries(byKind) as [Exclude<DefinitionKind, 'model'>, Row[]][]) {
      for (const doc of docs) await defs.seed(kind, doc);
    }
    // Grids saved before their indexes existed (or by an older release) get them now.
    for (const { name } of await defs.list('grid')) await defs.indexGrid(await defs.get('grid', name));
    for (const group of fixtures.groups as unknown as Row[]) {
      if (!(await store.getRaw('Group', { field: 'name', value: group.name }))) await store.insert('Group', group);
    }
  });
}

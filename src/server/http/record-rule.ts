/**
 * Whether one record lies inside a caller's record rule (grants.ts): what a form's read, update
 * and delete ask before they act, and an update asks again after it wrote, in its transaction.
 * The rule's trees are checked against the model and bound as a grid's filters are, and compiled
 * by the same filter-sql.ts, so a form and a grid agree on which records a rule reaches.
 */
import type { Database, Db } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { bindFilter, checkFilter, type BoundGroup, type FilterContext, type FilterTree } from '../../shared/filter/index.js';
import { filterSql } from '../records/filter-sql.js';
import { tableOf, type ModelStore } from '../records/model-store.js';

/** The rule's trees ORed, checked and bound; a tree that no longer fits the model (changed since) answers 400. */
export function boundRule(store: ModelStore, modelName: string, rule: readonly FilterTree[], context: FilterContext): BoundGroup {
  const model = store.get(modelName);
  return {
    join: 'or',
    items: rule.map((tree) => {
      const checked = checkFilter(tree, model, (name) => store.find(name));
      if (checked.problems.length) throw errors.invalid(`A record rule of this definition does not fit the model ${model.name}`, checked.problems);
      return bindFilter(checked.tree, context);
    }),
  };
}

/**
 * Whether the record `id` of `modelName` exists and lies inside `rule` (absent: every record
 * does), read through `db` (a transaction's, to decide and write on the same state).
 */
export async function recordWithin(
  database: Pick<Database, 'dialect' | 'bytewiseText'>,
  db: Db,
  store: ModelStore,
  modelName: string,
  id: unknown,
  rule: readonly FilterTree[] | undefined,
  context: FilterContext,
): Promise<boolean> {
  const model = store.get(modelName);
  const table = tableOf(model.name);
  let query = db.selectFrom(table).select('id').where('id', '=', store.idValue(model, id));
  if (rule) query = query.where(filterSql(boundRule(store, modelName, rule, context), table, database.dialect, database.bytewiseText));
  return (await query.executeTakeFirst()) !== undefined;
}

/** Some stored fields of a record as the API answers them, read through `db` (the caller's transaction); undefined when there is none. */
export async function recordFieldsIn(db: Db, store: ModelStore, modelName: string, id: unknown, fields: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const model = store.get(modelName);
  const columns = fields.filter((f) => store.field(model, f).type !== 'link');
  const row = await db
    .selectFrom(tableOf(model.name))
    .select(['id', ...columns])
    .where('id', '=', store.idValue(model, id))
    .executeTakeFirst();
  return row ? store.decode(model, row) : undefined;
}

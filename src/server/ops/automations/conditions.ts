import type { ModelStore } from '../../records/model-store.js';
import { bindFilter, checkFilter, FilterError, matchesFilter, type FilterContext, type FilterRecord, type FilterScalar } from '../../../shared/filter/index.js';

/** How many rounds of reads a condition through references may take: one per hop, and one more. */
const MAX_ROUNDS = 4;

/**
 * Whether an automation's condition (the filter language, docs/filters.md) holds over a record
 * of `model` held in memory: the record a trigger wrote, or its values before. The filter is
 * evaluated as the in-memory evaluator does (the same answers as the SQL the grids run); a path
 * through references (`book.available`) reads the records it goes through, each once, and the
 * filter is evaluated again with them. RECORD.<field> is a field of `record` itself.
 */
export async function conditionHolds(
  store: ModelStore,
  filter: unknown,
  model: string,
  record: FilterRecord,
  context: Omit<FilterContext, 'record'> = {},
): Promise<boolean> {
  const definition = store.get(model);
  const find = (name: string) => (store.has(name) ? store.get(name) : undefined);
  const checked = checkFilter(filter, definition, find, { recordModel: definition });
  if (checked.problems.length) throw new FilterError(checked.problems);
  const bound = bindFilter(checked.tree, { ...context, record });
  const read = new Map<string, FilterRecord | null>();
  for (let round = 0; ; round++) {
    const missing: [string, FilterScalar][] = [];
    const lookup = (target: string, id: FilterScalar) => {
      const found = read.get(`${target}\u0000${String(id)}`);
      if (found === undefined) missing.push([target, id]);
      return found ?? undefined;
    };
    const holds = matchesFilter(bound, record, lookup);
    if (!missing.length || round >= MAX_ROUNDS) return holds;
    for (const [target, id] of missing) {
      let row: FilterRecord | undefined;
      try {
        row = await store.get1(target, id);
      } catch {
        row = undefined; // an id no record of the target can have: no record
      }
      read.set(`${target}\u0000${String(id)}`, row ?? null);
    }
  }
}

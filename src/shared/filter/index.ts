/**
 * The one filter language (docs/filters.md): grids' data filters now; record rules, history
 * queries and automation conditions later. Its shape is schemas/filter.json; this module checks a
 * filter against a model, binds its variables and evaluates it over records. The server compiles
 * the same bound form to SQL (src/server/records/filter-sql.ts).
 */
export * from './types.js';
export { isObject, itemKind, itemsShapeProblems, treeShapeProblems } from './shape.js';
export { checkFilter, filterProblems, gridFilterProblems, idOf, isFilterDateTime, type CheckedFilter, type CheckOptions } from './check.js';
export { bindFilter, foldCase, nowText, todayText } from './bind.js';
export { FilterError, matchesFilter, recordFilter, type FilterRecord, type RecordLookup } from './evaluate.js';
export { describeFilterItem, linkOperatorWords, operatorWords } from './describe.js';
export { renameFilterPaths, renamePath, type FieldRename } from './rename.js';

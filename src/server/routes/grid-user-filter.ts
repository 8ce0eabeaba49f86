/**
 * A filter a user builds on a grid's screen (docs/filters.md, "Filter builder"): sent as
 * `?filter=<JSON of a top group>` to the grid's data routes and ANDed with the grid's own filters.
 * It is checked here, before any SQL, against what the grid shows: its visible columns, and paths
 * through the references among them. A grid that hides a column does not let a filter ask about
 * it either, or a filter could read the hidden values one guess at a time.
 */
import { errors } from '../core/errors.js';
import type { Reached } from '../records/record-queries.js';
import { filterProblems, isObject, itemKind, treeShapeProblems, type FilterProblem, type FilterTree, type ModelDefinition } from '../../shared/filter/index.js';

/** The longest `filter` query parameter taken: a hundred conditions fit, a megabyte does not. */
export const MAX_USER_FILTER_LENGTH = 8000;

interface ShownField {
  name: string;
  hide?: boolean;
}

/** The names a user's filter may start a path with: the grid's visible columns, and the record's id. */
export function filterableFields(definition: readonly ShownField[] | undefined): Set<string> {
  return new Set(['id', ...(definition ?? []).filter((f) => f.hide !== true).map((f) => f.name)]);
}

function fieldsOf(tree: Record<string, unknown>, at: string): { field: string; pointer: string }[] {
  const join = 'and' in tree ? 'and' : 'or';
  const items = tree[join] as unknown[];
  return items.flatMap((item, i) => {
    const here = `${at}/${join}/${i}`;
    if (!isObject(item)) return [];
    const kind = itemKind(item);
    if (kind === 'and' || kind === 'or') return fieldsOf(item, here);
    if (kind === 'legacy') return [{ field: String(item.fieldname), pointer: `${here}/fieldname` }];
    return [{ field: String(item.field), pointer: `${here}/field` }];
  });
}

/**
 * What the caller may read of a model a path goes into (readable.ts, Reach): the records any of
 * `rule`'s trees holds for (absent: every record), and the fields hidden from them. null: none.
 */
export interface TargetReach {
  rule?: readonly FilterTree[];
  hidden?: ReadonlySet<string>;
}

/**
 * The problems of a user's filter on a grid, pointing into it from `/filter`: its JSON, its shape
 * and its fit to the model (filterProblems), then every path's first field a visible column, and
 * no path into a system model (its users, groups, sessions) unless the caller is an administrator.
 * With `reachOf` (a caller who is no administrator), a path goes only into models the caller may
 * read, and names there no field hidden from them (refused as a field the model has not, saying
 * nothing of it); `reach` is then the rules of the models it goes into that the caller may read
 * only in part: the records the path may reach there (record-queries.ts, Reached).
 */
export async function userFilterProblems(
  text: string,
  grid: { definition?: readonly ShownField[] },
  model: ModelDefinition,
  find: (name: string) => ModelDefinition | undefined,
  admin: boolean,
  reachOf?: (model: string) => Promise<TargetReach | null>,
): Promise<{ tree?: FilterTree; problems: FilterProblem[]; reach?: Record<string, readonly FilterTree[]> }> {
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return { problems: [{ pointer: '/filter', message: 'is not JSON: a filter is a group such as {"and":[{"field":"status","op":"eq","value":"open"}]}' }] };
  }
  const at = (p: FilterProblem): FilterProblem => ({ pointer: `/filter${p.pointer}`, message: p.message });
  const shape = treeShapeProblems(tree).map(at);
  if (shape.length) return { problems: shape };
  // The columns first: a field the grid hides is refused as any unknown name is, saying nothing of it.
  const shown = filterableFields(grid.definition);
  const fields = fieldsOf(tree as Record<string, unknown>, '');
  const hidden = fields
    .filter(({ field }) => !shown.has(field.split('.')[0] ?? ''))
    .map(({ field, pointer }) => ({ pointer: `/filter${pointer}`, message: `'${field.split('.')[0] ?? ''}' is not a column this grid shows: a filter may ask only about its columns` }));
  if (hidden.length) return { problems: hidden };
  const problems = filterProblems(tree, model, find).map(at);
  if (problems.length) return { problems };
  const reach: Record<string, readonly FilterTree[]> = {};
  for (const { field, pointer } of fields) {
    const parts = field.split('.');
    let current = model;
    for (const [i, name] of parts.slice(0, -1).entries()) {
      const target = find(current.fields.find((f) => f.name === name)?.target ?? '');
      if (!target) break;
      if (target.system === true && !admin) {
        problems.push({ pointer: `/filter${pointer}`, message: `'${field}' looks into ${target.name}, a system model: only administrators may filter through it` });
        break;
      }
      if (reachOf && !admin) {
        // The target's grants, not the grid's: what the caller may read of it through any definition over it.
        const readable = await reachOf(target.name);
        if (readable === null) {
          problems.push({ pointer: `/filter${pointer}`, message: `'${field}' looks into ${target.name}, whose records you may not read: a filter may ask only about what you may read` });
          break;
        }
        const next = parts[i + 1] ?? '';
        if (readable.hidden?.has(next)) {
          problems.push({ pointer: `/filter${pointer}`, message: `'${next}' is not a field of ${target.name}` });
          break;
        }
        if (readable.rule) reach[target.name] = readable.rule;
      }
      current = target;
    }
  }
  if (problems.length) return { problems };
  return { tree: tree as FilterTree, problems, ...(Object.keys(reach).length ? { reach } : {}) };
}

/**
 * The user's filter checked, or a 400 naming every place it does not fit; undefined when none was
 * sent. With `reachOf`, a filter going into models the caller may read only in part comes with
 * their rules (Reached): its paths reach only those records.
 */
export async function userFilter(
  text: string | undefined,
  grid: { name?: unknown; definition?: readonly ShownField[] },
  model: ModelDefinition,
  find: (name: string) => ModelDefinition | undefined,
  admin: boolean,
  reachOf?: (model: string) => Promise<TargetReach | null>,
): Promise<FilterTree | Reached | undefined> {
  if (text === undefined || text.trim() === '') return undefined;
  const { tree, problems, reach } = await userFilterProblems(text, grid, model, find, admin, reachOf);
  if (problems.length || !tree) {
    const first = problems[0];
    throw errors.invalid(`The filter does not fit the grid '${String(grid.name)}': ${first ? `${first.pointer} ${first.message}` : 'it is not valid'}.`, problems);
  }
  return reach ? { tree, reach } : tree;
}

/** A reference's target as the filter builder needs it: the model, and how it writes its ids. */
export interface TargetInfo {
  model: string;
  idtype: 'integer' | 'hex';
}

/** A field one hop through a visible reference column (`book.title`): its type, its label, and for a reference its target. */
export interface RelatedField {
  type: string;
  label: string;
  target?: TargetInfo;
}

/** The field types a filter may name (password, JSON and link fields cannot be filtered: docs/filters.md). */
const FILTERED_TYPES = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

function targetInfo(model: ModelDefinition): TargetInfo {
  return { model: model.name, idtype: model.idtype === 'hex' ? 'hex' : 'integer' };
}

/**
 * The model's type of each visible column (`fields`, name to type), for a reference the model it
 * refers to and how that model writes its ids (`targets`), and the fields one hop through each
 * visible reference column that this caller's filter may name (`paths`: `book.title` to its type
 * and label; a system model's only for an administrator, and for anyone else only within what
 * `reaches` says they may read of the target, as userFilterProblems allows): what the
 * filter builder offers operators and value inputs by, and checks a filter with before it is sent.
 */
export function columnTypes(
  grid: { definition?: readonly ShownField[] },
  model: ModelDefinition,
  find: (name: string) => ModelDefinition | undefined,
  admin: boolean,
  reaches?: ReadonlyMap<string, TargetReach | null>,
): { fields: Record<string, string>; targets: Record<string, TargetInfo>; paths: Record<string, RelatedField> } {
  const fields: Record<string, string> = {};
  const targets: Record<string, TargetInfo> = {};
  const paths: Record<string, RelatedField> = {};
  for (const name of filterableFields(grid.definition)) {
    if (name === 'id') continue;
    const f = model.fields.find((x) => x.name === name);
    if (!f) continue;
    fields[name] = f.type;
    const target = f.type === 'reference' ? find(f.target ?? '') : undefined;
    if (!target) continue;
    targets[name] = targetInfo(target);
    if (target.system === true && !admin) continue;
    // As userFilterProblems refuses: nothing of a model the caller may not read, no field hidden from them.
    const reach = admin ? {} : reaches?.get(target.name);
    if (reach === null) continue;
    for (const tf of target.fields) {
      if (!FILTERED_TYPES.has(tf.type) || reach?.hidden?.has(tf.name)) continue;
      const further = tf.type === 'reference' ? find(tf.target ?? '') : undefined;
      if (tf.type === 'reference' && !further) continue;
      paths[`${name}.${tf.name}`] = { type: tf.type, label: tf.label || tf.name, ...(further ? { target: targetInfo(further) } : {}) };
    }
  }
  return { fields, targets, paths };
}

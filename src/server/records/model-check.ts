import { sql } from 'kysely';
import { displayProblem } from '../../shared/record-display.js';
import type { DialectName, Db } from '../db/connect.js';
import { validateDefinition } from '../../shared/schema-registry.js';
import { ApiError, errors, type ErrorDetail } from '../core/errors.js';
import { tableSharedWith } from './model-names.js';
import { tableOf, type ModelStore } from './model-store.js';
import type { ModelDefinition } from './model-types.js';

/**
 * The most fields a model may have. Each is a column of its table (most of them indexed for
 * search or sorting), and the databases refuse tables much wider (SQLite 2,000 columns,
 * PostgreSQL 1,600): a model of ten thousand fields answered 500 when its table was made. No
 * admin screen needs more than a few dozen.
 */
export const MAX_MODEL_FIELDS = 500;

/**
 * Never a server that will not start: everything the engine would refuse when it
 * registers or syncs a model is found before the model is stored, with a JSON pointer to the
 * part at fault. `known` answers the models registered now (the model itself is known by name).
 */
export function modelProblems(model: ModelDefinition, known: (name: string) => ModelDefinition | undefined): ErrorDetail[] {
  if (model.fields.length > MAX_MODEL_FIELDS) {
    return [{ pointer: '/fields', message: `has ${model.fields.length} fields: a model may have at most ${MAX_MODEL_FIELDS}` }];
  }
  const problems: ErrorDetail[] = [];
  const display = displayProblem(model);
  if (display) problems.push({ pointer: '/display', message: display });
  // The history keeps out fields the model has: a name that is none would keep nothing out, silently.
  (model.history?.exclude ?? []).forEach((name, i) => {
    const f = model.fields.find((x) => x.name === name);
    if (!f) problems.push({ pointer: `/history/exclude/${i}`, message: `the history keeps out '${name}', which is not a field of the model '${model.name}'` });
    else if (f.type === 'link') problems.push({ pointer: `/history/exclude/${i}`, message: `the history keeps out '${name}', a link field: its links are rows of '${f.through ?? ''}', kept out by that model's own history settings` });
  });
  const byLower = new Map<string, string>();
  const exists = (name: string | undefined) => name !== undefined && (name === model.name || known(name) !== undefined);
  model.fields.forEach((f, i) => {
    const at = `/fields/${i}`;
    const lower = f.name.toLowerCase();
    const earlier = byLower.get(lower);
    if (lower === 'id') problems.push({ pointer: `${at}/name`, message: `'${f.name}' is the id column's name (column names are compared without regard to case)` });
    else if (earlier === f.name) problems.push({ pointer: `${at}/name`, message: `the field '${f.name}' is named twice` });
    else if (earlier !== undefined) {
      problems.push({ pointer: `${at}/name`, message: `'${f.name}' differs from the field '${earlier}' only in case: the database takes them for one column` });
    } else byLower.set(lower, f.name);
    if (f.type !== 'reference' && f.type !== 'link') return;
    if (!exists(f.target)) {
      problems.push({ pointer: `${at}/target`, message: `the field '${f.name}' refers to the unknown model '${f.target ?? ''}'` });
      return;
    }
    if (f.type !== 'link') return;
    const through = f.through === undefined ? undefined : f.through === model.name ? model : known(f.through);
    if (!through) {
      problems.push({ pointer: `${at}/through`, message: `the link field '${f.name}' names the unknown through model '${f.through ?? ''}'` });
      return;
    }
    // As the engine reads a link: a reference to the source, and one (another, for a link to itself) to the target.
    const refs = through.fields.filter((x) => x.type === 'reference');
    const target = f.target ?? '';
    const sourceRef = refs.find((x) => x.target === model.name);
    const targetRef = target === model.name ? refs.filter((x) => x.target === target)[1] : refs.find((x) => x.target === target);
    if (!sourceRef || !targetRef) {
      problems.push({
        pointer: `${at}/through`,
        message: `the through model '${through.name}' of the link field '${f.name}' needs reference fields to '${model.name}' and '${target}'`,
      });
    }
  });
  return problems;
}

/** Why a model's name cannot be stored beside the models `others` (see tableSharedWith), if it cannot. */
export function modelNameProblem(name: string, others: Iterable<string>): ErrorDetail | undefined {
  const other = tableSharedWith(name, others);
  if (other === undefined) return undefined;
  if (other === name) return { pointer: '/name', message: `a model named '${name}' already exists` };
  return { pointer: '/name', message: `'${name}' would share its table with the model '${other}' (model names are compared without regard to case)` };
}

/**
 * What every path that makes or changes a model checks before anything is written, as a save
 * through the definitions API does (ModelLifecycle.check, model-lifecycle.ts): the model schema (field names such as
 * `constructor` or `hasOwnProperty` refused), the name against every other model's
 * (modelNameProblem), then the fields (modelProblems). `others` names every other model that
 * exists or will beside it: built-in, stored, and the rest of a batch (an app file, a backup),
 * but not the model's own stored definition when it is being changed. `batch` holds the models
 * made together with it, which its fields may refer to besides the registered ones. Answers
 * the problems with pointers into the model; none means it may be stored.
 */
export function modelDefinitionProblems(
  store: ModelStore,
  doc: unknown,
  context: { others: Iterable<string>; batch?: readonly ModelDefinition[] },
): ErrorDetail[] {
  const valid = validateDefinition('model', doc);
  if (!valid.ok) return valid.errors;
  const model = doc as ModelDefinition;
  const problems: ErrorDetail[] = [];
  const name = modelNameProblem(model.name, context.others);
  if (name) problems.push(name);
  const batch = new Map((context.batch ?? []).map((m) => [m.name, m]));
  problems.push(...modelProblems(model, (n) => batch.get(n) ?? store.definitionOf(n)));
  return problems;
}

/**
 * Checks a model completely without changing anything: the problems above, then a dry run of
 * the engine's own registration in a copy of it (the live registry is left alone), together
 * with the models of `batch` saved with it. Throws 400.
 */
export function checkModelApplies(store: ModelStore, model: ModelDefinition, batch: readonly ModelDefinition[] = []): void {
  const together = new Map(batch.map((m) => [m.name, m]));
  const problems = modelProblems(model, (name) => together.get(name) ?? store.definitionOf(name));
  if (problems.length) throw errors.invalid(`The model '${model.name}' cannot be applied: ${problems[0]?.message ?? ''}`, problems);
  try {
    store.scoped(store.db).register([...batch, model]);
  } catch (e) {
    if (e instanceof ApiError) throw errors.invalid(`The model '${model.name}' cannot be applied: ${e.message}`, [{ pointer: '/fields', message: e.message }]);
    throw e;
  }
}

async function columnsOf(db: Db, dialect: DialectName, table: string): Promise<Set<string>> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

function shown(value: unknown): string {
  const text = String(value);
  return `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;
}

async function hasIndex(db: Db, dialect: DialectName, name: string): Promise<boolean> {
  const rows =
    dialect === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'index' and name = ${name}`.execute(db)
      : await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(db);
  return rows.rows.length > 0;
}

/**
 * A unique field whose column has no unique index yet, and already holds a value twice, could
 * not get one: refused with 409, naming a few of the repeated values. Run through `db` (the
 * save's transaction, under the schema lock) so the check and the index see the same rows.
 */
export async function checkUniqueValues(db: Db, dialect: DialectName, model: ModelDefinition): Promise<void> {
  const table = tableOf(model.name);
  const unique = model.fields.filter((f) => f.unique && f.type !== 'link');
  if (!unique.length) return;
  const columns = await columnsOf(db, dialect, table);
  for (const f of unique) {
    if (!columns.has(f.name) || (await hasIndex(db, dialect, `${table}__${f.name}__uq`))) continue;
    const col = sql.ref(f.name);
    const repeated = await sql<{ v: unknown; n: number }>`
      select ${col} as v, count(*) as n from ${sql.table(table)} where ${col} is not null
      group by ${col} having count(*) > 1 order by count(*) desc, ${col} limit 3`.execute(db);
    if (!repeated.rows.length) continue;
    const list = repeated.rows.map((r) => `${shown(r.v)} ${Number(r.n)} times`).join(', ');
    const message = `The field '${f.name}' cannot be made unique: its stored values repeat (${list})`;
    throw new ApiError(409, 'DUPLICATE_VALUES', message, [
      { pointer: `/fields/${model.fields.indexOf(f)}/unique`, message: `values repeat: ${list}` },
    ]);
  }
}

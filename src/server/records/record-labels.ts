import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Row } from '../db/connect.js';
import type { BoundGroup, FilterTree } from '../../shared/filter/index.js';
import { filterSql } from './filter-sql.js';
import { displayFieldNames, effectiveDisplay, isDisplayTemplate, recordDisplay } from '../../shared/record-display.js';
import { ROW_LABELS, tableOf } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';
import { SEARCHED_TYPES, type SearchIndex } from './search-index.js';
import { decodeRow } from './value-codec.js';

/**
 * The names a grid shows for its reference columns (docs/api.md, "Grid data"): each row of a
 * grid's data carries `_labels: { <field>: <name> }`, the name being the target record's display
 * or the field a grid column `shows` (`city`, `region.name`). They are read with the page, one
 * query per column and per 1,000 distinct ids (never one per row); a column is sorted by its
 * name through a correlated subquery and searched through the target's own search condition.
 */

export { ROW_LABELS };
/** The most reference fields a `shows` path walks after the column's own. */
export const MAX_SHOWS_HOPS = 2;
/** Ids in one `IN` list: SQLite and PostgreSQL both take far more, this keeps each statement small. */
export const LABEL_BATCH = 1000;

/** A reference column to name, and what of its target it shows ('' or absent: the target's display). */
export interface LabelColumn {
  field: string;
  shows?: string;
}

/**
 * What of each model a name may be read from, for a caller whose grants restrict it (readable.ts,
 * readableReach): per model name, the trees any of which a record must meet (ORed), or null for
 * none of its records. A model not named: every record. A name is given, searched and sorted by
 * only when its end record and every record on the way are within it.
 */
export type LabelReadable = Readonly<Record<string, readonly FilterTree[] | null>>;

/** LabelReadable bound for one caller (the variables valued): a condition on the model's rows, or null for none. */
export type BoundReadable = ReadonlyMap<string, BoundGroup | null>;

/**
 * How a column's name is reached: the reference fields read one after the other (`model.field`,
 * starting at the column's target), then the model whose row names it, by `shown` or its display.
 */
export interface LabelPlan {
  field: string;
  hops: { model: ModelDefinition; field: string }[];
  end: ModelDefinition;
  /** The end model's field shown; undefined: its display. */
  shown?: string;
  /** The models on the way (hops and end) whose records the caller may read only in part. */
  readable?: BoundReadable;
}

type Find = (name: string) => ModelDefinition | undefined;

/**
 * The plan of a `shows` path from a reference field's target, or what is wrong with it, said for
 * the admin. A path ending on a reference field shows that record's display.
 */
export function planLabel(target: ModelDefinition, field: string, shows: string | undefined, find: Find): LabelPlan | string {
  const path = (shows ?? '').trim();
  const plan: LabelPlan = { field, hops: [], end: target };
  if (path === '') return plan;
  const names = path.split('.');
  if (names.length > MAX_SHOWS_HOPS) return `'${path}' walks more than ${MAX_SHOWS_HOPS} fields`;
  let model = target;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const f = model.fields.find((x) => x.name === name);
    if (!f) return `'${name}' is not a field of ${model.name}`;
    const last = i === names.length - 1;
    if (f.type === 'reference') {
      const next = f.target ? find(f.target) : undefined;
      if (!next) return `'${model.name}.${name}' refers to a model that does not exist`;
      plan.hops.push({ model, field: name });
      model = next;
      continue;
    }
    if (!last) return `'${model.name}.${name}' is not a reference field: nothing lies beyond it`;
    if (f.type === 'link' || f.type === 'password' || f.type === 'json') return `the ${f.type} field '${model.name}.${name}' cannot be shown`;
    plan.shown = name;
  }
  plan.end = model;
  return plan;
}

/**
 * How each labelled reference column of a model is named (the first of a field twice; a field that
 * is no reference: not named). A `shows` that no longer fits the models (saved before a model
 * change) names the target by its display: a read never fails for it.
 */
export function planColumns(model: ModelDefinition, columns: readonly LabelColumn[] | undefined, find: Find): LabelPlan[] {
  const plans: LabelPlan[] = [];
  const seen = new Set<string>();
  for (const c of columns ?? []) {
    if (seen.has(c.field)) continue;
    seen.add(c.field);
    const f = model.fields.find((x) => x.name === c.field);
    const target = f?.type === 'reference' && f.target ? find(f.target) : undefined;
    if (!target) continue;
    const plan = planLabel(target, c.field, c.shows, find);
    plans.push(typeof plan === 'string' ? (planLabel(target, c.field, '', find) as LabelPlan) : plan);
  }
  return plans;
}

/**
 * What is wrong with each grid column's `shows` (a field path of its reference's target), at its
 * place (`/definition/2/shows`): it must be a reference column and the path must fit the models.
 */
export function gridShowsProblems(definition: unknown, model: ModelDefinition, find: Find): { pointer: string; message: string }[] {
  if (!Array.isArray(definition)) return [];
  const problems: { pointer: string; message: string }[] = [];
  definition.forEach((column: unknown, i) => {
    const { name, shows } = (column ?? {}) as { name?: unknown; shows?: unknown };
    if (typeof shows !== 'string' || shows.trim() === '') return;
    const pointer = `/definition/${i}/shows`;
    const f = model.fields.find((x) => x.name === name);
    const target = f?.type === 'reference' && f.target ? find(f.target) : undefined;
    const plan = target ? planLabel(target, String(name), shows, find) : `'${String(name)}' is not a reference field of ${model.name}: it has nothing to show`;
    if (typeof plan === 'string') problems.push({ pointer, message: plan });
  });
  return problems;
}

/** The models a plan reads rows of, in order: each hop's, then the end's. */
export function planModels(plan: LabelPlan): ModelDefinition[] {
  return [...plan.hops.map((h) => h.model), plan.end];
}

/** Whether a plan names only some records for this caller: such a column is not sorted through the end model's index. */
export function restricted(plan: LabelPlan): boolean {
  return (plan.readable?.size ?? 0) > 0;
}

/** The tables a plan reads besides the column's own: a cached page naming them is as fresh as they are. */
export function planTables(plan: LabelPlan): string[] {
  return [...plan.hops.map((h) => tableOf(h.model.name)), tableOf(plan.end.name)];
}

/** The fields of the end model a plan reads. */
function endFields(plan: LabelPlan): string[] {
  if (plan.shown !== undefined) return [plan.shown];
  const display = effectiveDisplay(plan.end);
  return display === undefined ? [] : displayFieldNames(display);
}

/** The end model's field a plan sorts by (the shown field, or the display's first), or id. */
export function labelSortField(plan: LabelPlan): string {
  return endFields(plan)[0] ?? 'id';
}

/** Field types whose stored text is the text a name shows, so a template of them can be searched as SQL text. */
const TEXT_TYPES = new Set(['text', 'date', 'datetime']);

/**
 * A template display as one SQL text (`{first} {last}`: first || ' ' || last), for a term that
 * spans its fields; undefined when the display is no template or names a field of another type.
 */
function templateText(model: ModelDefinition): RawBuilder<unknown> | undefined {
  const display = effectiveDisplay(model);
  if (display === undefined || !isDisplayTemplate(display)) return undefined;
  const parts: RawBuilder<unknown>[] = [];
  for (const [i, piece] of display.split(/\{([^{}]*)\}/).entries()) {
    // split with a capture group: even places are the literal text, odd ones the field names.
    if (i % 2 === 0) {
      if (piece !== '') parts.push(sql`${piece}`);
      continue;
    }
    const name = piece.trim();
    if (!TEXT_TYPES.has(model.fields.find((f) => f.name === name)?.type ?? '')) return undefined;
    parts.push(sql`coalesce(${sql.ref(name)}, '')`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` || `)})` : undefined;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class RecordLabels {
  constructor(
    private readonly database: Database,
    private readonly search: SearchIndex,
  ) {}

  /** The rows of a model with the given ids (in batches), each with the named columns, keyed by String(id). */
  private async read(plan: LabelPlan, model: ModelDefinition, ids: readonly unknown[], columns: readonly string[]): Promise<Map<string, Row>> {
    const out = new Map<string, Row>();
    const within = this.within(plan, model);
    for (const batch of chunks(ids, LABEL_BATCH)) {
      let query = this.database.db
        .selectFrom(tableOf(model.name))
        .select([...new Set(['id', ...columns])])
        .where('id', 'in', batch as never[]);
      if (within) query = query.where(within);
      const rows = await query.execute();
      for (const r of rows) out.set(String(r.id), decodeRow(model, r));
    }
    return out;
  }

  /**
   * The condition on a model's own rows (its table unaliased) that a plan's names may come from;
   * undefined when the caller may read every record of it.
   */
  private within(plan: LabelPlan, model: ModelDefinition): RawBuilder<SqlBool> | undefined {
    if (!plan.readable?.has(model.name)) return undefined;
    const bound = plan.readable.get(model.name);
    if (!bound) return sql<SqlBool>`1 = 0`;
    return filterSql(bound, tableOf(model.name), this.database.dialect, this.database.bytewiseText);
  }

  /**
   * The name of each id (keyed by String(id)); an id whose record (or a record on the way) is gone,
   * or outside what the caller may read, has none.
   */
  async names(plan: LabelPlan, ids: readonly unknown[]): Promise<Map<string, string>> {
    // Each starting id's value at the current step of the path.
    let at = new Map<string, unknown>();
    for (const id of ids) if (id !== null && id !== undefined) at.set(String(id), id);
    for (const hop of plan.hops) {
      const rows = await this.read(plan, hop.model, [...new Set(at.values())], [hop.field]);
      const next = new Map<string, unknown>();
      for (const [start, value] of at) {
        const v = rows.get(String(value))?.[hop.field];
        if (v !== null && v !== undefined) next.set(start, v);
      }
      at = next;
    }
    const fields = endFields(plan);
    const rows = await this.read(plan, plan.end, [...new Map([...at.values()].map((v) => [String(v), v])).values()], fields);
    const out = new Map<string, string>();
    for (const [start, value] of at) {
      const row = rows.get(String(value));
      if (!row) continue;
      out.set(start, plan.shown !== undefined ? text(row[plan.shown]) : recordDisplay(plan.end, row));
    }
    return out;
  }

  /** Gives each row its `_labels` object: the name of each planned column whose target is there. */
  async attach(plans: readonly LabelPlan[], rows: Row[]): Promise<void> {
    if (!plans.length) return;
    const named = await Promise.all(plans.map((p) => this.names(p, [...new Set(rows.map((r) => r[p.field]))])));
    for (const row of rows) {
      const labels: Record<string, string> = {};
      plans.forEach((p, i) => {
        const v = row[p.field];
        const name = v === null || v === undefined ? undefined : named[i]?.get(String(v));
        if (name !== undefined) labels[p.field] = name;
      });
      row[ROW_LABELS] = labels;
    }
  }

  /**
   * What a column sorts by: the value its name starts with (the shown field, or the display's
   * first field), read by correlated subqueries from the row's own `table.field`. Each level has
   * an alias of its own, so a model referring to itself reads the right row.
   */
  sortValue(table: string, plan: LabelPlan): RawBuilder<unknown> {
    const first = labelSortField(plan);
    const steps = [...plan.hops.map((h) => ({ model: h.model, column: h.field })), { model: plan.end, column: first }];
    const level = (i: number, outer: Expression<unknown>): RawBuilder<unknown> => {
      const step = steps[i] as { model: ModelDefinition; column: string };
      const alias = `lbl${i}`;
      const table = tableOf(step.model.name);
      const value = i === steps.length - 1 ? sql.ref(`${alias}.${step.column}`) : level(i + 1, sql.ref(`${alias}.${step.column}`));
      // A record the caller may not read has no name to sort by: it sorts with the unnamed.
      const within = this.within(plan, step.model);
      const readable = within ? sql` and ${sql.ref(`${alias}.id`)} in (select id from ${sql.table(table)} where ${within})` : sql``;
      return sql`(select ${value} from ${sql.table(table)} as ${sql.id(alias)} where ${sql.ref(`${alias}.id`)} = ${outer}${readable})`;
    };
    return level(0, sql.ref(`${table}.${plan.field}`));
  }

  /**
   * The models a plan joins, in order: the column's target, then each hop's target (the last is
   * `end`), each with the column that leads to it from the one before (the first: the row's own).
   */
  chain(plan: LabelPlan): { model: ModelDefinition; from: string }[] {
    const models = [...plan.hops.map((h) => h.model), plan.end];
    return models.map((model, i) => ({ model, from: i === 0 ? plan.field : (plan.hops[i - 1] as { field: string }).field }));
  }


  /**
   * Whether every reference a plan walks is a foreign key, so no row can name a record that is
   * gone: then each row either reaches the end record or has an empty reference on the way, and a
   * sort by the name can walk the end model's index (record-queries.ts, sortedByLabel).
   */
  async enforced(table: string, plan: LabelPlan): Promise<boolean> {
    const steps = this.chain(plan).map((step, i, all) => ({ table: i === 0 ? table : tableOf((all[i - 1] as { model: ModelDefinition }).model.name), column: step.from }));
    for (const step of steps) if (!(await this.foreignKeys(step.table)).has(step.column)) return false;
    return true;
  }

  /** The columns of a table that are foreign keys: from SQLite's own list, or PostgreSQL's catalogue (this schema). */
  private async foreignKeys(table: string): Promise<Set<string>> {
    const { db } = this.database;
    if (this.database.dialect === 'sqlite') {
      const rows = await sql<{ from: string }>`select "from" from pragma_foreign_key_list(${table})`.execute(db);
      return new Set(rows.rows.map((r) => r.from));
    }
    const rows = await sql<{ column: string }>`
      select a.attname as "column" from pg_constraint c
      join pg_class t on t.oid = c.conrelid and t.relnamespace = current_schema()::regnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and t.relname = ${table}`.execute(db);
    return new Set(rows.rows.map((r) => r.column));
  }

  /**
   * The rows whose column names a record matching the term: `field IN (SELECT id FROM target
   * WHERE <the target's search condition>)`, through the hops, so the target's search index is
   * used. False when the name has no searched field.
   */
  searchCondition(plan: LabelPlan, term: string): RawBuilder<SqlBool> {
    const searched = endFields(plan).filter((n) => SEARCHED_TYPES.has(plan.end.fields.find((f) => f.name === n)?.type ?? ''));
    if (!searched.length) return sql<SqlBool>`1 = 0`;
    const numeric = new Set(searched.filter((n) => plan.end.fields.find((f) => f.name === n)?.type === 'number'));
    const endTable = tableOf(plan.end.name);
    let match = this.search.condition(endTable, searched, term, numeric);
    // A term with a space or a sign may span a template's fields ('Anna Rossi'): the whole name is
    // tested too. That part reads the target's rows one by one; a single word keeps to the index.
    const whole = plan.shown === undefined && /[^\p{L}\p{N}]/u.test(term) ? templateText(plan.end) : undefined;
    if (whole) match = sql<SqlBool>`(${match} or ${this.search.contains(whole, term)})`;
    // Only records the caller may read are found by their names (none of them: nothing is).
    const and = (model: ModelDefinition) => {
      const within = this.within(plan, model);
      return within ? sql` and ${within}` : sql``;
    };
    let ids: RawBuilder<unknown> = sql`select id from ${sql.table(endTable)} where (${match})${and(plan.end)}`;
    for (const hop of [...plan.hops].reverse()) {
      ids = sql`select id from ${sql.table(tableOf(hop.model.name))} where ${sql.ref(hop.field)} in (${ids})${and(hop.model)}`;
    }
    // PostgreSQL: an array made once, so the column's index can join the OR of the row's own
    // searched columns (a BitmapOr); `IN (subquery)` there read all the rows (2.2 s against 10 ms).
    if (this.database.dialect === 'postgres') return sql<SqlBool>`${sql.ref(plan.field)} = any(array(${ids}))`;
    return sql<SqlBool>`${sql.ref(plan.field)} in (${ids})`;
  }
}

import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, Row, Tables } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { isAuditField } from '../../shared/audit-fields.js';
import { bindFilter, checkFilter, isGroup, type BoundGroup, type FilterContext, type FilterTree } from '../../shared/filter/index.js';
import { filterKey, filterSql, filterTables } from './filter-sql.js';
import { ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';
import { labelSortField, planColumns, planModels, planTables, RecordLabels, restricted, type LabelColumn, type LabelPlan, type LabelReadable } from './record-labels.js';
import { SEARCHED_TYPES, type SearchIndex } from './search-index.js';
import { decodeRow, type ValueCodec } from './value-codec.js';

/**
 * Reading a model's records: the checked filters, search and sorts of a list, its count and its
 * pages, with the caches that keep both until the table's write version moves.
 */

export type SortDir = 'asc' | 'desc';
export interface Filter {
  field: string;
  value: unknown;
}
export interface Sort {
  field: string;
  dir: SortDir;
}
export interface ListQuery {
  fields: string[];
  filters?: Filter[];
  /**
   * Conditions of the filter language (docs/filters.md), ANDed with the filters and the search. A
   * list is its trees ANDed: a grid's own filter and the one its user built, each checked alone
   * (one level of groups each, which one tree could not hold for both).
   */
  where?: FilterTree | readonly (FilterTree | AnyOf | Reached)[];
  /** The values of the filter's variables: the caller, the embedding form's record, now. */
  context?: FilterContext;
  /** A case-insensitive substring searched in the given fields. */
  search?: { fields: string[]; term: string };
  sorts?: Sort[];
  /**
   * The reference columns among `fields` whose rows get the target's name in `_labels`
   * (record-labels.ts); such a column also sorts and is searched by that name. Other fields are ignored.
   */
  labels?: LabelColumn[];
  /**
   * What of the labels' models the caller may read (record-labels.ts, LabelReadable), its variables
   * valued by `context`; absent: every record of every model.
   */
  readable?: LabelReadable;
  limit?: number;
  offset?: number;
}

/** A page of a list matching at most this many rows is read by finding them first, then sorting (list's `sparse`). */
export const SPARSE_ROWS = 10_000;

/**
 * Records any of whose trees hold (an empty list: none): a caller's record rule, the OR of the
 * rules of the grants that let them act (src/server/http/grants.ts). Each tree is checked alone,
 * as a list's `where` trees are, so each keeps its own one level of groups.
 */
export interface AnyOf {
  anyOf: readonly FilterTree[];
}

/**
 * A tree whose paths through references reach only the target records the caller may read: a
 * user's filter (docs/security.md, "Grants"). `reach` says, per model name, the trees any of which
 * a record of it must meet (ORed), or null for none (as LabelReadable); a model not named: every
 * record. The tree's own model is not restricted here: that is the caller's record rule.
 */
export interface Reached {
  tree: FilterTree;
  reach: LabelReadable;
}

export interface PageResult {
  rows: Row[];
  count: number;
}

/** Every table's stats read at one moment (one query), keyed by table name. */
export type StatsSnapshot = ReadonlyMap<string, TableStats>;

export interface TableStats {
  /** null when the table has no stats row yet (then counts are taken). */
  rowCount: number | null;
  version: number;
}

/**
 * The most conditions one read of a model is filtered by (a grid's or a select's filters and
 * parameters; the same condition twice counts once). They are ANDed in one statement, and SQLite
 * refuses a statement nested deeper than 1,000 terms: a grid of 3,000 filters answered 500.
 */
export const MAX_QUERY_FILTERS = 500;
/** Filtered counts are cached until the table's version moves; bounded (least recently used go first) so memory stays flat. */
const COUNT_CACHE_LIMIT = 5000;
/** Pages likewise; a page holds at most 1,000 rows, so this bounds the cache's memory. */
const PAGE_CACHE_LIMIT = 500;

/** What a query's `where` became once checked and bound, and the versions of the other tables it reads. */
interface Bound {
  where?: BoundGroup;
  /** `table=version` of each table the filter or the labels reach through references ('' when none). */
  related: string;
  /** The same of the tables only the filter reaches: a count without a search does not read the labels' tables. */
  filterRelated: string;
  /** How each labelled column's name is read. */
  plans: LabelPlan[];
  /** The plans' bound restrictions as text ('' when none): one caller's names are never another's. */
  readableKey: string;
}

/** The items of a list whose keys are new, in their order: the first of each key is kept. */
function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export class RecordQueries {
  private readonly countCache = new LRUCache<string, { version: string; count: number }>({ max: COUNT_CACHE_LIMIT });
  private readonly pageCache = new LRUCache<string, PageResult>({ max: PAGE_CACHE_LIMIT });
  private readonly labels: RecordLabels;

  constructor(
    private readonly database: Database,
    private readonly registry: ModelRegistry,
    private readonly codec: ValueCodec,
    private readonly search: SearchIndex,
  ) {
    this.labels = new RecordLabels(database, search);
  }

  /** Forgets cached counts and pages. */
  forget(): void {
    this.countCache.clear();
    this.pageCache.clear();
  }

  /** Each name must be a field of the model; a sort or a filter also needs a column, which a link field has not. */
  checkFields(model: ModelDefinition, names: string[], needColumns = false): void {
    for (const n of names) {
      if (n === 'id' || (n === ROW_VERSION && !needColumns)) continue;
      const f = this.registry.field(model, n);
      if (needColumns && f.type === 'link') {
        throw errors.invalid(`'${model.name}.${n}' is a link field: nothing can be sorted or filtered by it`, [{ pointer: `/${n.slice(0, 64)}`, message: 'is a link field' }]);
      }
    }
  }

  /**
   * The query's `where` checked against the model (a filter that does not fit it answers 400 with
   * every problem) and its variables bound, with the versions of the tables it reaches through
   * references: a cached count or page over this table is only as fresh as those tables too.
   */
  async bind(model: ModelDefinition, q: Pick<ListQuery, 'where' | 'context' | 'labels' | 'readable'>, snapshot?: StatsSnapshot): Promise<Bound> {
    const where = this.bindWhere(model, q);
    const plans = this.labelPlans(model, q);
    const filtered = new Set(where ? filterTables(where) : []);
    const limits = plans.flatMap((p) => [...(p.readable?.values() ?? [])]).filter((g): g is BoundGroup => g !== null);
    const readableKey = plans.some(restricted) ? JSON.stringify(plans.map((p) => [p.field, [...(p.readable ?? new Map<string, BoundGroup | null>())].map(([m, g]) => [m, g ? filterKey(g) : null])])) : '';
    const tables = [...new Set([...filtered, ...plans.flatMap(planTables), ...limits.flatMap(filterTables)])];
    if (tables.length === 0) return { where, related: '', filterRelated: '', plans, readableKey };
    const known = tables.map((t) => snapshot?.get(t));
    const versions = known.every((s) => s !== undefined)
      ? known.map((s) => (s as TableStats).version)
      : await this.database.db
          .selectFrom('sys_table_stats')
          .select(['tbl', 'version'])
          .where('tbl', 'in', tables)
          .execute()
          .then((rows) => tables.map((t) => Number(rows.find((r) => r.tbl === t)?.version ?? -1)));
    const stamp = (keep: (t: string) => boolean) =>
      tables
        .map((t, i) => `${t}=${versions[i]}`)
        .filter((_, i) => keep(tables[i] as string))
        .join(',');
    return { where, related: stamp(() => true), filterRelated: stamp((t) => filtered.has(t)), plans, readableKey };
  }

  /**
   * How each labelled reference column is named (record-labels.ts, planColumns), with what the
   * caller may read of the models on its way bound (a rule that does not fit its model: 400).
   */
  private labelPlans(model: ModelDefinition, q: Pick<ListQuery, 'labels' | 'readable' | 'context'>): LabelPlan[] {
    const plans = planColumns(model, q.labels, (name) => this.registry.find(name));
    const readable = q.readable;
    if (!readable) return plans;
    const bound = new Map<string, BoundGroup | null>();
    for (const m of new Set(plans.flatMap(planModels))) {
      if (!(m.name in readable)) continue;
      const trees = readable[m.name];
      bound.set(m.name, trees ? (this.bindWhere(m, { where: [{ anyOf: trees }], context: q.context }) ?? null) : null);
    }
    return plans.map((p) => {
      const mine = new Map([...bound].filter(([name]) => planModels(p).some((m) => m.name === name)));
      return mine.size ? { ...p, readable: mine } : p;
    });
  }

  private bindWhere(model: ModelDefinition, q: Pick<ListQuery, 'where' | 'context'>): BoundGroup | undefined {
    if (!q.where) return undefined;
    const trees: readonly (FilterTree | AnyOf | Reached)[] = Array.isArray(q.where) ? q.where : [q.where as FilterTree];
    const bindTree = (tree: FilterTree, on = model): BoundGroup => {
      const checked = checkFilter(tree, on, (name) => this.registry.find(name));
      if (checked.problems.length) throw errors.invalid(`The filter does not fit the model ${on.name}`, checked.problems);
      return bindFilter(checked.tree, q.context);
    };
    const reached = ({ tree, reach }: Reached): BoundGroup => {
      // Each model's reach bound once, on that model: the hops into it share it.
      const within = new Map<string, BoundGroup | null>();
      const of = (target: ModelDefinition): BoundGroup | null => {
        let found = within.get(target.name);
        if (found === undefined) {
          const rule = reach[target.name];
          found = rule ? { join: 'or', items: rule.map((t) => bindTree(t, target)) } : null;
          within.set(target.name, found);
        }
        return found;
      };
      const restrict = (group: BoundGroup): BoundGroup => ({
        join: group.join,
        items: group.items.map((item) => (isGroup<BoundGroup>(item) ? restrict(item) : { ...item, hops: item.hops.map((hop) => (hop.target.name in reach ? { ...hop, within: of(hop.target) } : hop)) })),
      });
      return restrict(bindTree(tree));
    };
    const bound = trees.map((tree): BoundGroup => ('anyOf' in tree ? { join: 'or', items: tree.anyOf.map((t) => bindTree(t)) } : 'reach' in tree ? reached(tree) : bindTree(tree)));
    if (bound.length === 0) return undefined;
    return bound.length === 1 ? bound[0] : { join: 'and', items: bound };
  }

  /** The WHERE of a read or delete: the filters (checked, encoded, bound), the filter language's `where` and the search, ANDed. */
  whereOf(model: ModelDefinition, q: Pick<ListQuery, 'filters' | 'search' | 'where' | 'context' | 'labels' | 'readable'>, bound?: BoundGroup, plans?: LabelPlan[], scanOrder = false) {
    const where = bound ?? this.bindWhere(model, q);
    const filters = distinct(q.filters ?? [], (f) => JSON.stringify([f.field, f.value]));
    if (filters.length > MAX_QUERY_FILTERS) {
      throw errors.invalid(`A list of ${model.name} records may be filtered by at most ${MAX_QUERY_FILTERS} conditions; this one has ${filters.length}`, [
        { pointer: '/filters', message: `at most ${MAX_QUERY_FILTERS} conditions` },
      ]);
    }
    // A column searched twice is searched once (a grid may show a field in several columns).
    const search = q.search && q.search.term.trim() !== '' ? { ...q.search, fields: [...new Set(q.search.fields)] } : undefined;
    this.checkFields(model, filters.map((f) => f.field), true);
    if (search) this.checkFields(model, search.fields);
    // The audit fields are not searched: a term is looked for in what the records say, not in who wrote them when.
    const labelled = search ? (plans ?? this.labelPlans(model, q)).filter((p) => search.fields.includes(p.field) && !isAuditField(p.field)) : [];
    return (eb: ExpressionBuilder<Tables, string>): Expression<SqlBool> => {
      const parts: Expression<SqlBool>[] = filters.map((f) => {
        const value = f.field === 'id' ? f.value : this.codec.encode(this.registry.field(model, f.field), f.value);
        return value === null ? eb(f.field, 'is', null) : eb(f.field, '=', value);
      });
      if (where) parts.push(filterSql(where, tableOf(model.name), this.database.dialect, this.database.bytewiseText, scanOrder));
      if (search) {
        const searchable = search.fields.filter((n) => n !== 'id' && !isAuditField(n) && SEARCHED_TYPES.has(this.registry.field(model, n).type));
        const numeric = new Set(searchable.filter((n) => this.registry.field(model, n).type === 'number'));
        const term = search.term.trim();
        // A labelled reference column is searched by its name, in the target's own search index.
        const any = [
          ...(searchable.length ? [this.search.condition(tableOf(model.name), searchable, term, numeric)] : []),
          ...labelled.map((p) => this.labels.searchCondition(p, term)),
        ];
        parts.push(any.length ? eb.or(any) : sql<SqlBool>`1 = 0`);
      }
      return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
    };
  }

  /** `bound` is what bind() made of q's `where` when the caller has it already (a page's count and rows share it). */
  /**
   * `sparse`: the caller knows few rows match (readPage, from the count). The matching rows are
   * then found first and sorted after, behind an optimisation fence: a planner that guessed many
   * matches walked the sort's index and tested row after row, half a million of them for a search
   * matching 100 (PostgreSQL, 650 ms against 10).
   */
  async list(modelName: string, q: ListQuery, bound?: Bound, sparse = false, dense = false): Promise<Row[]> {
    const model = this.registry.get(modelName);
    const fields = q.fields.filter((n) => n === 'id' || this.registry.field(model, n).type !== 'link');
    this.checkFields(model, fields);
    const plans = bound?.plans ?? this.labelPlans(model, q);
    // A field sorted by twice sorts by its first direction: the later ones could change nothing.
    const sorts = distinct(q.sorts ?? [], (s) => s.field);
    this.checkFields(model, sorts.map((s) => s.field), true);
    // id last makes every order total, so pages never repeat or skip a row.
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    const table = tableOf(model.name);
    const byLabel = plans.find((p) => p.field === sorts[0]?.field);
    // A column naming only some records for this caller sorts the others with the unnamed, through sortValue.
    if (byLabel && !restricted(byLabel) && !sorts.slice(1).some((s) => plans.some((p) => p.field === s.field)) && (await this.labels.enforced(table, byLabel))) {
      const rows = await this.sortedByLabel(model, q, fields, byLabel, sorts, bound?.where, plans, sparse);
      await this.labels.attach(plans.filter((p) => fields.includes(p.field)), rows);
      return rows;
    }
    let query = this.ordered(model, q, fields, sorts, plans, bound, sparse, dense);
    if (q.limit !== undefined) query = query.limit(q.limit);
    if (q.offset) query = query.offset(q.offset);
    const rows = (await query.execute()).map((r) => decodeRow(model, r));
    await this.labels.attach(plans.filter((p) => fields.includes(p.field)), rows);
    return rows;
  }

  /** The select of a list's rows in its order, without its limit: list(), and stream() whole. */
  private ordered(model: ModelDefinition, q: ListQuery, fields: string[], sorts: Sort[], plans: LabelPlan[], bound: Bound | undefined, sparse: boolean, dense: boolean) {
    const table = tableOf(model.name);
    const columns = [...new Set(['id', ...fields])];
    // Many matching rows: read in the sort's order, each tested (filter-sql.ts, scanOrder).
    const matching = this.database.db.selectFrom(table).where(this.whereOf(model, q, bound?.where, plans, dense));
    // Fenced, the rows are read as a table of the same name, so the sorts' references to it still hold.
    let query = sparse ? this.database.db.selectFrom(this.fence(matching.select([...new Set([...columns, ...sorts.map((s) => s.field)])])).as(table)).select(columns) : matching.select(columns);
    for (const s of sorts) {
      // A labelled reference column sorts by the name it shows; id (always last) keeps ties in order.
      const plan = plans.find((p) => p.field === s.field);
      query = plan ? query.orderBy(this.labels.sortValue(table, plan), s.dir) : query.orderBy(s.field, s.dir);
    }
    return query;
  }

  /**
   * Every row of a list, in its order, `size` at a time with their labels: one statement read
   * through a cursor (Database.chunks), so a million rows never sit in memory together and the
   * database sorts once (chunks by LIMIT and OFFSET would read the table again for each).
   * `q.limit` and `q.offset` are not looked at.
   */
  async *stream(modelName: string, q: ListQuery, size = 1000): AsyncGenerator<Row[]> {
    const model = this.registry.get(modelName);
    const fields = q.fields.filter((n) => n === 'id' || this.registry.field(model, n).type !== 'link');
    this.checkFields(model, fields);
    const bound = await this.bind(model, q);
    const sorts = distinct(q.sorts ?? [], (s) => s.field);
    this.checkFields(model, sorts.map((s) => s.field), true);
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    const labelled = bound.plans.filter((p) => fields.includes(p.field));
    const compiled = this.ordered(model, q, fields, sorts, bound.plans, bound, false, true).compile();
    for await (const chunk of this.database.chunks(compiled, size)) {
      const rows = chunk.map((r) => decodeRow(model, r));
      await this.labels.attach(labelled, rows);
      yield rows;
    }
  }

  /**
   * A list sorted first by a reference column's name, when every reference on the way is a foreign
   * key: the end model's rows are walked in the order of their index on the sorted field, and each
   * one's rows through the reference's index, so the first and last pages of a million rows read
   * about a page of rows instead of naming and sorting all of them (docs/performance.md,
   * "Relations"). Rows with no name to sort by (an empty reference on the way) are read apart and
   * placed where the database puts NULL: first ascending on SQLite, last on PostgreSQL. Rows whose
   * names are equal go by record (the end record's id, then each hop's), then by the other sorts.
   */
  /** A subquery the planner must run as it is (not merged into the query around it): OFFSET 0, which SQLite takes only after a LIMIT. */
  private fence<Q extends { offset(n: number): Q; limit(n: number): Q }>(query: Q): Q {
    return this.database.dialect === 'sqlite' ? query.limit(-1).offset(0) : query.offset(0);
  }

  private async sortedByLabel(model: ModelDefinition, q: ListQuery, fields: string[], plan: LabelPlan, sorts: Sort[], where: BoundGroup | undefined, plans: LabelPlan[], sparse: boolean): Promise<Row[]> {
    const { db, dialect } = this.database;
    const table = tableOf(model.name);
    const dir = (d: SortDir) => sql.raw(d === 'desc' ? 'desc' : 'asc');
    const first = sorts[0] as Sort;
    const rest = sorts.slice(1);
    const columns = [...new Set(['id', ...fields])];
    const filtered = () => db.selectFrom(table).where(this.whereOf(model, q, where, plans));
    const chain = this.labels.chain(plan);
    const last = chain.length - 1;
    const alias = (i: number) => `lbl${i}`;

    const named = (limit: number | undefined, offset: number) => {
      const selected = filtered().select([...new Set([...columns, plan.field, ...rest.map((s) => s.field)])]);
      const inner = sparse ? this.fence(selected) : selected;
      const joins = chain.map((step, i) => sql`join ${sql.table(tableOf(step.model.name))} as ${sql.id(alias(i))} on ${sql.ref(`${alias(i)}.id`)} = ${sql.ref(i === 0 ? `b.${step.from}` : `${alias(i - 1)}.${step.from}`)}`);
      const order = [
        sql`${sql.ref(`${alias(last)}.${labelSortField(plan)}`)} ${dir(first.dir)}`,
        ...chain.map((_, i) => sql`${sql.ref(`${alias(last - i)}.id`)} ${dir(first.dir)}`),
        ...rest.map((s) => sql`${sql.ref(`b.${s.field}`)} ${dir(s.dir)}`),
      ];
      const page = limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;
      return sql<Row>`select ${sql.join(columns.map((c) => sql.ref(`b.${c}`)))} from (${inner}) as b ${sql.join(joins, sql` `)} order by ${sql.join(order)}${page}`;
    };
    // No name: the row's own reference, or one on the way, is empty.
    let empty = sql<SqlBool>`${sql.ref(chain[last]?.from ?? plan.field)} is null`;
    for (let i = last - 1; i >= 0; i--) {
      const step = chain[i] as { from: string; model: ModelDefinition };
      empty = sql<SqlBool>`(${sql.ref(step.from)} is null or ${sql.ref(step.from)} in (select id from ${sql.table(tableOf(step.model.name))} where ${empty}))`;
    }
    const none = {
      read: async (limit: number | undefined, offset: number) => {
        let query = filtered().select(columns).where(empty);
        for (const s of rest) query = query.orderBy(s.field, s.dir);
        if (limit !== undefined) query = query.limit(limit).offset(offset);
        return (await query.execute()) as Row[];
      },
      count: async () => Number((await filtered().select((eb) => eb.fn.countAll().as('n')).where(empty).executeTakeFirst())?.n ?? 0),
    };
    const some = {
      read: async (limit: number | undefined, offset: number) => (await named(limit, offset).execute(db)).rows,
      count: async () => Number((await sql<{ n: number }>`select count(*) as n from (${named(undefined, 0)}) as x`.execute(db)).rows[0]?.n ?? 0),
    };
    const noneFirst = dialect === 'postgres' ? first.dir === 'desc' : first.dir === 'asc';
    const [a, b] = noneFirst ? [none, some] : [some, none];
    const offset = q.offset ?? 0;
    const rows = await a.read(q.limit, offset);
    if (q.limit !== undefined && rows.length >= q.limit) return rows.map((r) => decodeRow(model, r));
    // The rest comes from the second part, from where the first one ended.
    const before = rows.length > 0 || offset === 0 ? offset + rows.length : await a.count();
    const more = await b.read(q.limit === undefined ? undefined : q.limit - rows.length, Math.max(0, offset - before));
    return [...rows, ...more].map((r) => decodeRow(model, r));
  }

  /**
   * A page of rows and the total count. The count of the whole table is kept by triggers;
   * a filtered count is cached until the table changes. Pages past the middle are read
   * backwards from the end, so the last page costs what the first does. A page itself is
   * cached until its table's version moves (every write bumps it, in any server process), so
   * the same page asked again costs one look-up; the answer is the same object, which lets
   * the route keep its serialised JSON beside it.
   */
  async page(modelName: string, q: ListQuery, page: number, size: number, snapshot?: StatsSnapshot): Promise<PageResult> {
    const model = this.registry.get(modelName);
    const stats = snapshot?.get(tableOf(model.name)) ?? (await this.stats(tableOf(model.name)));
    const bound = await this.bind(model, q, snapshot);
    const filter = bound.where ? filterKey(bound.where) : '';
    const key = `${model.name}\u0000${stats.version}\u0000${bound.related}\u0000${page}\u0000${size}\u0000${JSON.stringify([q.fields, q.filters, q.search, q.sorts, q.labels])}\u0000${filter}\u0000${bound.readableKey}`;
    const cached = this.pageCache.get(key);
    if (cached) return cached;
    const result = await this.readPage(modelName, q, page, size, stats, bound);
    this.pageCache.set(key, result);
    return result;
  }

  private async readPage(modelName: string, q: ListQuery, page: number, size: number, stats: TableStats, bound: Bound): Promise<PageResult> {
    const count = await this.count(modelName, q, stats, bound);
    const offset = page * size;
    if (offset >= count) return { rows: [], count };
    // Few matching rows (a search or filter) are found first, then sorted: see list().
    const sparse = count <= SPARSE_ROWS && (stats.rowCount ?? 0) > count;
    // Many matches, reached early in the sort's order: walking that order and testing each row reads
    // (offset + size) * rows / count of them; driving from the filter sorts every match, about three
    // times a row read each (measured on SQLite's million orders, docs/performance.md).
    const rows = stats.rowCount ?? count;
    const dense = (from: number) => count > SPARSE_ROWS && (from + size) * rows < 3 * count * count;
    if (offset <= count / 2) return { rows: await this.list(modelName, { ...q, limit: size, offset }, bound, sparse, dense(offset)), count };
    const sorts = [...(q.sorts ?? [])];
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    const reversed = sorts.map((s): Sort => ({ field: s.field, dir: s.dir === 'asc' ? 'desc' : 'asc' }));
    const end = Math.min(offset + size, count);
    const tail = await this.list(modelName, { ...q, sorts: reversed, limit: end - offset, offset: count - end }, bound, sparse, dense(count - end));
    return { rows: tail.reverse(), count };
  }

  /**
   * The stats of every table in one query. Their versions move with every write in any
   * server process, so a request that reads them once can trust its per-process caches
   * (definitions, pages) without asking the database about each.
   */
  async snapshot(): Promise<StatsSnapshot> {
    const rows = await this.database.db.selectFrom('sys_table_stats').select(['tbl', 'row_count', 'version']).execute();
    return new Map(rows.map((r) => [String(r.tbl), { rowCount: Number(r.row_count), version: Number(r.version) }]));
  }

  /** The row count and write version of a table, kept by triggers. */
  private async stats(table: string): Promise<TableStats> {
    const row = await this.database.db.selectFrom('sys_table_stats').select(['row_count', 'version']).where('tbl', '=', table).executeTakeFirst();
    return row ? { rowCount: Number(row.row_count), version: Number(row.version) } : { rowCount: null, version: -1 };
  }

  async count(modelName: string, q: Pick<ListQuery, 'filters' | 'search' | 'where' | 'context' | 'labels' | 'readable'> = {}, known?: TableStats, given?: Bound): Promise<number> {
    const model = this.registry.get(modelName);
    const table = tableOf(model.name);
    const stats = known ?? (await this.stats(table));
    const bound = given ?? (await this.bind(model, q));
    const filtered = (q.filters?.length ?? 0) > 0 || (q.search?.term.trim() ?? '') !== '' || bound.where !== undefined;
    if (stats.rowCount !== null && !filtered) return stats.rowCount;
    const key = `${table}\u0000${JSON.stringify([q.filters ?? [], q.search ?? null, q.search ? (q.labels ?? []) : []])}\u0000${bound.where ? filterKey(bound.where) : ''}\u0000${q.search ? bound.readableKey : ''}`;
    const version = `${stats.version}\u0000${q.search ? bound.related : bound.filterRelated}`;
    const cached = this.countCache.get(key);
    if (cached && cached.version === version) return cached.count;
    const row = await this.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(this.whereOf(model, q, bound.where, bound.plans))
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    this.countCache.set(key, { version, count });
    return count;
  }
}

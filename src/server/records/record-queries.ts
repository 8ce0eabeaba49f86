import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, Row, Tables } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';
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
  /** A case-insensitive substring searched in the given fields. */
  search?: { fields: string[]; term: string };
  sorts?: Sort[];
  limit?: number;
  offset?: number;
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
  private readonly countCache = new LRUCache<string, { version: number; count: number }>({ max: COUNT_CACHE_LIMIT });
  private readonly pageCache = new LRUCache<string, PageResult>({ max: PAGE_CACHE_LIMIT });

  constructor(
    private readonly database: Database,
    private readonly registry: ModelRegistry,
    private readonly codec: ValueCodec,
    private readonly search: SearchIndex,
  ) {}

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

  /** The WHERE of a read or delete: the filters (checked, encoded, bound) and the search, ANDed. */
  whereOf(model: ModelDefinition, q: Pick<ListQuery, 'filters' | 'search'>) {
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
    return (eb: ExpressionBuilder<Tables, string>): Expression<SqlBool> => {
      const parts: Expression<SqlBool>[] = filters.map((f) => {
        const value = f.field === 'id' ? f.value : this.codec.encode(this.registry.field(model, f.field), f.value);
        return value === null ? eb(f.field, 'is', null) : eb(f.field, '=', value);
      });
      if (search) {
        const searchable = search.fields.filter((n) => n !== 'id' && SEARCHED_TYPES.has(this.registry.field(model, n).type));
        const numeric = new Set(searchable.filter((n) => this.registry.field(model, n).type === 'number'));
        parts.push(searchable.length ? this.search.condition(tableOf(model.name), searchable, search.term.trim(), numeric) : sql<SqlBool>`1 = 0`);
      }
      return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
    };
  }

  async list(modelName: string, q: ListQuery): Promise<Row[]> {
    const model = this.registry.get(modelName);
    const fields = q.fields.filter((n) => n === 'id' || this.registry.field(model, n).type !== 'link');
    this.checkFields(model, fields);
    // A field sorted by twice sorts by its first direction: the later ones could change nothing.
    const sorts = distinct(q.sorts ?? [], (s) => s.field);
    this.checkFields(model, sorts.map((s) => s.field), true);
    // id last makes every order total, so pages never repeat or skip a row.
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    let query = this.database.db
      .selectFrom(tableOf(model.name))
      .select([...new Set(['id', ...fields])])
      .where(this.whereOf(model, q));
    for (const s of sorts) query = query.orderBy(s.field, s.dir);
    if (q.limit !== undefined) query = query.limit(q.limit);
    if (q.offset) query = query.offset(q.offset);
    const rows = await query.execute();
    return rows.map((r) => decodeRow(model, r));
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
    const key = `${model.name}\u0000${stats.version}\u0000${page}\u0000${size}\u0000${JSON.stringify([q.fields, q.filters, q.search, q.sorts])}`;
    const cached = this.pageCache.get(key);
    if (cached) return cached;
    const result = await this.readPage(modelName, q, page, size, stats);
    this.pageCache.set(key, result);
    return result;
  }

  private async readPage(modelName: string, q: ListQuery, page: number, size: number, stats: TableStats): Promise<PageResult> {
    const count = await this.count(modelName, q, stats);
    const offset = page * size;
    if (offset >= count) return { rows: [], count };
    if (offset <= count / 2) return { rows: await this.list(modelName, { ...q, limit: size, offset }), count };
    const sorts = [...(q.sorts ?? [])];
    if (!sorts.some((s) => s.field === 'id')) sorts.push({ field: 'id', dir: sorts[0]?.dir ?? 'asc' });
    const reversed = sorts.map((s): Sort => ({ field: s.field, dir: s.dir === 'asc' ? 'desc' : 'asc' }));
    const end = Math.min(offset + size, count);
    const rows = await this.list(modelName, { ...q, sorts: reversed, limit: end - offset, offset: count - end });
    return { rows: rows.reverse(), count };
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

  async count(modelName: string, q: Pick<ListQuery, 'filters' | 'search'> = {}, known?: TableStats): Promise<number> {
    const model = this.registry.get(modelName);
    const table = tableOf(model.name);
    const stats = known ?? (await this.stats(table));
    const filtered = (q.filters?.length ?? 0) > 0 || (q.search?.term.trim() ?? '') !== '';
    if (stats.rowCount !== null && !filtered) return stats.rowCount;
    const key = `${table}\u0000${JSON.stringify([q.filters ?? [], q.search ?? null])}`;
    const cached = this.countCache.get(key);
    if (cached && cached.version === stats.version) return cached.count;
    const row = await this.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(this.whereOf(model, q))
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    this.countCache.set(key, { version: stats.version, count });
    return count;
  }
}

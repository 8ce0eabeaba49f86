import { sql } from 'kysely';
import type { DialectName, Db, Row } from '../db/connect.js';
import { AUDIT_FIELDS, isAuditField } from '../../shared/audit-fields.js';
import { ROW_VERSION, tableOf, type ModelRegistry } from './model-registry.js';
import type { ModelDefinition } from './model-types.js';

/** Bound parameters per insert. */
const PARAMS_PER_INSERT = 5000;

/** The model tables a bulk load writes, in the order it fills them (ops/backup-models.ts, loadOrder). */
export interface LoadPlan {
  /** Every model table, a referenced table before the tables that refer to it. */
  order: { model: ModelDefinition; table: string }[];
  /** References into their own table or closing a cycle: filled after every row is in, emptied before rows are deleted. */
  deferred: { table: string; column: string }[];
}

/** A reference column filled only after every row is in: it points into its own table or into a cycle. */
interface Deferred {
  table: string;
  column: string;
  id: unknown;
  value: unknown;
}

/**
 * Whole model tables written at once, through a restore's transaction (ops/backup-load.ts),
 * keeping in step what the model store keeps for a single write: a loaded row's version is above
 * any its table held, and a replaced row's moves on, so a form opened before the restore answers
 * 409 instead of saving over it. Row counts and the search index follow the rows as for any write
 * (the tables' triggers and indexes: schema-sync.ts, search-index.ts). Start one with
 * ModelStore.bulkLoad.
 */
export class BulkLoad {
  private readonly later: Deferred[] = [];

  private constructor(
    private readonly trx: Db,
    private readonly dialect: DialectName,
    private readonly registry: ModelRegistry,
    private readonly plan: LoadPlan,
    /** Whether rows merge into the tables' own (an id already there is replaced) rather than fill emptied tables. */
    private readonly merge: boolean,
    /** The version given to each loaded row, per table that keeps ROW_VERSION. */
    private readonly stamps: Map<string, number>,
  ) {}

  /**
   * Reads the version each table's loaded rows get (the models named in `loaded`), then, unless
   * merging, empties every table of the plan, last first.
   */
  static async start(trx: Db, dialect: DialectName, registry: ModelRegistry, plan: LoadPlan, loaded: ReadonlySet<string>, merge: boolean): Promise<BulkLoad> {
    // A restored row gets a version above any its table held (ROW_VERSION, model-registry.ts): a
    // form opened before the restore then answers 409 instead of saving over the restored row.
    const stamps = new Map<string, number>();
    for (const { model, table } of plan.order) {
      if (!loaded.has(model.name) || registry.versionColumn(model) !== ROW_VERSION) continue;
      const row = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.max(ROW_VERSION).as('v'))
        .executeTakeFirst();
      stamps.set(table, Number(row?.v ?? 0) + 1);
    }
    if (!merge) {
      for (const { table, column } of plan.deferred) await trx.updateTable(table).set({ [column]: null }).where(column, 'is not', null).execute();
      for (const { table } of [...plan.order].reverse()) await trx.deleteFrom(table).execute();
    }
    return new BulkLoad(trx, dialect, registry, plan, merge, stamps);
  }

  /**
   * Writes a model's rows (`id` and each column's stored value), in batches. Merging, each
   * batch's ids are handed to `merged` once written.
   */
  async table(model: ModelDefinition, rows: AsyncIterable<Row>, merged?: (ids: string[]) => Promise<void>): Promise<void> {
    const { trx } = this;
    const table = tableOf(model.name);
    const stamp = this.stamps.get(table);
    const late = new Set(this.plan.deferred.filter((d) => d.table === table).map((d) => d.column));
    // The audit columns come as the backup has them (null where it has none): a restore keeps who made what, and when.
    const fields = [...this.registry.columns(model).filter((f) => !isAuditField(f.name)), ...(this.registry.audited(model) ? AUDIT_FIELDS : [])];
    const perBatch = Math.max(1, Math.floor(PARAMS_PER_INSERT / (fields.length + 2)));
    const unique = fields.filter((f) => f.unique).map((f) => f.name);
    let batch: Row[] = [];
    const flush = async () => {
      if (!batch.length) return;
      if (this.merge) {
        // A row of the instance that holds one of these unique values under another id gives way.
        const ids = batch.map((r) => r.id as string);
        for (const u of unique) {
          const values = batch.map((r) => r[u]).filter((v) => v !== null);
          if (values.length) await trx.deleteFrom(table).where(u, 'in', values as string[]).where('id', 'not in', ids).execute();
        }
        const columns = fields.map((f) => f.name);
        // A replaced row moves its version on, so a form opened before the restore cannot save over it unawares.
        const version = this.registry.versionColumn(model) === ROW_VERSION ? { [ROW_VERSION]: sql`${sql.ref(`${table}.${ROW_VERSION}`)} + 1` } : {};
        await trx
          .insertInto(table)
          .values(batch)
          .onConflict((oc) =>
            columns.length ? oc.column('id').doUpdateSet({ ...Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])), ...version }) : oc.column('id').doNothing(),
          )
          .execute();
        await merged?.(ids);
      } else {
        await trx.insertInto(table).values(batch).execute();
      }
      batch = [];
    };
    for await (const row of rows) {
      const stored: Row = stamp === undefined ? { id: row.id } : { id: row.id, [ROW_VERSION]: stamp };
      for (const f of fields) {
        const value = row[f.name] ?? null;
        if (late.has(f.name) && value !== null) {
          this.later.push({ table, column: f.name, id: row.id, value });
          stored[f.name] = null;
        } else stored[f.name] = value;
      }
      batch.push(stored);
      if (batch.length >= perBatch) await flush();
    }
    await flush();
  }

  /** Fills the deferred references, once every table's rows are in. */
  async fillDeferred(): Promise<void> {
    for (const d of this.later) await this.trx.updateTable(d.table).set({ [d.column]: d.value }).where('id', '=', d.id as string).execute();
  }

  /**
   * On PostgreSQL, moves each integer id's sequence past the loaded ids. Call it last, after every
   * check that may still refuse the load: setval is not undone when the transaction rolls back.
   */
  async finish(): Promise<void> {
    if (this.dialect !== 'postgres') return;
    for (const { model, table } of this.plan.order) {
      if (model.idtype === 'hex') continue;
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(table)}`.execute(this.trx);
    }
  }
}

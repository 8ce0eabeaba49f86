import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Row } from '../db/connect.js';
import type { Services } from './services.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, SYSTEM_TABLES, auditFieldsOf, columnFields, fileOf, toNeutral, type Manifest, type ManifestTable, type SystemTable } from './backup-format.js';
import { MODEL_MODEL, withoutNulls } from './backup-read.js';
import { tableOf, type ModelStore } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';

/** Writing a backup's tables: every model table and the system tables, as neutral JSON lines. */

/** Rows read per query. */
const PAGE = 1000;

/** Every table read in one read transaction (repeatable read on PostgreSQL): one consistent moment. */
export async function dumpTables(services: Services, into: string, now: Date): Promise<Manifest> {
  const { db, dialect } = services.database;
  let tx = db.transaction();
  if (dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read').setAccessMode('read only');
  return tx.execute(async (trx) => {
    const tables: ManifestTable[] = [];
    const models = (await storedModels(services.store, trx)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const model of models) {
      const rows = await dumpTable(trx, tableOf(model.name), ['id'], join(into, fileOf(model.name)), (row) => neutralRow(model, row));
      tables.push({ name: model.name, kind: 'model', file: fileOf(model.name), rows });
    }
    for (const name of Object.keys(SYSTEM_TABLES) as SystemTable[]) {
      const spec = SYSTEM_TABLES[name];
      const rows = await dumpTable(trx, name, [...spec.key], join(into, fileOf(name)), (row) => {
        const out: Row = {};
        for (const c of spec.columns) out[c] = (spec.integers as readonly string[]).includes(c) ? Number(row[c]) : row[c] === null ? null : String(row[c]);
        return out;
      });
      tables.push({ name, kind: 'system', file: fileOf(name), rows });
    }
    return { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), dialect, tables };
  });
}

/** The model definitions as stored (the rows of the Model table), read through `db`. */
export async function storedModels(store: ModelStore, db: Db): Promise<ModelDefinition[]> {
  const meta = store.get(MODEL_MODEL);
  const rows = await db.selectFrom(tableOf(MODEL_MODEL)).selectAll().execute();
  return rows.map((r) => withoutNulls(neutralRow(meta, r)) as unknown as ModelDefinition);
}

/** A stored row of a model as neutral JSON: id and every stored column (password hashes too, the audit columns too). */
function neutralRow(model: ModelDefinition, row: Row): Row {
  const out: Row = { id: typeof row.id === 'bigint' ? Number(row.id) : row.id };
  for (const f of [...columnFields(model), ...auditFieldsOf(model)]) out[f.name] = toNeutral(f, row[f.name]);
  return out;
}

/** Writes a table as JSON lines, a page at a time in key order; answers the row count. */
async function dumpTable(db: Db, table: string, key: string[], file: string, map: (row: Row) => Row): Promise<number> {
  const fh = await open(file, 'w', 0o600);
  let count = 0;
  try {
    // A single key pages by key (each page one index seek); composite keys (small tables) by offset.
    let last: unknown = undefined;
    for (let offset = 0; ; offset += PAGE) {
      let q = db.selectFrom(table).selectAll();
      for (const k of key) q = q.orderBy(k);
      if (key.length === 1 && last !== undefined) q = q.where(key[0] as string, '>', last as string);
      else if (key.length > 1) q = q.offset(offset);
      const rows = await q.limit(PAGE).execute();
      if (!rows.length) break;
      await fh.write(rows.map((r) => `${JSON.stringify(map(r))}\n`).join(''));
      count += rows.length;
      last = rows[rows.length - 1]?.[key[0] as string];
      if (rows.length < PAGE) break;
    }
  } finally {
    await fh.close();
  }
  return count;
}

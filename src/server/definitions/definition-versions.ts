import { sql } from 'kysely';
import type { VersionInfo } from '../../shared/api-types.js';
import type { Db, Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import type { DefinitionKind } from './definition-kinds.js';

/**
 * The kept versions of every definition (the table sys_definition_versions, which this service
 * owns): a version per save, the whole document with who saved it and when; the oldest beyond
 * the count kept (VERSIONS_KEPT) are pruned on save, except those Tessera saved itself.
 */

/** A stored definition: the document as it was saved, with its id and version. */
export type Definition = Row & { id: string; name: string; version: number };

/** One saved version of a definition, as the History panel lists it (src/shared/api-types.ts). */
export type { VersionInfo };

export interface StoredVersion extends VersionInfo {
  document: Definition;
}

const VERSIONS = 'sys_definition_versions';

export class DefinitionVersions {
  constructor(
    private readonly db: () => Db,
    private readonly versionsKept = 100,
  ) {}

  /**
   * Keeps `doc` as version doc.version of its definition, and prunes the versions beyond the
   * count kept. With `ifMissing`, an existing row for that version is left as it is.
   */
  async keep(db: Db, kind: DefinitionKind, doc: Definition, by: string | null, at: string | null, ifMissing = false): Promise<void> {
    const key = { kind, def_id: doc.id, version: doc.version };
    if (ifMissing) {
      const found = await db.selectFrom(VERSIONS).select('version').where('kind', '=', kind).where('def_id', '=', doc.id).where('version', '=', doc.version).executeTakeFirst();
      if (found) return;
    }
    await db.insertInto(VERSIONS).values({ ...key, saved_at: at, saved_by: by, document: JSON.stringify(doc) }).execute();
    // Versions Tessera saved itself (saved_by empty: a shipped definition as seeded, or as a
    // release changed it) are never pruned, so a built-in's shipped version can always be restored.
    await db
      .deleteFrom(VERSIONS)
      .where('kind', '=', kind)
      .where('def_id', '=', doc.id)
      .where('version', '<=', doc.version - this.versionsKept)
      .where('saved_by', 'is not', null)
      .execute();
  }

  /** Deletes every kept version of the given definitions, through `db` (the caller's transaction). */
  async removeAll(db: Db, kind: DefinitionKind, defIds: string[]): Promise<void> {
    if (!defIds.length) return;
    await db.deleteFrom(VERSIONS).where('kind', '=', kind).where('def_id', 'in', defIds).execute();
  }

  /** The kept versions of the definition stored now as `current`, newest first (the current one included). */
  async list(kind: DefinitionKind, current: Definition): Promise<VersionInfo[]> {
    const rows = await this.db()
      .selectFrom(VERSIONS)
      .select(['version', 'saved_at', 'saved_by'])
      .where('kind', '=', kind)
      .where('def_id', '=', current.id)
      .orderBy('version', 'desc')
      .execute();
    const list: VersionInfo[] = rows.map((r) => ({
      version: Number(r.version),
      savedAt: r.saved_at === null ? null : String(r.saved_at),
      savedBy: r.saved_by === null ? null : String(r.saved_by),
      current: Number(r.version) === current.version,
    }));
    // A definition not saved since versions were kept: its stored state is its only version.
    if (!list.some((v) => v.current)) list.unshift({ version: current.version, savedAt: null, savedBy: null, current: true });
    return list;
  }

  /** One kept version with its whole document; `db` reads it inside the caller's transaction. */
  async get(kind: DefinitionKind, current: Definition, version: number, db: Db = this.db()): Promise<StoredVersion> {
    if (version === current.version) {
      const listed = (await this.list(kind, current)).find((v) => v.version === version);
      return { ...(listed as VersionInfo), document: current };
    }
    const row = await db
      .selectFrom(VERSIONS)
      .selectAll()
      .where('kind', '=', kind)
      .where('def_id', '=', current.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw errors.notFound(`Version ${version} of the ${kind} '${current.name}'`);
    return {
      version,
      savedAt: row.saved_at === null ? null : String(row.saved_at),
      savedBy: row.saved_by === null ? null : String(row.saved_by),
      current: false,
      document: JSON.parse(String(row.document)) as Definition,
    };
  }

  // ---- for a restore (backup-load.ts), through its transaction ----

  /** Deletes every kept version of every definition. */
  async clear(db: Db): Promise<void> {
    await db.deleteFrom(VERSIONS).execute();
  }

  /**
   * Stores version rows as a backup holds them (its columns, checked by backup-read.ts). With
   * `merge`, a row already kept under the same kind, definition and version is replaced.
   */
  async load(db: Db, rows: Row[], merge: boolean): Promise<void> {
    if (!rows.length) return;
    let q = db.insertInto(VERSIONS).values(rows);
    if (merge) {
      const rest = ['saved_at', 'saved_by', 'document'];
      q = q.onConflict((oc) => oc.columns(['kind', 'def_id', 'version']).doUpdateSet(Object.fromEntries(rest.map((c) => [c, sql.ref(`excluded.${c}`)]))));
    }
    await q.execute();
  }

  /** Deletes the versions of `kind` whose definition is no longer a row of `table` (replaced under another id, or deleted). */
  async removeOrphans(db: Db, kind: DefinitionKind, table: string): Promise<void> {
    await db
      .deleteFrom(VERSIONS)
      .where('kind', '=', kind)
      .where(sql<boolean>`def_id not in (select id from ${sql.table(table)})`)
      .execute();
  }
}

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { tableOf, type ModelRegistry } from './model-registry.js';
import { auditStamp } from './audit-columns.js';
import type { ModelDefinition } from './model-types.js';
import { displayFieldNames, effectiveDisplay, recordDisplay } from '../../shared/record-display.js';
import { idValueOf, translateDbError } from './value-codec.js';

/**
 * Link fields: a many-to-many between two models, kept as rows of a third (the link's `through`
 * model) that has a reference to each side.
 */

export interface LinkItem {
  id: string | number;
  name: string;
  selected: boolean;
}

export class RecordLinks {
  constructor(
    private readonly database: Database,
    private readonly registry: ModelRegistry,
  ) {}

  private linkParts(model: ModelDefinition, linkName: string) {
    const f = this.registry.field(model, linkName);
    if (f.type !== 'link') throw errors.invalid(`'${model.name}.${linkName}' is not a link field`);
    const target = this.registry.get(f.target ?? '');
    const through = this.registry.get(f.through ?? '');
    // Its own reference fields: the audit fields' references to User are no side of the link.
    const refs = (this.registry.definition(through.name) ?? through).fields.filter((x) => x.type === 'reference');
    const self = model.name === target.name;
    const sourceRef = refs.find((x) => x.target === model.name);
    const targetRef = self ? refs.filter((x) => x.target === target.name)[1] : refs.find((x) => x.target === target.name);
    if (!sourceRef || !targetRef) {
      throw errors.invalid(`The link model '${through.name}' needs reference fields to '${model.name}' and '${target.name}'`);
    }
    return { target, through, sourceRef: sourceRef.name, targetRef: targetRef.name };
  }

  /**
   * Every record of the link's target, marked selected when linked to the given record; with
   * `readable` (a condition on the target's table), only the records it holds for and those linked
   * to the record, so a dual list saved back keeps every link it had.
   */
  async linkItems(modelName: string, linkName: string, id: unknown | null, readable?: RawBuilder<SqlBool>): Promise<LinkItem[]> {
    const { db } = this.database;
    const model = this.registry.get(modelName);
    const { target, through, sourceRef, targetRef } = this.linkParts(model, linkName);
    // Each record is named by its model's display (a field or a template), ordered by its first field.
    const display = effectiveDisplay(target);
    const shown = display === undefined ? [] : displayFieldNames(display);
    let query = db.selectFrom(tableOf(target.name)).select(['id', ...shown]);
    if (readable) {
      const linked =
        id === null
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`${sql.ref('id')} in (select ${sql.ref(targetRef)} from ${sql.table(tableOf(through.name))} where ${sql.ref(sourceRef)} = ${idValueOf(model, id)})`;
      query = query.where(sql<SqlBool>`(${readable} or ${linked})`);
    }
    const all = await query
      .orderBy(shown[0] ?? 'id')
      .orderBy('id')
      .execute();
    const chosen = new Set<string>();
    if (id !== null) {
      const rows = await db
        .selectFrom(tableOf(through.name))
        .select(targetRef)
        .where(sourceRef, '=', idValueOf(model, id))
        .execute();
      for (const r of rows) chosen.add(String(r[targetRef]));
    }
    return all.map((r) => ({
      id: r.id as string | number,
      name: recordDisplay(target, r),
      selected: chosen.has(String(r.id)),
    }));
  }

  /**
   * The targets linked to the record, every one, named and ordered as linkItems names and orders
   * them (a link picker's chips, a dual list's Selected side); none for a record not yet saved.
   */
  async linkedItems(modelName: string, linkName: string, id: unknown | null): Promise<LinkItem[]> {
    if (id === null) return [];
    const { db } = this.database;
    const model = this.registry.get(modelName);
    const { target, through, sourceRef, targetRef } = this.linkParts(model, linkName);
    const display = effectiveDisplay(target);
    const shown = display === undefined ? [] : displayFieldNames(display);
    const sourceId = idValueOf(model, id);
    const rows = await db
      .selectFrom(tableOf(target.name))
      .select(['id', ...shown])
      .where('id', 'in', db.selectFrom(tableOf(through.name)).select(targetRef).where(sourceRef, '=', sourceId))
      .orderBy(shown[0] ?? 'id')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id as string | number, name: recordDisplay(target, r), selected: true }));
  }

  /** Which of the given target ids (at most a page of them) are linked to the record, as text. */
  async linkedAmong(modelName: string, linkName: string, id: unknown | null, targetIds: readonly (string | number)[]): Promise<Set<string>> {
    if (id === null || targetIds.length === 0) return new Set();
    const model = this.registry.get(modelName);
    const { through, sourceRef, targetRef } = this.linkParts(model, linkName);
    const rows = await this.database.db
      .selectFrom(tableOf(through.name))
      .select(targetRef)
      .where(sourceRef, '=', idValueOf(model, id))
      .where(targetRef, 'in', [...targetIds])
      .execute();
    return new Set(rows.map((r) => String(r[targetRef])));
  }

  /**
   * Replaces the record's links through `db` (the caller's transaction): every target id must be
   * a record of the link's target, else 400 naming the field, and nothing is written. The link
   * rows written are made by the user `by` (audit-columns.ts).
   */
  async writeLinks(db: Db, modelName: string, linkName: string, id: unknown, targetIds: unknown[], by: string | number | null = null): Promise<void> {
    const model = this.registry.get(modelName);
    const { target, through, sourceRef, targetRef } = this.linkParts(model, linkName);
    const sourceId = idValueOf(model, id);
    const unknown = (t: unknown) =>
      errors.invalid(`${this.registry.field(model, linkName).label ?? linkName}: there is no ${target.name} record '${String(t).slice(0, 64)}'`, [
        { pointer: `/${linkName}`, message: `holds an id that is not a ${target.name} record` },
      ]);
    const ids = [
      ...new Set(
        targetIds.map((t) => {
          try {
            return idValueOf(target, t);
          } catch {
            throw unknown(t);
          }
        }),
      ),
    ];
    try {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const found = await db.selectFrom(tableOf(target.name)).select('id').where('id', 'in', chunk).execute();
        const have = new Set(found.map((r) => String(r.id)));
        const missing = chunk.find((t) => !have.has(String(t)));
        if (missing !== undefined) throw unknown(missing);
      }
      // Only the links that change are written: a link kept keeps its row, so saving a form whose
      // dual list did not change records nothing of its links (docs/history.md), and a row's
      // _created_by stays whoever made the link.
      const existing = await db.selectFrom(tableOf(through.name)).select(['id', targetRef]).where(sourceRef, '=', sourceId).execute();
      const wanted = new Set(ids.map(String));
      const kept = new Set<string>();
      const gone: unknown[] = [];
      for (const row of existing) {
        const target = String(row[targetRef]);
        // A pair held twice (written around the store) keeps one row, as a rewrite of every link left it.
        if (wanted.has(target) && !kept.has(target)) kept.add(target);
        else gone.push(row.id);
      }
      for (let i = 0; i < gone.length; i += 500) await db.deleteFrom(tableOf(through.name)).where('id', 'in', gone.slice(i, i + 500)).execute();
      const stamp = this.registry.audited(through) ? auditStamp(by, true) : {};
      for (const t of ids) {
        if (kept.has(String(t))) continue;
        await db
          .insertInto(tableOf(through.name))
          .values({ [sourceRef]: sourceId, [targetRef]: t, ...stamp })
          .execute();
      }
    } catch (e) {
      throw translateDbError(through, e);
    }
  }
}

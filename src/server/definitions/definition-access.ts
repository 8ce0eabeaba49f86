/**
 * The Permissions screen's two requests (docs/api.md, "Permissions"): every definition that
 * carries access listed in one read with only what the screen shows, and a definition's access
 * changed alone, saved as any definition save is (checked, versioned, kept in its history).
 */
import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import type { AccessSaved, PermissionEntry } from '../../shared/api-types.js';
import { ACCESS_KINDS, type AccessKind } from '../../shared/access-grants.js';
import { modelOf, modelOfKind, worksOnDefinitions } from '../../shared/contract.js';
import type { Access } from '../../generated/definitions.js';
import { tableOf, type ModelStore } from '../records/model-store.js';
import type { Definitions } from './definitions.js';

/** The kind named in a path when it carries access; any other answers 404. */
export function accessKindOf(value: string): AccessKind {
  const kind = ACCESS_KINDS.find((k) => k === value);
  if (!kind) throw errors.notFound(`The kind '${value}' (one of ${ACCESS_KINDS.join(', ')})`);
  return kind;
}

/** The model a definition reads records of: a form's or grid's (User when it names none), a select's when it has one. */
function modelRead(kind: AccessKind, doc: Row): string | undefined {
  if (kind === 'form' || kind === 'grid') return modelOf(doc);
  if (kind === 'select' && typeof doc.model === 'string') return doc.model;
  return undefined;
}

/** Names in a stable order on either database: case aside first, then as written. */
function byName(a: PermissionEntry, b: PermissionEntry): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Every form, grid, select, page and menu with its access, by kind (in ACCESS_KINDS' order) then
 * name. Only the columns shown are read, not the definitions whole. One that works on
 * definitions is marked `adminOnly`: administrators only whatever its access says.
 */
export async function listPermissions(store: ModelStore): Promise<PermissionEntry[]> {
  const out: PermissionEntry[] = [];
  for (const kind of ACCESS_KINDS) {
    const model = store.get(modelOfKind(kind));
    const columns = ['id', 'name', 'title', 'version', 'access', 'model'].filter((c) => c === 'id' || model.fields.some((f) => f.name === c));
    const rows = await store.db.selectFrom(tableOf(model.name)).select(columns).execute();
    const entries = rows.map((raw): PermissionEntry => {
      const row = store.decode(model, raw);
      const doc: Row = {};
      for (const [k, v] of Object.entries(row)) if (v !== null) doc[k] = v;
      const read = modelRead(kind, doc);
      return {
        kind,
        id: String(doc.id),
        name: String(doc.name),
        title: typeof doc.title === 'string' ? doc.title : '',
        ...(read === undefined ? {} : { model: read }),
        version: Number(doc.version),
        access: (doc.access as Access | undefined) ?? null,
        adminOnly: worksOnDefinitions(kind, doc),
      };
    });
    out.push(...entries.sort(byName));
  }
  return out;
}

/**
 * Replaces a definition's access, the rest of it as stored: a save through Definitions.update, so
 * it is checked as any save (the kind's schema, the grants against the model), refused with 409
 * STALE_VERSION when `version` is not the stored one, and kept as a new version in its history.
 * `access` undefined or null takes the access away (administrators only).
 */
export async function saveAccess(
  defs: Definitions,
  kind: AccessKind,
  idOrName: string,
  version: number,
  access: Access | null | undefined,
  by: string | null,
): Promise<AccessSaved> {
  const current = await defs.get(kind, idOrName);
  const { version: _read, access: _old, ...rest } = current;
  const doc: Row = access ? { ...rest, access, version } : { ...rest, version };
  // The stored document with the new access: a save in between moves the version, and the update refuses it.
  const saved = await defs.update(kind, current.id, doc, by);
  return { version: saved.version, access: (saved.access as Access | undefined) ?? null };
}

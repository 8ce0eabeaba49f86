import { definitionKinds, validateDefinition, type DefinitionKind } from '../../shared/schema-registry.js';
import type { Row } from '../db/connect.js';
import type { ErrorDetail } from '../core/errors.js';
import { DEFAULT_MODEL } from '../../shared/contract.js';

/**
 * The app file: what an instance's definitions look like outside it. Definitions are whole
 * documents keyed by `name`; `id` and `version` belong to one instance and are left out.
 */
export const APP_FORMAT = 'tessera-app';
export const APP_FORMAT_VERSION = 1;

export interface AppFile {
  format: typeof APP_FORMAT;
  formatVersion: number;
  exportedAt: string;
  definitions: Partial<Record<DefinitionKind, Row[]>>;
}

export interface FileEntry {
  kind: DefinitionKind;
  doc: Row;
  /** Where the definition sits in the file, e.g. /definitions/form/2. */
  pointer: string;
}

export type CheckedFile = { ok: true; entries: FileEntry[] } | { ok: false; errors: ErrorDetail[] };

/** A stored definition as it travels: without the instance's id and version. */
export function portable(doc: Row): Row {
  const { id: _id, version: _version, ...rest } = doc;
  return rest;
}

/** The models a definition reads: a form's or grid's model (User by default), a select's, a model's targets, an automation's trigger and loops. */
export function modelsNamedBy(kind: DefinitionKind, doc: Row): string[] {
  if (kind === 'form' || kind === 'grid') return [typeof doc.model === 'string' ? doc.model : DEFAULT_MODEL];
  if (kind === 'select') return typeof doc.model === 'string' ? [doc.model] : [];
  if (kind === 'model' && Array.isArray(doc.fields)) {
    return (doc.fields as Row[]).flatMap((f) => [f.target, f.through].filter((x): x is string => typeof x === 'string'));
  }
  if (kind === 'automation') {
    const trigger = doc.trigger as Row | undefined;
    const own = typeof trigger?.model === 'string' ? [trigger.model] : [];
    return [...new Set([...own, ...stepsOf(doc).flatMap((s) => (s.type === 'loop' && typeof s.model === 'string' ? [s.model] : []))])];
  }
  return [];
}

/** The forms an automation's record steps write through (createRecord, updateRecord, deleteRecord), nested ones included. */
export function formsNamedBy(kind: DefinitionKind, doc: Row): string[] {
  if (kind !== 'automation') return [];
  return [...new Set(stepsOf(doc).flatMap((s) => (typeof s.form === 'string' ? [s.form] : [])))];
}

/** Every step of an automation, nested ones (Then, Else, a loop's steps) after their own. */
function stepsOf(doc: Row): Row[] {
  const out: Row[] = [];
  const walk = (steps: unknown) => {
    if (!Array.isArray(steps)) return;
    for (const step of steps) {
      if (!isObject(step)) continue;
      out.push(step);
      for (const nested of ['then', 'else', 'steps']) walk(step[nested]);
    }
  };
  walk(doc.steps);
  return out;
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Everything that can be said of a file without a database: its envelope, each definition
 * against its kind's schema, names unique within a kind. Errors point into the file.
 */
export function checkAppFile(file: unknown): CheckedFile {
  if (!isObject(file)) return refuse('', 'must be a Tessera app file (a JSON object)');
  if (file.format !== APP_FORMAT) return refuse('/format', `must be '${APP_FORMAT}'`);
  const version = file.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return refuse('/formatVersion', 'must be a whole number from 1');
  if (version > APP_FORMAT_VERSION) {
    return refuse('/formatVersion', `the file comes from a newer Tessera (format version ${version}); this one reads version ${APP_FORMAT_VERSION}`);
  }
  if (!isObject(file.definitions)) return refuse('/definitions', 'must be an object of definition lists by kind');
  const errors: ErrorDetail[] = [];
  const entries: FileEntry[] = [];
  for (const [key, list] of Object.entries(file.definitions)) {
    const kind = definitionKinds.find((k) => k === key);
    const at = `/definitions/${key}`;
    if (!kind) {
      errors.push({ pointer: at, message: `is not a definition kind (${definitionKinds.join(', ')})` });
      continue;
    }
    if (!Array.isArray(list)) {
      errors.push({ pointer: at, message: 'must be a list of definitions' });
      continue;
    }
    const seen = new Map<string, number>();
    list.forEach((item: unknown, i) => {
      const pointer = `${at}/${i}`;
      if (!isObject(item)) {
        errors.push({ pointer, message: `must be a ${kind} definition (an object)` });
        return;
      }
      const doc = portable(item);
      const result = validateDefinition(kind, doc);
      if (!result.ok) {
        errors.push(...result.errors.map((e) => ({ pointer: `${pointer}${e.pointer === '/' ? '' : e.pointer}`, message: e.message })));
        return;
      }
      const name = String(doc.name);
      const first = seen.get(name);
      if (first !== undefined) errors.push({ pointer: `${pointer}/name`, message: `'${name}' is already the name of ${at}/${first}` });
      else seen.set(name, i);
      entries.push({ kind, doc, pointer });
    });
  }
  return errors.length ? { ok: false, errors } : { ok: true, entries };
}

function refuse(pointer: string, message: string): CheckedFile {
  return { ok: false, errors: [{ pointer, message }] };
}

import { createReadStream, type Stats } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Row } from '../db/connect.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ENTRY,
  MANIFEST,
  MAX_ROW_BYTES,
  SYSTEM_TABLES,
  TABLES_DIR,
  auditFieldsOf,
  columnFields,
  fileOf,
  idProblem,
  isSystemTable,
  neutralProblem,
  systemRowProblem,
  type Manifest,
  type ManifestTable,
  type SystemTable,
} from './backup-format.js';
import { MAX_DEFINITION_DEPTH, definitionSchemaId, getValidator, nestsDeeperThan } from '../../shared/schema-registry.js';
import { kindOfModel, type DefinitionKind } from '../definitions/definitions.js';
import type { ModelDefinition } from '../records/model-types.js';
import { patternProblems } from '../records/patterns.js';
import { AMBIGUOUS_LISTING, CONTROL } from './seven-zip.js';

// Reading an extracted backup before anything is written: the manifest, the models it defines,
// and every row of every table file checked against its model. Only ids are kept in memory.

/** A backup that cannot be restored; the route answers 400 'Failed to load restore backup {message}'. */
export class RestoreError extends Error {}

/** The model whose rows are the model definitions: its file tells the restore every table's fields. */
export const MODEL_MODEL = 'Model';

export function withoutNulls(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
}

/** A size for a message: 98 bytes, 195.3 KiB, 64 MiB, 1.2 GiB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [n, name] = bytes < 1024 ** 2 ? [bytes / 1024, 'KiB'] : bytes < 1024 ** 3 ? [bytes / 1024 ** 2, 'MiB'] : [bytes / 1024 ** 3, 'GiB'];
  return `${n.toFixed(1).replace(/\.0$/, '')} ${name}`;
}

const NEWLINE = 0x0a;

/**
 * The rows of a JSON-lines file, one at a time. Lines are cut from the bytes as they arrive,
 * and one longer than `maxBytes` is refused before it is built whole: readline gathered any
 * line into one string, and one past V8's longest string threw where no caller could catch
 * it. A read error rejects the iteration, so the caller answers it as a refusal.
 */
export async function* readRows(file: string, options: { name?: string; maxBytes?: number } = {}): AsyncGenerator<Row> {
  const name = options.name ?? file;
  const max = options.maxBytes ?? MAX_ROW_BYTES;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  const tooLong = () => new RestoreError(`${name} line ${line} is longer than ${formatSize(max)}, the most a row may hold`);
  const row = (bytes: Buffer): Row | undefined => {
    const text = bytes.toString('utf8');
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as Row;
    } catch {
      // JSON.parse's message quotes the text: the line is named, never shown.
      throw new RestoreError(`${name} line ${line} is not JSON`);
    }
  };
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      line += 1;
      if (pendingBytes + (end - start) > max + 1) throw tooLong(); // + 1: a CR before the LF
      const bytes = pending.length ? Buffer.concat([...pending, chunk.subarray(start, end)]) : chunk.subarray(start, end);
      pending = [];
      pendingBytes = 0;
      const withoutCr = bytes.length && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, -1) : bytes;
      if (withoutCr.length > max) throw tooLong();
      const parsed = row(withoutCr);
      if (parsed !== undefined) yield parsed;
      start = end + 1;
    }
    if (start < chunk.length) {
      pendingBytes += chunk.length - start;
      if (pendingBytes > max + 1) {
        line += 1;
        throw tooLong();
      }
      pending.push(chunk.subarray(start));
    }
  }
  if (pendingBytes > 0) {
    line += 1;
    if (pendingBytes > max) throw tooLong();
    const parsed = row(Buffer.concat(pending));
    if (parsed !== undefined) yield parsed;
  }
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A name a message may quote: it cannot carry anything but letters, digits and underscores. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A definition's name for a message: quoted when it is a plain name, otherwise not shown. */
function named(kind: string, name: unknown): string {
  return typeof name === 'string' && NAME.test(name) ? `the ${kind} '${name}'` : `a ${kind}`;
}

/** A JSON pointer into a row for a message: its keys shown when they are plain names, else '…'. */
function shownPointer(pointer: string): string {
  return pointer
    .split('/')
    .map((part, i) => (i === 0 || /^[A-Za-z0-9_]{1,64}$/.test(part) ? part : '…'))
    .join('/');
}

/** An archive entry's name for a message: quoted when it is made of plain characters, otherwise not shown. */
export function shownEntry(path: string): string {
  return /^[A-Za-z0-9_. /-]{1,100}$/.test(path) ? `'${path}'` : 'an entry with another name';
}

/** A read error for a message: its code (ENOENT, EIO), never its text, which names server paths. */
function readError(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'a read error';
}

/** A plain file with no other name: not a link, a device, a pipe, nor a hard link to a file elsewhere. */
const plainFile = (st: Stats) => st.isFile() && st.nlink === 1;

/**
 * The unpacked backup as lstat sees it, before anything in it is read: manifest.json a plain
 * file, `tables` (when there) a folder of its own, and in it plain table files only. 7-Zip
 * unpacks a link as a link whatever its listing showed, and reading through `tables` as a link
 * would read files outside the folder; anything but these is refused.
 */
export async function checkExtracted(into: string): Promise<void> {
  const refuse = (path: string) =>
    // A name whose line breaks made up a whole entry in 7-Zip's listing is only seen here.
    new RestoreError(CONTROL.test(path) ? AMBIGUOUS_LISTING : `it holds ${shownEntry(path)}, which is not a plain file of a Tessera backup (a backup holds no links)`);
  for (const name of await readdir(into)) {
    const st = await lstat(join(into, name));
    if (name === MANIFEST && plainFile(st)) continue;
    if (name !== TABLES_DIR || !st.isDirectory() || st.isSymbolicLink()) throw refuse(name);
    for (const file of await readdir(join(into, TABLES_DIR))) {
      const path = `${TABLES_DIR}/${file}`;
      if (!ENTRY.test(path) || !plainFile(await lstat(join(into, path)))) throw refuse(path);
    }
  }
}

/**
 * Why the save of a definition (POST /api/definitions/:kind) would refuse this document: too
 * deep, against its kind's schema, or a pattern RE2 cannot run. '' when it would not. Said
 * without quoting the document: ajv's own messages speak of the schema, never of the value.
 */
export function definitionProblem(kind: DefinitionKind, doc: Row): string {
  if (nestsDeeperThan(doc, MAX_DEFINITION_DEPTH)) return `it nests deeper than ${MAX_DEFINITION_DEPTH} levels`;
  const validate = getValidator(definitionSchemaId(kind));
  if (!validate(doc)) {
    const errors = validate.errors ?? [];
    // Composite keywords only repeat what their branches said.
    const first = errors.find((e) => !['oneOf', 'anyOf', 'allOf', 'if', '$ref'].includes(e.keyword)) ?? errors[0];
    return first ? `${shownPointer(first.instancePath) || '/'} ${first.message ?? 'is not valid'}` : 'it does not match its schema';
  }
  const pattern = patternProblems(doc)[0];
  if (pattern) return `${shownPointer(pattern.pointer)} is not a pattern the server can run in linear time`;
  return '';
}

export async function readManifest(into: string): Promise<Manifest> {
  let manifest: unknown;
  const stat = await lstat(join(into, MANIFEST)).catch(() => null);
  if (!stat?.isFile()) throw new RestoreError('it is not a Tessera backup (no manifest.json)');
  if (stat.size > MAX_ROW_BYTES) throw new RestoreError(`its manifest.json is longer than ${formatSize(MAX_ROW_BYTES)}, the most it may hold`);
  try {
    manifest = JSON.parse(await readFile(join(into, MANIFEST), 'utf8'));
  } catch {
    throw new RestoreError('its manifest.json is not JSON');
  }
  if (!isObject(manifest) || manifest.format !== BACKUP_FORMAT) throw new RestoreError(`it is not a Tessera backup (format must be '${BACKUP_FORMAT}')`);
  const version = manifest.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new RestoreError('its format version is missing');
  if (version > BACKUP_FORMAT_VERSION) {
    throw new RestoreError(`its format version ${version} is unknown: it comes from a newer Tessera, this one reads version ${BACKUP_FORMAT_VERSION}`);
  }
  if (!Array.isArray(manifest.tables)) throw new RestoreError('its manifest lists no tables');
  const seen = new Set<string>();
  for (const [i, t] of (manifest.tables as unknown[]).entries()) {
    if (
      !isObject(t) ||
      typeof t.name !== 'string' ||
      !ENTRY.test(fileOf(t.name)) ||
      (t.kind !== 'model' && t.kind !== 'system') ||
      t.file !== fileOf(t.name) ||
      !Number.isSafeInteger(t.rows)
    ) {
      // Said without quoting it: the entry is the file's content.
      throw new RestoreError(`its manifest lists table ${i + 1} wrongly (each is { name, kind: 'model' or 'system', file: 'tables/<name>.jsonl', rows })`);
    }
    if (t.kind === 'system' && !isSystemTable(t.name)) throw new RestoreError(`its manifest lists '${t.name}', which is not a table a backup holds`);
    if (seen.has(t.name)) throw new RestoreError(`its manifest lists '${t.name}' twice`);
    seen.add(t.name);
    const stat = await lstat(join(into, t.file)).catch(() => null);
    if (!stat?.isFile()) throw new RestoreError(`${t.file} is missing`);
  }
  if (!seen.has(MODEL_MODEL)) throw new RestoreError('it holds no model definitions (tables/Model.jsonl)');
  return manifest as unknown as Manifest;
}

/** The models of the backup, from its Model table; every model table listed must be one of them. */
export async function readModels(into: string, manifest: Manifest): Promise<Map<string, ModelDefinition>> {
  const models = new Map<string, ModelDefinition>();
  const file = fileOf(MODEL_MODEL);
  let line = 0;
  try {
    for await (const row of readRows(join(into, file), { name: file })) {
      line += 1;
      if (!isObject(row)) throw new RestoreError(`${file} row ${line} is not a model definition`);
      const doc = withoutNulls(row);
      // Every model as its save checks it, before anything else reads its names or fields.
      const problem = definitionProblem('model', doc);
      if (problem) throw new RestoreError(`${file} row ${line}: ${named('model', doc.name)} is not valid: ${problem}`);
      const model = doc as unknown as ModelDefinition;
      if (models.has(model.name)) throw new RestoreError(`${file} row ${line} defines the model '${model.name}' again`);
      models.set(model.name, model);
    }
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    throw new RestoreError(`${file} cannot be read (${readError(e)})`);
  }
  for (const t of manifest.tables) {
    if (t.kind === 'model' && !models.has(t.name)) throw new RestoreError(`it holds rows of '${t.name}', a model it does not define`);
  }
  for (const name of models.keys()) {
    if (!manifest.tables.some((t) => t.kind === 'model' && t.name === name)) throw new RestoreError(`its manifest does not list the table of the model '${name}'`);
  }
  if (!models.has(MODEL_MODEL)) throw new RestoreError('it does not define the Model model');
  return models;
}

/** Reads one table file whole and checks every row; answers the row count. Nothing is kept in memory but the ids. */
export async function checkTable(into: string, entry: ManifestTable, models: Map<string, ModelDefinition>): Promise<number> {
  const model = entry.kind === 'model' ? models.get(entry.name) : undefined;
  const seen = new Set<string>();
  let line = 0;
  try {
    for await (const row of readRows(join(into, entry.file), { name: entry.file })) {
      line += 1;
      const where = `${entry.file} row ${line}`;
      if (!isObject(row)) throw new RestoreError(`${where} is not an object`);
      let key: string;
      if (model) {
        const bad = idProblem(model, row.id);
        if (bad) throw new RestoreError(`${where}: id ${bad}`);
        const fields = [...columnFields(model), ...auditFieldsOf(model)];
        for (const [name, value] of Object.entries(row)) {
          if (name === 'id') continue;
          const f = fields.find((x) => x.name === name);
          if (!f) throw new RestoreError(`${where}: ${NAME.test(name) ? `'${name}' is not a field` : 'a key that is not a field'} of ${model.name}`);
          const problem = neutralProblem(f, value, f.type === 'reference' && models.get(f.target ?? '')?.idtype === 'hex');
          if (problem) throw new RestoreError(`${where}: ${name} ${problem}`);
        }
        const kind = kindOfModel(model.name);
        if (kind && kind !== 'model') {
          // A form, grid, page, menu or select as its save checks it (models were, by readModels).
          const problem = definitionProblem(kind, withoutNulls(row));
          if (problem) throw new RestoreError(`${where}: ${named(kind, row.name)} is not valid: ${problem}`);
        }
        key = String(row.id);
      } else {
        const table = entry.name as SystemTable;
        const problem = systemRowProblem(table, row);
        if (problem) throw new RestoreError(`${where}: ${problem}`);
        key = JSON.stringify(SYSTEM_TABLES[table].key.map((k) => row[k]));
      }
      if (seen.has(key)) throw new RestoreError(`${where} repeats the key of an earlier row`);
      seen.add(key);
    }
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    throw new RestoreError(`${entry.file} cannot be read (${readError(e)})`);
  }
  if (line !== entry.rows) throw new RestoreError(`${entry.file} holds ${line} rows, its manifest says ${entry.rows}: the backup is incomplete`);
  return line;
}

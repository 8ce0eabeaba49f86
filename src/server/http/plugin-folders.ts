/**
 * Plugin discovery: every folder under plugins/ is a column type. gen:types builds the column
 * union and the generated indexes from what this finds, and the server checks the folders again
 * at start-up, so a broken folder stops both with a message naming it rather than with a stack
 * trace from deep inside a bundler or ajv.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SchemaObject } from 'ajv/dist/2020.js';
import { columnUnionSchema, createAjv, declaredChildType, HINTS_KEYWORD, pluginSchemaId } from '../../shared/schema-ajv.js';

export interface PluginFolder {
  /** The folder's name under plugins/, the kebab-case of its childType. */
  folder: string;
  childType: string;
  schema: SchemaObject;
}

/** A problem with one or more plugin folders; the message names each folder and what to fix. */
export class PluginFolderError extends Error {
  constructor(readonly problems: string[]) {
    super(`Broken plugin folder${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'PluginFolderError';
  }
}

/** Folder names are the kebab-case of the childType: TextArea lives in plugins/text-area. */
export function folderOf(childType: string): string {
  return childType.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The folders under `dir` (hidden ones left out), sorted by name. */
export function subfolders(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
}

/**
 * A folder's schema.json, parsed, or the problem with it: missing (`holds` says what such a folder
 * holds) or not JSON. `where` names the folder in the message (plugins/text-area).
 */
export function readFolderSchema(dir: string, where: string, holds: string): { schema: SchemaObject } | { problem: string } {
  const file = path.join(dir, 'schema.json');
  if (!fs.existsSync(file)) return { problem: `${where}: has no schema.json (${holds})` };
  try {
    return { schema: JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaObject };
  } catch (e) {
    return { problem: `${where}/schema.json: is not valid JSON (${(e as Error).message})` };
  }
}

/** plugins/steps/ holds the automation step types (step-folders.ts), not a column type. */
export const STEPS_FOLDER = 'steps';

/** childTypes the core schemas already use, which no plugin may take. */
const RESERVED_CHILD_TYPES = new Set(['Tab']);

/**
 * Reads every folder under `pluginsDir`, checks each one, and compiles every schema in one
 * strict ajv with the rest of the schemas, as the app will. Answers the folders sorted by name;
 * throws a PluginFolderError listing every problem found, each naming its folder.
 */
export function discoverPluginFolders(pluginsDir: string, options: { compile?: boolean } = {}): PluginFolder[] {
  const problems: string[] = [];
  const found: PluginFolder[] = [];
  for (const folder of subfolders(pluginsDir).filter((name) => name !== STEPS_FOLDER)) {
    const where = `plugins/${folder}`;
    const read = readFolderSchema(path.join(pluginsDir, folder), where, 'a plugin folder holds schema.json, index.ts and its component');
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    const { schema } = read;
    const childType = declaredChildType(schema);
    if (!childType || !/^[A-Z][A-Za-z0-9]*$/.test(childType)) {
      problems.push(`${where}/schema.json: properties.childType must be { "const": "<Name>" }, a PascalCase name`);
      continue;
    }
    if (schema.$id !== pluginSchemaId(folder)) {
      problems.push(`${where}/schema.json: $id must be "${pluginSchemaId(folder)}"`);
      continue;
    }
    if (folderOf(childType) !== folder) {
      problems.push(`${where}: the folder of childType '${childType}' must be named plugins/${folderOf(childType)}`);
      continue;
    }
    if (RESERVED_CHILD_TYPES.has(childType)) {
      problems.push(`${where}: childType '${childType}' is reserved by the core schemas`);
      continue;
    }
    const clash = found.find((p) => p.childType === childType);
    if (clash) {
      problems.push(`${where}: childType '${childType}' is already declared by plugins/${clash.folder}`);
      continue;
    }
    if (!schema[HINTS_KEYWORD] || typeof schema[HINTS_KEYWORD] !== 'object') {
      problems.push(`${where}/schema.json: has no "${HINTS_KEYWORD}" hints at its root (label, description, icon, category, designers; docs/plugins.md)`);
      continue;
    }
    if (!fs.existsSync(path.join(pluginsDir, folder, 'index.ts'))) {
      problems.push(`${where}: has no index.ts exporting \`plugin\` (definePlugin from the plugin kit)`);
      continue;
    }
    found.push({ folder, childType, schema });
  }
  if (problems.length === 0 && options.compile !== false) problems.push(...compileProblems(found));
  if (problems.length > 0) throw new PluginFolderError(problems);
  return found;
}

/**
 * Compiles every folder's schema in the app's strict ajv. When that fails, each folder is
 * compiled again on its own (a union of just that plugin), so the error names the folder at
 * fault rather than the one whose compile happened to reach it first.
 */
function compileProblems(found: PluginFolder[]): string[] {
  if (compileError(found) === undefined) return [];
  const problems: string[] = [];
  for (const p of found) {
    const error = compileError([p]);
    if (error !== undefined) problems.push(`plugins/${p.folder}/schema.json: does not compile: ${error}`);
  }
  return problems.length > 0 ? problems : [`plugins: the schemas do not compile together: ${compileError(found) ?? ''}`];
}

function compileError(plugins: PluginFolder[]): string | undefined {
  try {
    const ajv = createAjv(columnUnionSchema(plugins.map((p) => pluginSchemaId(p.folder))), plugins.map((p) => p.schema));
    for (const p of plugins) ajv.getSchema(pluginSchemaId(p.folder));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The plugin folders the generated index (src/generated/plugin-schemas.ts) was made from. */
export function indexedPluginFolders(generatedIndex: string): string[] {
  const text = fs.readFileSync(generatedIndex, 'utf8');
  return [...text.matchAll(/plugins\/([a-z0-9-]+)\/schema\.json/g)].map((m) => m[1] ?? '').sort();
}

/**
 * Start-up check: the folders are sound and the generated index names exactly them. A folder
 * added or removed since the last `npm run gen:types` is named, with the command to run.
 */
export function verifyPluginFolders(root: string): PluginFolder[] {
  // Compiling every schema takes a few hundred ms of each start: schemas that compiled once are
  // remembered by their content (node_modules/.cache, as other tools keep theirs), so a restart
  // with the same files skips it, and any edit to a schema is compiled again.
  const marker = path.join(root, 'node_modules/.cache/tessera', `plugin-schemas-${schemaDigest(root)}.ok`);
  const known = fs.existsSync(marker);
  const found = discoverPluginFolders(path.join(root, 'plugins'), { compile: !known });
  if (!known) {
    try {
      fs.mkdirSync(path.dirname(marker), { recursive: true });
      fs.writeFileSync(marker, '');
    } catch {
      // A read-only install compiles at every start, as before.
    }
  }
  const indexed = new Set(indexedPluginFolders(path.join(root, 'src/generated/plugin-schemas.ts')));
  const problems = [
    ...found.filter((p) => !indexed.has(p.folder)).map((p) => `plugins/${p.folder}: is not in the generated index; run \`npm run gen:types\``),
    ...[...indexed].filter((f) => !found.some((p) => p.folder === f)).map((f) => `plugins/${f}: is in the generated index but no longer exists; run \`npm run gen:types\``),
  ];
  if (problems.length > 0) throw new PluginFolderError(problems);
  return found;
}

/** A digest of every schema the plugin check compiles: the base schemas and each folder's. */
function schemaDigest(root: string): string {
  const hash = createHash('sha256');
  for (const dir of [path.join(root, 'schemas'), path.join(root, 'plugins')]) {
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!entry.endsWith('.json')) continue;
      hash.update(entry).update('\0').update(fs.readFileSync(path.join(dir, entry))).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Generates, from schemas/ and the plugin folders (plugins/<folder>/schema.json):
 *   schemas/column.json              the column union: one branch per plugin folder
 *   src/generated/definitions.ts     the TypeScript types of every schema
 *   src/generated/plugin-schemas.ts  the plugin schemas by folder (server and browser validation)
 *   src/generated/plugins.ts         each plugin folder's plugin (its index.ts), for the app's registry
 *   src/generated/validators.ts      every schema's validator, precompiled by ajv (standalone code),
 *                                    so the browser never compiles one (no 'unsafe-eval' in the CSP)
 *
 *   tsx scripts/gen-types.ts          write the files
 *   tsx scripts/gen-types.ts --check  regenerate in memory; exit 1 naming stale files (CI)
 *
 * Adding a column type is adding a folder: this script discovers it, and a broken folder (no
 * schema, a schema that does not compile, a childType that clashes) stops it with a message
 * naming the folder. All schemas are compiled as one document (a synthetic root that refers to
 * each of them), so a schema referenced from many places (Row, Action, Access...) becomes exactly
 * one named type. Cross-file `$ref`s use absolute `https://tessera.dev/schemas/...` ids; they are
 * resolved from the local files here, never over the network.
 */
import fs from 'node:fs';
import { builtInsModule } from './gen-built-ins.js';
import { writeOrCheck } from './generated-files.js';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { columnUnionSchema, createAjv, HINTS_KEYWORD, pluginSchemaId } from '../src/shared/schema-ajv.js';
import { baseSchemas, definitionSchemas, SCHEMA_BASE, schemaPartIds } from '../src/shared/schema-catalog.js';
import { discoverPluginFolders, PluginFolderError, type PluginFolder } from '../src/server/http/plugin-folders.js';
import { discoverStepFolders, stepUnionSchema, type StepFolder } from '../src/server/http/step-folders.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = 'https://tessera.dev/schemas/';

const BANNER = `/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with \`npm run gen:types\`; CI runs \`tsx scripts/gen-types.ts --check\`.
 */`;

type Schema = Record<string, unknown>;

function readJson(file: string): Schema {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Schema;
}

/** Every schema keyed by its `$id`, in a stable order: schemas/, the generated column union, the plugins. */
function loadSchemas(plugins: PluginFolder[], steps: StepFolder[]): Map<string, Schema> {
  const files = fs
    .readdirSync(path.join(root, 'schemas'))
    .filter((f) => f.endsWith('.json') && f !== 'column.json' && f !== 'step.json')
    .map((f) => path.join(root, 'schemas', f));
  const all: [string, Schema][] = [
    ...files.map((file): [string, Schema] => [path.relative(root, file), readJson(file)]),
    ['schemas/column.json', columnUnion(plugins)],
    ...plugins.map((p): [string, Schema] => [`plugins/${p.folder}/schema.json`, p.schema as Schema]),
    ['schemas/step.json', stepUnionSchema(steps) as Schema],
    ...steps.map((p): [string, Schema] => [`plugins/steps/${p.folder}/schema.json`, p.schema as Schema]),
  ];
  all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const byId = new Map<string, Schema>();
  for (const [file, schema] of all) {
    const id = schema.$id;
    if (typeof id !== 'string' || !id.startsWith(BASE)) throw new Error(`${file}: $id must start with ${BASE}`);
    if (byId.has(id)) throw new Error(`${file}: duplicate $id ${id}`);
    byId.set(id, forTypes(schema));
  }
  return byId;
}

function columnUnion(plugins: PluginFolder[]): Schema {
  return columnUnionSchema(plugins.map((p) => pluginSchemaId(p.folder))) as Schema;
}

/**
 * The type view of a schema. Validation-only constraints (the select's "items or model",
 * a model field's "reference needs a target") would turn into confusing unions and
 * intersections, so they are dropped here; ajv still enforces them. `$schema` and `$id`
 * are dropped so the resolver does not treat each file as a separate root, and `x-tessera`
 * designer hints because they describe editors, not values.
 */
function forTypes(schema: Schema): Schema {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) => {
      // Designer hints are annotations for the designers, not types (beside a $ref they would make a twin type).
      if (key === '$schema' || key === '$id' || key === HINTS_KEYWORD) return undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const v = { ...(value as Schema) };
        // A choice written as if/then/else (so ajv reports only the chosen branch) is a union of
        // its branches; a branch that accepts nothing (`not: {}`) adds nothing to it.
        if (v.if !== undefined && v.then !== undefined && v.else !== undefined) {
          v.anyOf = [v.then, v.else].filter((b) => !(b && typeof b === 'object' && 'not' in b));
          delete v.if;
          delete v.then;
          delete v.else;
          delete v.type;
        }
        if (Array.isArray(v.oneOf) && v.discriminator === undefined && v.properties !== undefined) delete v.oneOf;
        if (Array.isArray(v.allOf)) {
          const kept = (v.allOf as Schema[]).filter((s) => !('if' in s));
          if (kept.length > 0) v.allOf = kept;
          else delete v.allOf;
        }
        delete v.discriminator;
        // An "any JSON value" schema: without this it would become an object type.
        if (Object.keys(v).every((k) => k === 'description' || k === 'title')) v.tsType = 'unknown';
        if (['string', 'number', 'boolean'].includes(typeof v.default)) {
          const note = `Default: ${JSON.stringify(v.default)}.`;
          v.description = typeof v.description === 'string' ? `${v.description}\n\n${note}` : note;
        }
        return v;
      }
      return value;
    }),
  ) as Schema;
}

/** The generated files by path (relative to the repository), built in memory. */
export async function generate(): Promise<Map<string, string>> {
  const plugins = discoverPluginFolders(path.join(root, 'plugins'));
  const steps = discoverStepFolders(path.join(root, 'plugins', 'steps'));
  const schemas = loadSchemas(plugins, steps);
  const properties: Record<string, JSONSchema> = {};
  for (const id of schemas.keys()) {
    // common.json only holds $defs; its named parts appear where they are used.
    if (id !== `${BASE}common.json`) properties[id.slice(BASE.length).replace(/\.json$/, '')] = { $ref: id };
  }
  const rootSchema: JSONSchema = {
    title: 'TesseraSchemas',
    description: 'Every schema of Tessera; exists only so one compile names each shared type once.',
    type: 'object',
    properties,
    additionalProperties: false,
  };
  const code = await compile(rootSchema, 'TesseraSchemas', {
    bannerComment: BANNER,
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: true,
    cwd: root,
    format: true,
    style: { bracketSpacing: true, printWidth: 120, semi: true, singleQuote: true, tabWidth: 2, trailingComma: 'all', useTabs: false },
    $refOptions: {
      resolve: {
        file: false,
        http: false,
        tessera: {
          order: 1,
          canRead: (file: { url: string }) => file.url.startsWith(BASE),
          read: (file: { url: string }) => {
            const schema = schemas.get(file.url.replace(/#.*$/, ''));
            if (!schema) throw new Error(`Unknown schema ${file.url}`);
            return JSON.stringify(schema);
          },
        },
      },
    },
  });
  return new Map([
    ['schemas/column.json', `${JSON.stringify(columnUnion(plugins), null, 2)}\n`],
    ['src/generated/built-ins.ts', builtInsModule()],
    ['src/generated/definitions.ts', withoutRoot(code)],
    ['src/generated/plugin-schemas.ts', pluginSchemasModule(plugins)],
    ['src/generated/plugins.ts', pluginsModule(plugins)],
    ['src/generated/validators.ts', validatorsModule(plugins, steps)],
    ['schemas/step.json', `${JSON.stringify(stepUnionSchema(steps), null, 2)}\n`],
    ['src/generated/step-schemas.ts', stepSchemasModule(steps)],
    ['src/generated/steps.ts', stepsModule(steps)],
  ]);
}

/** A folder name as an identifier: code-editor -> codeEditor. */
function identifier(folder: string): string {
  return folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Isomorphic: every plugin folder's schema, for the shared ajv (server and browser). */
function pluginSchemasModule(plugins: PluginFolder[]): string {
  const lines = [
    BANNER,
    ...plugins.map((p) => `import ${identifier(p.folder)}Schema from '../../plugins/${p.folder}/schema.json' with { type: 'json' };`),
    '',
    '/** Every plugin folder\'s schema.json, keyed by folder, in folder order. */',
    'export const pluginSchemaFiles: Readonly<Record<string, object>> = {',
    ...plugins.map((p) => `  '${p.folder}': ${identifier(p.folder)}Schema,`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/** Isomorphic: every step folder's schema (plugins/steps/), for the shared ajv and the automation designer. */
function stepSchemasModule(steps: StepFolder[]): string {
  const lines = [
    BANNER,
    ...steps.map((p) => `import ${identifier(p.folder)}Schema from '../../plugins/steps/${p.folder}/schema.json' with { type: 'json' };`),
    '',
    "/** Every step folder's schema.json, keyed by its step type, in folder order. */",
    'export const stepSchemaFiles: Readonly<Record<string, object>> = {',
    ...steps.map((p) => `  ${p.type}: ${identifier(p.folder)}Schema,`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/** Server: every step folder's runner (its run.ts), by step type; the automations' runner (src/server/ops/automations) checks them. */
function stepsModule(steps: StepFolder[]): string {
  const lines = [
    BANNER,
    "import type { StepType } from '../plugin-kit/steps';",
    ...steps.map((p) => `import ${identifier(p.folder)} from '../../plugins/steps/${p.folder}/run';`),
    '',
    "/** Each step folder's runner, keyed by its step type, in folder order. */",
    'export const stepTypes: Readonly<Record<string, StepType>> = {',
    ...steps.map((p) => `  ${p.type}: ${identifier(p.folder)} as unknown as StepType,`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/**
 * Browser: every plugin folder's `plugin` export, by folder. A list, not a registration: the app's
 * composition root (src/app/host.tsx) makes the registry from it and hands it down, and importing
 * this module changes nothing.
 */
function pluginsModule(plugins: PluginFolder[]): string {
  const lines = [
    BANNER,
    "import type { AnyColumnPlugin } from '../runtime/plugin';",
    ...plugins.map((p) => `import { plugin as ${identifier(p.folder)} } from '../../plugins/${p.folder}';`),
    '',
    "/** Each plugin folder's plugin, keyed by folder, in folder order (registryOfFolders in src/runtime/registry.ts checks them). */",
    'export const pluginFolders: Readonly<Record<string, AnyColumnPlugin>> = {',
    ...plugins.map((p) => `  '${p.folder}': ${identifier(p.folder)},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

// ajv's standalone module is CommonJS; under some loaders the function is the module's default export.
type StandaloneCode = (ajv: ReturnType<typeof createAjv>, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: StandaloneCode }).default ??
  standaloneCodeModule) as unknown as StandaloneCode;

/**
 * Browser: every schema's validator as plain code (ajv's standalone output), built by the same
 * createAjv, options and schemas as the server's, so its errors are the server's word for word.
 * ajv's code `require`s a few runtime helpers; they become imports, with CommonJS interop that
 * works both under Vite and under Node.
 */
function validatorsModule(plugins: PluginFolder[], steps: StepFolder[]): string {
  const pluginSchemaList = plugins.map((p) => p.schema as Schema);
  const stepSchemaList = [stepUnionSchema(steps), ...steps.map((p) => p.schema)];
  const ajv = createAjv(columnUnion(plugins), pluginSchemaList, { source: true, esm: true, lines: true }, stepSchemaList);
  const ids = [
    ...baseSchemas.filter((s) => s.$id !== `${SCHEMA_BASE}plugin-hints.json`).map((s) => String(s.$id)),
    `${SCHEMA_BASE}column.json`,
    ...pluginSchemaList.map((s) => String(s.$id)),
    ...stepSchemaList.map((s) => String(s.$id)),
    ...Object.values(definitionSchemas).map((s) => String(s.$id)),
    ...Object.values(schemaPartIds),
  ];
  const names = new Map(ids.map((id, i) => [`v${i}`, id]));
  let code = standaloneCode(ajv, Object.fromEntries([...names].map(([name, id]) => [name, id])));
  const helpers: string[] = [];
  code = code.replace(/require\("([^"]+)"\)/g, (_, spec: string) => {
    if (!spec.startsWith('ajv/dist/runtime/')) throw new Error(`gen-types: unexpected import ${spec} in the standalone validators`);
    let i = helpers.indexOf(spec);
    if (i < 0) i = helpers.push(spec) - 1;
    return `runtime${i}`;
  });
  if (/\b(eval|Function)\s*\(/.test(code)) throw new Error('gen-types: the standalone validators would evaluate code at run time');
  const lines = [
    BANNER,
    '// @ts-nocheck: ajv writes plain JavaScript; only the map at the end is typed.',
    "import type { ErrorObject } from 'ajv/dist/2020.js';",
    ...helpers.map((spec, i) => `import * as runtime${i}Module from '${spec}.js';`),
    ...helpers.map(
      (_, i) =>
        // Node hands a CommonJS module's exports over as `default`; Vite hands over the exports themselves.
        `const runtime${i} = runtime${i}Module.default && runtime${i}Module.default.__esModule ? runtime${i}Module.default : runtime${i}Module;`,
    ),
    code.replace(/^"use strict";/, ''),
    '',
    '/** Every schema\'s precompiled validator, keyed by its `$id`. */',
    'export const validatorsById: Readonly<Record<string, ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }>> = {',
    ...[...names].map(([name, id]) => `  '${id}': ${name},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/** The synthetic root only exists to compile everything at once; it is not a type anyone uses. */
function withoutRoot(code: string): string {
  const out = code.replace(/\/\*\*\n \* Every schema of Tessera[^]*?\nexport interface TesseraSchemas \{\n[^]*?\n\}\n/, '');
  if (out.includes('TesseraSchemas')) throw new Error('gen-types: could not remove the synthetic root type');
  return out;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  let files: Map<string, string>;
  try {
    files = await generate();
  } catch (e) {
    if (!(e instanceof PluginFolderError)) throw e;
    console.error(`gen:types: ${e.message}`);
    process.exit(1);
  }
  writeOrCheck(root, files, check, 'gen:types', 'npm run gen:types');
}

// Run only as a script, so tests can import generate() without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();

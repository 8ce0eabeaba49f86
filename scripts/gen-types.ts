/**
 * Generates src/generated/definitions.ts from schemas/ and plugins/<folder>/schema.json.
 *
 *   tsx scripts/gen-types.ts          write the file
 *   tsx scripts/gen-types.ts --check  regenerate in memory; exit 1 naming stale files (CI)
 *
 * All schemas are compiled as one document (a synthetic root that refers to each of them), so a
 * schema referenced from many places (Row, Action, Access...) becomes exactly one named type.
 * Cross-file `$ref`s use absolute `https://tessera.dev/schemas/...` ids; they are resolved
 * from the local files here, never over the network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = 'https://tessera.dev/schemas/';
export const outDir = path.join(root, 'src/generated');

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

/** Every schema file keyed by its `$id`, in a stable order. */
function loadSchemas(): Map<string, Schema> {
  const files = [
    ...fs.readdirSync(path.join(root, 'schemas')).filter((f) => f.endsWith('.json')).map((f) => path.join(root, 'schemas', f)),
    ...fs
      .readdirSync(path.join(root, 'plugins'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'plugins', d.name, 'schema.json')))
      .map((d) => path.join(root, 'plugins', d.name, 'schema.json')),
  ].sort();
  const byId = new Map<string, Schema>();
  for (const file of files) {
    const schema = readJson(file);
    const id = schema.$id;
    if (typeof id !== 'string' || !id.startsWith(BASE)) throw new Error(`${path.relative(root, file)}: $id must start with ${BASE}`);
    if (byId.has(id)) throw new Error(`${path.relative(root, file)}: duplicate $id ${id}`);
    byId.set(id, forTypes(schema));
  }
  return byId;
}

/**
 * The type view of a schema. Validation-only constraints (the select's "items or model",
 * a model field's "reference needs a target") would turn into confusing unions and
 * intersections, so they are dropped here; ajv still enforces them. `$schema` and `$id`
 * are dropped so the resolver does not treat each file as a separate root.
 */
function forTypes(schema: Schema): Schema {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === '$schema' || key === '$id') return undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const v = { ...(value as Schema) };
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

/** The generated files by name (relative to src/generated), built in memory. */
export async function generate(): Promise<Map<string, string>> {
  const schemas = loadSchemas();
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
  return new Map([['definitions.ts', withoutRoot(code)]]);
}

/** The synthetic root only exists to compile everything at once; it is not a type anyone uses. */
function withoutRoot(code: string): string {
  const out = code.replace(/\/\*\*\n \* Every schema of Tessera[^]*?\nexport interface TesseraSchemas \{\n[^]*?\n\}\n/, '');
  if (out.includes('TesseraSchemas')) throw new Error('gen-types: could not remove the synthetic root type');
  return out;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await generate();
  const stale: string[] = [];
  for (const [name, content] of files) {
    const target = path.join(outDir, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === content) continue;
    if (check) stale.push(path.relative(root, target));
    else {
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(target, content);
      console.log(`wrote ${path.relative(root, target)}`);
    }
  }
  if (check) {
    if (stale.length > 0) {
      console.error(`Generated types are stale: ${stale.join(', ')}. Run \`npm run gen:types\` and commit the result.`);
      process.exit(1);
    }
    console.log('Generated types are up to date.');
  }
}

// Run only as a script, so tests can import generate() without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();

/**
 * One self-contained JSON Schema per definition kind, for the raw editors' completion and hover
 * help (codemirror-json-schema resolves only local `$ref`s). Built from the very schema files the
 * server validates with: every schema a kind reaches by `$ref` is copied under `$defs` and each
 * reference is rewritten to point there. Validation itself stays with ajv's validators (precompiled-validators), so
 * the editor's errors are the server's.
 */
import action from '../../schemas/action.json' with { type: 'json' };
import column from '../../schemas/column.json' with { type: 'json' };
import common from '../../schemas/common.json' with { type: 'json' };
import filter from '../../schemas/filter.json' with { type: 'json' };
import rowAction from '../../schemas/row-action.json' with { type: 'json' };
import row from '../../schemas/row.json' with { type: 'json' };
import tab from '../../schemas/tab.json' with { type: 'json' };
import { getDefinitionSchema, pluginSchemas, SCHEMA_BASE, HINTS_KEYWORD, type DefinitionKind } from './schema-catalog.js';

type Schema = Record<string, unknown>;

function schemasById(): Map<string, Schema> {
  const all = [action, column, common, filter, rowAction, row, tab, ...Object.values(pluginSchemas)] as Schema[];
  return new Map(all.map((s) => [String(s.$id), s]));
}

/** '$defs' key of an embedded schema: 'plugins/text.json' -> 'tessera_plugins_text'. */
const slug = (id: string) => `tessera_${id.slice(SCHEMA_BASE.length).replace(/\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_')}`;

/** A copy of `node` with references rewritten (`own`: the $defs key of the schema it belongs to; '' for the root) and editor hints dropped. */
function rewrite(node: unknown, own: string, needed: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, own, needed));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === HINTS_KEYWORD || key === '$id' || key === '$schema' || key === 'discriminator') continue;
    if (key === '$ref' && typeof value === 'string') {
      if (value.startsWith(SCHEMA_BASE)) {
        const [file = '', fragment = ''] = value.split('#');
        needed.add(file);
        out.$ref = `#/$defs/${slug(file)}${fragment}`;
      } else if (value.startsWith('#') && own) {
        out.$ref = `#/$defs/${own}${value.slice(1)}`;
      } else out.$ref = value;
      continue;
    }
    out[key] = rewrite(value, own, needed);
  }
  return out;
}

/** Where a column type's schema sits in a bundle: `#/$defs/<this>`. */
export function pluginDefKey(childType: string): string | undefined {
  const schema = pluginSchemas[childType];
  return schema ? slug(String(schema.$id)) : undefined;
}

const COLUMN_ID = `${SCHEMA_BASE}column.json`;

/**
 * The column union said the way completion can follow: the childType's values as an enum, and
 * each type's own schema applied when childType names it (if/then). The registry's oneOf picks a
 * branch only once the column is valid, which leaves nothing to complete while one is typed; both
 * forms accept and refuse the same columns (property-tested).
 */
function columnByType(): Schema {
  const types = Object.entries(pluginSchemas);
  return {
    title: column.title,
    description: column.description,
    type: 'object',
    properties: { childType: { description: 'The column type: it picks the plugin that draws the column.', enum: types.map(([t]) => t) } },
    required: ['childType'],
    allOf: types.map(([t, schema]) => ({ if: { properties: { childType: { const: t } }, required: ['childType'] }, then: { $ref: String(schema.$id) } })),
  };
}

const bundles = new Map<DefinitionKind, Schema>();

/** The kind's schema with everything it references inside it. */
export function bundledSchema(kind: DefinitionKind): Schema {
  const cached = bundles.get(kind);
  if (cached) return cached;
  const byId = schemasById();
  const needed = new Set<string>();
  const root = rewrite(getDefinitionSchema(kind), '', needed) as Schema;
  const defs: Schema = { ...((root.$defs as Schema | undefined) ?? {}) };
  const done = new Set<string>();
  while (needed.size > done.size) {
    for (const id of [...needed]) {
      if (done.has(id)) continue;
      done.add(id);
      const schema = id === COLUMN_ID ? columnByType() : byId.get(id);
      if (!schema) throw new Error(`bundledSchema: ${kind} refers to ${id}, which is not loaded`);
      defs[slug(id)] = rewrite(schema, slug(id), needed);
    }
  }
  const bundled = { ...root, $defs: defs };
  bundles.set(kind, bundled);
  return bundled;
}

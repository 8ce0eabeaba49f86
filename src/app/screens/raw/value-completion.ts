/**
 * Completion of values in the raw editors: every `childType` (with each type's label and
 * description from its designer hints), and the enumerations of the property under the caret,
 * found from the column type of the object around it. It reads the syntax tree, not the parsed
 * document, so it works while the value is half typed (the JSON does not parse then, and
 * codemirror-json-schema's own completion has no schema to go on).
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { pluginHints } from '../../../shared/plugin-hints';
import { bundledSchema, pluginDefKey } from '../../../shared/schema-bundle';
import { childTypes, type DefinitionKind } from '../../../shared/schema-catalog';

type Schema = Record<string, unknown>;

const unquote = (text: string) => (text.startsWith('"') ? text.slice(1, text.endsWith('"') && text.length > 1 ? -1 : undefined) : text);

/** The Property node the caret's value belongs to, and the Object holding it. */
function propertyAt(state: EditorState, pos: number): { name: string; object: SyntaxNode; value: SyntaxNode | null } | null {
  let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1);
  while (node && node.name !== 'Property') {
    if (node.name === 'Object' || node.name === 'Array') return null;
    node = node.parent;
  }
  const name = node?.getChild('PropertyName');
  if (!node || !name || !node.parent) return null;
  // The caret must be past the property name (in the value), not in the name itself.
  if (pos <= name.to) return null;
  // The value being typed: the node after the colon that reaches the caret (a half-typed string
  // is an error node in the tree until its closing quote arrives).
  let value = name.nextSibling;
  while (value && value.name === ':') value = value.nextSibling;
  if (value && !(value.from <= pos && value.to >= pos)) value = null;
  return { name: unquote(state.sliceDoc(name.from, name.to)), object: node.parent, value };
}

/** The value text of property `key` of an Object node, when it is a complete string. */
function stringProperty(state: EditorState, object: SyntaxNode, key: string): string | undefined {
  for (let p = object.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'Property') continue;
    const name = p.getChild('PropertyName');
    const value = p.getChild('String');
    if (name && value && unquote(state.sliceDoc(name.from, name.to)) === key) return JSON.parse(state.sliceDoc(value.from, value.to)) as string;
  }
  return undefined;
}

/** Follows local `$ref`s of the bundled schema. */
function resolve(root: Schema, node: unknown): Schema | undefined {
  let at = node as Schema | undefined;
  for (let hops = 0; at && typeof at.$ref === 'string' && hops < 20; hops++) {
    let target: unknown = root;
    for (const part of (at.$ref as string).replace(/^#\//, '').split('/')) target = (target as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    at = target as Schema | undefined;
  }
  return at;
}

/** The schema of property `name` in `schema`: its own properties, then those of its allOf parts. */
function propertySchema(root: Schema, schema: Schema | undefined, name: string, depth = 0): Schema | undefined {
  if (!schema || depth > 5) return undefined;
  const prop = resolve(root, (schema.properties as Schema | undefined)?.[name]);
  if (prop) return prop;
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    const found = propertySchema(root, resolve(root, part), name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The allowed values of property `name` in `schema`. */
function enumOf(root: Schema, schema: Schema | undefined, name: string): unknown[] {
  const prop = propertySchema(root, schema, name);
  if (!prop) return [];
  if (Array.isArray(prop.enum)) return prop.enum;
  return 'const' in prop ? [prop.const] : [];
}

/** The schema an object of the document follows: its column type's, or the document's own at the top. */
function ownerOf(root: Schema, state: EditorState, object: SyntaxNode): Schema | undefined {
  const childType = stringProperty(state, object, 'childType');
  if (childType) {
    const key = pluginDefKey(childType);
    return key ? resolve(root, { $ref: `#/$defs/${key}` }) : undefined;
  }
  return object.parent?.name === 'JsonText' ? root : undefined;
}

/** What the raw editors' hover says of a property name: its description, type and allowed values. */
export function propertyHelp(kind: DefinitionKind, state: EditorState, pos: number): { from: number; to: number; name: string; description?: string; type?: string; values?: unknown[] } | null {
  const root = bundledSchema(kind);
  let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, 1);
  if (node.name !== 'PropertyName') node = syntaxTree(state).resolveInner(pos, -1);
  if (node.name !== 'PropertyName' || node.parent?.name !== 'Property' || !node.parent.parent) return null;
  const name = unquote(state.sliceDoc(node.from, node.to));
  const prop = propertySchema(root, ownerOf(root, state, node.parent.parent), name);
  if (!prop) return null;
  const values = Array.isArray(prop.enum) ? prop.enum : 'const' in prop ? [prop.const] : undefined;
  const type = typeof prop.type === 'string' ? prop.type : Array.isArray(prop.type) ? prop.type.join(' or ') : undefined;
  return { from: node.from, to: node.to, name, description: typeof prop.description === 'string' ? prop.description : undefined, type, values };
}

export function valueCompletion(kind: DefinitionKind) {
  const root = bundledSchema(kind);
  return (context: CompletionContext): CompletionResult | null => {
    const at = propertyAt(context.state, context.pos);
    if (!at) return null;
    let options: Completion[];
    if (at.name === 'childType') {
      options = childTypes.map((t) => ({ label: JSON.stringify(t), detail: pluginHints(t)?.label, info: pluginHints(t)?.description, type: 'enum' }));
    } else {
      options = enumOf(root, ownerOf(root, context.state, at.object), at.name).map((v) => ({ label: JSON.stringify(v), type: 'enum' }));
    }
    if (options.length === 0) return null;
    const from = at.value ? at.value.from : context.pos;
    const to = at.value ? at.value.to : context.pos;
    if (!context.explicit && !at.value) return null;
    return { from, to, options, validFor: /^"?[^"]*"?$/ };
  };
}

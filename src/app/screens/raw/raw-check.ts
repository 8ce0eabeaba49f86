import { validateDefinition } from '../../../shared/precompiled-validators';
import type { DefinitionKind, SchemaError } from '../../../shared/schema-catalog';

export interface Checked {
  /** The parsed document, when the text is JSON. */
  value?: Record<string, unknown>;
  /** Why it cannot be saved: a parse error (pointer ''), or the schema's errors with their pointers. */
  problems: SchemaError[];
}

/** Keys the server keeps for itself: the raw text leaves them out and the save adds them back. */
export const SERVER_KEYS = ['id', 'version'] as const;

/**
 * What the raw editor's text means: parsed, then checked against the kind's schema with the same
 * validators the server's ajv would build (precompiled by gen:types), so every reason shown is one the server would give.
 */
export function checkText(kind: DefinitionKind, text: string): Checked {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problems: [{ pointer: '', message: `Not valid JSON: ${(e as Error).message}` }] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: [{ pointer: '', message: 'The definition must be a JSON object' }] };
  }
  const doc = value as Record<string, unknown>;
  const problems: SchemaError[] = [];
  for (const key of SERVER_KEYS) {
    if (key in doc) problems.push({ pointer: `/${key}`, message: `'${key}' is kept by the server: leave it out` });
  }
  const result = validateDefinition(kind, doc);
  if (!result.ok) problems.push(...result.errors);
  return { value: doc, problems };
}

/** The text the raw editor shows for a stored definition: without id and version, two-space indented. */
export function textOf(doc: Record<string, unknown>): string {
  const shown: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!(SERVER_KEYS as readonly string[]).includes(k)) shown[k] = v;
  return `${JSON.stringify(shown, null, 2)}\n`;
}

/**
 * The automations' templates (docs/automations.md, "Templates"): text with placeholders such as
 * `{{record.title}}`, `{{ before.status }}`, `{{data.items.0.name}}` or `{{now}}`. A placeholder
 * is a path, names joined by dots; nothing else is allowed inside the braces, so rendering is a
 * lookup per placeholder and no code ever runs (no eval, no Function: the CSP forbids them, and a
 * template is written by an administrator but filled with values anyone may have typed).
 *
 * - A path is names (letters, digits and `_`, not starting with a digit) joined by dots; a segment
 *   after the first may also be a number (`0`, `12`: no leading zeros), which indexes an array.
 *   Spaces and tabs are allowed inside the braces, around the path.
 * - `\{{` is a literal `{{` (the backslash is dropped); a backslash anywhere else is itself.
 * - Whatever is not a well-formed placeholder (an unclosed `{{`, `{{ }}`, `{{ a b }}`) is left as it
 *   is written; templateProblems names each one, for the check on save.
 * - A rendered value is never read again for placeholders: a record whose title is
 *   `{{user.email}}` renders as that text, not as the user's address (no template injection).
 * - Values as text: a string is itself, a number or a boolean its text (`12.5`, `true`), a missing
 *   value and null nothing (`''`), a Date its ISO 8601 text (`2025-01-31T09:00:00.000Z`), an array
 *   or object its JSON text (dates inside it in ISO text too); anything else (a function) nothing.
 * - Bounds: a template over MAX_TEMPLATE_LENGTH characters or with over MAX_PLACEHOLDERS
 *   placeholders is refused by templateProblems, and is never rendered: it comes out exactly as it
 *   was written, nothing looked up. A rendered text is cut at MAX_RENDERED_LENGTH characters.
 *
 * Isomorphic and free of imports: the server renders, the designer checks.
 */

/** A path: its segments, e.g. ['record', 'member', 'email']. */
export type TemplatePath = string[];

/** Answers a path's value; undefined when there is none. */
export type TemplateLookup = (path: TemplatePath) => unknown;

/** The longest template rendered, in characters (longer ones are refused on save and never rendered). */
export const MAX_TEMPLATE_LENGTH = 20_000;
/** The most placeholders a template may hold (more are refused on save and never rendered). */
export const MAX_PLACEHOLDERS = 200;
/** The longest rendered text: past it the text is cut (200 placeholders of a large JSON field would otherwise add up). */
export const MAX_RENDERED_LENGTH = 100_000;

/** The roots an automation's templates start from (docs/automations.md, "Templates"). */
export const TEMPLATE_ROOTS = ['record', 'before', 'user', 'now', 'data', 'item', 'steps'] as const;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^(0|[1-9][0-9]{0,8})$/;
const SPACE = /^[ \t]*|[ \t]*$/g;

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'path'; path: TemplatePath }
  | { kind: 'bad'; text: string; at: number; problem: string }
  | { kind: 'unclosed'; text: string; at: number };

interface Parsed {
  parts: Part[];
  /** Why the whole template is refused (its size), or null. */
  oversize: string | null;
}

/** Why the text between braces is not a path, or null when it is one. */
function pathProblem(inner: string): string | null {
  if (inner === '') return 'names nothing';
  const segments = inner.split('.');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (s === '') return 'has an empty name (two dots together, or a dot at an end)';
    if (NAME.test(s)) continue;
    if (i > 0 && INDEX.test(s)) continue;
    if (i === 0 && INDEX.test(s)) return 'starts with a number: a path starts with a name, such as record';
    return `has '${s.length > 40 ? `${s.slice(0, 40)}…` : s}', which is neither a name (letters, digits and _) nor a number`;
  }
  return null;
}

/**
 * Splits a template into text and placeholders in one pass, left to right. Bounded: linear in the
 * text's length; the size limits are checked first and an oversize template is one text part.
 */
function parse(text: string): Parsed {
  if (text.length > MAX_TEMPLATE_LENGTH) {
    return { parts: [{ kind: 'text', text }], oversize: `The template is ${text.length.toLocaleString('en')} characters long: at most ${MAX_TEMPLATE_LENGTH.toLocaleString('en')}` };
  }
  const parts: Part[] = [];
  let placeholders = 0;
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{{', i);
    if (open < 0) {
      literal += text.slice(i);
      break;
    }
    if (open > 0 && text[open - 1] === '\\') {
      // \{{ is a literal {{: the backslash is dropped.
      literal += `${text.slice(i, open - 1)}{{`;
      i = open + 2;
      continue;
    }
    literal += text.slice(i, open);
    const close = text.indexOf('}}', open + 2);
    if (close < 0) {
      if (literal) parts.push({ kind: 'text', text: literal });
      literal = '';
      parts.push({ kind: 'unclosed', text: text.slice(open), at: open });
      break;
    }
    if (literal) parts.push({ kind: 'text', text: literal });
    literal = '';
    placeholders++;
    const raw = text.slice(open, close + 2);
    const inner = text.slice(open + 2, close).replace(SPACE, '');
    const problem = pathProblem(inner);
    parts.push(problem === null ? { kind: 'path', path: inner.split('.') } : { kind: 'bad', text: raw, at: open, problem });
    i = close + 2;
  }
  if (literal) parts.push({ kind: 'text', text: literal });
  if (placeholders > MAX_PLACEHOLDERS) {
    return { parts: [{ kind: 'text', text }], oversize: `The template has ${placeholders} placeholders: at most ${MAX_PLACEHOLDERS}` };
  }
  return { parts, oversize: null };
}

/** Shortens a piece of the template for a message. */
function excerpt(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * What is wrong with a template, one message per problem (empty: nothing), for the check on save:
 * its size, an unclosed `{{`, a placeholder that is not a path; with `roots`, a path that starts
 * with none of them (the automations' are TEMPLATE_ROOTS).
 */
export function templateProblems(text: string, options: { roots?: readonly string[] } = {}): string[] {
  if (typeof text !== 'string') return ['A template is text'];
  const { parts, oversize } = parse(text);
  if (oversize) return [oversize];
  const problems: string[] = [];
  for (const part of parts) {
    if (part.kind === 'unclosed') {
      problems.push(`'{{' at character ${part.at + 1} is not closed by '}}' (write \\{{ for the braces themselves)`);
    } else if (part.kind === 'bad') {
      problems.push(`${excerpt(part.text)} at character ${part.at + 1} ${part.problem}`);
    } else if (part.kind === 'path' && options.roots && !options.roots.includes(part.path[0] as string)) {
      problems.push(`{{${part.path.join('.')}}} starts with '${part.path[0]}': a path starts with ${options.roots.join(', ')}`);
    }
  }
  return problems;
}

/** The paths a template reads, in order, without repeats (none for a template too large to render). */
export function templatePaths(text: string): TemplatePath[] {
  if (typeof text !== 'string') return [];
  const seen = new Set<string>();
  const paths: TemplatePath[] = [];
  for (const part of parse(text).parts) {
    if (part.kind !== 'path') continue;
    const key = part.path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(part.path);
  }
  return paths;
}

/** A value as the text a placeholder renders (see the module's comment). Never throws. */
export function templateText(value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'object':
      try {
        if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
        return JSON.stringify(value) ?? '';
      } catch {
        // A cycle, a BigInt inside, a throwing toJSON: nothing rather than a failed run.
        return '';
      }
    default:
      return '';
  }
}

/** Asks the lookup, treating a throwing lookup as a missing value. */
function valueAt(lookup: TemplateLookup, path: TemplatePath): unknown {
  try {
    return lookup(path);
  } catch {
    return undefined;
  }
}

/**
 * The template with each placeholder replaced by its value's text (a missing one by nothing).
 * Never throws; values are not read again for placeholders; the result is cut at MAX_RENDERED_LENGTH.
 */
export function renderTemplate(text: string, lookup: TemplateLookup): string {
  if (typeof text !== 'string') return '';
  if (!text.includes('{{')) return text;
  const { parts, oversize } = parse(text);
  if (oversize) return text;
  let out = '';
  for (const part of parts) {
    out += part.kind === 'path' ? templateText(valueAt(lookup, part.path)) : part.text;
    if (out.length > MAX_RENDERED_LENGTH) return out.slice(0, MAX_RENDERED_LENGTH);
  }
  return out;
}

/** The path of a string that is exactly one placeholder (`{{record.count}}`, spaces allowed inside the braces only), or null. */
export function singlePlaceholder(text: string): TemplatePath | null {
  if (typeof text !== 'string' || !text.startsWith('{{') || !text.endsWith('}}') || text.length > MAX_TEMPLATE_LENGTH) return null;
  const { parts } = parse(text);
  const only = parts.length === 1 ? parts[0] : undefined;
  return only?.kind === 'path' ? only.path : null;
}

/**
 * A value of a step's settings, rendered: a string that is exactly one placeholder keeps the
 * value's own type (`'{{record.count}}'` gives the number 3, `'{{record}}'` the record; a missing
 * value gives null); any other string renders as text (renderTemplate); anything else is returned
 * as it is. Never throws.
 */
export function renderTemplateValue(value: unknown, lookup: TemplateLookup): unknown {
  if (typeof value !== 'string') return value;
  const path = singlePlaceholder(value);
  if (path) return valueAt(lookup, path) ?? null;
  return renderTemplate(value, lookup);
}

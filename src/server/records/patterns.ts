import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import type { RE2 } from 're2-wasm';
import type { PatternMatcher } from '../../shared/field-validation.js';
import type { ErrorDetail } from '../core/errors.js';

/**
 * Definitions' regular expressions run on the server through RE2, whose time is linear in the
 * text: `^(\w+\s?)*$` against a long value answers at once instead of freezing the process.
 * RE2 has no look-around and no back-references; a definition using them is refused when
 * saved (see patternProblems), and one stored before that rule is skipped, as a broken one.
 */
const CACHE_LIMIT = 1_000;
const load = createRequire(import.meta.url);
let re2Class: typeof RE2 | undefined;
/** RE2, loaded for the first pattern: its WebAssembly holds about 13 MB of memory. */
function newRe2(pattern: string): RE2 {
  re2Class ??= (load('re2-wasm') as { RE2: typeof RE2 }).RE2;
  return new re2Class(pattern, 'u');
}
/** Compiled patterns, the least recently used dropped first; `{ re: null }` remembers a broken one. */
const compiled = new LRUCache<string, { re: RE2 | null }>({ max: CACHE_LIMIT });

function compile(pattern: string): RE2 | null {
  const found = compiled.get(pattern);
  if (found) return found.re;
  let re: RE2 | null;
  try {
    re = newRe2(pattern);
  } catch {
    re = null;
  }
  compiled.set(pattern, { re });
  return re;
}

export const re2Match: PatternMatcher = (pattern, text) => {
  const re = compile(pattern);
  return re ? re.test(text) : undefined;
};

/** Why a pattern cannot be saved, or null when RE2 runs it. */
function patternProblem(pattern: string): string | null {
  try {
    newRe2(pattern);
    return null;
  } catch (e) {
    return `is not a pattern the server can run in linear time (${(e as Error).message.replace(/^Invalid regular expression: /, '')}); look-around and back-references are not supported`;
  }
}

/** Every `regularexpression` in a definition that RE2 refuses, with its JSON pointer. */
export function patternProblems(doc: unknown, pointer = ''): ErrorDetail[] {
  if (Array.isArray(doc)) return doc.flatMap((item, i) => patternProblems(item, `${pointer}/${i}`));
  if (!doc || typeof doc !== 'object') return [];
  const out: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(doc as Record<string, unknown>)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key === 'regularexpression' && typeof value === 'string' && value !== '') {
      const problem = patternProblem(value);
      if (problem) out.push({ pointer: at, message: problem });
    } else if (value && typeof value === 'object') {
      out.push(...patternProblems(value, at));
    }
  }
  return out;
}

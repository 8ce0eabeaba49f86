/**
 * How deep a request body may nest. The server's own work with a value recurses once per level
 * (its text, its JSON, ajv's checks), and a few thousand levels exhaust the stack: a form value
 * a million arrays deep answered 500. Definitions nest at most MAX_DEFINITION_DEPTH (200,
 * src/shared/schema-registry.ts) and an app file wraps them in four more levels, so nothing real comes
 * near; a record's JSON value has no use for more either.
 */
export const MAX_BODY_DEPTH = 256;

/** What is wrong with a parsed JSON body, if anything. */
export type BodyFault = 'nul' | 'depth';

/**
 * Whether a parsed JSON body holds a NUL character in any key or string (PostgreSQL's text
 * cannot store one, and no value of this app means anything with one), or nests deeper than
 * MAX_BODY_DEPTH: the API refuses both at the edge, on either database. Walked once, with a
 * stack, not recursion: a body may be nested a million levels deep.
 */
export function bodyFault(body: unknown, maxDepth = MAX_BODY_DEPTH): BodyFault | undefined {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= maxDepth) return 'depth';
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'nul';
        stack.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/** Whether a url holds an encoded NUL (in its path or its query). */
export function urlHoldsNul(url: string): boolean {
  return /%00/.test(url);
}

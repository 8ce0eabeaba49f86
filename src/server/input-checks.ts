/**
 * Whether a parsed JSON body holds a NUL character in any key or string. PostgreSQL's text
 * cannot store one (the query fails), and no value of this app means anything with one, so
 * the API refuses it at the edge, on either database. Walked with a stack, not recursion:
 * a body may be nested ten thousand levels deep.
 */
export function holdsNul(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Whether a url holds an encoded NUL (in its path or its query). */
export function urlHoldsNul(url: string): boolean {
  return /%00/.test(url);
}

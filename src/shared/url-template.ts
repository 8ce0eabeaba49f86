/**
 * Url templates of definitions: `:field` placeholders are filled from a record (row actions
 * use the row, dynamic selects use the form's values). Each value becomes exactly one path
 * segment: URI-encoded, so it cannot add segments, a query or a fragment; and never '.' or
 * '..', which encoding leaves as they are and the browser resolves before sending, so a value
 * '..' walked the url up (a record with city '..' and name 'logout' made the dependent select
 * at /select/:city/:name call /api/logout). A template with such a value, or with a missing or
 * empty one (which would shift the segments after it), has no url at all: the select shows no
 * options, as while a field it names is empty, and a row action stays an inert label.
 */
const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** A value as one path segment, or null when it is missing, empty, '.' or '..', or cannot be encoded (a lone surrogate). */
export function pathSegment(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value);
  if (text === '' || text === '.' || text === '..') return null;
  try {
    return encodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The template with every placeholder filled, or null when any value is not a usable segment (see pathSegment). */
export function fillUrl(template: string, values: Readonly<Record<string, unknown>>): string | null {
  let usable = true;
  const url = template.replace(PLACEHOLDER, (_, name: string) => {
    const segment = pathSegment(values[name]);
    if (segment === null) usable = false;
    return segment ?? '';
  });
  return usable ? url : null;
}

/** The field names a template reads, in order, without repeats. */
export function urlFields(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** True when every placeholder of the template has a usable value, so fillUrl gives a url. */
export function urlComplete(template: string, values: Readonly<Record<string, unknown>>): boolean {
  return urlFields(template).every((n) => pathSegment(values[n]) !== null);
}

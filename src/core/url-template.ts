/**
 * Url templates of definitions: `:field` placeholders are filled from a record (row actions
 * use the row, dynamic selects use the form's values). Values are URI-encoded, so a value
 * cannot add path segments; a placeholder with no value becomes empty.
 */
const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function fillUrl(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? '' : encodeURIComponent(String(v));
  });
}

/** The field names a template reads, in order, without repeats. */
export function urlFields(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** True when every placeholder of the template has a non-empty value. */
export function urlComplete(template: string, values: Readonly<Record<string, unknown>>): boolean {
  return urlFields(template).every((n) => values[n] !== undefined && values[n] !== null && values[n] !== '');
}

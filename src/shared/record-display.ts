/**
 * What a record is called where another screen shows it (a reference's target, a link's items):
 * its model's `display`, a field's name or a short template naming fields in braces
 * (`{first} {last}`), or without one the model's first text field. One rule for the client and
 * the server, so a name reads the same in a grid, a picker and an export.
 */

interface DisplayField {
  name: string;
  type: string;
}

interface DisplayModel {
  display?: string;
  fields: readonly DisplayField[];
}

/** Field types whose values may be shown as a record's name (a password never is; a link holds no value of its own). */
const SHOWN_TYPES = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

const TOKEN = /\{([^{}]*)\}/g;

/** Whether `display` is a template (names fields in braces) rather than a field's name. */
export function isDisplayTemplate(display: string): boolean {
  return display.includes('{');
}

/** The field names a display names: the one field, or each `{name}` of a template. */
export function displayFieldNames(display: string): string[] {
  if (!isDisplayTemplate(display)) return [display.trim()];
  return [...display.matchAll(TOKEN)].map((m) => (m[1] ?? '').trim());
}

/**
 * What is wrong with a model's `display`, said for the admin, or undefined: it must name fields
 * of the model that can be shown, and a template must close its braces.
 */
export function displayProblem(model: DisplayModel): string | undefined {
  const display = model.display;
  if (display === undefined) return undefined;
  if (display.trim() === '') return 'names no field: leave it out to show the first text field';
  if (isDisplayTemplate(display) && display.replace(TOKEN, '').match(/[{}]/)) return `'${display}' has a brace that is not closed`;
  for (const name of displayFieldNames(display)) {
    const field = model.fields.find((f) => f.name === name);
    if (!field) return `'${name}' is not a field of this model`;
    if (!SHOWN_TYPES.has(field.type)) return `the ${field.type} field '${name}' cannot name a record`;
  }
  return undefined;
}

/** The display a model has in effect: its own, or its first text field, or none (records are then called by id). */
export function effectiveDisplay(model: DisplayModel): string | undefined {
  if (model.display !== undefined && displayProblem(model) === undefined) return model.display;
  return model.fields.find((f) => f.type === 'text')?.name;
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A record's name by its model's display; its id when the display names nothing or shows nothing. */
export function recordDisplay(model: DisplayModel, record: Record<string, unknown>): string {
  const display = effectiveDisplay(model);
  const id = shown(record.id);
  if (display === undefined) return id;
  const text = isDisplayTemplate(display) ? display.replace(TOKEN, (_, name: string) => shown(record[name.trim()])).trim() : shown(record[display]);
  return text === '' ? id : text;
}

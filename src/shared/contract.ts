/**
 * What the client and the server agree on without saying it in a schema: the definition kinds
 * and the system models that hold them, the model a form or grid reads when it names none, the
 * base of every schema id, how model names compare, and the paging limits of the grid routes.
 * No imports, so every layer (and the server) can use it.
 */

/** The one keyword under which a schema carries designer hints (schemas/plugin-hints.json). */
export const HINTS_KEYWORD = 'x-tessera';

/** The base of every schema `$id` (schemas/*.json); request and answer schemas live under `api/`. */
export const SCHEMA_BASE = 'https://tessera.dev/schemas/';
/** The base of the server's request and answer schemas' ids (src/server/routes/*.ts). */
export const API_SCHEMA_BASE = `${SCHEMA_BASE}api/`;

/** The `$id` of a request or answer schema, e.g. apiSchemaId('login') for `.../schemas/api/login.json`. */
export function apiSchemaId(name: string): string {
  return `${API_SCHEMA_BASE}${name}.json`;
}

export const definitionKinds = ['form', 'grid', 'page', 'menu', 'select', 'model', 'automation'] as const;
export type DefinitionKind = (typeof definitionKinds)[number];
/** The definition kinds the shared visual designer edits (a select has only its form and the raw editor; an automation its own designer). */
export type DesignerKind = Exclude<DefinitionKind, 'select' | 'automation'>;

/** The system model whose rows are each definition kind (a form is a row of Form, and so on). */
export const MODEL_OF_KIND: Readonly<Record<DefinitionKind, string>> = {
  form: 'Form',
  grid: 'Grid',
  page: 'Page',
  menu: 'Menu',
  select: 'Select',
  model: 'Model',
  automation: 'Automation',
};

/** The system model whose rows are definitions of `kind`. */
export function modelOfKind(kind: DefinitionKind): string {
  return MODEL_OF_KIND[kind];
}

/**
 * Model names become table names in lower case (tableOf in src/server/records/model-store.ts):
 * a model named `USER` is the users' table, `FORM` the forms'. So a model name is compared in
 * this one spelling wherever it matters: when a new model is checked against the others, and
 * wherever a rule singles out a system model (User for self-registration, `self` and the last
 * admin; the definition models Form, Grid, Model...). A rule that compared the exact spelling
 * could be stepped around by a model spelled otherwise over the same table.
 */
export function modelKey(name: string): string {
  return name.toLowerCase();
}

/** Whether `name` is the model `model` as the database sees it: the same table. */
export function isModel(name: unknown, model: string): boolean {
  return typeof name === 'string' && modelKey(name) === modelKey(model);
}

/**
 * The definition kind a model's rows are, compared as tables are (modelKey): a model spelled
 * FORM is the forms' table, so it is the form kind, with every rule of definitions.
 */
export function kindOfModel(model: string): DefinitionKind | undefined {
  return definitionKinds.find((k) => isModel(model, MODEL_OF_KIND[k]));
}

/**
 * Whether a model holds definitions (Form, Grid... in any spelling, as the server reads it): a
 * form over one saves the whole document, version included.
 */
export function isDefinitionModel(model: string): boolean {
  return kindOfModel(model) !== undefined;
}

/** The model a form or grid reads and writes when its definition names none. */
export const DEFAULT_MODEL = 'User';

/** The model a form or grid definition reads and writes: its `model`, or DEFAULT_MODEL. */
export function modelOf(definition: object): string {
  return String((definition as { model?: unknown }).model ?? DEFAULT_MODEL);
}

/** GET /api/grid/:name/data (mode 1) answers at most this many rows, and says so with x-truncated. */
export const MAX_ALL_ROWS = 100_000;
/** The most rows one page of a server-paged grid holds. */
export const MAX_PAGE_SIZE = 1000;

/**
 * Whether a form, grid or select works on definitions (forms, grids, pages, menus, selects,
 * models). Writing a definition means choosing its `access`, so whoever may use such a form is an
 * administrator in all but name: these are admin-only whatever their access says (the server's
 * permissions.ts), and the screens that set access say so instead of offering grants.
 */
export function worksOnDefinitions(kind: string, def: object): boolean {
  if (kind !== 'form' && kind !== 'grid' && kind !== 'select') return false;
  const model = (def as { model?: unknown }).model ?? (kind === 'select' ? undefined : DEFAULT_MODEL);
  return typeof model === 'string' && kindOfModel(model) !== undefined;
}

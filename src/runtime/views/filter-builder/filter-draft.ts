/**
 * The filter builder's model, free of React: a draft of conditions as the inputs hold them (text),
 * turned into a filter of the language (docs/filters.md) and checked with the same filterProblems
 * the server runs, so a filter the builder sends is one the server takes. Each problem is put at
 * the input it is about.
 */
import {
  filterProblems,
  OPERATORS_OF,
  operatorWords,
  type FieldKind,
  type FilterOperator,
  type FilterTree,
  type ModelDefinition,
  type ModelField,
} from '../../../shared/filter';

/**
 * What the grid's definition answer tells of its visible columns and the fields one hop through
 * its reference columns (routes/grid-user-filter.ts columnTypes), keyed alike by the name or path
 * a condition names (`book`, `book.title`).
 */
export interface Columns {
  model: string;
  /** Name or path to the model's field type. */
  fields: Record<string, string>;
  /** A reference column's or path's target model, and how it writes ids. */
  targets: Record<string, { model: string; idtype: 'integer' | 'hex' }>;
  /** As a person reads them: "Book", "Book › Title". */
  labels: Record<string, string>;
}

export interface DraftCondition {
  key: number;
  field: string;
  op: FilterOperator;
  /** The value as typed; for `in` the values separated by commas. */
  value: string;
  /** The high end of `between`. */
  value2: string;
}
export interface DraftGroup {
  key: number;
  join: 'and' | 'or';
  items: DraftCondition[];
}
export interface Draft {
  join: 'and' | 'or';
  items: (DraftCondition | DraftGroup)[];
}

export const isDraftGroup = (item: DraftCondition | DraftGroup): item is DraftGroup => 'items' in item;

const FILTERED_KINDS = new Set<string>(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

/** The columns and paths a filter can ask about, with their kind (password, JSON and link columns cannot be filtered). */
export function filterableColumns(columns: Columns): { name: string; label: string; kind: FieldKind }[] {
  return Object.entries(columns.fields)
    .filter(([, type]) => FILTERED_KINDS.has(type))
    .map(([name, type]) => ({ name, label: columns.labels[name] || name, kind: type as FieldKind }));
}

/**
 * The field select's options: the grid's own columns, then one group per reference column of the
 * fields of the record it refers to (`book.title`), labelled by the column.
 */
export function fieldChoices(columns: Columns): { label: string | null; options: { name: string; label: string }[] }[] {
  const all = filterableColumns(columns);
  const own = all.filter((c) => !c.name.includes('.'));
  const groups = own
    .filter((c) => c.kind === 'reference')
    .map((c) => ({ label: c.label, options: all.filter((p) => p.name.startsWith(`${c.name}.`)) }))
    .filter((g) => g.options.length > 0);
  return [{ label: null, options: own }, ...groups];
}

/**
 * Where the records a reference column or path may pick come from (GET /api/choices/{Model}/{field}):
 * the grid's model and the column, or the column's target and the path's field. Null for no reference.
 */
export function choicesBase(columns: Columns, field: string): string | null {
  if (kindOf(columns, field) !== 'reference') return null;
  const parts = field.split('.');
  const model = parts.length === 1 ? columns.model : columns.targets[parts[0] ?? '']?.model;
  const name = parts[parts.length - 1];
  if (!model || !name || parts.length > 2) return null;
  return `/api/choices/${encodeURIComponent(model)}/${encodeURIComponent(name)}`;
}

/** The ids an `in` (or one `eq`) value holds as the draft keeps them: separated by commas. */
export function idsOf(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** What a condition's value starts as for a field: Yes for a yes-or-no field, otherwise nothing. */
export function startValue(columns: Columns, field: string): string {
  return kindOf(columns, field) === 'boolean' ? 'true' : '';
}

/**
 * A condition moved to another field: the operator kept where the field takes it, the values kept
 * only where they mean the same there (the same kind; for a reference, the same target model),
 * else started afresh, so no value of the old field hides in an input that cannot show it.
 */
export function withField(condition: DraftCondition, columns: Columns, field: string): DraftCondition {
  const fits = operatorsFor(columns, field);
  const op = fits.includes(condition.op) ? condition.op : (fits[0] ?? 'eq');
  const same = kindOf(columns, field) === kindOf(columns, condition.field) && columns.targets[field]?.model === columns.targets[condition.field]?.model;
  return same ? { ...condition, field, op } : { ...condition, field, op, value: startValue(columns, field), value2: '' };
}

export function kindOf(columns: Columns, field: string): FieldKind {
  const type = columns.fields[field];
  return type && FILTERED_KINDS.has(type) ? (type as FieldKind) : 'text';
}

export function operatorsFor(columns: Columns, field: string): readonly FilterOperator[] {
  return OPERATORS_OF[kindOf(columns, field)];
}

let nextKey = 1;
export const newKey = (): number => nextKey++;

export function newCondition(columns: Columns, field?: string): DraftCondition {
  const name = field ?? filterableColumns(columns)[0]?.name ?? '';
  return { key: newKey(), field: name, op: operatorsFor(columns, name)[0] ?? 'eq', value: startValue(columns, name), value2: '' };
}

/** A literal as its column holds it: numbers for numbers and integer ids, true or false; otherwise the text (filterProblems says what is wrong with it). */
function literal(kind: FieldKind, text: string, idtype?: string): string | number | boolean {
  const t = text.trim();
  if (kind === 'boolean') return t === 'true' ? true : t === 'false' ? false : t;
  const numeric = kind === 'number' || ((kind === 'reference' || kind === 'id') && idtype !== 'hex');
  if (numeric && t !== '' && Number.isFinite(Number(t))) return Number(t);
  return t;
}

function conditionOf(c: DraftCondition, columns: Columns): Record<string, unknown> {
  const kind = kindOf(columns, c.field);
  const idtype = columns.targets[c.field]?.idtype;
  const base = { field: c.field, op: c.op };
  switch (c.op) {
    case 'empty':
    case 'notEmpty':
      return base;
    case 'between':
      return { ...base, value: [literal(kind, c.value, idtype), literal(kind, c.value2, idtype)] };
    case 'in':
      return { ...base, value: idsOf(c.value).map((v) => literal(kind, v, idtype)) };
    case 'lastDays':
      return { ...base, value: c.value.trim() !== '' && Number.isFinite(Number(c.value)) ? Number(c.value) : c.value };
    default:
      return { ...base, value: literal(kind, c.value, idtype) };
  }
}

/** The draft as a filter of the language; null when it holds no condition (no filter). */
export function draftToTree(draft: Draft, columns: Columns): FilterTree | null {
  const items = draft.items
    .map((item) => (isDraftGroup(item) ? (item.items.length ? { [item.join]: item.items.map((c) => conditionOf(c, columns)) } : null) : conditionOf(item, columns)))
    .filter((item) => item !== null);
  return items.length ? ({ [draft.join]: items } as unknown as FilterTree) : null;
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null && 'var' in value ? String((value as { var: unknown }).var) : String(value ?? '');
}

function draftConditionOf(raw: Record<string, unknown>): DraftCondition {
  const value = raw.value;
  const op = raw.op as FilterOperator;
  if (op === 'between' && Array.isArray(value)) return { key: newKey(), field: String(raw.field), op, value: text(value[0]), value2: text(value[1]) };
  if (Array.isArray(value)) return { key: newKey(), field: String(raw.field), op, value: value.map(text).join(', '), value2: '' };
  return { key: newKey(), field: String(raw.field), op, value: 'value' in raw ? text(value) : '', value2: '' };
}

/** A filter (from the url) as a draft the panel edits. */
export function treeToDraft(tree: FilterTree | null): Draft {
  if (!tree) return { join: 'and', items: [] };
  const record = tree as unknown as Record<string, unknown>;
  const join = 'or' in record ? 'or' : 'and';
  const items = (Array.isArray(record[join]) ? (record[join] as Record<string, unknown>[]) : []).map((item): DraftCondition | DraftGroup => {
    const inner = 'and' in item ? 'and' : 'or' in item ? 'or' : null;
    if (inner) return { key: newKey(), join: inner, items: ((item[inner] as Record<string, unknown>[]) ?? []).map(draftConditionOf) };
    return draftConditionOf(item);
  });
  return { join, items };
}

/**
 * The grid's model as far as the columns tell it, and the models its references lead to with the
 * fields its paths name (`book.title` is Book's `title`): enough for filterProblems.
 */
export function columnsModel(columns: Columns): { model: ModelDefinition; models: ModelDefinition[] } {
  const fieldOf = (name: string, path: string, type: string): ModelField => ({
    name,
    type: type as ModelField['type'],
    ...(columns.targets[path] ? { target: columns.targets[path].model } : {}),
  });
  const models = new Map<string, ModelDefinition>();
  for (const t of Object.values(columns.targets)) if (!models.has(t.model)) models.set(t.model, { name: t.model, idtype: t.idtype, fields: [] });
  const fields: ModelField[] = [];
  for (const [path, type] of Object.entries(columns.fields)) {
    const [first = '', name, ...rest] = path.split('.');
    if (name === undefined) fields.push(fieldOf(first, path, type));
    else if (rest.length === 0) {
      const target = models.get(columns.targets[first]?.model ?? '');
      if (target && !target.fields.some((f) => f.name === name)) target.fields.push(fieldOf(name, path, type));
    }
  }
  return { model: { name: columns.model, fields }, models: [...models.values()] };
}

/** A checker's words as a whole sentence, said of the input it is shown at. */
function sentence(message: string): string {
  const said = /^(must|is |has )/.test(message) ? `This value ${message}` : message;
  const first = said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * The draft checked: its filter, and the problems keyed by condition (`key`) and input (`value`,
 * `value2`, `field`, `op`), as sentences. The filter is null when the draft is empty.
 */
export function checkDraft(draft: Draft, columns: Columns): { tree: FilterTree | null; problems: Map<number, Partial<Record<'field' | 'op' | 'value' | 'value2', string>>> } {
  const tree = draftToTree(draft, columns);
  const problems = new Map<number, Partial<Record<'field' | 'op' | 'value' | 'value2', string>>>();
  if (!tree) return { tree, problems };
  // Where each condition is in the tree, as a pointer (empty groups are left out of it).
  const at = new Map<string, DraftCondition>();
  let i = 0;
  for (const item of draft.items) {
    if (isDraftGroup(item)) {
      if (!item.items.length) continue;
      item.items.forEach((c, j) => at.set(`/${draft.join}/${i}/${item.join}/${j}`, c));
    } else at.set(`/${draft.join}/${i}`, item);
    i += 1;
  }
  const { model, models } = columnsModel(columns);
  for (const p of filterProblems(tree, model, models)) {
    const m = /^(\/(?:and|or)\/\d+(?:\/(?:and|or)\/\d+)?)(?:\/(field|op|value)(?:\/(\d+))?)?/.exec(p.pointer);
    const c = m ? at.get(m[1] ?? '') : undefined;
    const key = c?.key ?? 0;
    const input = m?.[2] === 'value' && c?.op === 'between' && m[3] === '1' ? 'value2' : ((m?.[2] as 'field' | 'op' | 'value' | undefined) ?? 'value');
    const entry = problems.get(key) ?? {};
    entry[input] ??= sentence(p.message);
    problems.set(key, entry);
  }
  return { tree, problems };
}

// ---- In words, for the chips ------------------------------------------------------------


/** A record's name by the choices route it is picked from and its id; undefined until it is known. */
export type RecordNameOf = (base: string, id: string) => string | undefined;

/** A value in words: yes or no, a record's name where it is known, else the value as written. */
function valueWords(value: unknown, kind: FieldKind, base: string | null, nameOf?: RecordNameOf): string {
  if (kind === 'boolean' && typeof value === 'boolean') return value ? 'yes' : 'no';
  if (base && nameOf && (typeof value === 'number' || typeof value === 'string')) return nameOf(base, String(value)) ?? text(value);
  return text(value);
}

/** A condition in words: "Status is one of open, late", "Book is one of Dune, Emma" (records by name where `nameOf` knows them). */
export function conditionWords(raw: Record<string, unknown>, columns: Columns, nameOf?: RecordNameOf): string {
  const field = String(raw.field);
  const kind = kindOf(columns, field);
  const base = choicesBase(columns, field);
  const op = raw.op as FilterOperator;
  const label = columns.labels[field] || field;
  const words = operatorWords(op, kind);
  const value = raw.value;
  const said = (v: unknown) => valueWords(v, kind, base, nameOf);
  if (op === 'empty' || op === 'notEmpty') return `${label} ${words}`;
  if (op === 'between' && Array.isArray(value)) return `${label} ${words} ${said(value[0])} and ${said(value[1])}`;
  if (op === 'lastDays') return `${label} ${words} ${text(value)} ${value === 1 ? 'day' : 'days'}`;
  if (Array.isArray(value)) return `${label} ${words} ${value.map(said).join(', ')}`;
  return `${label} ${words} ${said(value)}`;
}

/** The records a filter names by id (its reference conditions' literal values), by the choices route that names them. */
export function recordsNamed(tree: FilterTree | null, columns: Columns): { base: string; id: string }[] {
  const out: { base: string; id: string }[] = [];
  const visit = (item: Record<string, unknown>): void => {
    const inner = 'and' in item ? 'and' : 'or' in item ? 'or' : null;
    if (inner) {
      for (const c of (item[inner] as Record<string, unknown>[] | undefined) ?? []) visit(c);
      return;
    }
    const base = choicesBase(columns, String(item.field));
    if (!base) return;
    for (const v of Array.isArray(item.value) ? item.value : [item.value]) if (typeof v === 'number' || typeof v === 'string') out.push({ base, id: String(v) });
  };
  if (tree) visit(tree as unknown as Record<string, unknown>);
  return out;
}

/** One chip per item of the filter's top group: a condition, or a group said as "any of" or "all of". */
export function chipsOf(tree: FilterTree | null, columns: Columns, nameOf?: RecordNameOf): { join: 'and' | 'or'; chips: string[] } {
  if (!tree) return { join: 'and', chips: [] };
  const record = tree as unknown as Record<string, unknown>;
  const join = 'or' in record ? 'or' : 'and';
  const items = Array.isArray(record[join]) ? (record[join] as Record<string, unknown>[]) : [];
  return {
    join,
    chips: items.map((item) => {
      const inner = 'and' in item ? 'and' : 'or' in item ? 'or' : null;
      if (!inner) return conditionWords(item, columns, nameOf);
      const parts = ((item[inner] as Record<string, unknown>[]) ?? []).map((c) => conditionWords(c, columns, nameOf));
      return `${inner === 'or' ? 'Any of' : 'All of'}: ${parts.join(inner === 'or' ? ' or ' : ' and ')}`;
    }),
  };
}

/** The filter without its top item `index`; null when nothing is left. */
export function withoutItem(tree: FilterTree | null, index: number): FilterTree | null {
  if (!tree) return null;
  const record = tree as unknown as Record<string, unknown>;
  const join = 'or' in record ? 'or' : 'and';
  const items = (Array.isArray(record[join]) ? (record[join] as unknown[]) : []).filter((_, i) => i !== index);
  return items.length ? ({ [join]: items } as unknown as FilterTree) : null;
}

/**
 * The grid designer's filter editor, free of React: which fields a condition can name (the grid's
 * model, and paths through its references), which operators and variables fit each, what a
 * condition becomes when its field or operator changes, how typed text becomes a literal of the
 * field's type, and where each of filterProblems' answers is shown. The runtime filter builder
 * (src/runtime/views/filter-builder/) says the same things for a grid's visible columns only.
 */
import {
  FILTER_OPERATORS,
  LINK_OPERATORS,
  MAX_HOPS,
  OPERATORS_OF,
  USER_FIELD_VARIABLE,
  type FieldKind,
  type FilterOperator,
  type FilterProblem,
  type FilterVariableName,
  type ModelDefinition,
} from '../../../shared/filter';

export type Find = (name: string) => ModelDefinition | undefined;
export type Json = Record<string, unknown>;

/** A field a condition can name: its path, how it is shown, and what it holds. */
export interface FieldChoice {
  path: string;
  label: string;
  kind: FieldKind;
  /** For a reference or an id: the model whose ids it holds. */
  idsOf?: ModelDefinition;
  /** '' for the model's own fields; otherwise the references walked, in words ("Through Buyer"). */
  group: string;
  /** A link field: its linked records' ids, compared by "one of them is" (LINK_OPERATORS). */
  link?: boolean;
}

/** The operators a field takes: its kind's, or a link's. */
export function operatorsOf(choice: Pick<FieldChoice, 'kind' | 'link'>): readonly FilterOperator[] {
  return choice.link ? LINK_OPERATORS : OPERATORS_OF[choice.kind];
}

const FILTERED = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

function fieldLabel(name: string, label: string | undefined): string {
  return label && label !== name ? label : name;
}

/**
 * Every path a condition may name: the model's filterable fields and `id`, then the fields of the
 * models its references lead to, up to MAX_HOPS references (a reference whose target is not
 * loaded is not walked, and a reference to one not loaded is not offered: it could not be checked).
 */
export function fieldChoices(model: ModelDefinition, find: Find): FieldChoice[] {
  const out: FieldChoice[] = [];
  const walk = (m: ModelDefinition, prefix: string, words: string, hops: number) => {
    const group = prefix === '' ? '' : `Through ${words}`;
    out.push({ path: `${prefix}id`, label: prefix === '' ? 'Record id' : `${words} → id`, kind: 'id', idsOf: m, group });
    const later: [ModelDefinition, string, string][] = [];
    for (const f of m.fields) {
      if (!FILTERED.has(f.type) && f.type !== 'link') continue;
      const shown = fieldLabel(f.name, f.label);
      const label = prefix === '' ? shown : `${words} → ${shown}`;
      if (f.type === 'link') {
        // Offered when both the target and the link model are loaded: the check needs the link model's references.
        const target = find(f.target ?? '');
        if (target && find(f.through ?? '')) out.push({ path: `${prefix}${f.name}`, label, kind: 'reference', idsOf: target, group, link: true });
      } else if (f.type === 'reference') {
        const target = find(f.target ?? '');
        if (!target) continue;
        out.push({ path: `${prefix}${f.name}`, label, kind: 'reference', idsOf: target, group });
        if (hops < MAX_HOPS) later.push([target, `${prefix}${f.name}.`, label]);
      } else {
        out.push({ path: `${prefix}${f.name}`, label, kind: f.type as FieldKind, group });
      }
    }
    // A model's own fields first, then each reference's, so a long list reads from near to far.
    for (const [target, next, label] of later) walk(target, next, label, hops + 1);
  };
  walk(model, '', '', 0);
  return out;
}

/** Where a path leads, as fieldChoices tells it; undefined for a path it does not offer. */
export function choiceOf(path: string, choices: readonly FieldChoice[]): FieldChoice | undefined {
  return choices.find((c) => c.path === path);
}


export const VARIABLE_WORDS: Record<FilterVariableName, string> = {
  NOW: 'Now (NOW)',
  TODAY: 'Today (TODAY)',
  'CURRENT_USER.id': 'The signed-in user (CURRENT_USER.id)',
  'RECORD.id': 'The record the grid is embedded in (RECORD.id)',
};

/** The variables that fit a field (docs/filters.md, "Values and variables"). */
export function variablesFor(choice: Pick<FieldChoice, 'kind' | 'idsOf'> | undefined): FilterVariableName[] {
  if (!choice) return [];
  switch (choice.kind) {
    case 'datetime':
      return ['NOW'];
    case 'date':
      return ['TODAY'];
    case 'reference':
    case 'id':
      return choice.idsOf?.name === 'User' ? ['CURRENT_USER.id', 'RECORD.id'] : ['RECORD.id'];
    default:
      return [];
  }
}

/**
 * The signed-in user's own fields that fit a field (docs/filters.md, CURRENT_USER.<field>): those
 * of User's fields of the same type, a reference to the same model; never the password, the
 * server-kept audit fields or a link (a link fits only an `in` list, typed there).
 */
export function userVariablesFor(choice: Pick<FieldChoice, 'kind' | 'idsOf'> | undefined, user: ModelDefinition | undefined): string[] {
  if (!choice || !user) return [];
  return user.fields
    .filter((f) => !f.name.startsWith('_'))
    .filter((f) =>
      f.type === 'reference' ? (choice.kind === 'reference' || choice.kind === 'id') && choice.idsOf?.name === f.target : ['text', 'number', 'boolean', 'date', 'datetime'].includes(f.type) && f.type === choice.kind,
    )
    .map((f) => `CURRENT_USER.${f.name}`);
}

/** A variable in words, as a "compare with" choice shows it. */
export function variableWords(name: string, user?: ModelDefinition): string {
  const known = VARIABLE_WORDS[name as FilterVariableName] as string | undefined;
  if (known) return known;
  const field = USER_FIELD_VARIABLE.exec(name)?.[1];
  const f = field === undefined ? undefined : user?.fields.find((x) => x.name === field);
  return f ? `The signed-in user's ${f.label ?? f.name} (${name})` : `${name} (not a variable)`;
}

export function isVariable(value: unknown): value is { var: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'var' in value;
}

/** The value a condition starts with for a kind of field: one that fits, where there is an obvious one. */
function startValue(kind: FieldKind): unknown {
  switch (kind) {
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'date':
      return { var: 'TODAY' };
    case 'datetime':
      return { var: 'NOW' };
    default:
      return '';
  }
}

/** A condition's value after its operator became `op`, keeping what the old value still says. */
function valueFor(op: FilterOperator, kind: FieldKind, old: unknown): unknown {
  const first = Array.isArray(old) ? old[0] : old;
  const one = first === undefined ? startValue(kind) : first;
  switch (op) {
    case 'empty':
    case 'notEmpty':
      return undefined;
    case 'between':
      return Array.isArray(old) && old.length === 2 ? old : [one, one];
    case 'in':
      return Array.isArray(old) ? old : one === '' ? [] : [one];
    case 'lastDays':
      return typeof old === 'number' && Number.isInteger(old) && old > 0 ? old : 7;
    default:
      return one;
  }
}

function condition(field: string, op: FilterOperator, value: unknown): Json {
  return value === undefined ? { field, op } : { field, op, value };
}

/** A condition pointed at another field: the operator kept when it fits, the value kept when the kind is the same. */
export function withField(old: Json, field: string, choices: readonly FieldChoice[]): Json {
  const before = choiceOf(String(old.field ?? ''), choices);
  const after = choiceOf(field, choices);
  if (!after) return condition(field, (old.op as FilterOperator) ?? 'eq', old.value);
  const ops = operatorsOf(after);
  const op = ops.includes(old.op as FilterOperator) ? (old.op as FilterOperator) : (ops[0] ?? 'eq');
  const sameKind = before?.kind === after.kind && before.idsOf?.name === after.idsOf?.name && before.link === after.link;
  return condition(field, op, sameKind ? old.value : valueFor(op, after.kind, undefined));
}

/** A condition with another operator, its value reshaped (a pair for between, a list for in, days for lastDays, none for empty). */
export function withOp(old: Json, op: FilterOperator, kind: FieldKind): Json {
  const wasDays = old.op === 'lastDays';
  return condition(String(old.field ?? ''), op, valueFor(op, kind, wasDays ? undefined : old.value));
}

/** A new condition for "Add condition": no field yet (the editor asks for one). */
export function newCondition(): Json {
  return { field: '', op: 'eq', value: '' };
}

/**
 * Typed text as a literal of the field's kind: numbers for numbers and whole-number ids, the text
 * itself otherwise (what is wrong with it, filterProblems says at the input).
 */
export function literalOf(text: string, kind: FieldKind, idsOf?: ModelDefinition): string | number | boolean {
  const numeric = kind === 'number' || ((kind === 'reference' || kind === 'id') && idsOf?.idtype !== 'hex');
  const t = text.trim();
  if (numeric && t !== '' && Number.isFinite(Number(t))) return Number(t);
  if (kind === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  return kind === 'text' ? text : t;
}

/** A literal as its input shows it. */
export function textOf(value: unknown): string {
  if (isVariable(value)) return String(value.var);
  return value === undefined || value === null ? '' : String(value);
}

/** An `in` list as typed: values separated by commas, a variable by its name. */
export function listOf(text: string, kind: FieldKind, idsOf?: ModelDefinition): unknown[] {
  const variables = new Set<string>(['NOW', 'TODAY', 'CURRENT_USER.id', 'RECORD.id']);
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => (variables.has(t) || USER_FIELD_VARIABLE.test(t) ? { var: t } : literalOf(t, kind, idsOf)));
}

export function listText(value: unknown): string {
  return Array.isArray(value) ? value.map(textOf).join(', ') : textOf(value);
}

/** The inputs of a condition a problem can be shown at; `item` is the condition (or group) as a whole. */
export type Slot = 'field' | 'op' | 'value' | 'low' | 'high' | 'item';

/** A checker's words as a whole sentence, said of the input it is shown at. */
export function sentence(message: string): string {
  const said = /^(must|is |has )/.test(message) ? `This value ${message}` : message;
  // An operator's name (gt, startsWith) keeps its case.
  const first = FILTER_OPERATORS.includes(said.split(' ')[0] as FilterOperator) ? said : said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * The problems about the condition at `base` (a JSON pointer such as `/filters/2` or
 * `/filters/2/and/0`), by the input they are shown at; the first problem of each input. A
 * problem about a deeper item (a condition of a group) is not the group's.
 */
export function problemsAt(problems: readonly FilterProblem[], base: string, op: unknown): Partial<Record<Slot, string>> {
  const out: Partial<Record<Slot, string>> = {};
  for (const p of problems) {
    if (p.pointer !== base && !p.pointer.startsWith(`${base}/`)) continue;
    const rest = p.pointer.slice(base.length).split('/').slice(1);
    if (rest[0] === 'and' || rest[0] === 'or') {
      // A group's own list (not one of its conditions) is the group's problem.
      if (rest.length > 1) continue;
    }
    let slot: Slot = 'item';
    if (rest[0] === 'field' || rest[0] === 'fieldname') slot = 'field';
    else if (rest[0] === 'op') slot = 'op';
    else if (rest[0] === 'value') slot = op === 'between' ? (rest[1] === '1' ? 'high' : 'low') : 'value';
    out[slot] ??= sentence(p.message);
  }
  return out;
}

/**
 * fast-check arbitraries of valid definitions, and mutations that break them in one known
 * place. Shared by the schema property tests and the API round-trip tests, so every value is
 * plain JSON, has a valid `name`, and never carries `id` or `version` (the server sets those).
 */
import fc from 'fast-check';
import type {
  Access,
  Action,
  Column,
  FormDefinition,
  GridDefinition,
  MenuDefinition,
  PageDefinition,
  Row,
  RowAction,
  SelectDefinition,
  Tab,
} from '../../src/generated/definitions.js';

export const FIELD_TYPES = [
  'text', 'number', 'password', 'email', 'tel', 'hidden', 'date', 'datetime-local', 'time', 'month', 'week', 'url', 'color',
] as const;
export const LANGUAGES = ['python', 'javascript', 'json', 'html', 'xml', 'sql'] as const;
export const GRID_FIELD_TYPES = ['Text', 'Number', 'Date', 'Image'] as const;

/** A definition name: valid against common.json#/$defs/name and unlikely to collide between runs. */
export const arbName: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'b', 'c', 'x', 'Q'), fc.stringMatching(/^[a-z0-9_-]{3,12}$/), fc.nat({ max: 0xffffff }))
  .map(([first, rest, n]) => `${first}${rest}${n.toString(36)}`);

const arbModelName = fc.constantFrom('User', 'Group', 'Customer', 'Order_2');
const text = fc.string({ maxLength: 20 });
const flag = fc.boolean();
const width = fc.integer({ min: 0, max: 12 });

export const arbAccess: fc.Arbitrary<Access> = fc.record(
  { public: flag, groups: fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 3 }), self: flag },
  { requiredKeys: [] },
);

export const arbAction: fc.Arbitrary<Action> = fc.record(
  {
    url: text, label: text, showhintchecked: flag, hint: text, iconchecked: flag, icon: text,
    rightalignchecked: flag, opennewwindowchecked: flag,
  },
  { requiredKeys: ['url'] },
);

export const arbRowAction: fc.Arbitrary<RowAction> = fc.record(
  { url: text, label: text, hint: text, showhintchecked: flag, icon: text, iconchecked: flag },
  { requiredKeys: ['url'] },
);

/**
 * Patterns a definition may hold: the server runs them with RE2 and refuses, when saved, what
 * RE2 cannot run (look-around, back-references, broken syntax). Literal text always runs.
 */
const pattern = fc.oneof(
  fc.constantFrom('', '^[A-Z]+$', '^\\d{3}-\\d{4}$', '.*', '^(\\w+\\s?)*$', '[a-z]', '^\\S+@\\S+$', '^(a|b)+$'),
  fc.stringMatching(/^[a-zA-Z0-9 _-]{0,20}$/),
);

const fieldCommon = {
  name: text, label: text, showlabelchecked: flag, hasdefault: flag, default: text, showhintchecked: flag, hint: text,
  placeholderchecked: flag, placeholder: text, regularexpressionchecked: flag, regularexpression: pattern,
  minchecked: flag, min: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)), maxchecked: flag,
  max: fc.integer(), errormessage: text, disabled: flag, required: flag, hasbutton: flag,
};

/** Leaf columns (no nested rows or tabs), one arbitrary per childType. */
const leafColumns: fc.Arbitrary<Column>[] = [
  fc.record({ childType: fc.constant('None' as const), width }),
  fc.record({ childType: fc.constant('Input' as const), width, fieldtype: fc.constantFrom(...FIELD_TYPES), ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('TextArea' as const), width, height: fc.integer({ min: 1, max: 50 }), ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('Checkbox' as const), width, ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record(
    { childType: fc.constant('Select' as const), width, selecttype: fc.constantFrom('1' as const, '2' as const), keys: text, values: text, url: text, ...fieldCommon },
    { requiredKeys: ['childType', 'width'] },
  ),
  fc.record({ childType: fc.constant('Editor' as const), width, ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record(
    { childType: fc.constant('CodeEditor' as const), width, height: fc.integer({ min: 1, max: 100 }), language: fc.constantFrom(...LANGUAGES), ...fieldCommon },
    { requiredKeys: ['childType', 'width'] },
  ),
  fc.record({ childType: fc.constant('FormDesigner' as const), width, modelfield: text, definitionfield: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('GridDesigner' as const), width, modelfield: text, definitionfield: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('Text' as const), width, text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('Html' as const), width, html: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('Hidden' as const), width, ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('DualList' as const), width, link: text, url: text, ...fieldCommon }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('PageDesigner' as const), width, definitionfield: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('MenuDesigner' as const), width, definitionfield: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('WorkFlow' as const), width, name: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record({ childType: fc.constant('Grid' as const), width, name: text }, { requiredKeys: ['childType', 'width'] }),
  fc.record(
    { childType: fc.constant('Button' as const), width, label: text, url: text, hint: text, showhintchecked: flag, icon: text, iconchecked: flag },
    { requiredKeys: ['childType', 'width'] },
  ),
];

/** Rows of columns, containers (Rows, Card, Tabs) nested a few levels deep. */
const { rows: arbRows } = fc.letrec<{ rows: Row[]; row: Row; column: Column; tab: Tab }>((tie) => ({
  rows: fc.array(tie('row'), { maxLength: 3 }),
  row: fc.record({ cols: fc.array(tie('column'), { maxLength: 4 }) }),
  column: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    ...leafColumns,
    fc.record({ childType: fc.constant('Rows' as const), width, rows: tie('rows') }, { requiredKeys: ['childType', 'width'] }),
    fc.record(
      {
        childType: fc.constant('Card' as const), width, title: text, contenttype: fc.constantFrom('Rows' as const, 'Tabs' as const),
        showhintchecked: flag, hint: text, iconchecked: flag, icon: text, collapsable: flag, collapsed: flag,
        rows: tie('rows'), tabs: fc.array(tie('tab'), { maxLength: 2 }),
      },
      { requiredKeys: ['childType', 'width'] },
    ),
    fc.record({ childType: fc.constant('Tabs' as const), width, tabs: fc.array(tie('tab'), { maxLength: 3 }) }, { requiredKeys: ['childType', 'width'] }),
  ),
  tab: fc.record(
    {
      childType: fc.constant('Tab' as const), tabtitle: text, tabcontenttype: fc.constantFrom('Rows' as const, 'Tabs' as const),
      tabshowhintchecked: flag, tabhint: text, tabiconchecked: flag, tabicon: text,
      rows: tie('rows'), tabs: fc.array(tie('tab'), { maxLength: 2 }),
    },
    { requiredKeys: ['childType'] },
  ),
}));
export { arbRows };

const actions = fc.array(arbAction, { maxLength: 3 });
const filters = fc.array(fc.record({ fieldname: text, value: text }, { requiredKeys: ['fieldname'] }), { maxLength: 3 });
const sorts = fc.array(fc.record({ fieldname: text, sorttype: fc.constantFrom('ASC' as const, 'DESC' as const) }), { maxLength: 3 });

export const arbForm: fc.Arbitrary<FormDefinition> = fc.record(
  {
    name: arbName, title: text, model: arbModelName, url: text, hideToolbar: flag, hideSaveAs: flag, hideDelete: flag,
    readOnly: flag, definition: arbRows, actions, access: arbAccess,
  },
  { requiredKeys: ['name', 'definition'] },
);

export const arbGrid: fc.Arbitrary<GridDefinition> = fc.record(
  {
    name: arbName, title: text, model: arbModelName, hideToolbar: flag, hideClear: flag, hideSearchBox: flag,
    paging: fc.constantFrom(1 as const, 2 as const, 3 as const), pageSize: fc.integer({ min: 1, max: 1000 }),
    definition: fc.array(
      fc.record({ name: text, label: text, type: fc.constantFrom(...GRID_FIELD_TYPES), hide: flag }, { requiredKeys: ['name'] }),
      { maxLength: 6 },
    ),
    actions, rowactions: fc.array(arbRowAction, { maxLength: 3 }), filters, sorts, access: arbAccess,
  },
  { requiredKeys: ['name', 'definition'] },
);

export const arbPage: fc.Arbitrary<PageDefinition> = fc.record(
  { name: arbName, title: text, hideToolbar: flag, center: flag, definition: arbRows, actions, access: arbAccess },
  { requiredKeys: ['name', 'definition'] },
);

export const arbMenu: fc.Arbitrary<MenuDefinition> = fc.record(
  {
    name: arbName, title: text, hideToolbar: flag,
    definition: fc.array(fc.record({ icon: text, title: text, description: text, url: text }, { requiredKeys: ['title', 'url'] }), { maxLength: 5 }),
    actions, access: arbAccess,
  },
  { requiredKeys: ['name', 'definition'] },
);

/** Either a static list (`items`) or a model-backed one (`model`), never both: the schema refuses both. */
export const arbSelect: fc.Arbitrary<SelectDefinition> = fc.oneof(
  fc.record(
    { name: arbName, title: text, items: fc.array(fc.record({ value: text, label: text }), { maxLength: 5 }), access: arbAccess },
    { requiredKeys: ['name', 'items'] },
  ),
  fc.record(
    {
      name: arbName, title: text, model: arbModelName, valuefield: text, labelfield: text, filters, sorts,
      params: fc.array(text, { maxLength: 3 }), access: arbAccess,
    },
    { requiredKeys: ['name', 'model'] },
  ),
);

export type DefinitionArbitraryKind = 'form' | 'grid' | 'page' | 'menu' | 'select';
export const arbitraries = { form: arbForm, grid: arbGrid, page: arbPage, menu: arbMenu, select: arbSelect } as const;

// ---- mutations -------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A broken copy of a definition and the JSON pointer the validator must name. */
export interface Mutated {
  value: JsonObject;
  /** Where the error must be reported (exactly, or a prefix for `expectPrefix`). */
  pointer: string;
  description: string;
}

/** A mutation returns undefined when the definition has no place for it (e.g. no columns). */
export type Mutation = (definition: object, seed?: number) => Mutated | undefined;

function clone(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every column of a form/page-like definition with its pointer, depth first, in document order. */
export function columnsOf(definition: JsonObject): { column: JsonObject; pointer: string }[] {
  const out: { column: JsonObject; pointer: string }[] = [];
  const rows = (list: Json | undefined, at: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((row, r) => {
      if (!isObject(row) || !Array.isArray(row.cols)) return;
      row.cols.forEach((col, c) => {
        if (!isObject(col)) return;
        const p = `${at}/${r}/cols/${c}`;
        out.push({ column: col, pointer: p });
        rows(col.rows, `${p}/rows`);
        tabs(col.tabs, `${p}/tabs`);
      });
    });
  };
  const tabs = (list: Json | undefined, at: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((tab, t) => {
      if (!isObject(tab)) return;
      rows(tab.rows, `${at}/${t}/rows`);
      tabs(tab.tabs, `${at}/${t}/tabs`);
    });
  };
  if (Array.isArray(definition.definition) && definition.definition.every((r) => isObject(r) && 'cols' in r)) rows(definition.definition, '/definition');
  return out;
}

/** Picks a column by a seed so a property run spreads mutations over the whole tree. */
function pick<T>(list: T[], seed: number): T | undefined {
  return list.length === 0 ? undefined : list[seed % list.length];
}

/** Mutations for any definition kind; each breaks exactly one place. `seed` chooses which column. */
export const mutations = {
  /** An unknown key at the top level. */
  extraTopLevelKey: (definition: object): Mutated => {
    const value = clone(definition);
    value.notAProperty = 1;
    return { value, pointer: '/notAProperty', description: 'unknown top-level key' };
  },

  /** A name the routes cannot carry. */
  badName: (definition: object): Mutated => {
    const value = clone(definition);
    value.name = '1 bad name';
    return { value, pointer: '/name', description: 'invalid name' };
  },

  /** A column 13 units wide (the maximum is 12). */
  widthThirteen: (definition: object, seed = 0): Mutated | undefined => {
    const value = clone(definition);
    const target = pick(columnsOf(value), seed);
    if (!target) return undefined;
    target.column.width = 13;
    return { value, pointer: `${target.pointer}/width`, description: 'width 13' };
  },

  /** A column without its childType. */
  missingChildType: (definition: object, seed = 0): Mutated | undefined => {
    const value = clone(definition);
    const target = pick(columnsOf(value), seed);
    if (!target) return undefined;
    delete target.column.childType;
    return { value, pointer: `${target.pointer}/childType`, description: 'column without childType' };
  },

  /**
   * A wrong enum value: Input fieldtype, CodeEditor language, Card contenttype or Select
   * selecttype in a form or page; else a sort type (grid, select); else a grid's paging.
   */
  wrongEnum: (definition: object, seed = 0): Mutated | undefined => {
    const value = clone(definition);
    const enumKey: Record<string, string> = { Input: 'fieldtype', CodeEditor: 'language', Card: 'contenttype', Select: 'selecttype' };
    const candidates = columnsOf(value).filter((c) => typeof c.column.childType === 'string' && c.column.childType in enumKey);
    const target = pick(candidates, seed);
    if (target) {
      const key = enumKey[String(target.column.childType)] ?? 'fieldtype';
      target.column[key] = 'not-a-valid-value';
      return { value, pointer: `${target.pointer}/${key}`, description: `wrong ${key}` };
    }
    if (Array.isArray(value.sorts) && value.sorts.length > 0) {
      const i = seed % value.sorts.length;
      const sort = value.sorts[i];
      if (isObject(sort)) {
        sort.sorttype = 'UP';
        return { value, pointer: `/sorts/${i}/sorttype`, description: 'wrong sorttype' };
      }
    }
    if ('paging' in value || 'pageSize' in value || Array.isArray(value.rowactions)) {
      value.paging = 4;
      return { value, pointer: '/paging', description: 'wrong paging' };
    }
    return undefined;
  },
} satisfies Record<string, Mutation>;

export type MutationName = keyof typeof mutations;

const MODEL_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'datetime', 'json', 'password', 'reference', 'link'] as const;

/** A model document as the model designer holds it: fields of every type, references and links naming a target (and a link its through model). */
export const arbModelDocument = fc.record(
  {
    name: arbModelName,
    title: text,
    idtype: fc.constantFrom('integer', 'hex'),
    fields: fc.array(
      fc
        .record({ name: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), type: fc.constantFrom(...MODEL_FIELD_TYPES), label: text, required: flag, unique: flag })
        .map((f) => ({ ...f, ...(f.type === 'reference' || f.type === 'link' ? { target: 'Customer' } : {}), ...(f.type === 'link' ? { through: 'Order_2' } : {}) })),
      { maxLength: 6 },
    ),
  },
  { requiredKeys: ['name', 'fields'] },
);

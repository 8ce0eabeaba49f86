import { describe, expect, it } from 'vitest';
import {
  childTypes,
  compileSchema,
  definitionKinds,
  getDefinitionSchema,
  getValidator,
  pluginSchemas,
  registerSchema,
  validateDefinition,
  type DefinitionKind,
} from '../../src/shared/schema-registry.js';

/** Specific cases of the definition schemas: each enum's boundaries, widths, nesting, unknown keys. */

const form = (cols: object[], extra: object = {}) => ({ name: 'f', definition: [{ cols }], ...extra });
const pointers = (kind: DefinitionKind, value: unknown) => {
  const result = validateDefinition(kind, value);
  return result.ok ? [] : result.errors.map((e) => e.pointer);
};
const errorsOf = (kind: DefinitionKind, value: unknown) => {
  const result = validateDefinition(kind, value);
  return result.ok ? [] : result.errors;
};

const SPEC_CHILD_TYPES = [
  'None', 'Input', 'TextArea', 'Checkbox', 'Select', 'Editor', 'CodeEditor', 'FormDesigner', 'GridDesigner', 'Rows',
  'Card', 'Tabs', 'Text', 'Html', 'Hidden', 'DualList', 'PageDesigner', 'MenuDesigner', 'WorkFlow', 'Grid', 'Button',
];

describe('registry', () => {
  it('knows the seven definition kinds and a plugin for each of the 21 original childTypes', () => {
    expect(definitionKinds).toEqual(['form', 'grid', 'page', 'menu', 'select', 'model', 'automation']);
    expect(childTypes).toEqual(expect.arrayContaining(SPEC_CHILD_TYPES));
    // Every discovered plugin folder is a childType; the 21 original ones (SPEC_CHILD_TYPES) are among them.
    expect(Object.keys(pluginSchemas)).toEqual(childTypes);
  });

  it('compiles each validator once', () => {
    expect(getValidator('https://tessera.dev/schemas/form.json')).toBe(getValidator('https://tessera.dev/schemas/form.json'));
    expect(() => getValidator('https://tessera.dev/schemas/nope.json')).toThrow(/Unknown schema/);
  });

  it('registers other schemas that may $ref the shared ones', () => {
    const id = 'https://tessera.dev/schemas/test/body-with-form.json';
    registerSchema({ $id: id, type: 'object', properties: { form: { $ref: 'https://tessera.dev/schemas/form.json' } }, required: ['form'], additionalProperties: false });
    registerSchema({ $id: id, type: 'object' }); // same $id again: kept, not replaced, not an error
    const validate = getValidator(id);
    expect(validate({ form: { name: 'ok' } })).toBe(true);
    expect(validate({ form: { name: 'ok', definition: [{ cols: [{ childType: 'Input', width: 13 }] }] } })).toBe(false);
  });

  it('compileSchema caches anonymous schemas per object and reuses registered ids', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    expect(compileSchema(schema)).toBe(compileSchema(schema));
    expect(compileSchema({ $id: 'https://tessera.dev/schemas/row.json' })).toBe(getValidator('https://tessera.dev/schemas/row.json'));
  });

  it('exposes each definition schema with its top-level properties', () => {
    for (const kind of definitionKinds) {
      const schema = getDefinitionSchema(kind) as { properties: Record<string, unknown>; additionalProperties: boolean };
      expect(schema.properties).toHaveProperty('name');
      expect(schema.additionalProperties).toBe(false);
    }
    // The server stores strings as text columns: `model` must say it is a string.
    expect((getDefinitionSchema('form').properties as Record<string, { type?: string }>).model?.type).toBe('string');
  });
});

describe('columns', () => {
  it.each(SPEC_CHILD_TYPES)('accepts a bare %s column', (childType) => {
    expect(errorsOf('form', form([{ childType, width: 0 }]))).toEqual([]);
  });

  it('refuses an unknown childType and names the property', () => {
    const errors = errorsOf('form', form([{ childType: 'Spreadsheet', width: 0 }]));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.pointer).toBe('/definition/0/cols/0/childType');
    expect(errors[0]?.message).toMatch(/unknown childType "Spreadsheet"/);
  });

  it('refuses a column without childType with one error at /childType', () => {
    expect(pointers('form', form([{ width: 0 }]))).toEqual(['/definition/0/cols/0/childType']);
  });

  it.each([0, 1, 11, 12])('accepts width %i', (width) => {
    expect(errorsOf('form', form([{ childType: 'None', width }]))).toEqual([]);
  });

  it.each([
    [13, 'must be <= 12'],
    [-1, 'must be >= 0'],
    [1.5, 'must be integer'],
    ['6', 'must be integer'],
  ])('refuses width %j (%s)', (width, message) => {
    expect(errorsOf('form', form([{ childType: 'None', width: 0 }, { childType: 'Input', width }]))).toEqual([
      { pointer: '/definition/0/cols/1/width', message },
    ]);
  });

  it('requires width', () => {
    expect(pointers('form', form([{ childType: 'Text' }]))).toEqual(['/definition/0/cols/0/width']);
  });

  it('reports only the branch of the column childType, not 21 branch errors', () => {
    const errors = errorsOf('form', form([{ childType: 'CodeEditor', width: 0, language: 'rust', height: 0 }]));
    expect(errors.map((e) => e.pointer).sort()).toEqual(['/definition/0/cols/0/height', '/definition/0/cols/0/language']);
  });

  it.each(['text', 'number', 'password', 'email', 'tel', 'hidden', 'date', 'datetime-local', 'time', 'month', 'week', 'url', 'color'])(
    'accepts Input fieldtype %s',
    (fieldtype) => expect(errorsOf('form', form([{ childType: 'Input', width: 0, fieldtype }]))).toEqual([]),
  );
  it.each(['Text', 'datetime', 'checkbox', ''])('refuses Input fieldtype %j', (fieldtype) => {
    expect(pointers('form', form([{ childType: 'Input', width: 0, fieldtype }]))).toEqual(['/definition/0/cols/0/fieldtype']);
  });

  it.each(['python', 'javascript', 'json', 'html', 'xml', 'sql'])('accepts CodeEditor language %s', (language) => {
    expect(errorsOf('form', form([{ childType: 'CodeEditor', width: 0, language, height: 10 }]))).toEqual([]);
  });
  it.each(['typescript', 'Python', 'css'])('refuses CodeEditor language %s', (language) => {
    expect(pointers('form', form([{ childType: 'CodeEditor', width: 0, language }]))).toEqual(['/definition/0/cols/0/language']);
  });

  it('accepts selecttype "1" and "2" only, as strings', () => {
    expect(errorsOf('form', form([{ childType: 'Select', width: 0, selecttype: '1', keys: 'a\nb', values: 'A\nB' }]))).toEqual([]);
    expect(errorsOf('form', form([{ childType: 'Select', width: 0, selecttype: '2', url: '/select/x' }]))).toEqual([]);
    expect(pointers('form', form([{ childType: 'Select', width: 0, selecttype: 1 }]))).toEqual(['/definition/0/cols/0/selecttype']);
    expect(pointers('form', form([{ childType: 'Select', width: 0, selecttype: '3' }]))).toEqual(['/definition/0/cols/0/selecttype']);
  });

  it('accepts every common field property on a field column', () => {
    const common = {
      name: 'email', label: 'E-mail', showlabelchecked: true, hasdefault: true, default: 'x', showhintchecked: true, hint: 'h',
      placeholderchecked: true, placeholder: 'p', regularexpressionchecked: true, regularexpression: '^a', minchecked: true,
      min: 1, maxchecked: true, max: 2.5, errormessage: 'e', disabled: false, required: true, hasbutton: false,
    };
    for (const childType of ['Input', 'TextArea', 'Checkbox', 'Select', 'Editor', 'CodeEditor', 'Hidden', 'DualList']) {
      expect(errorsOf('form', form([{ childType, width: 0, ...common }])), childType).toEqual([]);
    }
  });

  it('refuses field properties on columns that are not fields', () => {
    expect(errorsOf('form', form([{ childType: 'Html', width: 0, html: '<b>x</b>', label: 'nope' }]))).toEqual([
      { pointer: '/definition/0/cols/0/label', message: "unknown property 'label'" },
    ]);
  });

  it('refuses unknown keys on field columns composed with fieldCommon', () => {
    expect(errorsOf('form', form([{ childType: 'Input', width: 0, label: 'ok', colour: 'red' }]))).toEqual([
      { pointer: '/definition/0/cols/0/colour', message: "unknown property 'colour'" },
    ]);
  });

  it('refuses a wrongly typed common property', () => {
    expect(pointers('form', form([{ childType: 'Input', width: 0, min: '3' }]))).toEqual(['/definition/0/cols/0/min']);
    expect(pointers('form', form([{ childType: 'Input', width: 0, default: 3 }]))).toEqual(['/definition/0/cols/0/default']);
  });
});

describe('nesting', () => {
  const deep = {
    childType: 'Card', width: 12, title: 'Outer', contenttype: 'Tabs', collapsable: true, collapsed: false,
    tabs: [
      {
        childType: 'Tab', tabtitle: 'Tab-1', tabcontenttype: 'Rows',
        rows: [{ cols: [{ childType: 'Rows', width: 0, rows: [{ cols: [{ childType: 'Input', width: 6, fieldtype: 'email' }] }] }] }],
      },
      {
        childType: 'Tab', tabtitle: 'Tab-2', tabcontenttype: 'Tabs',
        tabs: [{ childType: 'Tab', tabtitle: 'Inner', rows: [{ cols: [{ childType: 'Tabs', width: 0, tabs: [{ childType: 'Tab' }] }] }] }],
      },
    ],
  };

  it('accepts cards, tabs and rows nested inside each other', () => {
    expect(errorsOf('form', form([deep]))).toEqual([]);
    expect(errorsOf('page', { name: 'p', definition: [{ cols: [deep] }] })).toEqual([]);
  });

  it('names the deepest offending place', () => {
    const broken = structuredClone(deep);
    broken.tabs[0]!.rows![0]!.cols[0]!.rows[0]!.cols[0]!.width = 13;
    expect(errorsOf('form', form([broken]))).toEqual([
      { pointer: '/definition/0/cols/0/tabs/0/rows/0/cols/0/rows/0/cols/0/width', message: 'must be <= 12' },
    ]);
  });

  it('requires Tab childType "Tab" and refuses other values', () => {
    expect(pointers('form', form([{ childType: 'Tabs', width: 0, tabs: [{ tabtitle: 'x' }] }]))).toEqual(['/definition/0/cols/0/tabs/0/childType']);
    expect(pointers('form', form([{ childType: 'Tabs', width: 0, tabs: [{ childType: 'Card' }] }]))).toEqual(['/definition/0/cols/0/tabs/0/childType']);
  });

  it('checks card and tab content types', () => {
    expect(pointers('form', form([{ childType: 'Card', width: 0, contenttype: 'Grid' }]))).toEqual(['/definition/0/cols/0/contenttype']);
    expect(pointers('form', form([{ childType: 'Tabs', width: 0, tabs: [{ childType: 'Tab', tabcontenttype: 'Cols' }] }]))).toEqual([
      '/definition/0/cols/0/tabs/0/tabcontenttype',
    ]);
  });

  it('requires cols in a row', () => {
    expect(pointers('form', { name: 'f', definition: [{}] })).toEqual(['/definition/0/cols']);
  });
});

describe('definitions', () => {
  it('accepts a minimal definition of each kind', () => {
    expect(errorsOf('form', { name: 'f' })).toEqual([]);
    expect(errorsOf('grid', { name: 'g' })).toEqual([]);
    expect(errorsOf('page', { name: 'p' })).toEqual([]);
    expect(errorsOf('menu', { name: 'm' })).toEqual([]);
    expect(errorsOf('select', { name: 's', items: [] })).toEqual([]);
    expect(errorsOf('select', { name: 's', model: 'User' })).toEqual([]);
    expect(errorsOf('model', { name: 'Thing', fields: [] })).toEqual([]);
  });

  it('accepts the id and version the server sets', () => {
    expect(errorsOf('form', { id: 'a'.repeat(32), name: 'f', version: 0 })).toEqual([]);
    expect(pointers('form', { id: 'A'.repeat(32), name: 'f', version: -1 }).sort()).toEqual(['/id', '/version']);
  });

  const minimal: Record<DefinitionKind, object> = {
    form: {}, grid: {}, page: {}, menu: {}, select: { items: [] }, model: { fields: [] }, automation: { trigger: { type: 'button', model: 'User' }, steps: [] },
  };
  it.each(definitionKinds)('%s refuses an unknown top-level key and a missing name', (kind) => {
    expect(errorsOf(kind, { name: 'X', ...minimal[kind], extra: true })).toEqual([{ pointer: '/extra', message: "unknown property 'extra'" }]);
    expect(pointers(kind, minimal[kind])).toEqual(['/name']);
  });

  it('checks definition names', () => {
    for (const name of ['a', 'login', 'lost_password', 'my-form', 'A1']) expect(pointers('form', { name }), name).toEqual([]);
    for (const name of ['', '1a', 'a b', 'a/b', 'a'.repeat(65)]) expect(pointers('form', { name }), name).toEqual(['/name']);
  });

  it('checks access', () => {
    expect(errorsOf('form', { name: 'f', access: { public: true, groups: ['Everyone'], self: false } })).toEqual([]);
    expect(pointers('form', { name: 'f', access: { admin: true } })).toEqual(['/access/admin']);
  });

  it('grid paging is 1, 2 or 3 and pageSize 1..1000', () => {
    for (const paging of [1, 2, 3]) expect(pointers('grid', { name: 'g', paging })).toEqual([]);
    for (const paging of [0, 4, '3']) expect(pointers('grid', { name: 'g', paging })).toEqual(['/paging']);
    for (const pageSize of [1, 50, 1000]) expect(pointers('grid', { name: 'g', pageSize })).toEqual([]);
    for (const pageSize of [0, 1001, 2.5]) expect(pointers('grid', { name: 'g', pageSize })).toEqual(['/pageSize']);
  });

  it('grid field types are Text, Number, Date, Image; sorts are ASC or DESC', () => {
    for (const type of ['Text', 'Number', 'Date', 'Image']) expect(pointers('grid', { name: 'g', definition: [{ name: 'a', type }] })).toEqual([]);
    expect(pointers('grid', { name: 'g', definition: [{ name: 'a', type: 'text' }] })).toEqual(['/definition/0/type']);
    for (const sorttype of ['ASC', 'DESC']) expect(pointers('grid', { name: 'g', sorts: [{ fieldname: 'a', sorttype }] })).toEqual([]);
    expect(pointers('grid', { name: 'g', sorts: [{ fieldname: 'a', sorttype: 'asc' }] })).toEqual(['/sorts/0/sorttype']);
  });

  it('actions and row actions refuse unknown keys', () => {
    expect(pointers('form', { name: 'f', actions: [{ url: '/x', label: 'Go', target: '_blank' }] })).toEqual(['/actions/0/target']);
    expect(pointers('grid', { name: 'g', rowactions: [{ url: '/x/:id', rightalignchecked: true }] })).toEqual(['/rowactions/0/rightalignchecked']);
  });

  it('a select is either static items or model-backed', () => {
    expect(pointers('select', { name: 's' }).sort()).toEqual(['/items', '/model']);
    expect(errorsOf('select', { name: 's', items: [], model: 'User' })).not.toEqual([]);
    expect(pointers('select', { name: 's', items: [{ value: 1, label: 'one' }] })).toEqual(['/items/0/value']);
  });

  it('model fields: names, types, and the targets references and links need', () => {
    const ok = {
      name: 'Order', idtype: 'hex', fields: [
        { name: 'total', type: 'number', default: 0 },
        { name: 'meta', type: 'json', default: { a: [1, null] } },
        { name: 'customer', type: 'reference', target: 'Customer' },
        { name: 'tags', type: 'link', target: 'Tag', through: 'OrderTag' },
      ],
    };
    expect(errorsOf('model', ok)).toEqual([]);
    expect(pointers('model', { name: 'order', fields: [] })).toEqual(['/name']);
    expect(pointers('model', { name: 'O', idtype: 'uuid', fields: [] })).toEqual(['/idtype']);
    expect(pointers('model', { name: 'O', fields: [{ name: 'id', type: 'text' }] })).toEqual(['/fields/0/name']);
    expect(pointers('model', { name: 'O', fields: [{ name: 'x', type: 'blob' }] })).toEqual(['/fields/0/type']);
    expect(pointers('model', { name: 'O', fields: [{ name: 'x', type: 'reference' }] })).toEqual(['/fields/0/target']);
    expect(pointers('model', { name: 'O', fields: [{ name: 'x', type: 'link', target: 'T' }] })).toEqual(['/fields/0/through']);
  });
});

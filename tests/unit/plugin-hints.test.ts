import { describe, expect, it } from 'vitest';
import { boundFields, walkColumns, type WalkRow } from '../../src/shared/definition-walk';
import { validateField, type PatternMatcher, type ValidatedField } from '../../src/shared/field-validation';
import commonSchema from '../../schemas/common.json';
import {
  boundFieldNames,
  childContainers,
  documentEditors,
  editorShown,
  offeredBy,
  pluginHints,
  propertyEditors,
  valueField,
} from '../../src/shared/plugin-hints';

/**
 * The designer hints as the rest of Tessera reads them: palettes, bound fields, validation and
 * property editors all come from the plugins' schemas, with no per-type code.
 */
describe('palettes', () => {
  it('the page designer offers exactly its eight types', () => {
    expect([...offeredBy('page')].sort()).toEqual(['Card', 'Grid', 'Html', 'None', 'Rows', 'Tabs', 'Text', 'WorkFlow']);
  });

  it('the form designer offers every built-in field type, layouts first, designers last', () => {
    const form = offeredBy('form');
    for (const t of ['Input', 'TextArea', 'Checkbox', 'Select', 'Editor', 'CodeEditor', 'Hidden', 'DualList', 'Button', 'FormDesigner']) {
      expect(form).toContain(t);
    }
    expect(form.indexOf('Rows')).toBeLessThan(form.indexOf('Input'));
    expect(form.indexOf('Input')).toBeLessThan(form.indexOf('MenuDesigner'));
  });

  it('gives every type a label, icon and category', () => {
    expect(pluginHints('TextArea')).toMatchObject({ category: 'field', designers: ['form'] });
    expect(pluginHints('Card')?.category).toBe('layout');
    expect(pluginHints('Sparkline')).toBeUndefined();
  });
});

describe('bound fields', () => {
  it('come from the binds hint, own value first', () => {
    expect(boundFieldNames({ childType: 'Input', name: 'email' })).toEqual(['email']);
    expect(valueField({ childType: 'Input', name: '' })).toBeUndefined();
    expect(boundFieldNames({ childType: 'FormDesigner', definitionfield: 'definition', modelfield: 'model' })).toEqual(['definition', 'model']);
    expect(valueField({ childType: 'FormDesigner', definitionfield: 'definition', modelfield: 'model' })).toBe('definition');
    // A grid's or menu's name is a definition code, not a record field.
    expect(boundFieldNames({ childType: 'Grid', name: 'orders' })).toEqual([]);
    expect(boundFieldNames({ childType: 'WorkFlow', name: 'main' })).toEqual([]);
    expect(boundFieldNames({ childType: 'Sparkline', name: 'x' })).toEqual([]);
  });

  it('are found through every nesting property the hints name: Rows, Card, Tabs and Tab', () => {
    const rows: WalkRow[] = [
      {
        cols: [
          { childType: 'Input', name: 'a' },
          { childType: 'Rows', rows: [{ cols: [{ childType: 'Checkbox', name: 'b' }] }] },
          {
            childType: 'Card',
            contenttype: 'Tabs',
            tabs: [
              { childType: 'Tab', rows: [{ cols: [{ childType: 'Select', name: 'c' }] }] },
              { childType: 'Tab', tabcontenttype: 'Tabs', tabs: [{ childType: 'Tab', rows: [{ cols: [{ childType: 'TextArea', name: 'd' }] }] }] },
            ],
          },
          { childType: 'Tabs', tabs: [{ childType: 'Tab', rows: [{ cols: [{ childType: 'Input', name: 'a' }, { childType: 'Hidden', name: 'e' }] }] }] },
          { childType: 'GridDesigner', definitionfield: 'definition', modelfield: 'model' },
        ],
      },
    ];
    expect(boundFields(rows).map((b) => b.field)).toEqual(['a', 'b', 'c', 'd', 'e', 'definition', 'model']);
    const visited: string[] = [];
    walkColumns(rows, (c) => visited.push(c.childType));
    expect(visited.filter((t) => t === 'Tab')).toHaveLength(4);
  });
});

describe('generic validation', () => {
  // None of these fields has a pattern; patterns are the engines' business (tests/unit/pattern-checker.test.ts).
  const noPatterns: PatternMatcher = () => {
    throw new Error('no pattern here');
  };
  const input = (extra: Partial<ValidatedField>): ValidatedField => ({ childType: 'Input', name: 'qty', label: 'Qty', ...extra });

  it('checks the types whose hints ask for it, with the product messages word for word', () => {
    expect(validateField(input({ required: true }), '', noPatterns)).toEqual({ valid: false, message: 'Qty is a required field' });
    expect(validateField(input({ minchecked: true, min: 3 }), 'ab', noPatterns)).toEqual({ valid: false, message: 'Length of Qty is less then 3' });
    expect(validateField(input({ fieldtype: 'number', minchecked: true, min: 3 }), '2', noPatterns)).toEqual({ valid: false, message: 'Qty is less than 3' });
    expect(validateField({ childType: 'TextArea', label: 'Notes', required: true }, ' ', noPatterns)).toEqual({ valid: false, message: 'Notes is a required field' });
  });

  it('leaves the types without it alone', () => {
    expect(validateField({ childType: 'Checkbox', label: 'Ok', required: true }, '', noPatterns)).toEqual({ valid: true, message: '' });
    expect(validateField({ childType: 'Text', label: 'T', required: true }, '', noPatterns)).toEqual({ valid: true, message: '' });
  });
});

describe('property editors', () => {
  it('a select edits its field first, and its keys only while hard coded', () => {
    const editors = propertyEditors('Select');
    expect(editors[0]).toMatchObject({ property: 'name', editor: 'field' });
    const keys = editors.find((e) => e.property === 'keys')!;
    expect(keys.editor).toBe('lines');
    expect(editorShown(keys, { childType: 'Select', selecttype: '1' })).toBe(true);
    expect(editorShown(keys, { childType: 'Select', selecttype: '2' })).toBe(false);
    // Left out, selecttype is its default, '1'.
    expect(editorShown(keys, { childType: 'Select' })).toBe(true);
    expect(editors.find((e) => e.property === 'url')?.editor).toBe('selectUrl');
    expect(editors.find((e) => e.property === 'childType')?.editor).toBe('none');
  });

  it('an input offers its field types, width as width, and min under its switch', () => {
    const editors = propertyEditors('Input');
    expect(editors.find((e) => e.property === 'fieldtype')?.options?.map((o) => o.value)).toContain('number');
    expect(editors.find((e) => e.property === 'width')?.editor).toBe('width');
    expect(editors.find((e) => e.property === 'min')).toMatchObject({ enabledBy: 'minchecked', group: 'Validation', editor: 'number' });
  });

  it('grid and menu embeds pick a code of their kind, a card an icon', () => {
    expect(propertyEditors('Grid').find((e) => e.property === 'name')?.editor).toBe('grid');
    expect(propertyEditors('WorkFlow').find((e) => e.property === 'name')?.editor).toBe('menu');
    expect(propertyEditors('Card').find((e) => e.property === 'icon')).toMatchObject({ editor: 'icon', enabledBy: 'iconchecked' });
    expect(propertyEditors('Tab').find((e) => e.property === 'tabicon')).toMatchObject({ editor: 'icon', enabledBy: 'tabiconchecked' });
  });

  it('containers say what they hold', () => {
    expect(childContainers('Rows')).toEqual([{ property: 'rows', children: 'rows', accepts: ['*'] }]);
    expect(childContainers('Tabs')).toEqual([{ property: 'tabs', children: 'tabs', accepts: ['Tab'] }]);
    expect(childContainers('Card').map((c) => c.property).sort()).toEqual(['rows', 'tabs']);
    expect(childContainers('Tab').map((c) => c.property).sort()).toEqual(['rows', 'tabs']);
    expect(childContainers('Input')).toEqual([]);
  });

  it("a form document's own properties and its toolbar actions are edited from hints too", () => {
    const form = documentEditors('form').filter((e) => e.editor !== 'none');
    expect(form.map((e) => [e.property, e.editor])).toEqual([
      ['title', 'text'], ['model', 'model'], ['url', 'url'], ['hideToolbar', 'boolean'], ['hideSaveAs', 'boolean'], ['hideDelete', 'boolean'], ['readOnly', 'boolean'],
    ]);
    expect(documentEditors('page').filter((e) => e.editor !== 'none').map((e) => e.label)).toEqual(['Title', 'Hide toolbar', 'Center']);
    expect(documentEditors('action').find((e) => e.property === 'icon')).toMatchObject({ editor: 'icon', enabledBy: 'iconchecked' });
  });
});

describe('each column type shows only the properties that apply to it', () => {
  const shown = (childType: string) => propertyEditors(childType).map((e) => e.property);
  const COMMON = Object.keys(commonSchema.$defs.fieldCommon.properties);

  it('offers a Checkbox no placeholder, pattern, minimum or maximum, and an Input all of them', () => {
    for (const p of ['placeholderchecked', 'placeholder', 'regularexpression', 'min', 'max', 'errormessage', 'hasbutton']) {
      expect(shown('Checkbox'), p).not.toContain(p);
      expect(shown('Input'), p).toContain(p);
    }
    expect(shown('Checkbox')).toEqual(expect.arrayContaining(['name', 'label', 'showlabelchecked', 'hasdefault', 'default', 'hint']));
  });

  it('gives a Rating its numeric bounds but no pattern, and a Select neither', () => {
    expect(shown('Rating')).toEqual(expect.arrayContaining(['min', 'max', 'required']));
    expect(shown('Rating')).not.toContain('regularexpression');
    expect(shown('Select')).not.toContain('min');
    expect(shown('Select')).toContain('required');
  });

  it('omits only properties the type has: a misspelt name is caught here', () => {
    for (const plugin of ['Checkbox', 'CodeEditor', 'DualList', 'Editor', 'Hidden', 'Rating', 'Select', 'TextArea']) {
      const omit = pluginHints(plugin)?.omit ?? [];
      expect(omit.length, plugin).toBeGreaterThan(0);
      for (const p of omit) expect(COMMON, `${plugin} omits ${p}`).toContain(p);
    }
  });
});

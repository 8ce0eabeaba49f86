import { applyPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../src/shared/schema-registry.js';
import { getAt, isColumnPath, newRow, newTab, parentArray, reduce, type DesignAction } from '../../src/designer/actions.js';
import type { FormDefinition, GridDefinition, MenuDefinition, PageDefinition } from '../../src/generated/definitions.js';

/** A form with a row of two inputs and a row holding a card with two tabs (the second tab holds a column). */
function form(): FormDefinition {
  return {
    name: 'customer',
    title: 'Customer',
    model: 'Customer',
    definition: [
      { cols: [{ childType: 'Input', width: 6, name: 'first' }, { childType: 'Input', width: 6, name: 'last' }] },
      {
        cols: [
          {
            childType: 'Card',
            width: 0,
            title: 'More',
            contenttype: 'Tabs',
            tabs: [
              { childType: 'Tab', tabtitle: 'Tab-1', rows: [] },
              { childType: 'Tab', tabtitle: 'Tab-2', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'hi' }] }] },
            ],
          },
          { childType: 'Checkbox', width: 0, name: 'vip' },
        ],
      },
    ],
    actions: [{ url: '/a', label: 'A' }, { url: '/b', label: 'B' }],
  };
}

const page = (): PageDefinition => ({ name: 'home', title: 'Home', definition: [{ cols: [{ childType: 'Card', width: 0 }] }] });
const grid = (): GridDefinition => ({
  name: 'customers',
  definition: [{ name: 'first' }, { name: 'last' }],
  rowactions: [{ url: '/edit/:id', label: 'Edit' }],
  sorts: [{ fieldname: 'first', sorttype: 'ASC' }],
});
const menu = (): MenuDefinition => ({
  name: 'main',
  definition: [{ title: 'One', url: '/1' }, { title: 'Two', url: '/2' }],
});

const CARD = ['definition', 1, 'cols', 0] as const;

/** Applies an action that must apply, checks its patch pair, and returns the new document. */
function apply<T extends object>(doc: T, action: DesignAction): T {
  const result = reduce(doc, action);
  expect(result, JSON.stringify(action)).not.toBeNull();
  if (!result) throw new Error('refused');
  expect(applyPatches(result.doc, result.inverse)).toEqual(doc);
  expect(applyPatches(doc, result.patches)).toEqual(result.doc);
  return result.doc;
}

describe('path helpers', () => {
  it('getAt reads along a path and answers undefined for anything that does not resolve', () => {
    const doc = form();
    expect(getAt(doc, [...CARD, 'tabs', 1, 'rows', 0, 'cols', 0, 'text'])).toBe('hi');
    expect(getAt(doc, ['definition', 9])).toBeUndefined();
    expect(getAt(doc, ['definition', 'cols'])).toBeUndefined();
    expect(getAt(doc, ['title', 'length'])).toBeUndefined();
    expect(getAt(doc, ['__proto__'])).toBeUndefined();
  });

  it('knows a column path and the array an item sits in', () => {
    expect(isColumnPath(['definition', 0, 'cols', 1])).toBe(true);
    expect(isColumnPath(['definition', 0])).toBe(false);
    expect(parentArray(['definition', 0, 'cols', 1])).toEqual(['definition', 0, 'cols']);
    expect(parentArray(['title'])).toBeNull();
  });

  it('a new row starts with one None column of width 0; a new tab is titled Tab-N with one row', () => {
    expect(newRow()).toEqual({ cols: [{ childType: 'None', width: 0 }] });
    expect(newTab(3)).toMatchObject({ childType: 'Tab', tabtitle: 'Tab-3', rows: [newRow()] });
  });
});

describe('set', () => {
  it('sets a document property and a column property, and deletes a key with undefined', () => {
    let doc = apply(form(), { type: 'set', path: ['title'], value: 'Client' });
    expect(doc.title).toBe('Client');
    doc = apply(doc, { type: 'set', path: ['definition', 0, 'cols', 1, 'label'], value: 'Surname' });
    expect(getAt(doc, ['definition', 0, 'cols', 1, 'label'])).toBe('Surname');
    doc = apply(doc, { type: 'set', path: ['model'], value: undefined });
    expect('model' in doc).toBe(false);
  });

  it('accepts a width of 0 to 12 in the property editor, and nothing else', () => {
    const width = ['definition', 0, 'cols', 0, 'width'];
    expect(getAt(apply(form(), { type: 'set', path: width, value: 12 }), width)).toBe(12);
    for (const value of [13, -1, 2.5, '3', undefined]) expect(reduce(form(), { type: 'set', path: width, value })).toBeNull();
  });

  it('refuses a path that does not resolve, an unsafe key, and a value equal to the current one', () => {
    expect(reduce(form(), { type: 'set', path: ['definition', 7, 'label'], value: 'x' })).toBeNull();
    expect(reduce(form(), { type: 'set', path: ['__proto__', 'polluted'], value: 1 })).toBeNull();
    expect(reduce(form(), { type: 'set', path: [], value: 1 })).toBeNull();
    expect(reduce(form(), { type: 'set', path: ['title'], value: 'Customer' })).toBeNull();
  });

  it('touches only the path: untouched rows keep their identity', () => {
    const doc = form();
    const next = apply(doc, { type: 'set', path: ['definition', 0, 'cols', 0, 'label'], value: 'First' });
    expect(next.definition?.[1]).toBe(doc.definition?.[1]);
    expect(next.actions).toBe(doc.actions);
  });
});

describe('rows and columns', () => {
  it('a new row starts with one None column of width 0', () => {
    const doc = apply(form(), { type: 'addRow', rows: ['definition'] });
    expect(doc.definition?.[2]).toEqual({ cols: [{ childType: 'None', width: 0 }] });
  });

  it('adds a row inside a tab, and creates the rows of a card that had none', () => {
    let doc = apply(form(), { type: 'addRow', rows: [...CARD, 'tabs', 0, 'rows'] });
    expect(getAt(doc, [...CARD, 'tabs', 0, 'rows'])).toEqual([newRow()]);
    doc = apply(page(), { type: 'addRow', rows: ['definition', 0, 'cols', 0, 'rows'] }) as FormDefinition;
    expect(getAt(doc, ['definition', 0, 'cols', 0, 'rows'])).toEqual([newRow()]);
  });

  it('refuses rows where a designer has none: on a row, on an input, on a grid', () => {
    expect(reduce(form(), { type: 'addRow', rows: ['definition', 0, 'rows'] })).toBeNull();
    expect(reduce(form(), { type: 'addRow', rows: ['definition', 0, 'cols', 0, 'rows'] })).toBeNull();
    expect(reduce(grid(), { type: 'addRow', rows: ['definition'] })).toBeNull();
  });

  it('deletes the last row, and refuses when there is none', () => {
    const doc = apply(form(), { type: 'deleteLastRow', rows: ['definition'] });
    expect(doc.definition).toHaveLength(1);
    expect(reduce(form(), { type: 'deleteLastRow', rows: [...CARD, 'tabs', 0, 'rows'] })).toBeNull();
  });

  it('adds a None column by default or the given one, inserts a palette drop at an index, deletes the last', () => {
    let doc = apply(form(), { type: 'addColumn', row: ['definition', 0] });
    expect(getAt(doc, ['definition', 0, 'cols', 2])).toEqual({ childType: 'None', width: 0 });
    doc = apply(doc, { type: 'insertColumn', row: ['definition', 0], index: 0, column: { childType: 'Html', width: 0 } });
    expect(doc.definition?.[0]?.cols.map((c) => c.childType)).toEqual(['Html', 'Input', 'Input', 'None']);
    doc = apply(doc, { type: 'deleteLastColumn', row: ['definition', 0] });
    expect(doc.definition?.[0]?.cols).toHaveLength(3);
    expect(reduce(form(), { type: 'insertColumn', row: ['definition', 0], index: 3, column: { childType: 'None', width: 0 } })).toBeNull();
    expect(reduce(form(), { type: 'addColumn', row: ['definition', 0], column: 'Input' })).toBeNull();
  });

  it('resizes a column from 0 to 11 by dragging, and refuses 12 or a non-column', () => {
    const doc = apply(form(), { type: 'resize', column: ['definition', 0, 'cols', 0], width: 11 });
    expect(getAt(doc, ['definition', 0, 'cols', 0, 'width'])).toBe(11);
    expect(reduce(form(), { type: 'resize', column: ['definition', 0, 'cols', 0], width: 12 })).toBeNull();
    expect(reduce(form(), { type: 'resize', column: ['definition', 0], width: 3 })).toBeNull();
    expect(reduce(form(), { type: 'resize', column: [...CARD, 'tabs', 0], width: 3 })).toBeNull();
  });
});

describe('swap (drag to reorder)', () => {
  it('swaps two columns of the same row', () => {
    const doc = apply(form(), { type: 'swap', a: ['definition', 0, 'cols', 0], b: ['definition', 0, 'cols', 1] });
    expect(doc.definition?.[0]?.cols.map((c) => ('name' in c ? c.name : ''))).toEqual(['last', 'first']);
  });

  it('swaps two columns of different rows, even at different depths', () => {
    const deep = [...CARD, 'tabs', 1, 'rows', 0, 'cols', 0];
    const doc = apply(form(), { type: 'swap', a: ['definition', 0, 'cols', 1], b: deep });
    expect(getAt(doc, ['definition', 0, 'cols', 1, 'childType'])).toBe('Text');
    expect(getAt(doc, [...deep, 'name'])).toBe('last');
  });

  it('swaps rows, tabs, actions, grid fields, row actions and menu rows', () => {
    expect(apply(form(), { type: 'swap', a: ['definition', 0], b: ['definition', 1] }).definition?.[1]?.cols).toHaveLength(2);
    expect(getAt(apply(form(), { type: 'swap', a: [...CARD, 'tabs', 0], b: [...CARD, 'tabs', 1] }), [...CARD, 'tabs', 0, 'tabtitle'])).toBe('Tab-2');
    expect(apply(form(), { type: 'swap', a: ['actions', 0], b: ['actions', 1] }).actions?.map((a) => a.url)).toEqual(['/b', '/a']);
    expect(apply(grid(), { type: 'swap', a: ['definition', 0], b: ['definition', 1] }).definition?.map((f) => f.name)).toEqual(['last', 'first']);
    expect(apply(menu(), { type: 'swap', a: ['definition', 1], b: ['definition', 0] }).definition?.map((m) => m.title)).toEqual(['Two', 'One']);
  });

  it('refuses items of different kinds, an item with its own descendant, and a stale path', () => {
    expect(reduce(form(), { type: 'swap', a: ['definition', 0], b: ['definition', 0, 'cols', 0] })).toBeNull();
    expect(reduce(form(), { type: 'swap', a: ['actions', 0], b: ['definition', 0] })).toBeNull();
    expect(reduce(form(), { type: 'swap', a: CARD, b: [...CARD, 'tabs', 1, 'rows', 0, 'cols', 0] })).toBeNull();
    expect(reduce(form(), { type: 'swap', a: ['definition', 0, 'cols', 0], b: ['definition', 0, 'cols', 5] })).toBeNull();
  });
});

describe('move (drag into another row, card or tab)', () => {
  it('moves a column into another row at an index', () => {
    const doc = apply(form(), { type: 'move', from: ['definition', 0, 'cols', 0], to: ['definition', 1, 'cols'], index: 1 });
    expect(doc.definition?.[0]?.cols.map((c) => c.childType)).toEqual(['Input']);
    expect(doc.definition?.[1]?.cols.map((c) => c.childType)).toEqual(['Card', 'Input', 'Checkbox']);
  });

  it("moves a column into a tab's rows, where it arrives in a row of its own", () => {
    const doc = apply(form(), { type: 'move', from: ['definition', 1, 'cols', 1], to: [...CARD, 'tabs', 0, 'rows'], index: 0 });
    expect(getAt(doc, [...CARD, 'tabs', 0, 'rows'])).toEqual([{ cols: [{ childType: 'Checkbox', width: 0, name: 'vip' }] }]);
  });

  it('moves a column out of a card into the top-level rows, whose indices shift', () => {
    const doc = apply(form(), { type: 'move', from: [...CARD, 'tabs', 1, 'rows', 0, 'cols', 0], to: ['definition'], index: 0 });
    expect(doc.definition?.[0]).toEqual({ cols: [{ childType: 'Text', width: 0, text: 'hi' }] });
    expect(getAt(doc, ['definition', 2, 'cols', 0, 'tabs', 1, 'rows', 0, 'cols'])).toEqual([]);
  });

  it('reorders within one list, the index counted after the item left', () => {
    const doc = apply(form(), { type: 'move', from: ['definition', 0], to: ['definition'], index: 1 });
    expect(doc.definition?.[1]?.cols[0]?.childType).toBe('Input');
    expect(reduce(form(), { type: 'move', from: ['definition', 0], to: ['definition'], index: 2 })).toBeNull();
    expect(reduce(form(), { type: 'move', from: ['definition', 0], to: ['definition'], index: 0 })).toBeNull();
  });

  it('moving a card into its own tab is refused', () => {
    expect(reduce(form(), { type: 'move', from: CARD, to: [...CARD, 'tabs', 0, 'rows'], index: 0 })).toBeNull();
    expect(reduce(form(), { type: 'move', from: ['definition', 1], to: [...CARD, 'tabs', 1, 'rows'], index: 0 })).toBeNull();
  });

  it('refuses a move into a list of another kind or out of range', () => {
    expect(reduce(form(), { type: 'move', from: ['actions', 0], to: ['definition', 0, 'cols'], index: 0 })).toBeNull();
    expect(reduce(form(), { type: 'move', from: ['definition', 0], to: ['definition', 1, 'cols'], index: 0 })).toBeNull();
    expect(reduce(form(), { type: 'move', from: ['definition', 0, 'cols', 0], to: ['definition', 1, 'cols'], index: 3 })).toBeNull();
  });
});

describe('lists: actions, tabs, grid sections, menu rows', () => {
  it('adds an action and deletes the last one', () => {
    let doc = apply(form(), { type: 'addItem', list: ['actions'] });
    expect(doc.actions?.[2]).toEqual({ url: '', label: 'Action' });
    doc = apply(doc, { type: 'deleteLastItem', list: ['actions'] });
    doc = apply(doc, { type: 'deleteLastItem', list: ['actions'] });
    expect(doc.actions).toEqual([{ url: '/a', label: 'A' }]);
  });

  it("a new tab is titled 'Tab-N' and holds one row", () => {
    const doc = apply(form(), { type: 'addItem', list: [...CARD, 'tabs'] });
    expect(getAt(doc, [...CARD, 'tabs', 2])).toEqual(newTab(3));
  });

  it('adds grid fields, row actions, filters and sorts, creating a missing section', () => {
    let doc = apply(grid(), { type: 'addItem', list: ['filters'] });
    doc = apply(doc, { type: 'addItem', list: ['sorts'], item: { fieldname: 'last', sorttype: 'DESC' } });
    doc = apply(doc, { type: 'addItem', list: ['definition'] });
    doc = apply(doc, { type: 'addItem', list: ['rowactions'] });
    expect(doc.filters).toHaveLength(1);
    expect(doc.sorts?.[1]?.sorttype).toBe('DESC');
    expect(doc.definition).toHaveLength(3);
    expect(doc.rowactions).toHaveLength(2);
    expect(validateDefinition('grid', doc)).toEqual({ ok: true });
    expect(reduce(form(), { type: 'addItem', list: ['filters'] })).toBeNull();
  });

  it('adds a menu workflow row and deletes the last', () => {
    const doc = apply(menu(), { type: 'addItem', list: ['definition'], item: { title: 'Three', url: '/3', icon: 'star' } });
    expect(doc.definition).toHaveLength(3);
    expect(apply(doc, { type: 'deleteLastItem', list: ['definition'] }).definition).toHaveLength(2);
    expect(validateDefinition('menu', doc)).toEqual({ ok: true });
  });

  it('deleteLastItem refuses an empty or missing list', () => {
    expect(reduce(grid(), { type: 'deleteLastItem', list: ['filters'] })).toBeNull();
    expect(reduce(form(), { type: 'deleteLastItem', list: ['nothing'] })).toBeNull();
  });
});

describe('replace', () => {
  it('replaces the whole document, undone by its inverse', () => {
    const doc = apply(form(), { type: 'replace', document: page() });
    expect(doc).toEqual(page());
    expect(reduce(form(), { type: 'replace', document: [1, 2] })).toBeNull();
  });
});

describe('edits stay schema-valid', () => {
  it('a sequence of designer actions on a form validates after every step', () => {
    const actions: DesignAction[] = [
      { type: 'addRow', rows: ['definition'] },
      { type: 'insertColumn', row: ['definition', 2], index: 0, column: { childType: 'Tabs', width: 4, tabs: [] } },
      { type: 'addItem', list: ['definition', 2, 'cols', 0, 'tabs'] },
      { type: 'move', from: ['definition', 0, 'cols', 1], to: ['definition', 2, 'cols', 0, 'tabs', 0, 'rows', 0, 'cols'], index: 1 },
      { type: 'swap', a: ['definition', 0], b: ['definition', 2] },
      { type: 'resize', column: ['definition', 0, 'cols', 0], width: 3 },
    ];
    let doc = form();
    for (const action of actions) {
      doc = apply(doc, action);
      expect(validateDefinition('form', doc)).toEqual({ ok: true });
    }
  });
});

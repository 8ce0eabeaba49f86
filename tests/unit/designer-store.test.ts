import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, createDesignerStore } from '../../src/designer/store.js';
import type { FormDefinition, MenuDefinition } from '../../src/generated/definitions.js';

function form(): FormDefinition {
  return {
    name: 'customer',
    title: '',
    definition: [
      { cols: [{ childType: 'Input', width: 0, name: 'first' }, { childType: 'Input', width: 0, name: 'last' }] },
      { cols: [{ childType: 'Card', width: 0, rows: [{ cols: [{ childType: 'Text', width: 0 }] }] }] },
    ],
  };
}

const COL = ['definition', 0, 'cols', 1] as const;

function typeInto(store: ReturnType<typeof createDesignerStore<FormDefinition>>, text: string): void {
  for (let i = 1; i <= text.length; i++) {
    store.getState().dispatch({ type: 'set', path: ['title'], value: text.slice(0, i) }, { merge: 'title' });
  }
}

describe('designer store: history', () => {
  it('every edit is one step; undo and redo walk them with counts', () => {
    const store = createDesignerStore('form', form());
    const s = () => store.getState();
    s().dispatch({ type: 'addRow', rows: ['definition'] });
    s().dispatch({ type: 'set', path: ['title'], value: 'A' });
    expect(s().canUndo()).toBe(2);
    expect(s().undo()).toBe(true);
    expect(s().doc.title).toBe('');
    expect(s().canRedo()).toBe(1);
    expect(s().redo()).toBe(true);
    expect(s().doc.title).toBe('A');
    s().undo();
    s().undo();
    expect(s().doc).toEqual(form());
    expect(s().undo()).toBe(false);
  });

  it('an action that cannot apply adds nothing', () => {
    const store = createDesignerStore('form', form());
    expect(store.getState().dispatch({ type: 'deleteLastRow', rows: ['definition', 0, 'cols'] })).toBe(false);
    expect(store.getState().dispatch({ type: 'resize', column: COL, width: 12 })).toBe(false);
    expect(store.getState().canUndo()).toBe(0);
  });

  it("typing 'Hello' as five merged sets undoes in one step", () => {
    const store = createDesignerStore('form', form());
    typeInto(store, 'Hello');
    expect(store.getState().doc.title).toBe('Hello');
    expect(store.getState().canUndo()).toBe(1);
    // The burst keeps one patch pair, however long it was.
    expect(store.getState().past[0]?.patches).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().doc.title).toBe('');
    store.getState().redo();
    expect(store.getState().doc.title).toBe('Hello');
  });

  it('a resize drag is one step, and a merge of a key that did not exist undoes to its absence', () => {
    const store = createDesignerStore('form', form());
    for (const width of [1, 2, 3, 4]) store.getState().dispatch({ type: 'resize', column: COL, width }, { merge: 'resize' });
    store.getState().dispatch({ type: 'set', path: [...COL, 'label'], value: 'L' }, { merge: 'label' });
    store.getState().dispatch({ type: 'set', path: [...COL, 'label'], value: 'La' }, { merge: 'label' });
    expect(store.getState().canUndo()).toBe(2);
    store.getState().undo();
    expect(store.getState().doc.definition?.[0]?.cols[1]).toEqual({ childType: 'Input', width: 4, name: 'last' });
    store.getState().undo();
    expect(store.getState().doc).toEqual(form());
  });

  it('seal, another merge key, or undo ends a merge', () => {
    const store = createDesignerStore('form', form());
    const s = () => store.getState();
    typeInto(store, 'He');
    s().seal();
    typeInto(store, 'Hel');
    expect(s().canUndo()).toBe(2);
    s().dispatch({ type: 'set', path: [...COL, 'label'], value: 'x' }, { merge: 'label' });
    typeInto(store, 'Hell');
    expect(s().canUndo()).toBe(4);
    s().undo();
    typeInto(store, 'Hello');
    expect(s().canUndo()).toBe(4);
  });

  it('a new edit clears redo', () => {
    const store = createDesignerStore('form', form());
    store.getState().dispatch({ type: 'addRow', rows: ['definition'] });
    store.getState().undo();
    store.getState().dispatch({ type: 'set', path: ['title'], value: 'T' });
    expect(store.getState().canRedo()).toBe(0);
    expect(store.getState().redo()).toBe(false);
  });

  it('the 1,001st step drops the oldest', () => {
    const store = createDesignerStore('form', form());
    for (let i = 1; i <= HISTORY_LIMIT + 1; i++) store.getState().dispatch({ type: 'set', path: ['title'], value: `t${i}` });
    expect(store.getState().canUndo()).toBe(HISTORY_LIMIT);
    while (store.getState().undo());
    // The first edit can no longer be undone: the oldest reachable state is after it.
    expect(store.getState().doc.title).toBe('t1');
    expect(store.getState().isDirty()).toBe(true);
  });
});

describe('designer store: dirty tracking', () => {
  it('a loaded document is clean; an edit makes it dirty; undo to the saved step is not dirty', () => {
    const store = createDesignerStore('form', form());
    const s = () => store.getState();
    expect(s().isDirty()).toBe(false);
    s().dispatch({ type: 'set', path: ['title'], value: 'A' });
    expect(s().isDirty()).toBe(true);
    s().undo();
    expect(s().isDirty()).toBe(false);
    s().redo();
    s().markSaved();
    expect(s().isDirty()).toBe(false);
    s().dispatch({ type: 'addRow', rows: ['definition'] });
    expect(s().isDirty()).toBe(true);
    s().undo();
    expect(s().isDirty()).toBe(false);
    s().undo();
    expect(s().isDirty()).toBe(true);
  });

  it('typing after a save is dirty even with the same merge key', () => {
    const store = createDesignerStore('form', form());
    typeInto(store, 'Hel');
    store.getState().markSaved();
    typeInto(store, 'Hello');
    expect(store.getState().isDirty()).toBe(true);
    store.getState().undo();
    expect(store.getState().doc.title).toBe('Hel');
    expect(store.getState().isDirty()).toBe(false);
  });

  it('the same document reached by a different edit is still dirty (positions, not contents)', () => {
    const store = createDesignerStore('form', form());
    store.getState().dispatch({ type: 'set', path: ['title'], value: 'A' });
    store.getState().undo();
    store.getState().dispatch({ type: 'set', path: ['title'], value: 'B' });
    expect(store.getState().isDirty()).toBe(true);
  });

  it('load resets history, selection and dirtiness', () => {
    const store = createDesignerStore('form', form());
    store.getState().dispatch({ type: 'addRow', rows: ['definition'] });
    store.getState().select(['definition', 2]);
    store.getState().load({ ...form(), title: 'Reloaded' });
    const s = store.getState();
    expect([s.canUndo(), s.canRedo(), s.selection, s.isDirty(), s.doc.title]).toEqual([0, 0, null, false, 'Reloaded']);
  });
});

describe('designer store: selection', () => {
  it('selection is not history', () => {
    const store = createDesignerStore('form', form());
    store.getState().select(COL);
    expect(store.getState().selection).toEqual(COL);
    expect(store.getState().canUndo()).toBe(0);
    store.getState().select(['definition', 9]);
    expect(store.getState().selection).toBeNull();
  });

  it('selection cleared when its column is deleted, and after an undo that removes it', () => {
    const store = createDesignerStore('form', form());
    store.getState().select(COL);
    store.getState().dispatch({ type: 'deleteLastColumn', row: ['definition', 0] });
    expect(store.getState().selection).toBeNull();
    store.getState().dispatch({ type: 'addRow', rows: ['definition'] });
    store.getState().select(['definition', 2, 'cols', 0]);
    store.getState().undo();
    expect(store.getState().selection).toBeNull();
  });

  it('a swapped or moved column stays selected at its new place', () => {
    const store = createDesignerStore('form', form());
    const s = () => store.getState();
    s().select(COL);
    s().dispatch({ type: 'swap', a: COL, b: ['definition', 0, 'cols', 0] });
    expect(s().selection).toEqual(['definition', 0, 'cols', 0]);
    s().dispatch({ type: 'move', from: ['definition', 0, 'cols', 0], to: ['definition', 1, 'cols', 0, 'rows'], index: 1 });
    expect(s().selection).toEqual(['definition', 1, 'cols', 0, 'rows', 1, 'cols', 0]);
    expect(s().doc.definition?.[1]?.cols[0]).toMatchObject({ rows: [{}, { cols: [{ name: 'last' }] }] });
    // Moving a row above it shifts its path, and the selection follows.
    s().dispatch({ type: 'move', from: ['definition', 1], to: ['definition'], index: 0 });
    expect(s().selection).toEqual(['definition', 0, 'cols', 0, 'rows', 1, 'cols', 0]);
  });
});

describe('designer store: other kinds', () => {
  it('a menu designer reorders workflow rows and knows its lists', () => {
    const menu: MenuDefinition = { name: 'main', definition: [{ title: 'One', url: '/1' }] };
    const store = createDesignerStore('menu', menu);
    expect(store.getState().dispatch({ type: 'addItem', list: ['definition'] })).toBe(true);
    expect(store.getState().dispatch({ type: 'addRow', rows: ['definition'] })).toBe(false);
    expect(store.getState().dispatch({ type: 'swap', a: ['definition', 0], b: ['definition', 1] })).toBe(true);
    expect(store.getState().doc.definition?.[1]?.title).toBe('One');
  });

  it('an edit on a page of 1,000 blocks costs about what it costs on 10', () => {
    const big = (n: number): FormDefinition => ({
      name: 'big',
      definition: Array.from({ length: n / 4 }, (_, r) => ({
        cols: Array.from({ length: 4 }, (_, c) => ({ childType: 'Input' as const, width: 3, name: `f${r}_${c}` })),
      })),
    });
    const time = (n: number): number => {
      const store = createDesignerStore('form', big(n));
      const start = performance.now();
      for (let i = 0; i < 200; i++) {
        store.getState().dispatch({ type: 'set', path: ['definition', 1, 'cols', 2, 'label'], value: `v${i}` }, { merge: 'label' });
      }
      return performance.now() - start;
    };
    time(40); // warm-up
    const small = time(12);
    const large = time(1000);
    expect(large).toBeLessThan(Math.max(small * 5, 50));
  });
});

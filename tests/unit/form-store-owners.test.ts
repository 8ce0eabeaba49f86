import { describe, expect, it } from 'vitest';
import { createFormStore, formValues, isFormDirty, markFormClean, setFieldValue, showFieldValue, type ValueOwner, type Values } from '../../src/runtime/form-store';

/** An owner holding `definition` and `name`, as a designer holds its document. */
function ownerOf(held: Values) {
  const log: string[] = [];
  let dirty = false;
  const owner: ValueOwner = {
    owns: (field) => field in held,
    values: () => ({ ...held }),
    dirty: () => dirty,
    saved: () => {
      dirty = false;
      log.push('saved');
    },
    edited: (field, value) => {
      held[field] = value;
      dirty = true;
      log.push(`edited ${field}`);
    },
  };
  return { owner, log, held };
}

describe('fields a column holds for its form (ValueOwner)', () => {
  it('are read from the owner when the form saves, in the record\'s own key order', () => {
    const store = createFormStore({ id: 'p1', version: 2, name: 'old', definition: [] });
    const { owner, held } = ownerOf({ name: 'old', definition: [{ cols: [] }] });
    store.owners.add(owner);
    held.definition = [{ cols: [{ childType: 'Text', width: 0 }] }];
    expect(Object.keys(formValues(store))).toEqual(['id', 'version', 'name', 'definition']);
    expect(formValues(store).definition).toBe(held.definition);
    expect(store.getState().values.definition).toEqual([]);
  });

  it("hand the form's own edits of an owned field to the owner: one dirty flag, the owner's", () => {
    const store = createFormStore({ id: 'p1', version: 2, name: 'old', title: 'T' });
    const { owner, log } = ownerOf({ name: 'old' });
    store.owners.add(owner);
    let heard = 0;
    store.fields.subscribe('name', () => void (heard += 1));
    setFieldValue(store, 'name', 'new');
    expect(log).toEqual(['edited name']);
    expect(store.getState().values.name).toBe('new');
    expect(heard).toBe(1);
    expect(store.getState().dirty).toBe(false);
    expect(isFormDirty(store)).toBe(true);
    // A field nobody owns is the form's own edit, as before.
    setFieldValue(store, 'title', 'U');
    expect(store.getState().dirty).toBe(true);
    markFormClean(store);
    expect(isFormDirty(store)).toBe(false);
    expect(log).toEqual(['edited name', 'saved']);
  });

  it('show an owner\'s value in the form\'s field without making the form dirty', () => {
    const store = createFormStore({ name: 'a' });
    let heard = 0;
    store.fields.subscribe('name', () => void (heard += 1));
    showFieldValue(store, 'name', 'b');
    expect(store.getState().values.name).toBe('b');
    expect(heard).toBe(1);
    expect(isFormDirty(store)).toBe(false);
  });
});

import { applyPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { reduce, type DesignAction } from '../../src/designer/actions.js';
import type { ModelDefinition } from '../../src/generated/definitions.js';

/**
 * A model's history exclusions follow its fields in the model designer's own actions: a rename
 * carries the name, a removal (or a link or password type) drops it, and undo (the inverse
 * patches) puts both back. What the server refuses at /history/exclude/N is never left behind.
 */
const model = (exclude: string[], extra: Partial<ModelDefinition> = {}): ModelDefinition => ({
  name: 'Account',
  fields: [
    { name: 'owner', type: 'text' },
    { name: 'apiKey', type: 'text' },
    { name: 'notes', type: 'text' },
  ],
  history: { exclude, days: 30 },
  ...extra,
});

function apply(doc: ModelDefinition, action: DesignAction): ModelDefinition {
  const result = reduce(doc, action, 'model');
  if (!result) throw new Error(`${action.type} did not apply`);
  // The inverse patches give back the document before, exclusions included.
  expect(applyPatches(result.doc, result.inverse)).toEqual(doc);
  return result.doc;
}

describe("the model designer keeps history.exclude in step with the fields", () => {
  it('renames an excluded field in the list, keystroke by keystroke', () => {
    let doc = apply(model(['apiKey', 'notes']), { type: 'set', path: ['fields', 1, 'name'], value: 'apiK' });
    doc = apply(doc, { type: 'set', path: ['fields', 1, 'name'], value: 'token' });
    expect(doc.history).toEqual({ exclude: ['token', 'notes'], days: 30 });
  });

  it('leaves the list alone when a field not in it is renamed or another property changes', () => {
    const doc = apply(model(['apiKey']), { type: 'set', path: ['fields', 0, 'name'], value: 'holder' });
    expect(doc.history?.exclude).toEqual(['apiKey']);
    expect(apply(doc, { type: 'set', path: ['fields', 1, 'label'], value: 'Key' }).history?.exclude).toEqual(['apiKey']);
  });

  it('drops a removed field, and the exclusion list (and the history object) once empty', () => {
    const doc = apply(model(['apiKey', 'notes']), { type: 'removeItem', item: ['fields', 1] });
    expect(doc.history).toEqual({ exclude: ['notes'], days: 30 });
    expect(apply(doc, { type: 'deleteLastItem', list: ['fields'] }).history).toEqual({ days: 30 });
    const only = apply(model(['notes'], { history: { exclude: ['notes'] } }), { type: 'removeItem', item: ['fields', 2] });
    expect('history' in only).toBe(false);
  });

  it('drops a field made a link (the server refuses one) or a password (always kept out)', () => {
    expect(apply(model(['apiKey']), { type: 'set', path: ['fields', 1, 'type'], value: 'password' }).history).toEqual({ days: 30 });
    expect(apply(model(['apiKey']), { type: 'set', path: ['fields', 1, 'type'], value: 'link' }).history).toEqual({ days: 30 });
    expect(apply(model(['apiKey']), { type: 'set', path: ['fields', 1, 'type'], value: 'number' }).history?.exclude).toEqual(['apiKey']);
  });

  it('keeps both exclusions while two excluded fields share a name during typing', () => {
    // 'notes' typed down to 'owner' (the name of field 0, excluded too) and on to 'ownerNotes'.
    let doc = apply(model(['notes', 'owner']), { type: 'set', path: ['fields', 2, 'name'], value: 'owner' });
    expect(doc.history?.exclude).toEqual(['owner', 'owner']);
    doc = apply(doc, { type: 'set', path: ['fields', 2, 'name'], value: 'ownerNotes' });
    expect(doc.history?.exclude).toEqual(['ownerNotes', 'owner']);
  });

  it("does not take another field's exclusion along when a field shares its name", () => {
    // Field 2 typed into 'owner' (excluded, field 0's), then removed: field 0 keeps its entry.
    const shared = apply(model(['owner']), { type: 'set', path: ['fields', 2, 'name'], value: 'owner' });
    expect(shared.history?.exclude).toEqual(['owner']);
    expect(apply(shared, { type: 'removeItem', item: ['fields', 2] }).history?.exclude).toEqual(['owner']);
  });

  it('does nothing of the kind in other designers', () => {
    const doc = model(['apiKey']);
    const result = reduce(doc, { type: 'removeItem', item: ['fields', 1] }, 'form');
    expect(result).toBeNull();
  });
});

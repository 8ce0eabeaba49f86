import { describe, expect, it } from 'vitest';
import { documentEditors, editorShown } from '../../src/shared/plugin-hints';

/** The grid designer's property panel offers a grid field's `shows` only for a Reference column (schemas/grid.json). */
describe("a grid field's shows", () => {
  const shows = documentEditors('gridField').find((e) => e.property === 'shows');

  it('is an editor of the grid field, after its type', () => {
    expect(shows).toBeDefined();
    const order = documentEditors('gridField').map((e) => e.property);
    expect(order.indexOf('shows')).toBe(order.indexOf('type') + 1);
  });

  it('is shown only while the type is Reference', () => {
    if (!shows) throw new Error('no shows editor');
    expect(editorShown(shows, { name: 'book', type: 'Reference' })).toBe(true);
    expect(editorShown(shows, { name: 'book', type: 'Number' })).toBe(false);
    expect(editorShown(shows, { name: 'book' })).toBe(false);
  });
});

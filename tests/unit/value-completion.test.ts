import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { valueCompletion } from '../../src/app/screens/raw/value-completion.js';
import { childTypes } from '../../src/shared/schema-registry.js';

/** The raw editors' value completion, over half-typed text that does not parse. */
function complete(kind: 'form' | 'grid', text: string, caretAfter: string, explicit = true) {
  const state = EditorState.create({ doc: text, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5000);
  const pos = text.indexOf(caretAfter) + caretAfter.length;
  const result = valueCompletion(kind)(new CompletionContext(state, pos, explicit));
  return result && { labels: result.options.map((o) => o.label), replaced: text.slice(result.from, result.to) };
}

describe('value completion in the raw editors', () => {
  it("offers every childType, with the type's label, for a column being typed", () => {
    const result = complete('form', '{\n  "name": "x",\n  "definition": [{ "cols": [{ "childType": "Te\n }] }]\n}', '"Te');
    expect(result?.labels).toEqual(childTypes.map((t) => JSON.stringify(t)));
    expect(result?.replaced).toBe('"Te');
  });

  it("offers the enumeration of the property under the caret, from the column's own type", () => {
    const result = complete('form', '{\n  "definition": [{ "cols": [{ "childType": "Input", "width": 6, "fieldtype": "e\n }] }]\n}', '"e');
    expect(result?.labels).toEqual(expect.arrayContaining(['"text"', '"email"', '"date"']));
    expect(result?.replaced).toBe('"e');
  });

  it("offers a document property's enumeration, and replaces a whole finished value", () => {
    const result = complete('grid', '{ "name": "g", "paging": 2, "title": "G" }', '"paging": 2');
    expect(result?.labels).toEqual(['1', '2', '3']);
    expect(result?.replaced).toBe('2');
  });

  it('offers nothing for a property name, or a property without an enumeration', () => {
    expect(complete('form', '{ "na', '"na')).toBeNull();
    expect(complete('form', '{ "title": "Cu', '"Cu')).toBeNull();
  });
});

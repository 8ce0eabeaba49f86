import { act, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorHeight, loadLanguage } from './languages';
import type { CodeEditorColumn } from '../../src/plugin-kit';
import { setFieldValue, renderField } from '../../src/plugin-kit/testing';


// jsdom has no layout, and CodeMirror measures text ranges to place the cursor.
beforeAll(() => {
  if (!('getClientRects' in Range.prototype)) {
    const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
    Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: () => rect });
  }
});

const renderColumn = renderField;

/** The CodeMirror view behind the labelled content element. */
async function mountedEditor(label: string): Promise<EditorView> {
  const content = await waitFor(() => screen.getByLabelText(label));
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no CodeMirror view');
  return view;
}

const script: CodeEditorColumn = { childType: 'CodeEditor', width: 12, name: 'script', label: 'Script', language: 'python', height: 20 };

describe('the CodeEditor column', () => {
  it("shows its label and 'Loading...' while the editor chunk loads", async () => {
    renderColumn(script, { script: '' });
    expect(screen.getByText('Script').tagName).toBe('LABEL');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await mountedEditor('Script');
  });

  it('mounts CodeMirror with the content element named by the field label, showing the value', async () => {
    renderColumn(script, { script: 'print("hi")' });
    const view = await mountedEditor('Script');
    expect(view.state.doc.toString()).toBe('print("hi")');
    expect(view.contentDOM.getAttribute('aria-labelledby')).toBe('t-script-label');
    expect(document.getElementById('t-script-label')?.textContent).toBe('Script');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('writes the text into the field as it is edited', async () => {
    const rt = renderColumn(script, { script: 'a = 1' });
    const view = await mountedEditor('Script');
    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: '\nb = 2' } }));
    expect(rt.store.getState().values.script).toBe('a = 1\nb = 2');
  });

  it('takes a value set from outside, as when the record arrives after the editor mounted', async () => {
    const rt = renderColumn(script, { script: '' });
    const view = await mountedEditor('Script');
    act(() => setFieldValue(rt.store, 'script', 'loaded()'));
    await waitFor(() => expect(view.state.doc.toString()).toBe('loaded()'));
  });

  it('is read only when the record is being deleted', async () => {
    renderColumn(script, { script: 'x' }, { mode: 'delete' });
    const view = await mountedEditor('Script');
    await waitFor(() => expect(view.state.readOnly).toBe(true));
    expect(view.contentDOM.getAttribute('contenteditable')).toBe('false');
  });

  it('loads the grammar of its language', async () => {
    renderColumn({ ...script, language: 'json' }, { script: '{"a": 1}' });
    const view = await mountedEditor('Script');
    await waitFor(() => expect(view.contentDOM.getAttribute('data-language')).toBe('json'));
  });

  it('is 10vh high unless the column says otherwise', () => {
    expect(editorHeight(undefined)).toBe('10vh');
    expect(editorHeight(25)).toBe('25vh');
  });

  it('knows the six languages of its schema and edits plain text otherwise', async () => {
    for (const language of ['python', 'javascript', 'json', 'html', 'xml', 'sql']) {
      const support = await loadLanguage(language);
      expect(support?.language.name).toBeTruthy();
    }
    expect(loadLanguage(undefined)).toBeUndefined();
    expect(loadLanguage('cobol')).toBeUndefined();
    expect(loadLanguage('toString')).toBeUndefined();
  });
});

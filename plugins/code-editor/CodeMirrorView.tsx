import { useEffect, useRef } from 'react';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { editorHeight, loadLanguage } from './languages';

export interface CodeMirrorViewProps {
  id: string;
  labelId: string;
  value: string;
  onChange(text: string): void;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  language: string | undefined;
  height: number | undefined;
}

function contentAttributes(id: string, labelId: string, invalid: boolean, describedBy: string | undefined): Record<string, string> {
  const attrs: Record<string, string> = { id, 'aria-labelledby': labelId };
  if (invalid) attrs['aria-invalid'] = 'true';
  if (describedBy) attrs['aria-describedby'] = describedBy;
  return attrs;
}

/** CodeMirror 6, in its own chunk: only screens with a CodeEditor column download it. */
export default function CodeMirrorView({ id, labelId, value, onChange, disabled, invalid, describedBy, language, height }: CodeMirrorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // Each prop that can change after mount lives in a compartment, so it is reconfigured in
  // place instead of rebuilding the editor (which would lose the caret and scroll position).
  const parts = useRef({ language: new Compartment(), editable: new Compartment(), attributes: new Compartment(), height: new Compartment() });
  const latest = useRef({ onChange, emitted: value });
  latest.current.onChange = onChange;

  useEffect(() => {
    const p = parts.current;
    const v = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: latest.current.emitted,
        extensions: [
          basicSetup,
          p.language.of([]),
          p.editable.of([]),
          p.attributes.of([]),
          p.height.of([]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            latest.current.emitted = text;
            latest.current.onChange(text);
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({
      effects: parts.current.editable.reconfigure([EditorState.readOnly.of(disabled), EditorView.editable.of(!disabled)]),
    });
  }, [disabled]);

  useEffect(() => {
    view.current?.dispatch({
      effects: parts.current.attributes.reconfigure(EditorView.contentAttributes.of(contentAttributes(id, labelId, invalid, describedBy))),
    });
  }, [id, labelId, invalid, describedBy]);

  useEffect(() => {
    view.current?.dispatch({
      effects: parts.current.height.reconfigure(EditorView.theme({ '&': { height: editorHeight(height) }, '.cm-scroller': { overflow: 'auto' } })),
    });
  }, [height]);

  useEffect(() => {
    let current = true;
    const loading = loadLanguage(language);
    if (!loading) view.current?.dispatch({ effects: parts.current.language.reconfigure([]) });
    loading?.then((support) => {
      if (current) view.current?.dispatch({ effects: parts.current.language.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  // A value set from outside (the record arriving after mount) replaces the text; our own
  // echo from the update listener must not, or every keystroke would reset the document.
  useEffect(() => {
    const v = view.current;
    if (!v || value === latest.current.emitted) return;
    latest.current.emitted = value;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className={`form-control p-0 overflow-hidden${invalid ? ' is-invalid' : ''}`} />;
}

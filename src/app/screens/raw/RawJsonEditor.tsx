/**
 * The raw editors' CodeMirror 6 (its own lazy chunk): JSON with the definition's schema. Errors
 * are underlined where they are, as you type, with the messages the server would give (the
 * shared ajv validator, mapped to positions through the JSON syntax tree); completion of property
 * names, childType values and enumerations with their descriptions, and hover help, come from
 * codemirror-json-schema over the kind's bundled schema. Undo and redo are CodeMirror's own
 * history (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y); Ctrl+S saves.
 */
import { json, jsonLanguage } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { getJsonPointers, jsonCompletion, stateExtensions } from 'codemirror-json-schema';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { bundledSchema } from '../../../shared/schema-bundle';
import type { DefinitionKind } from '../../../shared/schema-catalog';
import { checkText } from './raw-check';
import { propertyHelp, valueCompletion } from './value-completion';

export interface RawJsonEditorProps {
  kind: DefinitionKind;
  /** The text to start with; a later change replaces the document (a reload). */
  initial: string;
  label: string;
  onChange(text: string): void;
  onSave(): void;
}

export interface RawJsonEditorHandle {
  /** Replaces the text as one undoable change (Format). */
  replace(text: string): void;
  /** Puts the caret at a JSON pointer's place and focuses the editor. */
  reveal(pointer: string): void;
  focus(): void;
}

/** Where a pointer's value sits; a pointer with no place of its own falls back to its nearest parent. */
function placeOf(state: EditorState, pointer: string): { from: number; to: number } {
  // 'json4' is the library's name for plain JSON.
  const pointers = getJsonPointers(state, 'json4');
  for (let p = pointer; ; p = p.slice(0, Math.max(0, p.lastIndexOf('/')))) {
    const at = pointers.get(p);
    if (at) return { from: at.keyFrom, to: at.keyTo };
    if (p === '') return { from: 0, to: Math.min(1, state.doc.length) };
  }
}

export default forwardRef<RawJsonEditorHandle, RawJsonEditorProps>(function RawJsonEditor({ kind, initial, label, onChange, onSave }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onSave, text: initial });
  latest.current.onChange = onChange;
  latest.current.onSave = onSave;

  useEffect(() => {
    const schemaLint = linter(
      (v): Diagnostic[] => {
        const text = v.state.doc.toString();
        const { value, problems } = checkText(kind, text);
        if (!value) {
          // Where JSON.parse stopped, when it says ("... at position 12").
          const at = /position (\d+)/.exec(problems[0]?.message ?? '');
          const pos = Math.min(at ? Number(at[1]) : 0, text.length);
          return [{ from: pos, to: Math.min(pos + 1, text.length), severity: 'error', message: problems[0]?.message ?? 'Not valid JSON' }];
        }
        return problems.map((p) => ({ ...placeOf(v.state, p.pointer), severity: 'error' as const, message: p.pointer ? `${p.pointer}: ${p.message}` : p.message }));
      },
      { delay: 150 },
    );
    const v = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: latest.current.text,
        extensions: [
          Prec.high(keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => (latest.current.onSave(), true) }])),
          basicSetup,
          json(),
          lintGutter(),
          schemaLint,
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          jsonLanguage.data.of({ autocomplete: valueCompletion(kind) }),
          hoverTooltip((hovered, pos) => {
            const help = propertyHelp(kind, hovered.state, pos);
            if (!help) return null;
            return {
              pos: help.from,
              end: help.to,
              above: true,
              create: () => {
                const dom = document.createElement('div');
                dom.className = 'tessera-raw-help';
                const title = document.createElement('strong');
                title.textContent = `${help.name}${help.type ? `: ${help.type}` : ''}`;
                dom.append(title);
                if (help.description) dom.append(Object.assign(document.createElement('div'), { textContent: help.description }));
                if (help.values) dom.append(Object.assign(document.createElement('div'), { textContent: `One of: ${help.values.map((v) => JSON.stringify(v)).join(', ')}` }));
                return { dom };
              },
            };
          }),
          stateExtensions(bundledSchema(kind) as Parameters<typeof stateExtensions>[0]),
          // An explicit tab stop, so checkers (axe) see the scrolling area is reachable by keyboard.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.theme({ '&': { height: '65vh' }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            latest.current.text = text;
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
    // The editor is built once per kind; text changes from outside go through `initial` below.
  }, [kind, label]);

  useEffect(() => {
    const v = view.current;
    if (!v || initial === latest.current.text) return;
    latest.current.text = initial;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: initial } });
  }, [initial]);

  useImperativeHandle(ref, () => ({
    replace(text) {
      const v = view.current;
      if (v && text !== v.state.doc.toString()) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    },
    reveal(pointer) {
      const v = view.current;
      if (!v) return;
      const { from } = placeOf(v.state, pointer);
      v.dispatch({ selection: { anchor: from }, scrollIntoView: true });
      v.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div ref={host} className="form-control p-0 overflow-hidden tessera-raw-editor" />;
});

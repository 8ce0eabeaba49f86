import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { sanitizeHtml } from '../../src/plugin-kit';

export interface RichTextProps {
  id: string;
  labelId: string;
  value: string;
  onChange(html: string): void;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

/**
 * The HTML a rich text field stores. Rich text is shown as HTML on other screens, so what is
 * stored is sanitised; an editor with nothing typed stores '' rather than '<p></p>', so an
 * emptied field reads as empty.
 */
export function storedHtml(editor: Pick<Editor, 'isEmpty' | 'getHTML'>): string {
  return editor.isEmpty ? '' : sanitizeHtml(editor.getHTML());
}

/** The editable element is the control: it carries the field's id, name and state. */
function editableAttributes(id: string, labelId: string, invalid: boolean, describedBy: string | undefined): Record<string, string> {
  const attrs: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: `form-control${invalid ? ' is-invalid' : ''}`,
    style: 'min-height: 8rem',
  };
  if (invalid) attrs['aria-invalid'] = 'true';
  if (describedBy) attrs['aria-describedby'] = describedBy;
  return attrs;
}

const TOOLS = [
  { name: 'bold', label: 'Bold', icon: 'bi-type-bold', run: (e: Editor) => e.chain().focus().toggleBold().run() },
  { name: 'italic', label: 'Italic', icon: 'bi-type-italic', run: (e: Editor) => e.chain().focus().toggleItalic().run() },
  { name: 'bulletList', label: 'Bullet list', icon: 'bi-list-ul', run: (e: Editor) => e.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: 'Numbered list', icon: 'bi-list-ol', run: (e: Editor) => e.chain().focus().toggleOrderedList().run() },
] as const;

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  // Subscribing to just these flags keeps a keystroke from re-rendering the toolbar.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => TOOLS.map((t) => e.isActive(t.name)).join(','),
  }).split(',');
  return (
    <div className="btn-toolbar gap-1 mb-1" role="toolbar" aria-label="Formatting">
      {TOOLS.map((tool, i) => (
        <button
          key={tool.name}
          type="button"
          className={`btn btn-sm ${active[i] === 'true' ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={active[i] === 'true'}
          disabled={disabled}
          onClick={() => tool.run(editor)}
        >
          <i className={`bi ${tool.icon}`} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/** TipTap, in its own chunk: only screens with an Editor column download it. */
export default function RichText({ id, labelId, value, onChange, disabled, invalid, describedBy }: RichTextProps) {
  const latest = useRef({ onChange, emitted: value });
  latest.current.onChange = onChange;

  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    editable: !disabled,
    editorProps: { attributes: editableAttributes(id, labelId, invalid, describedBy) },
    onUpdate: ({ editor: e }) => {
      const html = storedHtml(e);
      latest.current.emitted = html;
      latest.current.onChange(html);
    },
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editableAttributes(id, labelId, invalid, describedBy) } });
  }, [editor, id, labelId, invalid, describedBy]);

  // A value set from outside (the record arriving after the editor mounted) replaces the
  // content; our own echo from onUpdate must not, or the caret would jump on every key.
  useEffect(() => {
    if (value === latest.current.emitted) return;
    latest.current.emitted = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

import { useDesignerGet } from '../../services';
import { asText, EditorFrame, errorAria, typingKey, type EditorProps } from './EditorFrame';

/** Where each code picker reads its choices (the /api/menus, /api/grids, /api/selects and /api/models lists); each answers a list of strings. */
const SOURCES = { menu: '/api/menus', grid: '/api/grids', select: '/api/selects', model: '/api/models' } as const;
const NOUNS = { menu: 'menu', grid: 'grid', select: 'data url', model: 'model' } as const;

function strings(data: unknown): string[] {
  return Array.isArray(data) ? data.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * A menu, a grid, a select's data url or a model, chosen from what the server has. A stored code the
 * server does not list stays selected (it may be created later) and is flagged.
 */
export function CodePicker({ editor, id, value, disabled, error, onChange }: EditorProps) {
  const kind = editor.editor as keyof typeof SOURCES;
  const loaded = useDesignerGet<unknown>(SOURCES[kind]);
  const codes = strings(loaded.data);
  const current = asText(value);
  const unknown = current !== '' && !loaded.loading && !codes.includes(current);
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={current}
        disabled={disabled}
        aria-busy={loaded.loading || undefined}
        onChange={(e) => onChange(editor.property, e.target.value === '' ? undefined : e.target.value)}
        {...errorAria(id, error)}
      >
        <option value="">{loaded.loading ? 'Loading…' : `(choose a ${NOUNS[kind]})`}</option>
        {current !== '' && !codes.includes(current) && <option value={current}>{unknown ? `${current} (not found)` : current}</option>}
        {codes.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {loaded.error && <div className="form-text text-danger">{loaded.error}</div>}
    </EditorFrame>
  );
}

/**
 * Where each url editor finds its suggestions: `url` (a link, a button, an action) the screen
 * addresses of /api/urls; `selectUrl` (a dynamic Select's items) the lookup lists' data urls of
 * /api/selects, as a screen address there answers no items.
 */
const URL_SOURCES = { url: '/api/urls', selectUrl: '/api/selects' } as const;

/** A url: typed freely (a url may take `:field` placeholders), with the known urls of its kind suggested. */
export function UrlEditor({ editor, id, value, disabled, error, onChange, onCommit }: EditorProps) {
  const loaded = useDesignerGet<unknown>(URL_SOURCES[editor.editor === 'selectUrl' ? 'selectUrl' : 'url']);
  const listId = `${id}-urls`;
  return (
    <EditorFrame id={id} label={editor.label} error={error}>
      <input
        id={id}
        type="text"
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        list={listId}
        value={asText(value)}
        placeholder={editor.placeholder}
        disabled={disabled}
        onChange={(e) => onChange(editor.property, e.target.value, typingKey(editor.property))}
        onBlur={onCommit}
        {...errorAria(id, error)}
      />
      <datalist id={listId}>
        {strings(loaded.data).map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
    </EditorFrame>
  );
}

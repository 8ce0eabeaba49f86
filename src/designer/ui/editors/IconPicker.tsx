import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useDesignerGet } from '../../services';
import { ActionIcon } from '../../../ui/ActionLinks';
import { asText, EditorError, errorAria, type EditorProps } from './EditorFrame';

/** Enough to scan at a glance; typing narrows the rest. */
export const MAX_ICONS_SHOWN = 60;

function matching(names: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return names.slice();
  const starts = names.filter((n) => n.startsWith(q));
  const contains = names.filter((n) => !n.startsWith(q) && n.includes(q));
  return [...starts, ...contains];
}

/**
 * An icon chosen by sight: a search box (a combobox) over a listbox of the server's icons, each
 * drawn as its image with its name. A click, typing or ArrowDown opens it; arrows move through the
 * list, Enter picks, Escape closes; a click picks too. The list loads on first use, so a panel of many icon editors costs nothing
 * until one is opened.
 */
export function IconPicker({ editor, id, value, disabled, error, onChange }: EditorProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const loaded = useDesignerGet<unknown>(used ? '/api/icons' : null);
  const names = useMemo(() => (Array.isArray(loaded.data) ? loaded.data.filter((n): n is string => typeof n === 'string') : []), [loaded.data]);
  const found = useMemo(() => matching(names, query), [names, query]);
  const shown = found.slice(0, MAX_ICONS_SHOWN);
  const current = asText(value);
  const popup = useRef<HTMLDivElement>(null);
  // The list opens in the panel's flow; the panel scrolls just enough to show all of it.
  useEffect(() => {
    if (open) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, loaded.loading]);
  const listId = `${id}-icons`;
  const optionId = (i: number) => `${id}-icon-${i}`;

  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  const pick = (name: string) => {
    onChange(editor.property, name);
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      setActive((a) => Math.max(0, Math.min(last, a + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Home' && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && open) {
      e.preventDefault();
      setActive(Math.max(0, last));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const name = shown[active];
      if (name) pick(name);
    } else if (e.key === 'Escape' && open) {
      // Only this list closes; the designer's Escape (clear the selection) is not triggered.
      e.stopPropagation();
      setOpen(false);
    }
  };

  const aria = errorAria(id, error);
  return (
    <div className="dz-prop dz-icon-picker mb-2">
      <label htmlFor={id} className="form-label dz-prop-label mb-1">
        {editor.label}
        {current && (
          <span className="dz-icon-current ms-2" data-testid={`${id}-current`}>
            <ActionIcon name={current} /> <span className="text-body-secondary">{current}</span>
          </span>
        )}
      </label>
      <div className="d-flex gap-1">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          placeholder={current ? 'Search to change the icon' : 'Search icons'}
          autoComplete="off"
          value={query}
          disabled={disabled}
          // Focus only starts loading: tabbing through the panel must not open a list over the next editors.
          onFocus={() => setUsed(true)}
          onClick={show}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            show();
          }}
          onKeyDown={keyDown}
          {...aria}
        />
        {current && !disabled && (
          <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Remove the ${editor.label.toLowerCase()}`} onClick={() => onChange(editor.property, undefined)}>
            ×
          </button>
        )}
      </div>
      {open && (
        <div ref={popup} className="dz-icon-popup border rounded shadow-sm">
          {loaded.loading && <div className="p-2 small text-body-secondary">Loading icons…</div>}
          {loaded.error && <div className="p-2 small text-danger">{loaded.error}</div>}
          {!loaded.loading && !loaded.error && shown.length === 0 && <div className="p-2 small text-body-secondary">No icon matches “{query}”.</div>}
          <ul id={listId} role="listbox" aria-label={`${editor.label} choices`} className="dz-icon-grid list-unstyled m-0 p-1">
            {shown.map((name, i) => (
              <li
                key={name}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`dz-icon-option${i === active ? ' dz-active' : ''}${name === current ? ' dz-current' : ''}`}
                title={name}
                // Keep focus in the search box, so its blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(name)}
              >
                <ActionIcon name={name} />
                <span className="dz-icon-name">{name}</span>
              </li>
            ))}
          </ul>
          {found.length > shown.length && <div className="px-2 pb-1 small text-body-secondary">{found.length - shown.length} more; type to narrow.</div>}
        </div>
      )}
      <EditorError id={id} error={error} />
    </div>
  );
}

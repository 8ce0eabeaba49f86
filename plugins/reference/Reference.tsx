import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { api, describedBy, FieldFrame, keyOf, LinkTo, useChoices, useFormModel, type Choice, type ReferenceColumn, type RenderProps } from '../../src/plugin-kit';

interface ChoicesAnswer {
  items: Choice[];
  more: boolean;
}

/** The next page is asked for when the highlight comes this close to the end of the list. */
const NEAR_END = 3;

/** The picked record's name: asked once per value (GET /api/choices/...?id=), the id itself until it is known or when no record has it. */
function useLabel(base: string | null, current: string, known: Choice | null): string {
  const [label, setLabel] = useState<{ key: string; text: string } | null>(null);
  useEffect(() => {
    if (!base || current === '' || known?.id !== undefined) return;
    let live = true;
    void api<ChoicesAnswer>('GET', `${base}?id=${encodeURIComponent(current)}`).then((answer) => {
      if (live) setLabel({ key: current, text: answer.ok && answer.data?.items[0] ? answer.data.items[0].label : current });
    });
    return () => {
      live = false;
    };
  }, [base, current, known]);
  if (current === '') return '';
  if (known && keyOf(known.id) === current) return known.label;
  return label?.key === current ? label.text : current;
}

/**
 * A reference field's picker (an ARIA combobox, by downshift): type to search the target
 * model's records by their display, arrows and Enter to pick, Escape to close; the picked
 * record is shown by its name, with a link to open it (the column's `open`) and, when the field
 * is not required, a button to clear it. No select definition is needed: the choices come from
 * GET /api/choices/{Model}/{field}.
 */
export function Reference({ column, id, value, onChange, error, invalid, disabled }: RenderProps<ReferenceColumn>) {
  const model = useFormModel();
  const base = model && column.name ? `/api/choices/${encodeURIComponent(model)}/${encodeURIComponent(column.name)}` : null;
  const current = keyOf(value);
  /** The choice picked here, so its name shows at once. */
  const [picked, setPicked] = useState<Choice | null>(null);
  const label = useLabel(base, current, picked);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const { listing, more } = useChoices(base, term, open);
  const items = listing.state === 'loaded' || listing.state === 'loading' ? listing.items : [];
  const selectedItem = useMemo<Choice | null>(() => (current === '' ? null : { id: current, label }), [current, label]);
  const name = column.label || column.name || '';

  const combo = useCombobox<Choice>({
    items,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-choices`,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => (item ? keyOf(item.id) : ''),
    selectedItem,
    isOpen: open,
    // Closed, the field shows the picked record's name; open, what is being searched for.
    inputValue: open ? term : label,
    onIsOpenChange: ({ isOpen, type }) => {
      setOpen(Boolean(isOpen));
      // Opened afresh, the whole list shows; what was typed before is forgotten. Opened by typing,
      // what is typed stays (the input's change handler below has taken it already).
      if (isOpen && type !== useCombobox.stateChangeTypes.InputChange) setTerm('');
    },
    onSelectedItemChange: ({ selectedItem: item }) => {
      if (!item) return;
      setPicked(item);
      onChange(item.id);
    },
    onHighlightedIndexChange: ({ highlightedIndex }) => {
      if (highlightedIndex !== undefined && highlightedIndex >= items.length - NEAR_END) more();
    },
    stateReducer: (_state, { type, changes }) => {
      // Leaving the field picks nothing by accident: the highlighted record is picked by Enter or a click only.
      if (type === useCombobox.stateChangeTypes.InputBlur) return { ...changes, selectedItem: _state.selectedItem };
      return changes;
    },
  });

  const openUrl = column.open && current !== '' ? column.open.replace(/:id\b/g, encodeURIComponent(current)) : '';
  let status = '';
  if (!base) status = 'No model field to pick for.';
  else if (listing.state === 'failed') status = listing.error;
  else if (open && listing.state === 'loaded' && items.length === 0) status = term ? `No records match '${term}'.` : 'There are no records to pick.';
  else if (open && listing.state === 'loading' && items.length === 0) status = 'Loading…';

  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      <div className="tessera-reference position-relative">
        <div className="input-group">
          <input
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            {...combo.getInputProps({
              // What is typed is taken here, in the input's own change event: downshift reports a
              // change after the render, and a fast typist's next key landed before it and was
              // undone ('ross' arrived as 'rs' in Chromium, and the search found nobody).
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                setTerm(e.currentTarget.value);
                setOpen(true);
              },
              disabled,
              required: column.required,
              placeholder: disabled ? '' : 'Type to search…',
              'aria-invalid': invalid || undefined,
              'aria-describedby': describedBy(column, id, invalid, error),
            })}
          />
          <button type="button" className="btn btn-outline-secondary" aria-label={`Show the choices for ${name}`} {...combo.getToggleButtonProps({ disabled })}>
            <span aria-hidden="true">▾</span>
          </button>
          {current !== '' && !column.required && !disabled ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              aria-label={`Clear ${name}`}
              onClick={() => {
                setPicked(null);
                onChange('');
                combo.reset();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
          {openUrl ? (
            <LinkTo url={openUrl} className="btn btn-outline-secondary" title={`Open ${label}`}>
              Open
            </LinkTo>
          ) : null}
        </div>
        <ul
          // An open list is a popup: the rows around it are drawn whole, not clipped at their edge (src/app/styles.css).
          className={`tessera-reference-menu list-group position-absolute w-100 shadow-sm${open && items.length ? ' tessera-popup-open' : ' d-none'}`}
          // Above the fields after it (as a dropdown menu is), and scrolled within itself.
          style={{ zIndex: 1000, maxHeight: '16rem', overflowY: 'auto' }}
          {...combo.getMenuProps({
            onScroll: (e) => {
              const el = e.currentTarget;
              if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) more();
            },
          })}
        >
          {open
            ? items.map((item, index) => (
                <li
                  key={keyOf(item.id)}
                  className={`list-group-item list-group-item-action${combo.highlightedIndex === index ? ' active' : ''}`}
                  {...combo.getItemProps({ item, index })}
                >
                  {item.label}
                </li>
              ))
            : null}
        </ul>
        {status ? (
          <div className="form-text" role="status">
            {status}
          </div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

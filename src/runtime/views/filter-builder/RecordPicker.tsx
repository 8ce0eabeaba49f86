/**
 * The value of a reference condition, picked by name: an ARIA combobox (downshift) over the
 * records the column may refer to (GET /api/choices), and the picked records as chips, each with
 * a remove button. Type to search, arrows and Enter to pick, Escape to close the list (a second
 * Escape closes the panel), Backspace in the empty input removes the last chip. `multiple` is for
 * "is one of"; otherwise a pick replaces the one record. The value is the ids as the draft keeps
 * them: separated by commas.
 */
import { useCombobox, useMultipleSelection } from 'downshift';
import { useState, type ChangeEvent } from 'react';
import { idsOf } from './filter-draft';
import { rememberName, useChoices, useRecordNames, type Choice } from '../../record-choices';

/** The next page is asked for when the highlight comes this close to the end of the list. */
const NEAR_END = 3;

interface Props {
  id: string;
  /** What the input is called ("Records of Book"). */
  label: string;
  /** GET /api/choices/{Model}/{field}. */
  base: string;
  multiple: boolean;
  value: string;
  problem?: string;
  onChange(value: string): void;
}

export function RecordPicker({ id, label, base, multiple, value, problem, onChange }: Props) {
  const ids = idsOf(value);
  const nameOf = useRecordNames(ids.map((i) => ({ base, id: i })));
  const picked: Choice[] = ids.map((i) => ({ id: i, label: nameOf(base, i) ?? i }));
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const { listing, more } = useChoices(base, term, open);
  const items = (listing.state === 'loaded' || listing.state === 'loading' ? listing.items : []).filter((c) => !ids.includes(String(c.id)));
  const set = (records: Choice[]) => onChange(records.map((c) => String(c.id)).join(', '));

  const selection = useMultipleSelection<Choice>({
    selectedItems: picked,
    itemToKey: (item) => (item ? String(item.id) : ''),
    onSelectedItemsChange: ({ selectedItems }) => set(selectedItems),
  });
  const combo = useCombobox<Choice>({
    items,
    inputId: id,
    menuId: `${id}-choices`,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => (item ? String(item.id) : ''),
    selectedItem: null,
    inputValue: term,
    isOpen: open,
    onIsOpenChange: ({ isOpen }) => setOpen(Boolean(isOpen)),
    stateReducer: (_state, { type, changes }) => {
      switch (type) {
        // A pick keeps the list open for the next one ("is one of"), with what was typed cleared.
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          return { ...changes, isOpen: multiple, highlightedIndex: -1, inputValue: '' };
        // Leaving the input picks nothing by accident.
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, selectedItem: null, inputValue: '' };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      // What is typed is taken in the input's change event below (a change reported here comes after the render).
      if (type === useCombobox.stateChangeTypes.InputBlur) setTerm('');
      else if ((type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick) && selectedItem) {
        rememberName(base, selectedItem.id, selectedItem.label);
        set(multiple ? [...picked, selectedItem] : [selectedItem]);
        setTerm('');
      }
    },
    onHighlightedIndexChange: ({ highlightedIndex }) => {
      if (highlightedIndex !== undefined && highlightedIndex >= items.length - NEAR_END) more();
    },
  });

  // The chips' keys (Backspace in the empty input takes the last away) work while the list is closed;
  // getDropdownProps leaves its key handlers out while it is open, so arrows and Enter are the list's.
  const dropdown = selection.getDropdownProps({ preventKeyAction: open });
  const described = problem ? `${id}-problem` : undefined;
  let status = '';
  if (listing.state === 'failed') status = listing.error;
  else if (open && listing.state === 'loaded' && items.length === 0) status = term ? `No records match '${term}'.` : 'There are no more records to pick.';
  else if (open && listing.state === 'loading' && items.length === 0) status = 'Loading…';

  return (
    <div className="filter-value filter-records position-relative">
      <label className="visually-hidden" {...combo.getLabelProps({ htmlFor: id })}>
        {label}
      </label>
      <div className={`form-control form-control-sm d-flex flex-wrap align-items-center gap-1 py-1${problem ? ' is-invalid' : ''}`}>
        {picked.length ? (
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={`Picked: ${label}`}>
            {picked.map((record, index) => (
              <li key={String(record.id)} className="badge rounded-pill text-bg-secondary d-inline-flex align-items-center gap-1 fw-normal" {...selection.getSelectedItemProps({ selectedItem: record, index })}>
                <span>{record.label}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0 lh-1 text-white text-decoration-none"
                  aria-label={`Remove ${record.label}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    selection.removeSelectedItem(record);
                    // The last chip gone, the focus goes back to the input rather than to nowhere.
                    if (picked.length === 1) document.getElementById(id)?.focus();
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          className="border-0 flex-grow-1 bg-transparent"
          style={{ minWidth: '8rem', outline: 'none' }}
          placeholder={picked.length && !multiple ? '' : 'Type to search…'}
          {...combo.getInputProps({
            ...dropdown,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': described,
            // Taken at once: downshift reports the change after the render, and a key typed before it was undone.
            onChange: (e: ChangeEvent<HTMLInputElement>) => {
              setTerm(e.currentTarget.value);
              setOpen(true);
            },
            onKeyDown: (e) => {
              // Escape with the list open closes the list only; with it closed, it reaches the panel and closes that.
              if (e.key === 'Escape' && open) e.stopPropagation();
              // Backspace in the empty input takes the last chip away, the list open or not (closed, downshift's
              // own handler does it); the focus stays in the input for the next pick.
              if (e.key === 'Backspace' && open && term === '' && picked.length) set(picked.slice(0, -1));
              dropdown.onKeyDown?.(e);
            },
          })}
        />
      </div>
      <ul
        // An open list is a popup: drawn whole, not clipped at the edge of what holds it.
        className={`list-group position-absolute shadow-sm${open && items.length ? ' tessera-popup-open' : ' d-none'}`}
        style={{ zIndex: 1000, maxHeight: '16rem', overflowY: 'auto', minWidth: '100%' }}
        {...combo.getMenuProps({
          onScroll: (e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) more();
          },
        })}
      >
        {open
          ? items.map((item, index) => (
              <li key={String(item.id)} className={`list-group-item list-group-item-action py-1${combo.highlightedIndex === index ? ' active' : ''}`} {...combo.getItemProps({ item, index })}>
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
      {problem ? (
        <div id={described} className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

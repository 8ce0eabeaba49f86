import { useCombobox, useMultipleSelection } from 'downshift';
import { useState, type ChangeEvent } from 'react';
import { searchesServer, type DualListItem } from './dual-list-items';
import { useLinked, useLinkSave, useLinkSearch, useListKey } from './use-link-data';
import { type DualListColumn, FieldFrame, keyOf, type RenderProps } from '../../src/plugin-kit';
import './LinkChips.css';

/** The next page is asked for when the highlight comes this close to the end of the list. */
const NEAR_END = 3;

/**
 * A link's records as chips (`picker: "chips"` on a DualList column): an ARIA combobox by
 * downshift where typing searches the target's records on the server (GET /api/link/...?search=),
 * arrows and Enter (or a click) add the highlighted one as a chip, each chip has a Remove button,
 * and Backspace in the empty input removes the last chip (arrow Left walks the chips, Delete or
 * Backspace removes the focused one). It saves the same ids the two lists save.
 */
export function LinkChips({ column, id, mode, disabled }: RenderProps<DualListColumn>) {
  const url = column.url ?? '';
  const key = useListKey(column);
  const base = searchesServer(url) ? `/api${url}/${encodeURIComponent(key)}` : null;
  const [linked, setLinked] = useLinked(base);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const locked = disabled || column.disabled === true || mode === 'delete' || mode === 'design';
  const { found, more } = useLinkSearch(base, term, open && !locked && linked.state === 'loaded');
  useLinkSave(column, () => (linked.state === 'loaded' ? linked.items : undefined));

  const chips = linked.state === 'loaded' ? linked.items : [];
  const chosen = new Set(chips.map((c) => keyOf(c.id)));
  const items = (found.state === 'loaded' || found.state === 'loading' ? found.items : []).filter((i) => !chosen.has(keyOf(i.id)));
  const name = column.label || column.name || '';
  const change = (next: DualListItem[]) => {
    if (!locked) setLinked(next);
  };

  const multi = useMultipleSelection<DualListItem>({
    selectedItems: chips,
    itemToKey: (item) => (item ? keyOf(item.id) : ''),
    onStateChange: ({ type, selectedItems }) => {
      switch (type) {
        case useMultipleSelection.stateChangeTypes.SelectedItemKeyDownBackspace:
        case useMultipleSelection.stateChangeTypes.SelectedItemKeyDownDelete:
        case useMultipleSelection.stateChangeTypes.DropdownKeyDownBackspace:
        case useMultipleSelection.stateChangeTypes.FunctionRemoveSelectedItem:
          change(selectedItems ?? []);
          break;
        default:
          break;
      }
    },
  });

  const combo = useCombobox<DualListItem>({
    items,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-choices`,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => (item ? keyOf(item.id) : ''),
    // Nothing stays picked in the input: a pick becomes a chip and the input empties.
    selectedItem: null,
    inputValue: term,
    isOpen: open && !locked,
    onIsOpenChange: ({ isOpen }) => setOpen(Boolean(isOpen)),
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        // After a pick the list stays open for the next one, its highlight where it was.
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' };
        // Leaving the field adds nothing by accident.
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, selectedItem: null, inputValue: '' };
        default:
          return changes;
      }
    },
    // What is typed is taken in the input's own change handler below: downshift reports changes
    // after the render, and a fast typist's next key would land before that, then be undone.
    onStateChange: ({ type, selectedItem, inputValue }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          if (selectedItem && !chosen.has(keyOf(selectedItem.id))) change([...chips, { ...selectedItem, selected: true }]);
          setTerm('');
          break;
        case useCombobox.stateChangeTypes.InputBlur:
          setTerm(inputValue ?? '');
          break;
        default:
          break;
      }
    },
    onHighlightedIndexChange: ({ highlightedIndex }) => {
      if (highlightedIndex !== undefined && highlightedIndex >= items.length - NEAR_END) more();
    },
  });

  let status = '';
  if (!base) status = 'Chips need a link url (/link/{Model}/{field}).';
  else if (linked.state === 'failed') status = linked.error;
  else if (found.state === 'failed') status = found.error;
  else if (open && found.state === 'loaded' && found.items.length === 0) status = term.trim() ? `No records match '${term.trim()}'.` : 'There are no records to add.';
  else if (open && found.state === 'loaded' && items.length === 0) status = 'Every record found is chosen.';
  else if (open && found.state === 'loading' && items.length === 0) status = 'Loading…';

  return (
    <FieldFrame column={column} id={id} error="" invalid={false}>
      <div className="dual-list-chips position-relative">
        <div className={`dual-list-chips-box form-control d-flex flex-wrap align-items-center gap-1 py-1${locked ? ' bg-body-secondary' : ''}`}>
          {linked.state === 'loading' && base ? (
            <span role="status" className="small text-body-secondary">
              Loading...
            </span>
          ) : null}
          <ul className="list-unstyled m-0 p-0 d-flex flex-wrap gap-1" aria-label={`${name}: chosen`}>
            {chips.map((chip, index) => (
              <li
                key={keyOf(chip.id)}
                className={`dual-list-chip badge rounded-pill d-inline-flex align-items-center gap-1 fw-normal fs-6 ${multi.activeIndex === index ? 'text-bg-primary' : 'text-bg-light border'}`}
                {...multi.getSelectedItemProps({ selectedItem: chip, index })}
              >
                {chip.name}
                {locked ? null : (
                  <button
                    type="button"
                    className={`btn-close ms-1${multi.activeIndex === index ? ' btn-close-white' : ''}`}
                    aria-label={`Remove ${chip.name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      multi.removeSelectedItem(chip);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          <input
            className="dual-list-chips-input border-0 flex-grow-1 bg-transparent"
            {...combo.getInputProps({
              // Backspace in the empty input removes the last chip, open list or not; arrow Left walks the chips.
              ...multi.getDropdownProps(),
              onChange: (e: ChangeEvent<HTMLInputElement>) => setTerm(e.currentTarget.value),
              disabled: locked || !base || linked.state !== 'loaded',
              placeholder: locked ? '' : 'Type to search…',
            })}
          />
        </div>
        <ul
          // An open list is a popup: the rows around it are drawn whole, not clipped at their edge (src/app/styles.css).
          className={`list-group position-absolute w-100 shadow-sm${open && !locked && items.length ? ' tessera-popup-open' : ' d-none'}`}
          style={{ zIndex: 1000, maxHeight: '16rem', overflowY: 'auto' }}
          {...combo.getMenuProps({
            onScroll: (e) => {
              const el = e.currentTarget;
              if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) more();
            },
          })}
        >
          {open && !locked
            ? items.map((item, index) => (
                <li
                  key={keyOf(item.id)}
                  className={`list-group-item list-group-item-action${combo.highlightedIndex === index ? ' active' : ''}`}
                  {...combo.getItemProps({ item, index })}
                >
                  {item.name}
                </li>
              ))
            : null}
        </ul>
        <div className={`form-text${linked.state === 'failed' || found.state === 'failed' || !base ? ' text-danger' : ''}`} role="status">
          {status}
        </div>
      </div>
    </FieldFrame>
  );
}

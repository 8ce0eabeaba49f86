/**
 * The filter builder as a grid shows it: the toolbar's Filter button, and under the toolbar the
 * panel (while open) and the chips of the active filter. Kept apart from GridView so the grid
 * only hands over its columns and where the filter lives (the url, or its own state when embedded).
 */
import { useId, useMemo, useRef, useState } from 'react';
import type { FilterTree } from '../../../shared/filter';
import type { GridAnswer } from '../grid-load';
import type { Columns } from './filter-draft';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';

/** What the builder knows of the grid's columns; null when the server did not say (nothing to build with). */
export function useFilterColumns(definition: GridAnswer & { fields?: Record<string, string>; targets?: Columns['targets'] }): Columns | null {
  return useMemo(() => {
    if (!definition.fields || Object.keys(definition.fields).length === 0) return null;
    const labels: Record<string, string> = {};
    for (const f of definition.definition ?? []) if (!f.hide) labels[f.name] = f.label || f.name;
    return { model: definition.model ?? '', fields: definition.fields, targets: definition.targets ?? {}, labels };
  }, [definition]);
}

export function useGridFilter(columns: Columns | null, filter: FilterTree | null, onChange: (tree: FilterTree | null) => void) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const count = filter ? (((filter as unknown as Record<string, unknown[]>).and ?? (filter as unknown as Record<string, unknown[]>).or)?.length ?? 0) : 0;
  const button = columns ? (
    <button ref={buttonRef} type="button" className={`btn btn-sm ${count ? 'btn-primary' : 'btn-outline-secondary'}`} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
      Filter{count ? ` (${count})` : ''}
    </button>
  ) : null;
  const area = columns ? (
    <>
      {open ? (
        <FilterPanel
          id={panelId}
          columns={columns}
          filter={filter}
          onApply={(tree) => {
            onChange(tree);
            close();
          }}
          onClose={close}
        />
      ) : null}
      <FilterChips filter={filter} columns={columns} onChange={onChange} />
    </>
  ) : null;
  return { button, area };
}

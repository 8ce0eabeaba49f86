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

/** A field one hop through a reference column, as the definition answer names it (routes/grid-user-filter.ts columnTypes). */
interface RelatedField {
  type: string;
  label: string;
  target?: { model: string; idtype: 'integer' | 'hex' };
}

type DefinitionAnswer = GridAnswer & { fields?: Record<string, string>; targets?: Columns['targets']; paths?: Record<string, RelatedField> };

/**
 * What the builder knows of the grid's columns and of the fields one hop through its reference
 * columns ("Book › Title"); null when the server did not say (nothing to build with).
 */
export function useFilterColumns(definition: DefinitionAnswer): Columns | null {
  return useMemo(() => {
    if (!definition.fields || Object.keys(definition.fields).length === 0) return null;
    const labels: Record<string, string> = {};
    for (const f of definition.definition ?? []) if (!f.hide) labels[f.name] = f.label || f.name;
    const fields = { ...definition.fields };
    const targets = { ...definition.targets };
    for (const [path, f] of Object.entries(definition.paths ?? {})) {
      const column = path.split('.')[0] ?? '';
      if (!(column in fields)) continue;
      fields[path] = f.type;
      labels[path] = `${labels[column] || column} › ${f.label}`;
      if (f.target) targets[path] = f.target;
    }
    return { model: definition.model ?? '', fields, targets, labels };
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

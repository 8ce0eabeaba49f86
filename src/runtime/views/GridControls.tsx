/** A grid's controls: the pagination bar (src/shared/paging.ts) and the sortable column headers. */
import type { GridField } from '../../generated/definitions';
import { pageWindow } from '../../shared/paging';
import type { SortState } from './grid-load';

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const button = (label: string, target: number, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" disabled={disabled} onClick={() => onPage(target)}>
        {label}
      </button>
    </li>
  );
  const first = page === 0;
  const last = page >= pages - 1;
  return (
    <nav aria-label="Pagination">
      <ul className="pagination pagination-sm flex-wrap mb-0">
        {button('First', 0, first)}
        {button('Previous', page - 1, first)}
        {pageWindow(page, pages).map((p) => (
          <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
            <button type="button" className="page-link" aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p + 1}
            </button>
          </li>
        ))}
        {button('Next', page + 1, last)}
        {button('Last', pages - 1, last)}
      </ul>
    </nav>
  );
}

export function SortHeader({ field, sort, onSort }: { field: GridField; sort: SortState | null; onSort(field: string): void }) {
  const dir = sort?.field === field.name ? sort.dir : null;
  return (
    // The whole cell sorts: a click on the button (or Enter/Space on it) bubbles up to here.
    <th scope="col" className="grid-sortable" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'} onClick={() => onSort(field.name)}>
      <button type="button" className="grid-sort">
        {field.label || field.name}
        <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

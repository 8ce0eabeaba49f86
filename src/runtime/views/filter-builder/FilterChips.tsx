/**
 * The active filter under a grid's toolbar: one removable chip per condition or group, and Clear
 * filters. Records a reference condition names by id are said by name (asked of /api/choices).
 */
import type { FilterTree } from '../../../shared/filter';
import { chipsOf, recordsNamed, withoutItem, type Columns } from './filter-draft';
import { useRecordNames } from '../../record-choices';

export function FilterChips({ filter, columns, onChange }: { filter: FilterTree | null; columns: Columns; onChange(tree: FilterTree | null): void }) {
  const nameOf = useRecordNames(recordsNamed(filter, columns));
  const { join, chips } = chipsOf(filter, columns, nameOf);
  if (!chips.length) return null;
  return (
    <div className="grid-filter-chips d-flex flex-wrap align-items-center gap-2 mb-2">
      <span className="small text-muted">{join === 'or' ? 'Rows matching any of:' : 'Rows matching all of:'}</span>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Active filters">
        {chips.map((text, i) => (
          <li key={`${i}:${text}`} className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
            <span>{text}</span>
            <button type="button" className="btn btn-sm btn-link p-0 lh-1 text-decoration-none" aria-label={`Remove filter: ${text}`} onClick={() => onChange(withoutItem(filter, i))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-sm btn-link" onClick={() => onChange(null)}>
        Clear filters
      </button>
    </div>
  );
}

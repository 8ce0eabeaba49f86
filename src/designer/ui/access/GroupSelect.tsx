/**
 * The groups an access can name: Everyone (every signed-in user) and the stored groups, read from
 * the User model's groups link (GET /api/link/User/groups/NEW lists every group by name). A name
 * the list does not hold (a group deleted or renamed since) stays shown, marked.
 */
import { EVERYONE } from '../../../shared/access-grants';
import { useDesignerGet } from '../../services';

/** The group names, Everyone first; undefined while loading. */
export function useGroupNames(): { names: readonly string[] | undefined; error: string } {
  const loaded = useDesignerGet<{ id: string | number; name: string }[]>('/api/link/User/groups/NEW');
  if (loaded.loading) return { names: undefined, error: '' };
  const stored = (loaded.data ?? []).map((g) => String(g.name)).filter((n) => n !== EVERYONE).sort((a, b) => a.localeCompare(b));
  return { names: [EVERYONE, ...stored], error: loaded.data ? '' : loaded.error || 'The groups could not be read' };
}

export function GroupSelect({ id, label, value, names, onChange, exclude = [] }: { id: string; label: string; value: string; names: readonly string[] | undefined; onChange(name: string): void; exclude?: readonly string[] }) {
  const offered = (names ?? []).filter((n) => n === value || !exclude.includes(n));
  return (
    <div className="dz-prop mb-2">
      <label htmlFor={id} className="form-label dz-prop-label mb-1">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={value} disabled={names === undefined} aria-busy={names === undefined || undefined} onChange={(e) => onChange(e.target.value)}>
        {value === '' ? <option value="">{names === undefined ? 'Loading…' : '(choose a group)'}</option> : null}
        {value !== '' && !offered.includes(value) ? <option value={value}>{`${value} (no such group)`}</option> : null}
        {offered.map((n) => (
          <option key={n} value={n}>
            {n === EVERYONE ? `${EVERYONE} (every signed-in user)` : n}
          </option>
        ))}
      </select>
    </div>
  );
}

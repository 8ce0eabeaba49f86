import { useRef, useState } from 'react';
import { describedBy, FieldFrame, type RatingColumn, type RenderProps } from '../../src/plugin-kit';
import './Rating.css';

/** The stored value as a whole number of stars; 0 when empty or not a number. */
export function starsOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
}

const starName = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * 1 to N stars. To assistive technology and the keyboard it is a native radio group: Tab
 * reaches it, arrow keys move and choose, each radio is named "N stars". The radios are
 * visually hidden behind star glyphs that fill up to the value (or to the star under the
 * pointer). Radios cannot be unticked, so a Clear rating button empties the value.
 * FieldFrame's label cannot name a group through htmlFor, so the group names itself with
 * the label's id, as the code and rich-text editors do.
 */
export function Rating({ column, id, mode, value, onChange, error, invalid, disabled }: RenderProps<RatingColumn>) {
  const [hover, setHover] = useState(0);
  const group = useRef<HTMLDivElement>(null);
  const count = column.stars ?? 5;
  const current = starsOf(value);
  const inert = disabled || mode === 'design';
  const shown = inert ? current : hover || current;
  const clear = () => {
    onChange('');
    // The button goes once the value is empty; without this, keyboard focus would fall to the page.
    group.current?.querySelector<HTMLInputElement>('input')?.focus();
  };
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
      <div className={`rating rating-row${invalid ? ' is-invalid' : ''}`}>
        <div
          ref={group}
          role="radiogroup"
          id={id}
          className="rating-stars"
          aria-labelledby={`${id}-label`}
          aria-required={column.required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(column, id, invalid, error)}
          onMouseLeave={() => setHover(0)}
        >
          {Array.from({ length: count }, (_, i) => {
            const n = i + 1;
            const radioId = `${id}-${n}`;
            return (
              <span key={n} className="rating-star">
                <input
                  type="radio"
                  className="rating-input"
                  id={radioId}
                  name={id}
                  value={n}
                  checked={current === n}
                  disabled={inert}
                  onChange={() => onChange(n)}
                />
                <label htmlFor={radioId} className={n <= shown ? 'rating-glyph filled' : 'rating-glyph'} onMouseEnter={() => !inert && setHover(n)}>
                  <span aria-hidden="true">{n <= shown ? '★' : '☆'}</span>
                  <span className="visually-hidden">{starName(n)}</span>
                </label>
              </span>
            );
          })}
        </div>
        {current > 0 && !inert ? (
          <button type="button" className="btn btn-link btn-sm rating-clear" onClick={clear}>
            Clear rating
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

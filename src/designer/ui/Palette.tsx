import { useMemo, useState } from 'react';
import { offeredBy, pluginHints, type Designer } from '../../shared/plugin-hints';

/**
 * The column types a designer offers (the page designer: None, Text, Html, Rows, Card, Tabs,
 * Grid, WorkFlow), searchable by name and description, each a button that adds one.
 */
export function Palette({ designer, idPrefix, onPick }: { designer: Designer; idPrefix: string; onPick(childType: string): void }) {
  const [query, setQuery] = useState('');
  const types = useMemo(() => offeredBy(designer).map((t) => ({ childType: t, hints: pluginHints(t)! })), [designer]);
  const q = query.trim().toLowerCase();
  const shown = q ? types.filter(({ childType, hints }) => `${childType} ${hints.label} ${hints.description}`.toLowerCase().includes(q)) : types;
  const searchId = `${idPrefix}-palette-search`;
  return (
    <section className="dz-palette" aria-labelledby={`${idPrefix}-palette-title`}>
      <h2 id={`${idPrefix}-palette-title`} className="dz-panel-title">
        Column types
      </h2>
      <label htmlFor={searchId} className="visually-hidden">
        Search column types
      </label>
      <input id={searchId} type="search" className="form-control form-control-sm mb-2" placeholder="Search column types" value={query} onChange={(e) => setQuery(e.target.value)} />
      <ul className="dz-palette-list">
        {shown.map(({ childType, hints }) => (
          <li key={childType}>
            <button type="button" className="dz-palette-item" title={hints.description} onClick={() => onPick(childType)}>
              <img src={`/action-icons/${hints.icon}.svg`} alt="" width={16} height={16} />
              <span>{hints.label}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="dz-empty small">No column type matches '{query}'.</p> : null}
    </section>
  );
}

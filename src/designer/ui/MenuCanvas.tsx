import { memo, useMemo } from 'react';
import type { MenuItem } from '../../generated/definitions';
import type { Path } from '../path';
import { useDesigner } from './context';
import { DesignDnd } from './dnd';
import { useListItem } from './list-item';

/**
 * A menu's design area: its work-flow rows drawn as the cards users will see (runtime/views/MenuView.tsx), each
 * selectable and dragged by its handle (pointer or keyboard) onto another to swap places.
 */
export function MenuCanvas({ label, onDragging }: { label: string; onDragging(active: boolean): void }) {
  const count = useDesigner((s) => (Array.isArray(s.doc.definition) ? s.doc.definition.length : 0));
  return (
    <DesignDnd onActive={onDragging}>
      <div className="dz-canvas" role="region" aria-label={label}>
        {count === 0 ? (
          <p className="dz-empty">No work-flow rows yet: add one from the toolbar.</p>
        ) : (
          <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 mb-0">
            {Array.from({ length: count }, (_, i) => (
              <MenuItemFrame key={i} index={i} />
            ))}
          </ul>
        )}
      </div>
    </DesignDnd>
  );
}

const MenuItemFrame = memo(function MenuItemFrame({ index }: { index: number }) {
  const path = useMemo<Path>(() => ['definition', index], [index]);
  const { item, selected, drag, select, style, state, ref } = useListItem<MenuItem>(path);
  if (!item) return null;
  const name = `Row ${index + 1}${item.title ? `: ${item.title}` : ''}`;
  return (
    <li className="col">
      <div
        ref={ref}
        className={`dz-col h-100 ${state}`.trim()}
        style={style}
        onClick={select}
      >
        <button type="button" className="dz-handle" title={name} {...drag.attributes} {...drag.listeners} aria-pressed={selected} onClick={select}>
          {name}
        </button>
        <div className="card h-100 dz-col-body">
          <div className="card-body d-flex flex-column gap-2">
            {item.icon ? <img src={`/action-icons/${item.icon}.svg`} alt="" width={40} height={40} /> : null}
            <h3 className="card-title h5 mb-0">{item.title || <span className="text-body-secondary">(no title)</span>}</h3>
            {item.description ? <p className="card-text text-body-secondary mb-0">{item.description}</p> : null}
            <span className="btn btn-primary mt-auto align-self-start" aria-hidden="true">
              Select...
            </span>
            <small className="text-body-secondary">{item.url || '(no url)'}</small>
          </div>
        </div>
      </div>
    </li>
  );
});

import { useId } from 'react';
import type { MenuDefinition, MenuItem } from '../../generated/definitions';
import { ActionIcon, ActionLinks, LinkTo } from '../../ui/ActionLinks';

function MenuCard({ item }: { item: MenuItem }) {
  const titleId = useId();
  const className = 'btn btn-primary mt-auto align-self-start';
  // Every card's button reads 'Select...'; the card title describes it, so a screen reader
  // announces 'Select..., Users' rather than a row of identical links.
  const select = (
    <LinkTo url={item.url} className={className} aria-describedby={titleId}>
      Select...
    </LinkTo>
  );
  return (
    <li className="col">
      <div className="card h-100">
        <div className="card-body d-flex flex-column gap-2">
          {item.icon ? (
            // ActionIcon is sized for toolbars; zoom scales the whole svg crisply for a card.
            <span className="menu-card-icon" style={{ zoom: 2.5 }}>
              <ActionIcon name={item.icon} />
            </span>
          ) : null}
          <h3 id={titleId} className="card-title h5 mb-0">
            {item.title}
          </h3>
          {item.description ? <p className="card-text text-body-secondary">{item.description}</p> : null}
          {select}
        </div>
      </div>
    </li>
  );
}

/**
 * A menu ("work flow", schemas/menu.json): its title and toolbar actions unless hidden, then
 * one card per item in a grid that narrows to one column on small screens.
 */
export function MenuView({ menu }: { menu: MenuDefinition }) {
  const items = menu.definition ?? [];
  return (
    <section className="tessera-menu" aria-label={menu.title || menu.name}>
      {menu.hideToolbar ? null : (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          {menu.title ? <h2 className="h4 mb-0 me-2">{menu.title}</h2> : null}
          <ActionLinks actions={menu.actions} align="left" />
          <div className="ms-auto d-flex flex-wrap gap-2">
            <ActionLinks actions={menu.actions} align="right" />
          </div>
        </div>
      )}
      <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
        {items.map((item, i) => (
          <MenuCard key={i} item={item} />
        ))}
      </ul>
    </section>
  );
}

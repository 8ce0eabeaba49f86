import type { MenuDefinition } from '../generated/definitions';
import { useApi } from '../runtime/api/useApi';
import { ErrorBanner } from '../ui/ErrorBanner';
import { Loading } from '../ui/Loading';
import { GridView } from '../runtime/views/GridView';
import { MenuView } from '../runtime/views/MenuView';

/**
 * A grid definition's list, as its own screen shows it (toolbar, search, paging), inside a
 * column. Changing `name` starts over with the other grid.
 */
export function EmbeddedGrid({ name }: { name: string }) {
  return <GridView key={name} name={name} embedded />;
}

/** A menu (work flow) definition's cards, loaded by its code, with 'Loading...' and errors shown in place. */
export function EmbeddedMenu({ name }: { name: string }) {
  const menu = useApi<MenuDefinition>(`/api/menu/${encodeURIComponent(name)}/definition`);
  if (menu.error) return <ErrorBanner message={menu.error} />;
  if (menu.loading || !menu.data) return <Loading />;
  return <MenuView menu={menu.data} />;
}

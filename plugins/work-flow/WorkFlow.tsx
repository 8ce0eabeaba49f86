import type { MenuDefinition, WorkFlowColumn } from '../../src/generated/definitions';
import { useApi } from '../../src/client/api/useApi';
import { ErrorBanner } from '../../src/client/app/ErrorBanner';
import { Loading } from '../../src/client/app/Loading';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { MenuView } from '../../src/client/screens/MenuView';

/** A menu (work flow) embedded in a page: column.name is the menu's code. */
export function WorkFlow({ column }: RenderProps<WorkFlowColumn>) {
  const name = column.name ?? '';
  const menu = useApi<MenuDefinition>(name ? `/api/menu/${encodeURIComponent(name)}/definition` : null);
  if (!name) return <p className="text-body-secondary mb-0">No work flow chosen.</p>;
  if (menu.error) return <ErrorBanner message={menu.error} />;
  if (menu.loading || !menu.data) return <Loading />;
  return <MenuView menu={menu.data} />;
}

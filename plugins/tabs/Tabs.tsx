import { TabsView } from './TabsView';
import { type TabsColumn, type RenderProps, useChildPath } from '../../src/plugin-kit';

export function Tabs({ column, id }: RenderProps<TabsColumn>) {
  const path = useChildPath(id, '');
  return <TabsView tabs={column.tabs} id={id} path={path} />;
}

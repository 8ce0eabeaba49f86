import type { TabsColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { useChildPath } from '../rows/child-path';
import { TabsView } from './TabsView';

export function Tabs({ column, id }: RenderProps<TabsColumn>) {
  const path = useChildPath(id, '');
  return <TabsView tabs={column.tabs} id={id} path={path} />;
}

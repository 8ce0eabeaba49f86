import { type MenuDesignerColumn, type RenderProps, DefinitionViewer, useDesignerColumn } from '../../src/plugin-kit';

/**
 * The menu designer: title, Hide toolbar, actions, and the work-flow rows (icon,
 * title, description, url) shown as the cards users will see, drag-reorderable; read only where
 * the record cannot change.
 */
export function MenuDesigner({ id, value, mode, disabled }: RenderProps<MenuDesignerColumn>) {
  const DesignerColumn = useDesignerColumn();
  if ((mode === 'add' || mode === 'edit') && !disabled) return <DesignerColumn kind="menu" idPrefix={id} title="Menu designer" />;
  return <DefinitionViewer heading="Menu definition" id={id} value={value} />;
}

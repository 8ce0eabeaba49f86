import { DefinitionViewer, type GridDesignerColumn, type RenderProps, useDesignerColumn } from '../../src/plugin-kit';

/**
 * The grid designer: model, title, What to Show, Records to fetch and the toolbar
 * toggles; the Grid fields, Row Actions, Data Filters and Data Sorts; and a live preview of
 * real rows. Read only where the record cannot change.
 */
export function GridDesigner({ id, value, mode, disabled }: RenderProps<GridDesignerColumn>) {
  const DesignerColumn = useDesignerColumn();
  if ((mode === 'add' || mode === 'edit') && !disabled) return <DesignerColumn kind="grid" idPrefix={id} title="Grid designer" />;
  return <DefinitionViewer heading="Grid definition" id={id} value={value} />;
}

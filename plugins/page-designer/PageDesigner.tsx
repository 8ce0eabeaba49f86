import { type PageDesignerColumn, type RenderProps, DefinitionViewer, useDesignerColumn } from '../../src/plugin-kit';

/**
 * The page designer: the restricted palette (None, Text, Html, Rows, Card, Tabs,
 * Grid, WorkFlow: each type's `designers` hint in its schema) over the page record; read only where the record cannot change.
 */
export function PageDesigner({ id, value, mode, disabled }: RenderProps<PageDesignerColumn>) {
  const DesignerColumn = useDesignerColumn();
  if ((mode === 'add' || mode === 'edit') && !disabled) return <DesignerColumn kind="page" palette="page" idPrefix={id} title="Page designer" />;
  return <DefinitionViewer heading="Page definition" id={id} value={value} />;
}

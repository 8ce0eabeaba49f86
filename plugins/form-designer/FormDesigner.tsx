import { DefinitionViewer, type FormDesignerColumn, type RenderProps, useDesignerColumn } from '../../src/plugin-kit';

/**
 * The form designer over the form record this column's form edits; where the record
 * cannot change (view, delete, a read-only form, the designer's own canvas) the definition
 * shows read only.
 */
export function FormDesigner({ id, value, mode, disabled }: RenderProps<FormDesignerColumn>) {
  const DesignerColumn = useDesignerColumn();
  if ((mode === 'add' || mode === 'edit') && !disabled) return <DesignerColumn kind="form" palette="form" idPrefix={id} title="Form designer" />;
  return <DefinitionViewer heading="Form definition" id={id} value={value} />;
}

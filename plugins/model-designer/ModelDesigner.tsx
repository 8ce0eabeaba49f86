import { type ModelDesignerColumn, type RenderProps, DefinitionViewer, useDesignerColumn } from '../../src/plugin-kit';

/**
 * The model designer: the model's fields as an editable list (name, label, type, required,
 * unique, a default fit for the type, the target of a reference or link), relations told in
 * words, and a save that previews what a change does to the rows before it is applied. Read
 * only where the record cannot change.
 */
export function ModelDesigner({ id, value, mode, disabled }: RenderProps<ModelDesignerColumn>) {
  const DesignerColumn = useDesignerColumn();
  if ((mode === 'add' || mode === 'edit') && !disabled) return <DesignerColumn kind="model" idPrefix={id} title="Model designer" />;
  return <DefinitionViewer heading="Model fields" id={id} value={value} />;
}

import { DefinitionViewer, type FormDesignerColumn, type RenderProps } from '../../src/plugin-kit';

/** Read only for now: the designers issue turns this into the form designer. */
export function FormDesigner({ id, value }: RenderProps<FormDesignerColumn>) {
  return <DefinitionViewer heading="Form definition" id={id} value={value} />;
}

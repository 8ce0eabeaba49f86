import { type PageDesignerColumn, type RenderProps, DefinitionViewer } from '../../src/plugin-kit';

/** Read only for now: the designers issue turns this into the page designer. */
export function PageDesigner({ id, value }: RenderProps<PageDesignerColumn>) {
  return <DefinitionViewer heading="Page definition" id={id} value={value} />;
}

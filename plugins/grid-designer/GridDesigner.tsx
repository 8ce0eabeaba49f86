import { type GridDesignerColumn, type RenderProps, DefinitionViewer } from '../../src/plugin-kit';

/** Read only for now: the designers issue turns this into the grid designer. */
export function GridDesigner({ id, value }: RenderProps<GridDesignerColumn>) {
  return <DefinitionViewer heading="Grid definition" id={id} value={value} />;
}

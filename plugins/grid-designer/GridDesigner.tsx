import type { GridDesignerColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { DefinitionViewer } from '../form-designer/DefinitionViewer';

/** Read only for now: the designers issue turns this into the grid designer. */
export function GridDesigner({ id, value }: RenderProps<GridDesignerColumn>) {
  return <DefinitionViewer heading="Grid definition" id={id} value={value} />;
}

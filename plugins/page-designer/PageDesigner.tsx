import type { PageDesignerColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { DefinitionViewer } from '../form-designer/DefinitionViewer';

/** Read only for now: the designers issue turns this into the page designer. */
export function PageDesigner({ id, value }: RenderProps<PageDesignerColumn>) {
  return <DefinitionViewer heading="Page definition" id={id} value={value} />;
}

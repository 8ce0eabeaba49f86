import type { MenuDesignerColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { DefinitionViewer } from '../form-designer/DefinitionViewer';

/** Read only for now: the designers issue turns this into the menu designer. */
export function MenuDesigner({ id, value }: RenderProps<MenuDesignerColumn>) {
  return <DefinitionViewer heading="Menu definition" id={id} value={value} />;
}

import { type MenuDesignerColumn, type RenderProps, DefinitionViewer } from '../../src/plugin-kit';

/** Read only for now: the designers issue turns this into the menu designer. */
export function MenuDesigner({ id, value }: RenderProps<MenuDesignerColumn>) {
  return <DefinitionViewer heading="Menu definition" id={id} value={value} />;
}

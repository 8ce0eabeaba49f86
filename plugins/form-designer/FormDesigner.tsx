import type { FormDesignerColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { DefinitionViewer } from './DefinitionViewer';

/** Read only for now: the designers issue turns this into the form designer. */
export function FormDesigner({ id, value }: RenderProps<FormDesignerColumn>) {
  return <DefinitionViewer heading="Form definition" id={id} value={value} />;
}

import { EmbeddedMenu, type RenderProps, type WorkFlowColumn } from '../../src/plugin-kit';

/** A menu (work flow) embedded in a page: column.name is the menu's code. */
export function WorkFlow({ column }: RenderProps<WorkFlowColumn>) {
  const name = column.name ?? '';
  if (!name) return <p className="text-body-secondary mb-0">No work flow chosen.</p>;
  return <EmbeddedMenu name={name} />;
}

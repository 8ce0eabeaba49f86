import type { GridColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { GridView } from '../../src/client/screens/GridView';

/** A grid inside a page or form: the column names the grid code; without one there is nothing to load. */
export function GridEmbed({ column }: RenderProps<GridColumn>) {
  if (!column.name) {
    return <div className="alert alert-secondary mb-0">Grid: no grid chosen</div>;
  }
  return <GridView key={column.name} name={column.name} embedded />;
}

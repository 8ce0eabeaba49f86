import { EmbeddedGrid, type GridColumn, type RenderProps } from '../../src/plugin-kit';

/** A grid inside a page or form: the column names the grid code; without one there is nothing to load. */
export function GridEmbed({ column }: RenderProps<GridColumn>) {
  if (!column.name) {
    return <div className="alert alert-secondary mb-0">Grid: no grid chosen</div>;
  }
  return <EmbeddedGrid name={column.name} />;
}

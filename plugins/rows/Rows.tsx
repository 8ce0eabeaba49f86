import { type RowsColumn, RowsView, type RenderProps, useChildPath } from '../../src/plugin-kit';

/** A column that holds its own rows of columns, laid out like a form's. */
export function Rows({ column, id }: RenderProps<RowsColumn>) {
  const path = useChildPath(id, 'r');
  return (
    <div className="tessera-rows">
      <RowsView rows={column.rows} path={path} />
    </div>
  );
}

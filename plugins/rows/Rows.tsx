import type { RowsColumn } from '../../src/generated/definitions';
import { RowsView } from '../../src/client/runtime/Interpreter';
import type { RenderProps } from '../../src/client/runtime/plugin';
import { useChildPath } from './child-path';

/** A column that holds its own rows of columns, laid out like a form's. */
export function Rows({ column, id }: RenderProps<RowsColumn>) {
  const path = useChildPath(id, 'r');
  return (
    <div className="tessera-rows">
      <RowsView rows={column.rows} path={path} />
    </div>
  );
}

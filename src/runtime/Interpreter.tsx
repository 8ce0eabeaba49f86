import { memo, useCallback } from 'react';
import type { Column, Row } from '../generated/definitions';
import { setFieldCheck, setFieldValue, useFieldCheck, useFieldValue } from './form-store';
import { checkColumn } from './form-logic';
import { withPatternChecks } from './patterns';
import { usePlugins } from './host';
import type { ColumnPlugin } from './plugin';
import { fieldOf } from './registry';
import { useRuntime } from './RuntimeContext';

/** Bootstrap grid class of a column width: 0 is automatic, 1 to 12 are grid units. */
export function widthClass(width: number | undefined): string {
  return width && width >= 1 && width <= 12 ? `col-12 col-md-${width}` : 'col-12 col-md';
}

const noop = () => undefined;

/** An unknown childType never breaks a screen: it shows a visible placeholder naming it. */
export function UnknownColumn({ childType }: { childType: string }) {
  return (
    <div className="alert alert-warning py-1 px-2 mb-0 small" role="note">
      Unknown column type <code>{childType || '(none)'}</code>
    </div>
  );
}

const FieldHost = memo(function FieldHost({ plugin, column, field }: { plugin: ColumnPlugin; column: Column; field: string }) {
  const rt = useRuntime();
  const value = useFieldValue(rt.store, field);
  const check = useFieldCheck(rt.store, field);
  const slot = `${rt.idPrefix}-${field}`;
  const onChange = useCallback(
    (next: unknown) => {
      const { result: check, settled } = withPatternChecks(() => checkColumn(plugin, column, next), slot);
      // A pattern still running in its worker (runtime/patterns.ts): the field keeps the message
      // it has until the answer is in, rather than losing it for a moment on every keystroke.
      setFieldValue(rt.store, field, next, settled ? undefined : check);
      const shown = rt.store.getState().errors[field];
      void settled?.then(() => {
        if (!Object.is(rt.store.getState().values[field], next)) return; // typed on since: that value's check decides
        // Someone else answered for this value meanwhile (the server refused it on Create, in RE2,
        // while the worker was still busy): a late "cannot tell" must not wipe that message.
        if (rt.store.getState().errors[field] !== shown) return;
        setFieldCheck(rt.store, field, checkColumn(plugin, column, next));
      });
    },
    [rt.store, field, plugin, column, slot],
  );
  const disabled = rt.readOnly || rt.mode === 'delete' || (column as { disabled?: boolean }).disabled === true;
  return (
    <plugin.Render
      column={column}
      mode={rt.mode}
      id={`${rt.idPrefix}-${field}`}
      value={value}
      onChange={onChange}
      error={check?.message ?? ''}
      invalid={check !== undefined && !check.valid}
      disabled={disabled}
    />
  );
});

/** One column: the plugin its childType names, bound to its field when it edits one. */
export const ColumnView = memo(function ColumnView({ column, path }: { column: Column; path: string }) {
  const rt = useRuntime();
  const Frame = rt.design?.Column;
  if (Frame) {
    return (
      <Frame column={column}>
        <PluginView column={column} path={path} />
      </Frame>
    );
  }
  return <PluginView column={column} path={path} />;
});

/** The plugin of a column's childType, bound to its field when it edits one. */
const PluginView = memo(function PluginView({ column, path }: { column: Column; path: string }) {
  const rt = useRuntime();
  const plugin = usePlugins().get(column.childType);
  if (!plugin) return <UnknownColumn childType={String(column.childType)} />;
  const field = fieldOf(column);
  if (field) return <FieldHost plugin={plugin} column={column} field={field} />;
  return (
    <plugin.Render
      column={column}
      mode={rt.mode}
      id={`${rt.idPrefix}-${path}`}
      value={undefined}
      onChange={noop}
      error=""
      invalid={false}
      disabled={rt.readOnly}
    />
  );
});

export const RowView = memo(function RowView({ row, path }: { row: Row; path: string }) {
  const Frame = useRuntime().design?.Row;
  const cols = (
    <div className="row g-3 mb-3 tessera-row">
      {(row.cols ?? []).map((col, i) => (
        <div key={i} className={widthClass(col.width)}>
          <ColumnView column={col} path={`${path}-${i}`} />
        </div>
      ))}
    </div>
  );
  return Frame ? <Frame row={row}>{cols}</Frame> : cols;
});

/** The interpreter: rows of columns, each column handed to the plugin of its childType. */
export const RowsView = memo(function RowsView({ rows, path = 'r' }: { rows: Row[] | undefined; path?: string }) {
  return (
    <>
      {(rows ?? []).map((row, i) => (
        <RowView key={i} row={row} path={`${path}${i}`} />
      ))}
    </>
  );
});

/** A grid's table rows: cells, row actions, and the virtual list that keeps only the rows in view in the DOM. */
import { memo, type RefObject } from 'react';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { GridField, RowAction } from '../../generated/definitions';
import { fillUrl } from '../../shared/url-template';
import { isSafeImageUrl } from '../../shared/safe-url';
import { ActionIcon, LinkTo } from '../../ui/ActionLinks';
import { formatCell, rowActionLabel, rowLabel, type GridRow } from './grid-data';
import { AutomationRunButton } from './AutomationButtons';
import type { AutomationButton } from '../../shared/automation-types';

/** Height of one Bootstrap table row (1.5 line height + 2 x 0.5rem padding + border); grid.css keeps rows on one line. */
export const ROW_HEIGHT = 41;

function RowActionLink({ action, row }: { action: RowAction; row: GridRow }) {
  const url = fillUrl(action.url, row);
  // The hint shows only when the action says so (row-action.json: hint is enabled by showhintchecked).
  const title = action.showhintchecked && action.hint ? action.hint : undefined;
  const content = (
    <>
      {action.iconchecked ? <ActionIcon name={action.icon} /> : null} {action.label ? rowActionLabel(action.label, row) : 'Action'}
    </>
  );
  const className = 'btn btn-link btn-sm py-0';
  if (url === null) {
    // A value of this row is missing or would walk the url up ('..'): src/shared/url-template.ts.
    return (
      <span className={`${className} disabled`} aria-disabled="true" title="This row has no value for a part of this action's url">
        {content}
      </span>
    );
  }
  return (
    <LinkTo url={url} className={className} title={title}>
      {content}
    </LinkTo>
  );
}

function Cell({ field, value, label }: { field: GridField; value: unknown; label: string | undefined }) {
  // A reference column shows its target's name (the row's `_labels`); its id only when it has none.
  if (label !== undefined) return <td>{label}</td>;
  if (field.type === 'Image') {
    // A record's url is shown only when it is a picture outside the API (never /api/logout).
    const src = value ? String(value) : '';
    return <td>{src && isSafeImageUrl(src, window.location.origin) ? <img className="grid-image" src={src} alt={field.label || field.name} /> : null}</td>;
  }
  return <td className={field.type === 'Number' ? 'text-end' : undefined}>{formatCell(field.type, value)}</td>;
}

/** One row; memoised so scrolling a virtual list re-renders only the rows that come into view. */
const Row = memo(function Row({ row, fields, actions, buttons = NO_BUTTONS, onRan }: { row: GridRow; fields: readonly GridField[] } & RowButtons) {
  const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : null;
  return (
    <tr>
      {fields.map((f) => (
        <Cell key={f.name} field={f} value={row[f.name]} label={rowLabel(row, f.name)} />
      ))}
      {actions.length || buttons.length ? (
        <td className="grid-row-actions">
          {actions.map((a, i) => (
            <RowActionLink key={i} action={a} row={row} />
          ))}
          {/* The model's button automations the caller may run, each on this row's record. */}
          {id !== null ? buttons.map((b) => <AutomationRunButton key={b.name} button={b} recordId={id} onDone={onRan} compact />) : null}
        </td>
      ) : null}
    </tr>
  );
});

const NO_BUTTONS: readonly AutomationButton[] = [];

/** What a row offers besides its cells: the grid's row actions, and its model's button automations (a run ended: `onRan`). */
export interface RowButtons {
  actions: readonly RowAction[];
  buttons?: readonly AutomationButton[];
  onRan?(): void;
}

const rowKey = (row: GridRow, index: number) => (typeof row.id === 'string' || typeof row.id === 'number' ? row.id : index);

export interface BodyProps extends RowButtons {
  rows: readonly GridRow[];
  fields: readonly GridField[];
  columns: number;
}

export function PlainRows({ rows, fields, actions, buttons, onRan }: BodyProps) {
  return (
    <>
      {rows.map((row, i) => (
        <Row key={rowKey(row, i)} row={row} fields={fields} actions={actions} buttons={buttons} onRan={onRan} />
      ))}
    </>
  );
}

/**
 * The scroll container's size, or 70% of the window while it has none (hidden in a closed tab,
 * or no layout at all as in jsdom): a zero height would render no rows until the next resize.
 */
function observeRectOrWindow(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: Math.round(window.innerHeight * 0.7) }));
}

/**
 * Only the rows in view (plus overscan) are in the DOM; two spacer rows stand for the rest, so
 * the rows stay real <tr> of one table and the header cells keep their columns.
 */
export function VirtualRows({ rows, fields, actions, buttons, onRan, columns, scrollRef }: BodyProps & { scrollRef: RefObject<HTMLDivElement | null> }) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeRectOrWindow,
    // A few rows either side hide the swap while scrolling; the DOM stays near twice the rows in view.
    overscan: 5,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      {before > 0 ? (
        <tr className="grid-spacer" aria-hidden="true">
          <td colSpan={columns} style={{ height: before }} />
        </tr>
      ) : null}
      {items.map((item) => {
        const row = rows[item.index] as GridRow;
        return <Row key={rowKey(row, item.index)} row={row} fields={fields} actions={actions} buttons={buttons} onRan={onRan} />;
      })}
      {after > 0 ? (
        <tr className="grid-spacer" aria-hidden="true">
          <td colSpan={columns} style={{ height: after }} />
        </tr>
      ) : null}
    </>
  );
}

import { useMemo, useState } from 'react';
import { ActionIcon, ColumnView, RowsView, useChildPath, type CardColumn, type RenderProps, type TabsColumn } from '../../src/plugin-kit';

/**
 * A Bootstrap card holding rows or tabs. A collapsable card follows the disclosure pattern: its
 * header is a button inside the heading that says whether the body is expanded and which
 * element it controls. The body stays mounted while collapsed so its fields keep their state.
 */
export function Card({ column, id }: RenderProps<CardColumn>) {
  const collapsable = column.collapsable === true;
  const startsOpen = !(collapsable && column.collapsed);
  const [state, setState] = useState({ startsOpen, open: startsOpen });
  // The designer's Collapsed toggle re-applies the starting state; otherwise the user's toggle stays.
  if (state.startsOpen !== startsOpen) setState({ startsOpen, open: startsOpen });
  const expanded = !collapsable || state.open;

  const path = useChildPath(id, 'c');
  // Tabs content is drawn by the Tabs column type itself, through the interpreter.
  const tabs = useMemo((): TabsColumn => ({ childType: 'Tabs', width: 12, tabs: column.tabs }), [column.tabs]);
  const bodyId = `${id}-body`;
  const titleId = `${id}-title`;
  const hint = column.showhintchecked && column.hint ? column.hint : '';
  const icon = column.iconchecked && column.icon ? column.icon : undefined;
  const hasHeader = collapsable || Boolean(column.title || hint || icon);

  const title = (
    <>
      {icon ? <ActionIcon name={icon} /> : null} {column.title ?? ''}
    </>
  );

  return (
    <section className="card tessera-card" aria-labelledby={column.title ? titleId : undefined}>
      {hasHeader ? (
        <div className="card-header">
          <h2 id={titleId} className="h6 mb-0">
            {collapsable ? (
              <button
                type="button"
                className="btn btn-link p-0 text-reset text-decoration-none w-100 text-start fw-semibold"
                aria-expanded={expanded}
                aria-controls={bodyId}
                // An untitled card's toggle still needs a name for screen readers.
                aria-label={column.title ? undefined : 'Show or hide'}
                onClick={() => setState((s) => ({ ...s, open: !s.open }))}
              >
                {title}
              </button>
            ) : (
              title
            )}
          </h2>
          {hint ? <small className="text-body-secondary d-block">{hint}</small> : null}
        </div>
      ) : null}
      <div id={bodyId} className="card-body" hidden={!expanded}>
        {column.contenttype === 'Tabs' ? (
          <ColumnView column={tabs} path={`${path}t`} />
        ) : (
          <RowsView rows={column.rows} path={`${path}r`} />
        )}
      </div>
    </section>
  );
}

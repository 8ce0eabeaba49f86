import { type ButtonColumn, ActionIcon, LinkTo, type RenderProps } from '../../src/plugin-kit';

/**
 * A link that looks like a button: it goes somewhere rather than doing something, so it stays
 * a link for screen readers and for middle-click. Hint and icon follow their checkboxes, as on
 * toolbar actions.
 */
export function Button({ column }: RenderProps<ButtonColumn>) {
  const url = column.url || '/';
  const title = column.showhintchecked && column.hint ? column.hint : undefined;
  const content = (
    <>
      {column.iconchecked ? <ActionIcon name={column.icon} /> : null} {column.label || 'Button'}
    </>
  );
  const className = 'btn btn-primary';
  return (
    <LinkTo url={url} className={className} title={title}>
      {content}
    </LinkTo>
  );
}

import { Link } from 'react-router';
import type { ButtonColumn } from '../../src/generated/definitions';
import { ActionIcon } from '../../src/client/runtime/ActionLinks';
import type { RenderProps } from '../../src/client/runtime/plugin';

/** True for urls that leave the app (http:, mailto:...), which a router link cannot follow. */
function external(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}

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
  return external(url) ? (
    <a className={className} href={url} title={title}>
      {content}
    </a>
  ) : (
    <Link className={className} to={url} title={title}>
      {content}
    </Link>
  );
}

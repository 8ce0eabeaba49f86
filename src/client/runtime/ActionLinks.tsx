import { Link } from 'react-router';
import type { Action } from '../../generated/definitions';

/** The icon of an action, served from bootstrap-icons at /action-icons/{name}.svg. */
export function ActionIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  return <img className="action-icon" src={`/action-icons/${encodeURIComponent(name)}.svg`} alt="" aria-hidden="true" width={16} height={16} />;
}

/** True for urls that leave the app (http:, mailto:...), which a router link cannot follow. */
function external(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}

/**
 * A definition's toolbar actions (spec 3.1 Action) of one alignment: links that may open in a
 * new window and show a hint (as title and tooltip) and an icon.
 */
export function ActionLinks({ actions, align, className = 'btn btn-outline-secondary btn-sm' }: { actions: Action[] | undefined; align: 'left' | 'right'; className?: string }) {
  const shown = (actions ?? []).filter((a) => (a.rightalignchecked === true) === (align === 'right'));
  if (!shown.length) return null;
  return (
    <>
      {shown.map((a, i) => {
        const label = a.label || 'Action';
        const title = a.showhintchecked && a.hint ? a.hint : undefined;
        const content = (
          <>
            {a.iconchecked ? <ActionIcon name={a.icon} /> : null} {label}
          </>
        );
        const target = a.opennewwindowchecked ? '_blank' : undefined;
        const url = a.url ?? '/';
        return external(url) || target ? (
          <a key={i} className={className} href={url} title={title} target={target} rel={target ? 'noopener noreferrer' : undefined}>
            {content}
          </a>
        ) : (
          <Link key={i} className={className} to={url} title={title}>
            {content}
          </Link>
        );
      })}
    </>
  );
}

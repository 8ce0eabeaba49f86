import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isSafeLinkUrl } from '../shared/safe-url';
import type { Action } from '../generated/definitions';

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
 * Where a link inside the app should return to once its screen is done (router state `back`,
 * read by the form screen): an embedded grid in a stored record's form provides that form's
 * address, so a New or Edit there comes back to the record. Null elsewhere: links carry nothing.
 */
export const ReturnTo = createContext<string | null>(null);

/** The router state a link carries so the screen it opens returns to `back` (src/app/screens/FormScreen.tsx). */
export interface ReturnState {
  back: string;
}

export interface LinkToProps {
  url: string;
  className?: string;
  title?: string;
  /** Opens in a new window (with noopener). */
  newWindow?: boolean;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * A link to a definition's url: a router link inside the app, a plain link for urls that
 * leave it or open a new window. Toolbar actions, row actions, buttons and menu cards use it.
 */
export function LinkTo({ url, className, title, newWindow, children, ...aria }: LinkToProps) {
  const back = useContext(ReturnTo);
  if (!isSafeLinkUrl(url)) {
    // javascript:, data: and other schemes never become links; the label stays, inert.
    return (
      <span className={`${className ?? ''} disabled`} aria-disabled="true" title="This link's url is not allowed (only http, https, mailto and the app's own urls are)" {...aria}>
        {children}
      </span>
    );
  }
  if (external(url) || newWindow) {
    const target = newWindow ? '_blank' : undefined;
    return (
      <a className={className} href={url} title={title} target={target} rel={target ? 'noopener noreferrer' : undefined} {...aria}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={url} title={title} state={back ? ({ back } satisfies ReturnState) : undefined} {...aria}>
      {children}
    </Link>
  );
}

/**
 * A definition's toolbar actions (schemas/action.json) of one alignment: links that may open in a
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
        return (
          <LinkTo key={i} url={a.url ?? '/'} className={className} title={title} newWindow={a.opennewwindowchecked === true}>
            {content}
          </LinkTo>
        );
      })}
    </>
  );
}

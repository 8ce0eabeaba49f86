import { Fragment } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../runtime/session';
import { BUILD_GROUPS } from './build-entries';
import { useMenuButton } from './menu-button';

/** The navbar's Build dropdown (admins only): the designers' lists, users and groups, export and import, the API reference. */
export function BuildMenu() {
  const admin = useSession((s) => s.user?.Admin === true);
  const { open, close, rootRef, toggleProps, menuProps } = useMenuButton();
  if (!admin) return null;
  return (
    <div className="nav-item dropdown" ref={rootRef}>
      <button {...toggleProps} className="btn nav-link dropdown-toggle">
        Build
      </button>
      {open ? (
        <ul {...menuProps} aria-label="Build" className="dropdown-menu show start-0">
          {BUILD_GROUPS.map((group, i) => (
            <Fragment key={i}>
              {i > 0 ? (
                <li role="separator">
                  <hr className="dropdown-divider" />
                </li>
              ) : null}
              {group.map((entry) => (
                <li key={entry.to} role="none">
                  <Link role="menuitem" tabIndex={-1} className="dropdown-item" to={entry.to} onClick={() => close(false)}>
                    {entry.label}
                  </Link>
                </li>
              ))}
            </Fragment>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

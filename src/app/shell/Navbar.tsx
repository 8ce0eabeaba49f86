import { Link, useNavigate } from 'react-router';
import type { Action } from '../../generated/definitions';
import { api } from '../../runtime/api/http';
import { ActionIcon, ActionLinks } from '../../ui/ActionLinks';
import { useSession } from '../../runtime/session';
import { storeViewAs } from '../../runtime/view-as';
import { securityOn, type NavbarEdit } from './navbar-state';
import { BuildMenu } from './BuildMenu';
import { SettingsMenu } from './SettingsMenu';

export const DEFAULT_TOOLBAR_CLASS = 'navbar-dark bg-dark';

export interface NavbarProps {
  /** The screen's actions; each shows on the left or the right by its alignment. */
  actions?: Action[];
  /** An admin-only link to `url` followed by `id` (the screen's designer). */
  edit?: NavbarEdit | null;
}

const LINK_CLASS = 'btn btn-sm btn-link nav-link';

/** The top bar of the main layout. */
export function Navbar({ actions, edit }: NavbarProps) {
  const env = useSession((s) => s.env);
  const user = useSession((s) => s.user);
  const navigate = useNavigate();

  const logout = async () => {
    const answer = await api('GET', '/api/logout');
    // A failed logout is only logged; the user is signed out here either way.
    if (!answer.ok) console.error('Logout failed:', answer.error);
    // Signing out ends View as too: the next sign-in starts with the administrator's own view.
    storeViewAs(null);
    useSession.setState({ user: null, viewingAs: null });
    navigate('/login');
  };

  return (
    <nav className={`navbar navbar-expand px-3 ${env?.TOOLBAR_CLASS || DEFAULT_TOOLBAR_CLASS}`} aria-label="Main">
      <Link className="navbar-brand" to="/">
        {env?.ENVIRONMENT_NAME || 'Tessera'}
      </Link>
      <div className="navbar-nav me-auto flex-wrap align-items-center gap-1">
        <BuildMenu />
        <ActionLinks actions={actions} align="left" className={LINK_CLASS} />
      </div>
      <div className="navbar-nav flex-wrap align-items-center gap-1">
        <ActionLinks actions={actions} align="right" className={LINK_CLASS} />
        {user?.Admin && edit ? (
          <Link className={LINK_CLASS} to={`${edit.url}${edit.id}`} title="Edit this screen's definition">
            <ActionIcon name="pencil-square" /> Edit
          </Link>
        ) : null}
        <SettingsMenu />
        {user && securityOn(env) ? (
          <button type="button" className="btn btn-link nav-link" onClick={() => void logout()}>
            Logout
          </button>
        ) : null}
      </div>
    </nav>
  );
}
